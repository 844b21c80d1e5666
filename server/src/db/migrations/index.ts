import type { Kysely, ColumnDefinitionBuilder } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../dialect.ts';
import type { MigrationContext, MigrationFn } from './context.ts';
import { m001Auth } from './001-auth.ts';
import { m002Catalogue } from './002-catalogue.ts';
import { m003Journal } from './003-journal.ts';
import { m004StockistsContact } from './004-stockists-contact.ts';
import { m005Wholesale } from './005-wholesale.ts';
import { m006Orders } from './006-orders.ts';
import { m007SiteContent } from './007-site-content.ts';
import { m008MediaCovers } from './008-media-covers.ts';
import { m009SeasonsStock } from './009-seasons-stock.ts';
import { m010SignInFactors } from './010-sign-in-factors.ts';
import { m011Invoicing } from './011-invoicing.ts';
import { m012CompanyAddresses } from './012-company-addresses.ts';
import { m013Invoices } from './013-invoices.ts';
import { m014DraftLinePerDelivery } from './014-draft-line-per-delivery.ts';
import { m015OneWordRetailer } from './015-one-word-retailer.ts';
import { m016ApiKeys } from './016-api-keys.ts';
import { m017Webhooks } from './017-webhooks.ts';
import { m018EinvoicingPlatform } from './018-einvoicing-platform.ts';
import { m019Agents } from './019-agents.ts';
import { m020PacksShowroom } from './020-packs-showroom.ts';
import { m021ListsAtScale } from './021-lists-at-scale.ts';
import { m022ProductsPostsSearch } from './022-products-posts-search.ts';
import { m023RetailerWord } from './023-retailer-word.ts';
import { m024Shipments } from './024-shipments.ts';
import { m025Returns } from './025-returns.ts';
import { m026Companies } from './026-companies.ts';
import { m027CompanyTerms } from './027-company-terms.ts';
import { m028CreditControl } from './028-credit-control.ts';
import { m029Deposits } from './029-deposits.ts';
import { m030Currencies } from './030-currencies.ts';
import { m031Events } from './031-events.ts';
import { m032FounderNames } from './032-founder-names.ts';
import { m033OrdersCompanyId } from './033-orders-company-id.ts';
import { m034EventViews } from './034-event-views.ts';
import { m035OrderChanges } from './035-order-changes.ts';
import { m036OrderChangeKinds } from './036-order-change-kinds.ts';
import { m037Proposals } from './037-proposals.ts';
import { m038AllocationWaitlists } from './038-allocation-waitlists.ts';
import { m039Bank } from './039-bank.ts';
import { m040Barcodes } from './040-barcodes.ts';
import { m041FeedKeysPublicCodes } from './041-feed-keys-public-codes.ts';

export type { MigrationContext } from './context.ts';

/** One ordered list serves SQLite and PostgreSQL. Never edit a migration once released. */
const MIGRATIONS: Array<[string, MigrationFn]> = [
  ['001-auth', m001Auth],
  ['002-catalogue', m002Catalogue],
  ['003-journal', m003Journal],
  ['004-stockists-contact', m004StockistsContact],
  ['005-wholesale', m005Wholesale],
  ['006-orders', m006Orders],
  ['007-site-content', m007SiteContent],
  ['008-media-covers', m008MediaCovers],
  ['009-seasons-stock', m009SeasonsStock],
  ['010-sign-in-factors', m010SignInFactors],
  ['011-invoicing', m011Invoicing],
  ['012-company-addresses', m012CompanyAddresses],
  ['013-invoices', m013Invoices],
  ['014-draft-line-per-delivery', m014DraftLinePerDelivery],
  ['015-one-word-retailer', m015OneWordRetailer],
  ['016-api-keys', m016ApiKeys],
  ['017-webhooks', m017Webhooks],
  ['018-einvoicing-platform', m018EinvoicingPlatform],
  ['019-agents', m019Agents],
  ['020-packs-showroom', m020PacksShowroom],
  ['021-lists-at-scale', m021ListsAtScale],
  ['022-products-posts-search', m022ProductsPostsSearch],
  ['023-retailer-word', m023RetailerWord],
  ['024-shipments', m024Shipments],
  ['025-returns', m025Returns],
  ['026-companies', m026Companies],
  ['027-company-terms', m027CompanyTerms],
  ['028-credit-control', m028CreditControl],
  ['029-deposits', m029Deposits],
  ['030-currencies', m030Currencies],
  ['031-events', m031Events],
  ['032-founder-names', m032FounderNames],
  ['033-orders-company-id', m033OrdersCompanyId],
  ['034-event-views', m034EventViews],
  ['035-order-changes', m035OrderChanges],
  ['036-order-change-kinds', m036OrderChangeKinds],
  ['037-proposals', m037Proposals],
  ['038-allocation-waitlists', m038AllocationWaitlists],
  ['039-bank', m039Bank],
  ['040-barcodes', m040Barcodes],
  ['041-feed-keys-public-codes', m041FeedKeysPublicCodes],
];

/** What a migration is handed beside the database on this dialect. */
export function migrationContext(dialect: Dialect): MigrationContext {
  return {
    dialect,
    id: (table) =>
      table.addColumn('id', 'integer', (c: ColumnDefinitionBuilder) =>
        dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity(),
      ),
  };
}

export function migrationsFor(dialect: Dialect): Record<string, Migration> {
  const ctx = migrationContext(dialect);
  return Object.fromEntries(MIGRATIONS.map(([name, up]) => [name, { up: (db: Kysely<any>) => up(db, ctx) }]));
}
