import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/** The label's legal identity for its invoices: one row, the settings as JSON (each invoice will keep its own copy). */
export async function m011Invoicing(db: Kysely<any>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('invoicing_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
}
