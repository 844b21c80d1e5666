import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/**
 * The label's sales agents (issue 34): an account of the role `agent` with its name and commission,
 * and a way to turn any account off (`users.disabled_at`: it no longer signs in, its sessions end).
 */
export async function m019Agents(db: Kysely<any>, { id }: MigrationContext): Promise<void> {
  await db.schema.alterTable('users').addColumn('disabled_at', 'varchar(32)').execute();
  await id(db.schema.createTable('agents'))
    .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(80)', (c) => c.notNull())
    /** Percent with 2 decimals, as hundredths (750 = 7.5 %); null: none agreed. */
    .addColumn('commission_bp', 'integer')
    .addColumn('invited_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
}
