import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/** Wholesale orders: a server-side draft per stockist, orders with frozen lines and their history, company details. */
export async function m006Orders(db: Kysely<any>, { id }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('company_details')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('company_name', 'varchar(160)')
    .addColumn('siret', 'varchar(14)')
    .addColumn('vat_number', 'varchar(20)')
    .addColumn('billing_address', 'varchar(500)')
    .addColumn('delivery_address', 'varchar(500)')
    .addColumn('phone', 'varchar(40)')
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('order_draft_lines')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('variant_id', 'integer', (c) => c.notNull())
    .addColumn('size', 'varchar(10)', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_draft_lines_pk', ['user_id', 'variant_id', 'size'])
    .execute();

  await db.schema
    .createTable('order_counters')
    .addColumn('year', 'integer', (c) => c.primaryKey())
    .addColumn('last', 'integer', (c) => c.notNull())
    .execute();

  await id(db.schema.createTable('orders'))
    .addColumn('number', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('shop_email', 'varchar(254)', (c) => c.notNull())
    .addColumn('locale', 'varchar(2)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('idempotency_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('company', 'text', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('pieces', 'integer', (c) => c.notNull())
    .addColumn('ship_date', 'varchar(10)')
    .addColumn('carrier', 'varchar(80)')
    .addColumn('tracking', 'varchar(120)')
    .addColumn('cancel_reason', 'varchar(500)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('orders_idempotency_uq').on('orders').columns(['user_id', 'idempotency_key']).unique().execute();
  await db.schema.createIndex('orders_status_idx').on('orders').columns(['status', 'created_at']).execute();

  await id(db.schema.createTable('order_lines'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('variant_id', 'integer')
    .addColumn('product_id', 'integer')
    .addColumn('product_title', 'text', (c) => c.notNull())
    .addColumn('color_name', 'text', (c) => c.notNull())
    .addColumn('color_code', 'varchar(7)')
    .addColumn('reference', 'varchar(40)')
    .addColumn('size', 'varchar(10)', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('unit_price_cents', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_lines_order_idx').on('order_lines').columns(['order_id', 'position']).execute();

  await id(db.schema.createTable('order_events'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('by_role', 'varchar(16)', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_events_order_idx').on('order_events').columns(['order_id', 'at']).execute();
}
