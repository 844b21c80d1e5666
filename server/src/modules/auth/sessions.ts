import type { Kysely } from 'kysely';
import { nowIso } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { chunks } from '../../lib/chunks.ts';

// The sessions as other areas end or confirm them, inside their own transactions (issue 56, item 2;
// ADR 0029): the auth area owns `auth_tokens`.

/** Ends every open session of the account (turned off, removed, its factors reset). */
export async function revokeSessions(trx: Kysely<Database>, userId: number, at = nowIso()): Promise<void> {
  await trx.updateTable('auth_tokens').set({ revoked_at: at }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}

/** The session's person has just proved who they are again (a password and a second factor): when. */
export async function markAuthenticated(trx: Kysely<Database>, tokenId: number, at: string): Promise<void> {
  await trx.updateTable('auth_tokens').set({ authenticated_at: at }).where('id', '=', tokenId).execute();
}

/** When each of these accounts last signed in (the newest session it opened), by account; none: absent. */
export async function lastSignIns(db: Kysely<Database>, userIds: number[]): Promise<Map<number, string>> {
  const found = new Map<number, string>();
  const unique = [...new Set(userIds)];
  for (const slice of chunks(unique)) {
    const rows = await db
      .selectFrom('auth_tokens')
      .select((eb) => ['user_id', eb.fn.max('created_at').as('at')])
      .where('user_id', 'in', slice)
      .groupBy('user_id')
      .execute();
    for (const row of rows) if (row.at) found.set(row.user_id, String(row.at));
  }
  return found;
}
