import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/**
 * Invoices and credit notes (issue 24). A document is written once, with its lines, its totals,
 * copies of the seller's and buyer's details as they were, and its Factur-X PDF and XML: nothing
 * updates or deletes it afterwards. One counter per document type and year gives the unbroken
 * series; `invoiced_order_id` (set on invoices only, unique) makes one invoice per order.
 */
export async function m013Invoices(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  const bytes = ctx.dialect === 'postgres' ? 'bytea' : 'blob';
  await db.schema
    .createTable('invoice_counters')
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('last', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('invoice_counters_pk', ['kind', 'year'])
    .execute();
  await ctx
    .id(db.schema.createTable('invoices'))
    .addColumn('number', 'varchar(35)', (c) => c.notNull().unique())
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.references('orders.id'))
    .addColumn('invoiced_order_id', 'integer', (c) => c.unique().references('orders.id'))
    .addColumn('invoice_id', 'integer', (c) => c.references('invoices.id'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('locale', 'varchar(2)', (c) => c.notNull())
    .addColumn('issue_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('delivery_date', 'varchar(10)')
    .addColumn('due_date', 'varchar(10)')
    .addColumn('reason', 'text')
    .addColumn('seller', 'text', (c) => c.notNull())
    .addColumn('buyer', 'text', (c) => c.notNull())
    .addColumn('vat_breakdown', 'text', (c) => c.notNull())
    .addColumn('total_excl_cents', 'integer', (c) => c.notNull())
    .addColumn('total_vat_cents', 'integer', (c) => c.notNull())
    .addColumn('total_incl_cents', 'integer', (c) => c.notNull())
    .addColumn('xml', 'text', (c) => c.notNull())
    .addColumn('pdf', bytes, (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('invoices_type_year_seq', ['type', 'year', 'seq'])
    .execute();
  await db.schema.createIndex('invoices_user').on('invoices').column('user_id').execute();
  await db.schema.createIndex('invoices_issue_date').on('invoices').column('issue_date').execute();
  await db.schema.createIndex('invoices_invoice').on('invoices').column('invoice_id').execute();
  await ctx
    .id(db.schema.createTable('invoice_lines'))
    .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoices.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('order_line_id', 'integer')
    .addColumn('credited_line_id', 'integer', (c) => c.references('invoice_lines.id'))
    .addColumn('reference', 'varchar(80)')
    .addColumn('product', 'varchar(300)', (c) => c.notNull())
    .addColumn('colour', 'varchar(120)')
    .addColumn('size', 'varchar(16)')
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('unit_price_cents', 'integer', (c) => c.notNull())
    .addColumn('vat_category', 'varchar(2)', (c) => c.notNull())
    .addColumn('vat_rate', 'varchar(8)', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('invoice_lines_invoice').on('invoice_lines').columns(['invoice_id', 'position']).execute();
  await db.schema.createIndex('invoice_lines_credited').on('invoice_lines').column('credited_line_id').execute();
  await ctx
    .id(db.schema.createTable('invoice_payments'))
    .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoices.id'))
    .addColumn('paid_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('method', 'varchar(16)', (c) => c.notNull())
    .addColumn('reference', 'varchar(120)')
    .addColumn('recorded_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('recorded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('invoice_payments_invoice').on('invoice_payments').column('invoice_id').execute();
  // What an approved platform's adapter reads: one row per issued document, delivered_at once sent.
  await ctx
    .id(db.schema.createTable('invoice_events'))
    .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoices.id'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('delivered_at', 'varchar(32)')
    .execute();
  await db.schema.alterTable('orders').addColumn('shipping_cents', 'integer').execute();
  await db.schema
    .alterTable('company_details')
    .addColumn('invoice_reminders', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}
