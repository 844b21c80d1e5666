import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/**
 * A change's line may do more than set a quantity (issue 57): move a line to another delivery window of the
 * season, or send the order to another door of the company. Each is a line of the change, decided on its own;
 * what it moves from and to is kept as it was named when asked (a window or a door may be renamed later).
 */
export async function m036OrderChangeKinds(db: Kysely<any>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('order_change_items')
    .addColumn('kind', 'varchar(16)', (c) => c.notNull().defaultTo('quantity'))
    .execute();
  for (const column of ['before_delivery_id', 'delivery_id', 'before_door_id', 'door_id'])
    await db.schema.alterTable('order_change_items').addColumn(column, 'integer').execute();
  for (const column of ['from_label', 'to_label']) await db.schema.alterTable('order_change_items').addColumn(column, 'text').execute();
}
