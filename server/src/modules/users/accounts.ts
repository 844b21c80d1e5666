import type { Kysely, Selectable, Updateable } from 'kysely';
import { sql } from 'kysely';
import { nowIso } from '../../db/index.ts';
import type { Database, UsersTable } from '../../db/schema.ts';
import type { Dialect } from '../../db/dialect.ts';
import { chunks } from '../../lib/chunks.ts';

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

/**
 * An account as other areas read it (ADR 0029's read model): who it is, how to write to them, what it may
 * do, and whether its password is set. Never the password itself: only a check of one reads its hash
 * (`passwordHashOf`).
 */
export type Account = Pick<
  Selectable<UsersTable>,
  'id' | 'email' | 'name' | 'role' | 'locale' | 'company_id' | 'company_role' | 'mfa' | 'disabled_at' | 'created_at'
> & { password_set: boolean };

function accounts(db: Kysely<Database>) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'role', 'locale', 'company_id', 'company_role', 'mfa', 'disabled_at', 'created_at'])
    .select(sql<number>`case when password_hash is null then 0 else 1 end`.as('password_set'));
}

const account = ({ password_set, ...row }: Omit<Account, 'password_set'> & { password_set: number }): Account => ({
  ...row,
  password_set: Number(password_set) === 1,
});

/** The account of this id, if there is one. */
export async function accountById(db: Kysely<Database>, id: number): Promise<Account | undefined> {
  const row = await accounts(db).where('id', '=', id).executeTakeFirst();
  return row && account(row);
}

/** The account of this id; an error when there is none (the caller holds a reference to it). */
export async function requireAccount(db: Kysely<Database>, id: number): Promise<Account> {
  const found = await accountById(db, id);
  if (!found) throw new Error(`no account #${id}`);
  return found;
}

/** The account of this e-mail (as stored: trimmed, lower case), if there is one. */
export async function accountByEmail(db: Kysely<Database>, email: string): Promise<Account | undefined> {
  const row = await accounts(db).where('email', '=', email).executeTakeFirst();
  return row && account(row);
}

/** The accounts of these ids that exist, by id (500 ids a query). */
export async function accountsByIds(db: Kysely<Database>, ids: Iterable<number>): Promise<Map<number, Account>> {
  const unique = [...new Set(ids)];
  const found = new Map<number, Account>();
  for (const slice of chunks(unique)) for (const row of await accounts(db).where('id', 'in', slice).execute()) found.set(row.id, account(row));
  return found;
}

/** The stored password hash of the account (null: none set yet), for a check of the password typed. */
export async function passwordHashOf(db: Kysely<Database>, id: number): Promise<string | null> {
  return (await db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirst())?.password_hash ?? null;
}

/** The shops' founding accounts (a company is its founding account; its people are not shops of their own), by id. */
export function shopAccounts(db: Kysely<Database>): Promise<Array<Pick<Account, 'id' | 'email'>>> {
  return db.selectFrom('users').select(['id', 'email']).where('role', '=', 'retailer').where('company_id', 'is', null).orderBy('id').execute();
}

/**
 * Reads the account and holds its row until the transaction ends (PostgreSQL: FOR NO KEY UPDATE; SQLite
 * transactions already run one at a time): the orders area's one draft write or submit at a time per shop.
 * Not FOR UPDATE: a row that refers to the account (its foreign key takes KEY SHARE) must not wait for it.
 */
export async function lockAccount(trx: Kysely<Database>, id: number, dialect: Dialect): Promise<Account> {
  const query = accounts(trx).where('id', '=', id);
  return account(await (dialect === 'postgres' ? query.forNoKeyUpdate() : query).executeTakeFirstOrThrow());
}

/** A person as another area's payload names them (who placed an order): nothing else of the account leaves. */
export function personOf(account: Account | undefined): { id: number; name: string | null; email: string } | null {
  return account ? { id: account.id, name: account.name, email: account.email } : null;
}
