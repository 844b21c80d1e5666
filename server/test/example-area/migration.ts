import type { Kysely } from 'kysely';
import type { MigrationContext } from '../../src/db/migrations/index.ts';

/**
 * The table of the example area. A real area's migration is `server/src/db/migrations/0NN-notes.ts`, with
 * its line in `server/src/db/migrations/index.ts` (docs/development.md, "A new area").
 */
export async function mNotes(db: Kysely<any>, { id }: MigrationContext): Promise<void> {
  await id(db.schema.createTable('notes'))
    .addColumn('text', 'varchar(2000)', (c) => c.notNull())
    .addColumn('words', 'integer')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}
