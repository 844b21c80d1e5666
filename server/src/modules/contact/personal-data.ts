import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** A person's contact messages erased at their request (the privacy area asks; ADR 0029): how many. */
export async function eraseMessages(trx: Kysely<Database>, email: string): Promise<number> {
  const result = await trx.deleteFrom('contact_messages').where('email', '=', email).executeTakeFirstOrThrow();
  return Number(result.numDeletedRows);
}

/** Messages older than `before` deleted (the privacy page promises one year): how many. */
export async function purgeMessages(db: Kysely<Database>, before: string): Promise<number> {
  const result = await db.deleteFrom('contact_messages').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A person's contact messages, as their access request shows them (ADR 0029). */
export function messagesFrom(db: Kysely<Database>, email: string) {
  return db.selectFrom('contact_messages').select(['name', 'email', 'message', 'created_at']).where('email', '=', email).execute();
}
