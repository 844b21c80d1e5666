import type { Kysely } from 'kysely';

/**
 * Terms of their own (issue 47, ADR 0023): a company's payment days (and end of month), a discount on
 * trade prices, its own opening and reorder minimums; null is "the label's" (the invoicing settings'
 * payment terms, the season's minimums). Orders freeze the discount with their prices: each line keeps
 * its price before the discount (`list_price_cents`, null when there was none) beside the price it is
 * sold at (`unit_price_cents`, as before); invoice lines do the same, so a document shows gross price,
 * discount and net price per line (EN 16931 BT-148, BT-147, BT-146).
 */
export async function m027CompanyTerms(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('company_terms')
    .addColumn('company_id', 'integer', (c) => c.primaryKey().references('users.id'))
    .addColumn('payment_days', 'integer')
    .addColumn('end_of_month', 'integer')
    /** Hundredths of a percent: 5 % is 500, 12.5 % is 1250 (0 to 5000). */
    .addColumn('discount_bp', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('opening_minimum_cents', 'integer')
    .addColumn('reorder_minimum_cents', 'integer')
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('discount_bp', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('order_lines').addColumn('list_price_cents', 'integer').execute();
  await db.schema.alterTable('invoice_lines').addColumn('list_price_cents', 'integer').execute();
}
