import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/** API keys (issue 35): one per integration, kept as a hash, read-only or read-write, revocable. */
export async function m016ApiKeys(db: Kysely<any>, { id }: MigrationContext): Promise<void> {
  await id(db.schema.createTable('api_keys'))
    .addColumn('name', 'varchar(80)', (c) => c.notNull())
    .addColumn('access', 'varchar(8)', (c) => c.notNull())
    .addColumn('prefix', 'varchar(16)', (c) => c.notNull())
    .addColumn('key_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('last_used_at', 'varchar(32)')
    .addColumn('revoked_at', 'varchar(32)')
    .execute();
}
