import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/**
 * Orders that change (issue 57): an order has a revision (1 when sent); a change is asked by the shop (or
 * made by the label), line by line, each line decided on its own; its accepted lines make the next
 * revision. One change at a time waits per order (a partial unique index holds it on both databases).
 */
export async function m035OrderChanges(db: Kysely<any>, { id }: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await id(db.schema.createTable('order_changes'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('by_role', 'varchar(16)', (c) => c.notNull())
    .addColumn('requested_by', 'integer')
    .addColumn('message', 'text')
    .addColumn('requested_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('decided_at', 'varchar(32)')
    .addColumn('decided_by', 'integer')
    .addColumn('reason', 'text')
    .addColumn('revision', 'integer')
    .execute();
  await db.schema.createIndex('order_changes_order').on('order_changes').columns(['order_id', 'id']).execute();
  await db.schema.createIndex('order_changes_status').on('order_changes').columns(['status', 'requested_at']).execute();
  await db.schema.createIndex('order_changes_one_pending').on('order_changes').column('order_id').unique().where(sql.ref('status'), '=', 'pending').execute();

  await id(db.schema.createTable('order_change_items'))
    .addColumn('change_id', 'integer', (c) => c.notNull().references('order_changes.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('line_id', 'integer')
    .addColumn('variant_id', 'integer')
    .addColumn('size', 'varchar(8)', (c) => c.notNull())
    .addColumn('product_title', 'text', (c) => c.notNull())
    .addColumn('color_name', 'text', (c) => c.notNull())
    .addColumn('reference', 'varchar(60)')
    // A piece added: what it was offered at (the order's discount, in its currency), kept as the shop saw it.
    .addColumn('product_id', 'integer')
    .addColumn('color_code', 'varchar(16)')
    .addColumn('unit_price_cents', 'integer')
    .addColumn('list_price_cents', 'integer')
    .addColumn('before_quantity', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('decision', 'varchar(16)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_change_items_change').on('order_change_items').columns(['change_id', 'position']).execute();
}
