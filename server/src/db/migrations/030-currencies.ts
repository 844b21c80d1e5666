import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/**
 * Other currencies (issue 47, ADR 0025). A company buys in one currency (`company_terms.currency`, null:
 * the euro). The owner keeps a price list per currency: a rate (units for one euro, times a million) and a
 * rounding step derive each style's prices from the euro ones, and styles may be typed; rates per day,
 * typed or imported from the ECB, convert documents for the FEC and the euro figures. Orders and invoices
 * keep their currency and the rate of their day; amounts stay integer hundredths of their currency's unit
 * (whole yen are multiples of 100).
 */
export async function m030Currencies(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  await db.schema.alterTable('company_terms').addColumn('currency', 'varchar(3)').execute();
  await db.schema
    .createTable('price_lists')
    .addColumn('currency', 'varchar(3)', (c) => c.primaryKey())
    .addColumn('rate_micro', 'integer')
    .addColumn('rounding_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('price_list_styles')
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('retail_cents', 'integer')
    .addPrimaryKeyConstraint('price_list_styles_pk', ['currency', 'product_id'])
    .execute();
  await ctx
    .id(db.schema.createTable('exchange_rates'))
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('rate_micro', 'integer', (c) => c.notNull())
    .addColumn('source', 'varchar(8)', (c) => c.notNull())
    .addUniqueConstraint('exchange_rates_day', ['currency', 'day'])
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('currency', 'varchar(3)', (c) => c.notNull().defaultTo('EUR'))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('rate_micro', 'integer', (c) => c.notNull().defaultTo(1_000_000))
    .execute();
  await db.schema
    .alterTable('invoices')
    .addColumn('currency', 'varchar(3)', (c) => c.notNull().defaultTo('EUR'))
    .execute();
  await db.schema
    .alterTable('invoices')
    .addColumn('rate_micro', 'integer', (c) => c.notNull().defaultTo(1_000_000))
    .execute();
}
