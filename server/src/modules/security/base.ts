import { SECURITY_MESSAGES, type Locale } from '@atelier/contract';

import { Secret, TOTP } from 'otpauth';
import type { Config } from '../../config.ts';
import { publicBrand } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { nowIso } from '../../db/index.ts';
import { sha256 } from '../../lib/crypto.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { takeOrRefuse, type AttemptLimiter } from '../auth/rate-limit.ts';

import type { AuthService } from '../auth/service.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { requireAccount } from '../users/accounts.ts';
import { securityMail, type SecurityEvent } from '../mail/templates.ts';
import { TOTP_PERIOD, makeRecoveryCodes, recoveryHash, relyingParty, type ChallengeKind, type Trx } from './factors.ts';

/**
 * What every factor and sign-in step uses: the account's challenges, the attempts' budgets, the
 * codes, the security mails and the relying party (service.ts builds the factors on it).
 */
export class SecurityBase {
  /** The sign-in clock (shared with AuthService); the tests move it to step through authenticator codes. */
  get clock(): () => number {
    return this.auth.clock;
  }
  set clock(clock: () => number) {
    this.auth.clock = clock;
  }
  protected readonly db: Db;
  protected readonly auth: AuthService;
  protected readonly config: Config;
  protected readonly onMailQueued: () => void;
  /**
   * Second-step answers per account (issue 32): a budget of their own. A right password never gives
   * it back (else sign in, try a code, sign in again… forever); only a completed sign-in, a completed
   * re-authentication or the window does. Shared in Redis when several instances run.
   */
  readonly factorAttempts: AttemptLimiter;

  constructor({
    db,
    auth,
    config,
    onMailQueued,
    factorAttempts,
  }: {
    db: Db;
    auth: AuthService;
    config: Config;
    onMailQueued: () => void;
    factorAttempts: AttemptLimiter;
  }) {
    this.db = db;
    this.auth = auth;
    this.config = config;
    this.onMailQueued = onMailQueued;
    this.factorAttempts = factorAttempts;
  }
  protected securityUrl(locale: Locale): string {
    return `${this.config.PUBLIC_URL}/account/security?lang=${locale}`;
  }

  protected async mail(trx: Trx, userId: number, event: SecurityEvent, detail = ''): Promise<void> {
    const user = await requireAccount(trx, userId);
    await enqueueMail(trx, { to: user.email, ...securityMail(publicBrand(this.config), user.locale, event, detail, this.securityUrl(user.locale)) });
  }

  protected async saveChallenge(trx: Trx, kind: ChallengeKind, value: string, userId: number | null, ttlMs: number): Promise<void> {
    const now = this.clock();
    await trx
      .deleteFrom('auth_challenges')
      .where('expires_at', '<', nowIso(new Date(now)))
      .execute();
    await trx
      .insertInto('auth_challenges')
      .values({ token_hash: sha256(value), kind, user_id: userId, expires_at: nowIso(new Date(now + ttlMs)) })
      .execute();
  }

  /** Takes a challenge once: the user it was made for, or undefined when unknown, expired or used. */
  protected async takeChallenge(trx: Trx, kind: ChallengeKind, value: string | null): Promise<{ userId: number | null } | undefined> {
    if (!value) return undefined;
    const row = await trx
      .selectFrom('auth_challenges')
      .select(['id', 'user_id'])
      .where('token_hash', '=', sha256(value))
      .where('kind', '=', kind)
      .where('expires_at', '>', nowIso(new Date(this.clock())))
      .executeTakeFirst();
    if (!row) return undefined;
    const gone = await trx.deleteFrom('auth_challenges').where('id', '=', row.id).executeTakeFirst();
    return Number(gone.numDeletedRows) === 1 ? { userId: row.user_id } : undefined;
  }

  /** Codes for the first factor of an account: given once, with that factor. */
  protected async firstFactorCodes(trx: Trx, userId: number): Promise<string[] | undefined> {
    const any = await trx.selectFrom('recovery_codes').select('id').where('user_id', '=', userId).executeTakeFirst();
    return any ? undefined : makeRecoveryCodes(trx, userId);
  }

  protected async hasPasskeys(userId: number): Promise<boolean> {
    return Boolean(await this.db.selectFrom('passkeys').select('id').where('user_id', '=', userId).executeTakeFirst());
  }

  /** A password check counts against the account's sign-in limit. */
  protected async takeAttempt(email: string): Promise<void> {
    await takeOrRefuse(this.auth.attempts, email);
  }

  /**
   * A second-step answer (code of the app, recovery code, passkey) takes one from the account's
   * factor budget before it is checked, so answers sent at once cannot all pass; past the budget,
   * 429 with Retry-After, even for the right code.
   */
  protected async takeFactorAttempt(userId: number): Promise<void> {
    await takeOrRefuse(this.factorAttempts, `user:${userId}`);
  }

  /** A completed sign-in (or re-authentication): both budgets start afresh (the window ends them anyway). */
  protected async signedIn(userId: number, email: string): Promise<void> {
    await Promise.all([this.auth.attempts.clear(email).catch(() => {}), this.factorAttempts.clear(`user:${userId}`).catch(() => {})]);
  }

  /**
   * A TOTP code (accepted once: its step must be later than the last one used) or a recovery code
   * (used once; mails the holder). True when it opened.
   */
  protected async useCode(trx: Trx, userId: number, raw: string): Promise<'totp' | 'recovery' | null> {
    const code = raw.replace(/\s/g, '');
    if (/^\d{6}$/.test(code)) {
      const factor = await trx
        .selectFrom('totp_factors')
        .select(['secret', 'last_step'])
        .where('user_id', '=', userId)
        .where('confirmed_at', 'is not', null)
        .executeTakeFirst();
      if (!factor) return null;
      const step = this.totpStep(factor.secret, code);
      if (step === null) return null;
      const taken = await trx
        .updateTable('totp_factors')
        .set({ last_step: step })
        .where('user_id', '=', userId)
        .where('last_step', '<', step)
        .executeTakeFirst();
      return Number(taken.numUpdatedRows) === 1 ? 'totp' : null;
    }
    const used = await trx
      .updateTable('recovery_codes')
      .set({ used_at: nowIso(new Date(this.clock())) })
      .where('user_id', '=', userId)
      .where('code_hash', '=', recoveryHash(code))
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) return null;
    const left = await trx
      .selectFrom('recovery_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    await this.mail(trx, userId, 'recoveryUsed', String(Number(left.n)));
    return 'recovery';
  }

  /** The 30-second step a code belongs to (this one, or one either side for a slow clock), or null. */
  protected totpStep(secret: string, code: string): number | null {
    const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: TOTP_PERIOD, algorithm: 'SHA1' });
    const now = this.clock();
    const delta = totp.validate({ token: code, timestamp: now, window: 1 });
    return delta === null ? null : Math.floor(now / 1000 / TOTP_PERIOD) + delta;
  }

  protected rp() {
    const rp = relyingParty(this.config);
    if (!rp) throw new HttpError(409, SECURITY_MESSAGES.passkeysUnavailable);
    return rp;
  }
}
