import type { Kysely, Updateable } from 'kysely';
import { sql } from 'kysely';
import { nowIso } from '../../db/index.ts';
import type { Database, UsersTable } from '../../db/schema.ts';

// The accounts as other areas change them, inside their own transactions (issue 56, item 2; ADR 0029):
// the users area owns the `users` table, so an invitation, a password, a name, a second factor or an
// erasure is written here and nowhere else.

/** What an account is made with: never a password (its person sets one from a mailed link). */
export interface NewAccount {
  email: string;
  role: UsersTable['role'];
  locale: UsersTable['locale'];
  name?: string | null;
  /** A company's person: the company, and their role in it. */
  companyId?: number | null;
  companyRole?: 'admin' | 'buyer' | 'accounts' | null;
}

/** Makes the account, without a password; its id. */
export async function insertAccount(trx: Kysely<Database>, account: NewAccount): Promise<number> {
  const now = nowIso();
  const row = await trx
    .insertInto('users')
    .values({
      email: account.email,
      role: account.role,
      locale: account.locale,
      password_hash: null,
      name: account.name ?? null,
      company_id: account.companyId ?? null,
      company_role: account.companyRole ?? null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** What another area may change on an account (its e-mail and role are the users area's own). */
export type AccountChange = Pick<Updateable<UsersTable>, 'password_hash' | 'name' | 'company_role' | 'disabled_at' | 'mfa'>;

/** Changes the account; `updated_at` follows, except for the second factor's flag (a fact, not an edit). */
export async function changeAccount(trx: Kysely<Database>, userId: number, change: AccountChange): Promise<void> {
  const stamped = Object.keys(change).some((key) => key !== 'mfa');
  await trx
    .updateTable('users')
    .set({ ...change, ...(stamped ? { updated_at: nowIso() } : {}) })
    .where('id', '=', userId)
    .execute();
}

/** Names the account as `name` says, unless it already has a name (an application's founder). */
export async function nameIfUnnamed(trx: Kysely<Database>, userId: number, name: string): Promise<void> {
  await trx.updateTable('users').set({ name }).where('id', '=', userId).where('name', 'is', null).execute();
}

/**
 * Holds the account's row until the transaction ends (PostgreSQL: a write that changes nothing; SQLite
 * already writes one transaction at a time), so two changes about one company never interleave.
 */
export async function holdAccount(trx: Kysely<Database>, userId: number): Promise<void> {
  await trx
    .updateTable('users')
    .set({ id: sql<number>`id` })
    .where('id', '=', userId)
    .execute();
}

/** Erases the account of this e-mail (the privacy request); how many there were (0 or 1). */
export async function eraseAccount(trx: Kysely<Database>, email: string): Promise<number> {
  const result = await trx.deleteFrom('users').where('email', '=', email).executeTakeFirstOrThrow();
  return Number(result.numDeletedRows);
}
