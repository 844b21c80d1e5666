import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/**
 * Events after the commit (issue 56, ADR 0026): a use case records what happened (`shipment.created`,
 * `invoice.issued`, …) in its own transaction, with one run per listener of that event; after the commit
 * each run is claimed (several instances: one at a time) and done in a transaction of its own that also
 * marks it done, so a listener's writes happen once, and a crash between the commit and a run resumes at
 * the next start.
 */
export async function m031Events(db: Kysely<any>, { id }: MigrationContext): Promise<void> {
  await id(db.schema.createTable('domain_events'))
    .addColumn('type', 'varchar(60)', (c) => c.notNull())
    .addColumn('subject_id', 'integer')
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('domain_events_subject').on('domain_events').columns(['type', 'subject_id']).execute();

  await id(db.schema.createTable('event_runs'))
    .addColumn('event_id', 'integer', (c) => c.notNull().references('domain_events.id').onDelete('cascade'))
    .addColumn('listener', 'varchar(80)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('locked_until', 'varchar(32)')
    .addColumn('last_error', 'varchar(500)')
    .addColumn('done_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('event_runs_event_listener', ['event_id', 'listener'])
    .execute();
  await db.schema.createIndex('event_runs_due').on('event_runs').columns(['status', 'next_attempt_at']).execute();
}
