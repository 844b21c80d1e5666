import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/**
 * Short production shared out, and sold-out sizes that come back to the shops that waited (issue 58).
 * - `order_lines.allocated`: pieces of a pre-order's line held on the shelf for it by an allocation; they
 *   leave the shelf when the line ships (orders).
 * - `company_terms.priority`: 1 (first served) to 5, for the allocation "by priority" (companies).
 * - `allocations`, `allocation_lines`: what each allocation gave each line, and what it asked (orders).
 * - `waitlist_entries`, `waitlist_offers`: a shop waiting for a sold-out size, in its turn, and the pieces
 *   held for it for a time when they come back (waitlists).
 */
export async function m038AllocationWaitlists(db: Kysely<any>, { id }: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('order_lines')
    .addColumn('allocated', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('company_terms').addColumn('priority', 'integer').execute();
  // A delivery window's orders by status: what an allocation and "Ship these" read.
  await db.schema.createIndex('orders_delivery_status').on('orders').columns(['delivery_id', 'status', 'id']).execute();

  await id(db.schema.createTable('allocations'))
    .addColumn('delivery_id', 'integer', (c) => c.notNull())
    .addColumn('rule', 'varchar(16)', (c) => c.notNull())
    .addColumn('rest', 'varchar(8)', (c) => c.notNull())
    .addColumn('follow_date', 'varchar(10)')
    .addColumn('pieces', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('allocations_delivery').on('allocations').columns(['delivery_id', 'id']).execute();
  await id(db.schema.createTable('allocation_lines'))
    .addColumn('allocation_id', 'integer', (c) => c.notNull().references('allocations.id').onDelete('cascade'))
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('order_line_id', 'integer', (c) => c.notNull())
    .addColumn('asked', 'integer', (c) => c.notNull())
    .addColumn('gets', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('allocation_lines_allocation').on('allocation_lines').columns(['allocation_id']).execute();
  await db.schema.createIndex('allocation_lines_order').on('allocation_lines').columns(['order_id', 'allocation_id']).execute();
  await db.schema.createIndex('allocation_lines_line').on('allocation_lines').columns(['order_line_id']).execute();

  await id(db.schema.createTable('waitlist_entries'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('person_id', 'integer', (c) => c.notNull())
    .addColumn('variant_id', 'integer', (c) => c.notNull())
    .addColumn('size', 'varchar(8)', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  // The queue of a piece, in its order; a shop's own list; the owner's list by date.
  await db.schema.createIndex('waitlist_entries_piece').on('waitlist_entries').columns(['variant_id', 'size', 'status', 'id']).execute();
  await db.schema.createIndex('waitlist_entries_company').on('waitlist_entries').columns(['company_id', 'status', 'id']).execute();
  await db.schema.createIndex('waitlist_entries_status').on('waitlist_entries').columns(['status', 'created_at', 'id']).execute();

  await id(db.schema.createTable('waitlist_offers'))
    .addColumn('entry_id', 'integer', (c) => c.notNull().references('waitlist_entries.id').onDelete('cascade'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('variant_id', 'integer', (c) => c.notNull())
    .addColumn('size', 'varchar(8)', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('decided_at', 'varchar(32)')
    .addColumn('order_id', 'integer')
    .execute();
  await db.schema.createIndex('waitlist_offers_open').on('waitlist_offers').columns(['status', 'expires_at', 'id']).execute();
  await db.schema.createIndex('waitlist_offers_company').on('waitlist_offers').columns(['company_id', 'id']).execute();
  await db.schema.createIndex('waitlist_offers_entry').on('waitlist_offers').columns(['entry_id']).execute();
  await db.schema.createIndex('waitlist_offers_variant').on('waitlist_offers').columns(['variant_id', 'status']).execute();
}
