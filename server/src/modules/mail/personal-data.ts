import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The mails to a person erased at their request (the privacy area asks; ADR 0029): how many. */
export async function eraseMailTo(trx: Kysely<Database>, email: string): Promise<number> {
  const result = await trx.deleteFrom('mail_outbox').where('to_address', '=', email).executeTakeFirstOrThrow();
  return Number(result.numDeletedRows);
}

/** The mails to a person, as their access request shows them: subjects and when, never the bodies (ADR 0029). */
export function mailsTo(db: Kysely<Database>, email: string) {
  return db.selectFrom('mail_outbox').select(['subject', 'status', 'created_at', 'sent_at']).where('to_address', '=', email).execute();
}
