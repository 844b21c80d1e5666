import { SECURITY_MESSAGES, ACCESS_TOKEN_TTL_MS, API_ERRORS, RESET_TOKEN_TTL_MS, type Locale } from '@atelier/contract';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import { publicBrand } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { nowIso } from '../../db/index.ts';
import type { Database, UserRow } from '../../db/schema.ts';
import { hashPassword, newToken, sha256, verifyPassword } from '../../lib/crypto.ts';
import { HttpError } from '../../lib/http-errors.ts';
import type { Session } from '../../lib/guard.ts';

export type { Session } from '../../lib/guard.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { passwordResetMail } from '../mail/templates.ts';
import { normaliseEmail, toPublicUser, type UsersService } from '../users/service.ts';
import { takeOrRefuse, type AttemptLimiter } from './rate-limit.ts';
import { changeAccount } from '../users/accounts.ts';
import { revokeSessions } from './sessions.ts';
import { readUsers } from '../../read-models/users.ts';

export interface IssueOptions {
  method?: 'password' | 'passkey' | 'totp' | 'recovery';
  userAgent?: string | null;
  now?: number;
}

/** Last-seen times are written at most once a minute per session. */
const LAST_SEEN_EVERY_MS = 60_000;

export class AuthService {
  /** Sign-in attempts per account (in Redis when several instances share it). */
  attempts: AttemptLimiter;
  /** How many sign-ins reached the password check (what the per-account limit bounds). */
  evaluations = 0;
  private readonly db: Db;
  private readonly users: UsersService;
  private readonly config: Config;
  private readonly onMailQueued: () => void;

  constructor({
    db,
    users,
    config,
    onMailQueued,
    attempts,
  }: {
    db: Db;
    users: UsersService;
    config: Config;
    onMailQueued: () => void;
    attempts: AttemptLimiter;
  }) {
    this.db = db;
    this.users = users;
    this.config = config;
    this.onMailQueued = onMailQueued;
    this.attempts = attempts;
  }

  /** Milliseconds since the epoch for sign-in times; the tests move it (authenticator steps, recent sign-in). */
  clock: () => number = () => Date.now();
  /**
   * The account behind an e-mail and a password, after the address's budget of attempts: one answer for an
   * unknown e-mail, a wrong password and an account without password. Signing in goes on in the second step
   * (modules/security: a password alone never opens an account that has a second factor).
   */
  async checkPassword(emailInput: string, password: string): Promise<UserRow> {
    const email = normaliseEmail(emailInput);
    await takeOrRefuse(this.attempts, email);
    const user = await this.users.findByEmail(email);
    this.evaluations += 1;
    const ok = await verifyPassword(password, user?.password_hash);
    // A turned-off account (an agent who left) is told what a wrong password is told.
    if (!user || !ok || user.disabled_at) throw new HttpError(401, API_ERRORS.invalidCredentials);
    await this.attempts.clear(email).catch(() => {}); // the window ends it anyway
    return user;
  }

  async issueToken(db: Kysely<Database>, userId: number, options: IssueOptions = {}): Promise<string> {
    const token = newToken();
    const now = options.now ?? this.clock();
    const at = nowIso(new Date(now));
    await db
      .insertInto('auth_tokens')
      .values({
        user_id: userId,
        token_hash: sha256(token),
        created_at: at,
        expires_at: nowIso(new Date(now + ACCESS_TOKEN_TTL_MS)),
        revoked_at: null,
        authenticated_at: at,
        last_seen_at: at,
        user_agent: options.userAgent?.slice(0, 300) ?? null,
        method: options.method ?? null,
      })
      .execute();
    return token;
  }

  /** The session behind a bearer token, or null when missing, unknown, expired or revoked. */
  async authenticate(token: string): Promise<Session | null> {
    if (!/^[A-Za-z0-9_-]{20,128}$/.test(token)) return null;
    const row = await this.db
      .selectFrom('auth_tokens')
      .innerJoin(readUsers().as('users'), 'users.id', 'auth_tokens.user_id')
      .select([
        'auth_tokens.id as token_id',
        'auth_tokens.created_at',
        'auth_tokens.authenticated_at',
        'auth_tokens.last_seen_at',
        'users.id',
        'users.email',
        'users.role',
        'users.mfa',
        'users.company_id',
        'users.company_role',
      ])
      .where('auth_tokens.token_hash', '=', sha256(token))
      .where('auth_tokens.revoked_at', 'is', null)
      .where('users.disabled_at', 'is', null)
      .where('auth_tokens.expires_at', '>', nowIso())
      .executeTakeFirst();
    if (!row) return null;
    const now = Date.now();
    if (!row.last_seen_at || now - Date.parse(row.last_seen_at) > LAST_SEEN_EVERY_MS) {
      await this.db
        .updateTable('auth_tokens')
        .set({ last_seen_at: nowIso(new Date(now)) })
        .where('id', '=', row.token_id)
        .execute();
    }
    return {
      user: toPublicUser(row),
      tokenId: row.token_id,
      authenticatedAt: row.authenticated_at ?? row.created_at,
      mfaMissing: this.config.MFA_REQUIRED === 'admin' && row.role === 'admin' && !row.mfa,
      ...(row.role === 'retailer' ? { company: { id: row.company_id ?? row.id, role: row.company_role ?? 'admin' } } : {}),
    };
  }

  /** The account's sessions still open, newest first (50 at most): what the security screen lists. */
  openSessions(userId: number) {
    return this.db
      .selectFrom('auth_tokens')
      .select(['id', 'created_at', 'last_seen_at', 'user_agent'])
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', nowIso())
      .orderBy('id', 'desc')
      .limit(50)
      .execute();
  }

  async signOutSession(session: Session, id: number): Promise<void> {
    const done = await this.db
      .updateTable('auth_tokens')
      .set({ revoked_at: nowIso() })
      .where('id', '=', id)
      .where('user_id', '=', session.user.id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) throw new HttpError(404, SECURITY_MESSAGES.sessionNotFound);
  }

  async signOutOthers(session: Session): Promise<void> {
    await this.db
      .updateTable('auth_tokens')
      .set({ revoked_at: nowIso() })
      .where('user_id', '=', session.user.id)
      .where('id', '!=', session.tokenId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async logout(tokenId: number): Promise<void> {
    await this.db.updateTable('auth_tokens').set({ revoked_at: nowIso() }).where('id', '=', tokenId).where('revoked_at', 'is', null).execute();
  }

  /** Checks the current password, stores the new one and revokes every other session. */
  async changePassword(session: Session, currentPassword: string, password: string): Promise<void> {
    const user = await this.users.findById(session.user.id);
    if (!user || !(await verifyPassword(currentPassword, user.password_hash))) {
      throw new HttpError(400, API_ERRORS.wrongCurrentPassword);
    }
    const hash = await hashPassword(password);
    await this.db.transaction().execute(async (trx) => {
      const now = nowIso();
      await changeAccount(trx, user.id, { password_hash: hash });
      await trx
        .updateTable('auth_tokens')
        .set({ revoked_at: now })
        .where('user_id', '=', user.id)
        .where('id', '!=', session.tokenId)
        .where('revoked_at', 'is', null)
        .execute();
    });
  }

  /** Creates a single-use link token (stored hashed) inside the caller's transaction. */
  async createPasswordToken(trx: Kysely<Database>, userId: number, purpose: 'reset' | 'set', ttlMs: number): Promise<string> {
    const token = newToken();
    const now = Date.now();
    await trx
      .insertInto('password_tokens')
      .values({
        user_id: userId,
        token_hash: sha256(token),
        purpose,
        created_at: nowIso(new Date(now)),
        expires_at: nowIso(new Date(now + ttlMs)),
        used_at: null,
      })
      .execute();
    return token;
  }

  passwordLink(token: string, locale: Locale): string {
    return `${this.config.PUBLIC_URL}/reset-password?token=${encodeURIComponent(token)}&lang=${locale}`;
  }

  /** Always resolves the same way: whether the address has an account is never revealed. */
  async requestPasswordReset(emailInput: string, locale: Locale): Promise<void> {
    const user = await this.users.findByEmail(emailInput);
    if (!user) return;
    await this.db.transaction().execute(async (trx) => {
      const token = await this.createPasswordToken(trx, user.id, 'reset', RESET_TOKEN_TTL_MS);
      await enqueueMail(trx, { to: user.email, ...passwordResetMail(publicBrand(this.config), locale, this.passwordLink(token, locale)) });
    });
    this.onMailQueued();
  }

  /** Uses a reset/set link once: sets the password and revokes every session of the user. */
  async resetPassword(token: string, password: string): Promise<void> {
    const hash = await hashPassword(password);
    const email = await this.db.transaction().execute(async (trx) => {
      const now = nowIso();
      const row = await trx
        .selectFrom('password_tokens')
        .innerJoin(readUsers().as('users'), 'users.id', 'password_tokens.user_id')
        .select(['password_tokens.id', 'password_tokens.user_id', 'users.email'])
        .where('password_tokens.token_hash', '=', sha256(token))
        .where('password_tokens.used_at', 'is', null)
        .where('password_tokens.expires_at', '>', now)
        .executeTakeFirst();
      if (!row) throw new HttpError(400, API_ERRORS.invalidResetToken);
      const used = await trx.updateTable('password_tokens').set({ used_at: now }).where('id', '=', row.id).where('used_at', 'is', null).executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) throw new HttpError(400, API_ERRORS.invalidResetToken);
      await changeAccount(trx, row.user_id, { password_hash: hash });
      await revokeSessions(trx, row.user_id, now);
      return row.email;
    });
    // Whoever can read the mailbox is the owner: lift a lock-out left by attackers.
    await this.attempts.clear(email).catch(() => {});
  }
}
