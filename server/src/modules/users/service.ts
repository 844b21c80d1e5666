import type { Role, User } from '@atelier/contract';
import { isValidNewPassword } from '@atelier/contract';
import type { Db } from '../../db/index.ts';
import { nowIso } from '../../db/index.ts';
import type { UserRow } from '../../db/schema.ts';
import { generatePassword, hashPassword } from '../../lib/crypto.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { API_ERRORS } from '@atelier/contract';

export interface PublicUser {
  id: number;
  email: string;
  role: Role;
}

export function toPublicUser(row: Pick<UserRow, 'id' | 'email' | 'role'>): PublicUser {
  return { id: row.id, email: row.email, role: row.role };
}

/**
 * The signed-in account as sign-in and `/auth/me` answer it: its e-mail and role, and for a retailer's
 * person the company and their role in it (issue 46; the founding account is its company's admin).
 */
export function signedInUser(row: Pick<UserRow, 'id' | 'email' | 'role' | 'company_id' | 'company_role'>): User {
  return {
    email: row.email,
    role: row.role,
    ...(row.role === 'retailer' ? { company: { id: row.company_id ?? row.id, role: row.company_role ?? 'admin' } } : {}),
  };
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export class UsersService {
  private readonly db: Db;
  constructor({ db }: { db: Db }) {
    this.db = db;
  }

  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst();
  }

  findById(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async list(): Promise<PublicUser[]> {
    const rows = await this.db.selectFrom('users').select(['id', 'email', 'role']).orderBy('id').execute();
    return rows.map(toPublicUser);
  }

  /** Creates a user; refuses a duplicate e-mail or a password outside the policy. */
  async create(input: { email: string; role: Role; password?: string | null; locale?: 'fr' | 'en' }): Promise<PublicUser> {
    const email = normaliseEmail(input.email);
    if (input.password != null && !isValidNewPassword(input.password)) throw new HttpError(400, API_ERRORS.passwordPolicy);
    if (await this.findByEmail(email)) throw new HttpError(409, API_ERRORS.accountExists, {}, email);
    const now = nowIso();
    const row = await this.db
      .insertInto('users')
      .values({
        email,
        role: input.role,
        locale: input.locale ?? 'fr',
        password_hash: input.password ? await hashPassword(input.password) : null,
        created_at: now,
        updated_at: now,
      })
      .returning(['id', 'email', 'role'])
      .executeTakeFirstOrThrow();
    return toPublicUser(row);
  }

  /**
   * At start: ADMIN_EMAIL/ADMIN_PASSWORD make sure that admin exists (created with
   * that password when absent); without them, an empty user table gets an admin with a generated
   * password, returned so the caller can print it once.
   */
  async ensureAdmin(email?: string, password?: string): Promise<{ email: string; generatedPassword?: string } | null> {
    if (email && password) {
      const existing = await this.findByEmail(email);
      if (!existing) {
        await this.create({ email, role: 'admin', password });
        return { email: normaliseEmail(email) };
      }
      // The password is set only when the account is created: a password the
      // owner changed later in the back-office is never overwritten by a restart.
      if (existing.role !== 'admin') {
        await this.db.updateTable('users').set({ role: 'admin', updated_at: nowIso() }).where('id', '=', existing.id).execute();
      }
      return null;
    }
    const anyAdmin = await this.db.selectFrom('users').select('id').where('role', '=', 'admin').executeTakeFirst();
    if (anyAdmin) return null;
    const generatedPassword = generatePassword();
    const adminEmail = 'admin@localhost.test';
    await this.create({ email: adminEmail, role: 'admin', password: generatedPassword });
    return { email: adminEmail, generatedPassword };
  }
}
