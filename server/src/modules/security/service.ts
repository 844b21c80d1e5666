import {
  API_ERRORS,
  CHALLENGE_TTL_MS,
  MFA_TOKEN_TTL_MS,
  RECENT_SIGN_IN_MS,
  SECURITY_MESSAGES,
  type LoginResponse,
  type MfaChallenge,
  type SecurityOverview,
} from '@atelier/contract';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { Secret, TOTP } from 'otpauth';

import { nowIso } from '../../db/index.ts';
import { newToken, sha256, verifyPassword } from '../../lib/crypto.ts';
import { HttpError } from '../../lib/http-errors.ts';

import { logActivity } from '../activity/service.ts';
import type { Session } from '../auth/service.ts';

import { TOTP_PERIOD, challengeOf, makeRecoveryCodes, refreshMfa, describeAgent, qrcode, relyingParty, webauthn, type SignInContext } from './factors.ts';
import { SecurityBase } from './base.ts';
import { signedInUser } from '../users/service.ts';
import { accountByEmail, accountById, changeAccount, passwordHashOf, requireAccount } from '../users/accounts.ts';
import { markAuthenticated, revokeSessions } from '../auth/sessions.ts';

export { describeAgent, relyingParty, type SignInContext } from './factors.ts';

/**
 * Second factors (passkeys, an authenticator app, recovery codes), the sign-in steps that use
 * them, recent sign-in for sensitive changes, and the account's sessions.
 */
export class SecurityService extends SecurityBase {
  // ── Challenges: stored hashed, single-use, 5 minutes; any instance can finish what another began ──

  // ── Recent sign-in ──

  isRecent(session: Session): boolean {
    return this.clock() - Date.parse(session.authenticatedAt) < RECENT_SIGN_IN_MS;
  }

  requireRecent(session: Session): void {
    if (!this.isRecent(session)) throw new HttpError(403, SECURITY_MESSAGES.reauthRequired, {}, undefined, { reauth: true });
  }

  /** Signing in with a password: a token, or the second step when the account has a factor (a password alone never opens it). */
  async login(email: string, password: string, userAgent: string | null = null): Promise<LoginResponse | MfaChallenge> {
    const user = await this.auth.checkPassword(email, password);
    if (user.mfa) return this.challenge(user.id);
    const token = await this.auth.issueToken(this.db, user.id, { method: 'password', userAgent });
    return { access_token: token, user: signedInUser(user) };
  }

  /** Proves it is still the holder: the password (and a code when the account has an app), or a passkey. */
  async reauth(session: Session, input: { password?: string; code?: string; passkey?: Record<string, unknown> }): Promise<void> {
    const user = await requireAccount(this.db, session.user.id);
    await this.takeAttempt(user.email);
    // A code is a second-step answer: it takes from that budget too (a passkey's check takes its own).
    if (!input.passkey && user.mfa) await this.takeFactorAttempt(user.id);
    if (input.passkey) {
      const found = await this.checkPasskey(input.passkey as unknown as AuthenticationResponseJSON);
      if (!found || found.userId !== user.id) throw new HttpError(400, SECURITY_MESSAGES.passkeyInvalid);
    } else {
      if (!(await verifyPassword(input.password ?? '', await passwordHashOf(this.db, user.id)))) throw new HttpError(400, API_ERRORS.wrongCurrentPassword);
      // An account with a factor never confirms with its password alone: a code of its app or a
      // recovery code goes with it (or its passkey, above), as at sign-in.
      if (user.mfa) {
        const ok = input.code ? await this.db.transaction().execute((trx) => this.useCode(trx, user.id, input.code!)) : null;
        if (!ok) throw new HttpError(400, SECURITY_MESSAGES.codeInvalid);
      }
    }
    await this.signedIn(user.id, user.email);
    await markAuthenticated(this.db, session.tokenId, nowIso(new Date(this.clock())));
  }

  // ── The second step after a right password ──

  /** Called by the password sign-in for an account with a factor: the mfa_token and what can answer it. */
  async challenge(userId: number): Promise<MfaChallenge> {
    const token = newToken();
    const totp = await this.db
      .selectFrom('totp_factors')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('confirmed_at', 'is not', null)
      .executeTakeFirst();
    const passkeys = await this.hasPasskeys(userId);
    await this.db.transaction().execute((trx) => this.saveChallenge(trx, 'mfa', token, userId, MFA_TOKEN_TTL_MS));
    const methods: MfaChallenge['methods'] = [
      ...(totp ? (['totp'] as const) : []),
      ...(passkeys && relyingParty(this.config) ? (['passkey'] as const) : []),
      'recovery',
    ];
    return { mfa_required: true, mfa_token: token, methods };
  }

  /** `POST /api/auth/mfa`: the mfa_token and a code give the session. */
  async completeMfa(mfaToken: string, code: string, context: SignInContext): Promise<LoginResponse> {
    const challenge = await this.db
      .selectFrom('auth_challenges')
      .select('user_id')
      .where('token_hash', '=', sha256(mfaToken))
      .where('kind', '=', 'mfa')
      .where('expires_at', '>', nowIso(new Date(this.clock())))
      .executeTakeFirst();
    const pending = challenge && challenge.user_id !== null ? await accountById(this.db, challenge.user_id) : undefined;
    if (!pending) throw new HttpError(401, SECURITY_MESSAGES.mfaTokenInvalid);
    await this.takeFactorAttempt(pending.id);
    const token = await this.db.transaction().execute(async (trx) => {
      const method = await this.useCode(trx, pending.id, code);
      if (!method) return null;
      // The mfa_token serves once: a second answer with it finds nothing.
      if (!(await this.takeChallenge(trx, 'mfa', mfaToken))) throw new HttpError(401, SECURITY_MESSAGES.mfaTokenInvalid);
      return this.auth.issueToken(trx, pending.id, { method, userAgent: context.userAgent, now: this.clock() });
    });
    if (!token) {
      this.onMailQueued();
      throw new HttpError(401, SECURITY_MESSAGES.codeInvalid);
    }
    this.onMailQueued();
    await this.signedIn(pending.id, pending.email);
    return { access_token: token, user: signedInUser(pending) };
  }

  // ── Passkeys ──

  async passkeyAddOptions(session: Session): Promise<Record<string, unknown>> {
    this.requireRecent(session);
    const rp = this.rp();
    const existing = await this.db.selectFrom('passkeys').select(['credential_id', 'transports']).where('user_id', '=', session.user.id).execute();
    const options = await (
      await webauthn()
    ).generateRegistrationOptions({
      rpName: rp.name,
      rpID: rp.id,
      userName: session.user.email,
      userID: new TextEncoder().encode(`user-${session.user.id}`),
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: p.transports ? p.transports.split(',') : undefined })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    await this.db.transaction().execute((trx) => this.saveChallenge(trx, 'passkey-add', options.challenge, session.user.id, CHALLENGE_TTL_MS));
    return options as unknown as Record<string, unknown>;
  }

  async passkeyAdd(session: Session, response: Record<string, unknown>, name: string): Promise<{ id: number; recoveryCodes?: string[] }> {
    this.requireRecent(session);
    const rp = this.rp();
    const result = await this.db.transaction().execute(async (trx) => {
      const challenge = challengeOf(response);
      const taken = await this.takeChallenge(trx, 'passkey-add', challenge);
      if (!taken || taken.userId !== session.user.id) return null;
      let verified;
      try {
        verified = await (
          await webauthn()
        ).verifyRegistrationResponse({
          response: response as unknown as RegistrationResponseJSON,
          expectedChallenge: challenge!,
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
          requireUserVerification: true,
        });
      } catch {
        return null;
      }
      if (!verified.verified) return null;
      const { credential, credentialBackedUp } = verified.registrationInfo;
      const clash = await trx.selectFrom('passkeys').select('id').where('credential_id', '=', credential.id).executeTakeFirst();
      if (clash) return null;
      const now = nowIso(new Date(this.clock()));
      const row = await trx
        .insertInto('passkeys')
        .values({
          user_id: session.user.id,
          credential_id: credential.id,
          public_key: Buffer.from(credential.publicKey).toString('base64url'),
          counter: credential.counter,
          transports: (credential.transports ?? []).join(','),
          backed_up: credentialBackedUp ? 1 : 0,
          name,
          created_at: now,
          last_used_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await refreshMfa(trx, session.user.id);
      const recoveryCodes = await this.firstFactorCodes(trx, session.user.id);
      await this.mail(trx, session.user.id, 'passkeyAdded', name);
      return { id: row.id, ...(recoveryCodes ? { recoveryCodes } : {}) };
    });
    if (!result) throw new HttpError(400, SECURITY_MESSAGES.passkeyInvalid);
    this.onMailQueued();
    return result;
  }

  async passkeyRename(session: Session, id: number, name: string): Promise<void> {
    const done = await this.db.updateTable('passkeys').set({ name }).where('id', '=', id).where('user_id', '=', session.user.id).executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) throw new HttpError(404, SECURITY_MESSAGES.passkeyNotFound);
  }

  async passkeyRemove(session: Session, id: number): Promise<void> {
    this.requireRecent(session);
    await this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('passkeys').select('name').where('id', '=', id).where('user_id', '=', session.user.id).executeTakeFirst();
      if (!row) throw new HttpError(404, SECURITY_MESSAGES.passkeyNotFound);
      await trx.deleteFrom('passkeys').where('id', '=', id).execute();
      await refreshMfa(trx, session.user.id);
      await this.mail(trx, session.user.id, 'passkeyRemoved', row.name);
    });
    this.onMailQueued();
  }

  async passkeyLoginOptions(): Promise<Record<string, unknown>> {
    const rp = this.rp();
    const options = await (await webauthn()).generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required' });
    await this.db.transaction().execute((trx) => this.saveChallenge(trx, 'passkey-login', options.challenge, null, CHALLENGE_TTL_MS));
    return options as unknown as Record<string, unknown>;
  }

  /**
   * Checks an assertion against its single-use challenge and the stored credential (origin,
   * rpId, signature, user verification, a counter that only goes up); updates the counter.
   */
  private async checkPasskey(response: AuthenticationResponseJSON): Promise<{ userId: number; email: string } | null> {
    const rp = this.rp();
    const key = await this.db
      .selectFrom('passkeys')
      .select(['id', 'user_id', 'credential_id', 'public_key', 'counter', 'transports'])
      .where('credential_id', '=', String(response.id ?? ''))
      .executeTakeFirst();
    const holder = key ? await accountById(this.db, key.user_id) : undefined;
    const stored = key && holder ? { ...key, email: holder.email } : undefined;
    if (!stored) throw new HttpError(401, SECURITY_MESSAGES.passkeyUnknown);
    await this.takeFactorAttempt(stored.user_id);
    return this.db.transaction().execute(async (trx) => {
      const challenge = challengeOf(response as unknown as { response: Record<string, unknown> });
      if (!(await this.takeChallenge(trx, 'passkey-login', challenge))) return null;
      let verified;
      try {
        verified = await (
          await webauthn()
        ).verifyAuthenticationResponse({
          response,
          expectedChallenge: challenge!,
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
          requireUserVerification: true,
          credential: {
            id: stored.credential_id,
            publicKey: Buffer.from(stored.public_key, 'base64url'),
            counter: Number(stored.counter),
            transports: stored.transports ? (stored.transports.split(',') as never) : undefined,
          },
        });
      } catch {
        return null;
      }
      if (!verified.verified) return null;
      const moved = await trx
        .updateTable('passkeys')
        .set({ counter: verified.authenticationInfo.newCounter, last_used_at: nowIso(new Date(this.clock())) })
        .where('id', '=', stored.id)
        .where((eb) => eb.or([eb('counter', '<', verified.authenticationInfo.newCounter), eb('counter', '=', 0)]))
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) return null;
      return { userId: stored.user_id, email: stored.email };
    });
  }

  async passkeyLogin(response: Record<string, unknown>, context: SignInContext): Promise<LoginResponse> {
    const found = await this.checkPasskey(response as unknown as AuthenticationResponseJSON);
    if (!found) throw new HttpError(401, SECURITY_MESSAGES.passkeyInvalid);
    await this.signedIn(found.userId, found.email);
    const user = await requireAccount(this.db, found.userId);
    const token = await this.auth.issueToken(this.db, found.userId, { method: 'passkey', userAgent: context.userAgent, now: this.clock() });
    return { access_token: token, user: signedInUser(user) };
  }

  // ── Authenticator app ──

  async totpSetup(session: Session): Promise<{ secret: string; uri: string; qrSvg: string }> {
    this.requireRecent(session);
    const existing = await this.db.selectFrom('totp_factors').select('confirmed_at').where('user_id', '=', session.user.id).executeTakeFirst();
    if (existing?.confirmed_at) throw new HttpError(409, SECURITY_MESSAGES.totpAlready);
    const secret = new Secret({ size: 20 }).base32;
    const now = nowIso(new Date(this.clock()));
    await this.db
      .insertInto('totp_factors')
      .values({ user_id: session.user.id, secret, confirmed_at: null, last_step: 0, created_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ secret, created_at: now, last_step: 0 }))
      .execute();
    const uri = new TOTP({
      issuer: this.config.BRAND_NAME,
      label: session.user.email,
      secret: Secret.fromBase32(secret),
      digits: 6,
      period: TOTP_PERIOD,
      algorithm: 'SHA1',
    }).toString();
    const qrSvg = await (await qrcode()).toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
    return { secret, uri, qrSvg };
  }

  async totpConfirm(session: Session, code: string): Promise<{ recoveryCodes?: string[] }> {
    this.requireRecent(session);
    await this.takeFactorAttempt(session.user.id);
    const result = await this.db.transaction().execute(async (trx) => {
      const pending = await trx
        .selectFrom('totp_factors')
        .select(['secret', 'confirmed_at', 'created_at'])
        .where('user_id', '=', session.user.id)
        .executeTakeFirst();
      if (!pending || pending.confirmed_at) throw new HttpError(409, pending ? SECURITY_MESSAGES.totpAlready : SECURITY_MESSAGES.totpNotStarted);
      // A set-up left unconfirmed for more than 10 minutes starts again (its QR code may have been seen).
      if (this.clock() - Date.parse(pending.created_at) > RECENT_SIGN_IN_MS) throw new HttpError(409, SECURITY_MESSAGES.totpNotStarted);
      const step = /^\d{6}$/.test(code.replace(/\s/g, '')) ? this.totpStep(pending.secret, code.replace(/\s/g, '')) : null;
      if (step === null) return null;
      await trx
        .updateTable('totp_factors')
        .set({ confirmed_at: nowIso(new Date(this.clock())), last_step: step })
        .where('user_id', '=', session.user.id)
        .execute();
      await refreshMfa(trx, session.user.id);
      const recoveryCodes = await this.firstFactorCodes(trx, session.user.id);
      await this.mail(trx, session.user.id, 'totpAdded');
      return recoveryCodes ? { recoveryCodes } : {};
    });
    if (!result) throw new HttpError(400, SECURITY_MESSAGES.codeInvalid);
    // The holder of a recent session proved the new factor: its budget starts afresh.
    await this.signedIn(session.user.id, session.user.email);
    this.onMailQueued();
    return result;
  }

  async totpRemove(session: Session): Promise<void> {
    this.requireRecent(session);
    await this.db.transaction().execute(async (trx) => {
      const gone = await trx.deleteFrom('totp_factors').where('user_id', '=', session.user.id).where('confirmed_at', 'is not', null).executeTakeFirst();
      if (Number(gone.numDeletedRows) !== 1) throw new HttpError(404, SECURITY_MESSAGES.totpNone);
      await refreshMfa(trx, session.user.id);
      await this.mail(trx, session.user.id, 'totpRemoved');
    });
    this.onMailQueued();
  }

  async renewRecoveryCodes(session: Session): Promise<string[]> {
    this.requireRecent(session);
    const codes = await this.db.transaction().execute(async (trx) => {
      const user = await requireAccount(trx, session.user.id);
      if (!user.mfa) throw new HttpError(409, SECURITY_MESSAGES.recoveryNeedsFactor);
      const made = await makeRecoveryCodes(trx, session.user.id);
      await this.mail(trx, session.user.id, 'recoveryRenewed');
      return made;
    });
    this.onMailQueued();
    return codes;
  }

  // ── Sessions ──

  async overview(session: Session): Promise<SecurityOverview> {
    const userId = session.user.id;
    const [passkeys, totp, codes, sessions] = await Promise.all([
      this.db.selectFrom('passkeys').select(['id', 'name', 'created_at', 'last_used_at', 'backed_up']).where('user_id', '=', userId).orderBy('id').execute(),
      this.db.selectFrom('totp_factors').select('user_id').where('user_id', '=', userId).where('confirmed_at', 'is not', null).executeTakeFirst(),
      this.db
        .selectFrom('recovery_codes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .executeTakeFirstOrThrow(),
      this.auth.openSessions(userId),
    ]);
    return {
      passkeysAvailable: relyingParty(this.config) !== null,
      passkeys: passkeys.map((p) => ({ id: p.id, name: p.name, createdAt: p.created_at, lastUsedAt: p.last_used_at, backedUp: p.backed_up === 1 })),
      totp: Boolean(totp),
      recoveryCodesLeft: Number(codes.n),
      sessions: sessions.map((s) => ({
        id: s.id,
        ...describeAgent(s.user_agent),
        createdAt: s.created_at,
        lastSeenAt: s.last_seen_at ?? s.created_at,
        current: s.id === session.tokenId,
      })),
      mfaSetupRequired: session.mfaMissing,
      recentSignIn: this.isRecent(session),
    };
  }

  /** `npm run user -- reset-mfa`: a locked-out person's factors go, their sessions end; the activity log says so. */
  async resetFactors(email: string): Promise<boolean> {
    const user = await accountByEmail(this.db, email.trim().toLowerCase());
    if (!user) return false;
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('passkeys').where('user_id', '=', user.id).execute();
      await trx.deleteFrom('totp_factors').where('user_id', '=', user.id).execute();
      await trx.deleteFrom('recovery_codes').where('user_id', '=', user.id).execute();
      await changeAccount(trx, user.id, { mfa: 0 });
      await revokeSessions(trx, user.id);
      await logActivity(trx, null, { kind: 'security', action: 'reset', subject: user.email });
      await this.mail(trx, user.id, 'factorsReset');
    });
    this.onMailQueued();
    return true;
  }
}
