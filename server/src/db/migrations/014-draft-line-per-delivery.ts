import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/**
 * A draft line is one piece (variant and size) for one mode and one delivery window (issue 32): the
 * same piece for February and for April is two lines. The draft's key was (stockist, variant, size),
 * so the second of them replaced the first. The table gets its own id; every existing line is kept,
 * in its order.
 */
export async function m014DraftLinePerDelivery(db: Kysely<any>, { id }: MigrationContext): Promise<void> {
  await id(db.schema.createTable('order_draft_lines_v2'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('variant_id', 'integer', (c) => c.notNull())
    .addColumn('size', 'varchar(10)', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('mode', 'varchar(10)')
    .addColumn('delivery_id', 'integer')
    .execute();
  const columns = ['user_id', 'variant_id', 'size', 'quantity', 'position', 'mode', 'delivery_id'] as const;
  await db
    .insertInto('order_draft_lines_v2')
    .columns([...columns])
    .expression(
      db
        .selectFrom('order_draft_lines')
        .select([...columns])
        .orderBy('user_id')
        .orderBy('position'),
    )
    .execute();
  await db.schema.dropTable('order_draft_lines').execute();
  await db.schema.alterTable('order_draft_lines_v2').renameTo('order_draft_lines').execute();
  await db.schema.createIndex('order_draft_lines_user_idx').on('order_draft_lines').columns(['user_id', 'position']).execute();
}
