import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/**
 * One word for the shop that orders (issue 33): the spec's "retailer", the role's value. The tables of
 * applications and listings, the order's copy of the shop's e-mail and the order history's actor said
 * "stockist" or "shop". Renamed in place: every row, id and reference is kept (the API still answers
 * `by: 'stockist'` in an order's history: payloads do not change).
 */
export async function m015OneWordRetailer(db: Kysely<any>, { dialect }: MigrationContext): Promise<void> {
  await db.schema.alterTable('stockist_applications').renameTo('retailer_applications').execute();
  await db.schema.alterTable('stockist_listings').renameTo('retailer_listings').execute();
  await db.schema.alterTable('orders').renameColumn('shop_email', 'retailer_email').execute();
  await db.updateTable('order_events').set({ by_role: 'retailer' }).where('by_role', '=', 'stockist').execute();

  if (dialect === 'postgres') {
    // Indexes keep their names through a table's renaming: their keys and constraints follow the word.
    const { rows } = await sql<{
      indexname: string;
    }>`select indexname from pg_indexes where schemaname = current_schema() and indexname like 'stockist\\_%'`.execute(db);
    for (const { indexname } of rows) {
      await sql`alter index ${sql.id(indexname)} rename to ${sql.id(indexname.replace(/^stockist_/, 'retailer_'))}`.execute(db);
    }
  } else {
    // SQLite cannot rename an index: the one named index is made again (its automatic ones have no word).
    await db.schema.dropIndex('stockist_applications_status_idx').execute();
    await db.schema.createIndex('retailer_applications_status_idx').on('retailer_applications').columns(['status', 'created_at']).execute();
  }
}
