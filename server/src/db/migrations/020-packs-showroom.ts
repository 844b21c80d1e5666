import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/**
 * Packs and order multiples (issue 34 item 6), and the showroom's orders (items 2–5).
 * - A product may be sold in named packs (a size ratio), in packs only, and in multiples of a number.
 * - A draft or order line made by packs keeps the pack (its name, how many): it stays pieces by size.
 * - An order says who took it and where (`channel`: portal or showroom; `taken_by`: the agent or owner).
 * - A showroom submission is kept by the tablet's id (its Idempotency-Key): its answer, its signature,
 *   and, for a new shop, the application its order waits on.
 */
export async function m020PacksShowroom(db: Kysely<any>, { id }: MigrationContext): Promise<void> {
  // A mail may carry files (the showroom order's PDF), kept in the outbox row with it.
  await db.schema.alterTable('mail_outbox').addColumn('attachments', 'text').execute();
  await db.schema
    .alterTable('products')
    .addColumn('packs_only', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('order_multiple', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await id(db.schema.createTable('product_packs'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    /** JSON {"S": 1, "M": 2}: pieces of each size in one pack. */
    .addColumn('sizes', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('product_packs_product').on('product_packs').column('product_id').execute();

  await db.schema.alterTable('order_draft_lines').addColumn('pack_id', 'integer').execute();
  await db.schema.alterTable('order_draft_lines').addColumn('packs', 'integer').execute();
  await db.schema.alterTable('order_lines').addColumn('pack_name', 'varchar(60)').execute();
  await db.schema.alterTable('order_lines').addColumn('packs', 'integer').execute();

  await db.schema
    .alterTable('orders')
    .addColumn('channel', 'varchar(16)', (c) => c.notNull().defaultTo('portal'))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('taken_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('orders').addColumn('taken_by_name', 'varchar(80)').execute();
  await db.schema.createIndex('orders_channel').on('orders').columns(['channel', 'taken_by']).execute();

  await id(db.schema.createTable('showroom_submissions'))
    .addColumn('key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('taken_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('taken_by_name', 'varchar(80)')
    .addColumn('stockist_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('application_id', 'integer')
    /** made | waiting (a new shop's, until the owner approves it) | refused (approved, but its lines no longer could be ordered) */
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    /** JSON: the lines, the note and the new shop as sent. */
    .addColumn('payload', 'text', (c) => c.notNull())
    /** The buyer's signature, a PNG data URL (200 KB at most). */
    .addColumn('signature', 'text', (c) => c.notNull())
    .addColumn('answer_status', 'integer', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('locale', 'varchar(2)', (c) => c.notNull())
    .addColumn('taken_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('showroom_submissions_application').on('showroom_submissions').column('application_id').execute();
}
