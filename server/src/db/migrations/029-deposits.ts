import type { Kysely } from 'kysely';

/**
 * Deposits (issue 47, ADR 0024): a company may be asked a deposit in percent of its pre-orders (0 to 100;
 * null: none) and have its parcels held until that deposit is paid (`deposit_hold`, 0 or 1). Confirming
 * such an order issues a deposit invoice (`purpose` 'deposit', Factur-X type 386) in the invoices' one
 * series (the order keeps the percent, `orders.deposit_pct`); each parcel's invoice then deducts what was paid on it (`prepaid_cents` incl. VAT, of which
 * `prepaid_vat_cents` VAT), naming the deposit invoice it takes it from (`deposit_invoice_id`).
 */
export async function m029Deposits(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('company_terms').addColumn('deposit_pct', 'integer').execute();
  await db.schema.alterTable('company_terms').addColumn('deposit_hold', 'integer').execute();
  // The percent an order was asked when confirmed (its deposit invoice says the amount).
  await db.schema.alterTable('orders').addColumn('deposit_pct', 'integer').execute();
  await db.schema
    .alterTable('invoices')
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull().defaultTo('goods'))
    .execute();
  await db.schema
    .alterTable('invoices')
    .addColumn('prepaid_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('invoices')
    .addColumn('prepaid_vat_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('invoices').addColumn('deposit_invoice_id', 'integer').execute();
  await db.schema.createIndex('invoices_deposit_of').on('invoices').columns(['deposit_invoice_id']).execute();
  await db.schema.createIndex('invoices_order_purpose').on('invoices').columns(['order_id', 'purpose']).execute();
}
