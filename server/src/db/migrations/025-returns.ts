import { sql, type Kysely } from 'kysely';
import { sqliteSearchIndex, trigramOpclass } from './021-lists-at-scale.ts';
import type { MigrationContext } from './context.ts';

/**
 * Returns (issue 45 item 5): a shop asks to send back pieces of one parcel (`returns`, numbered
 * `{order}-R{n}`), per order line with a reason, a note and up to three photos (`return_lines`,
 * `return_photos`); the owner accepts (how many of each), refuses or receives them (how many arrived,
 * resellable or not), and the credit note issued then is the return's.
 */
export async function m025Returns(db: Kysely<any>, { id, dialect }: MigrationContext): Promise<void> {
  await id(db.schema.createTable('returns'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('shipment_id', 'integer', (c) => c.notNull().references('shipments.id'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('number', 'varchar(40)', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('requested_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('decided_at', 'varchar(32)')
    .addColumn('decided_by', 'integer')
    .addColumn('instructions', 'text')
    .addColumn('refusal', 'varchar(500)')
    .addColumn('received_at', 'varchar(32)')
    .addColumn('received_by', 'integer')
    .addColumn('credit_note_id', 'integer', (c) => c.references('invoices.id'))
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addUniqueConstraint('returns_order_seq', ['order_id', 'seq'])
    .execute();
  await db.schema.createIndex('returns_requested').on('returns').columns(['requested_at', 'id']).execute();
  await db.schema.createIndex('returns_status_requested').on('returns').columns(['status', 'requested_at', 'id']).execute();
  await db.schema.createIndex('returns_order').on('returns').column('order_id').execute();
  await id(db.schema.createTable('return_lines'))
    .addColumn('return_id', 'integer', (c) => c.notNull().references('returns.id'))
    .addColumn('order_line_id', 'integer', (c) => c.notNull().references('order_lines.id'))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(16)', (c) => c.notNull())
    .addColumn('note', 'varchar(500)')
    .addColumn('accepted', 'integer')
    .addColumn('received', 'integer')
    .addColumn('resellable', 'integer')
    .execute();
  await db.schema.createIndex('return_lines_return').on('return_lines').column('return_id').execute();
  await db.schema.createIndex('return_lines_order_line').on('return_lines').column('order_line_id').execute();
  await id(db.schema.createTable('return_photos'))
    .addColumn('return_line_id', 'integer', (c) => c.notNull().references('return_lines.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('url', 'varchar(300)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('return_photos_line').on('return_photos').column('return_line_id').execute();
  // The owner's list of returns is searched by number, order and shop, as the orders are (migration 021).
  if (dialect === 'sqlite') await sqliteSearchIndex(db, 'returns');
  else {
    const opclass = await trigramOpclass(db);
    if (opclass) await sql`create index returns_search_trgm on returns using gin (search_text ${sql.raw(opclass)})`.execute(db);
  }
}
