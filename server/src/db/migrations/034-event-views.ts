import type { Kysely } from 'kysely';

/**
 * The webhooks are a listener (issue 56, ADR 0026): an event keeps, beside what its listeners need, the
 * subject as the owner's API showed it at the change (`view`, JSON), written only when a listener that
 * reads it wanted the event (an enabled endpoint listens). A column of its own, so the events already
 * recorded read as before.
 */
export async function m034EventViews(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('domain_events').addColumn('view', 'text').execute();
}
