import { isIP } from 'node:net';
import { randomInt } from 'node:crypto';
import Bowser from 'bowser';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { sha256 } from '../../lib/crypto.ts';
import { changeAccount } from '../users/accounts.ts';

/* What the second step is made of: the passkey relying party, recovery codes, the WebAuthn challenge of a response. */

// The passkey library (and its ASN.1 and X.509 stack) is loaded by the first passkey ceremony, not at start.
export const webauthn = () => import('@simplewebauthn/server');
// The QR code library, by the first authenticator app set up.
export const qrcode = () => import('qrcode').then((m) => m.default);

export const RECOVERY_CODES = 10;
/** Recovery code letters: no 0/o, 1/l/i, so a printed code reads back without doubt. */
export const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const TOTP_PERIOD = 30;

export type ChallengeKind = 'mfa' | 'passkey-login' | 'passkey-add';
export type Trx = Kysely<Database>;

/** The relying party: PUBLIC_URL's host; none when it is an IP address (browsers refuse passkeys there). */
export function relyingParty(config: Config): { id: string; origin: string; name: string } | null {
  const url = new URL(config.PUBLIC_URL);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return null;
  return { id: host, origin: url.origin, name: config.BRAND_NAME };
}

/** `Firefox 133`, `macOS`: what a session list shows of a user agent. */
export function describeAgent(userAgent: string | null): { browser: string; system: string } {
  if (!userAgent) return { browser: '', system: '' };
  const parsed = Bowser.parse(userAgent);
  const major = parsed.browser.version?.split('.')[0];
  return {
    browser: [parsed.browser.name, major].filter(Boolean).join(' '),
    system: [parsed.os.name, parsed.os.versionName ?? parsed.os.version?.split('.')[0]].filter(Boolean).join(' '),
  };
}

/** The challenge a WebAuthn response answers (from its clientDataJSON), or null when unreadable. */
export function challengeOf(response: { response?: Record<string, unknown> }): string | null {
  const data = response.response?.clientDataJSON;
  if (typeof data !== 'string' || data.length > 4000) return null;
  try {
    const parsed = JSON.parse(Buffer.from(data, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof parsed.challenge === 'string' ? parsed.challenge : null;
  } catch {
    return null;
  }
}

export function recoveryCode(): string {
  const pick = () => Array.from({ length: 5 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return `${pick()}-${pick()}`;
}
export const recoveryHash = (code: string) => sha256(`recovery:${code.toLowerCase().replace(/[^a-z0-9]/g, '')}`);

export interface SignInContext {
  userAgent: string | null;
}

/** Whether the account has a factor, kept on the user row for the session check. */
export async function refreshMfa(trx: Trx, userId: number): Promise<boolean> {
  const passkeys = await trx
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const totp = await trx.selectFrom('totp_factors').select('user_id').where('user_id', '=', userId).where('confirmed_at', 'is not', null).executeTakeFirst();
  const mfa = Number(passkeys.n) > 0 || Boolean(totp);
  await changeAccount(trx, userId, { mfa: mfa ? 1 : 0 });
  if (!mfa) await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  return mfa;
}

/** New recovery codes (the old ones void); returned once, stored hashed. */
export async function makeRecoveryCodes(trx: Trx, userId: number): Promise<string[]> {
  await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  const codes = Array.from({ length: RECOVERY_CODES }, recoveryCode);
  await trx
    .insertInto('recovery_codes')
    .values(codes.map((code) => ({ user_id: userId, code_hash: recoveryHash(code), used_at: null })))
    .execute();
  return codes;
}
