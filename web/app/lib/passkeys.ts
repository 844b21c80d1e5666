import type { BodyOf } from '@atelier/contract/endpoints';
import { publicCall } from './api.ts';

/** A credential as the browser serializes it (`toJSON()`), as the server takes it. */
export type PasskeyResponse = BodyOf<'POST /auth/passkey/verify'>['response'];

/*
 * Passkeys with the browser's own WebAuthn JSON helpers (PublicKeyCredential.parse…FromJSON and
 * credential.toJSON(): Chrome and Edge 129, Firefox 119, Safari 18.4): no library to load, so the
 * login page stays within its first-load budget. A browser without them is offered no passkey, and
 * neither is a site served from an IP address (browsers refuse passkeys there).
 */

let pending: AbortController | undefined;

export const passkeysSupported = (): boolean =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential?.parseRequestOptionsFromJSON === 'function' && !/^[\d.]+$|[[:]/.test(location.hostname);

/** Stops a pending ceremony (the e-mail field's suggestion, before a button starts another one). */
export const cancelPasskeyCeremony = () => pending?.abort();

/** An assertion for a fresh sign-in challenge: on a button press, or `conditional` (the e-mail field's suggestions). */
export async function passkeyAssertion(mediation?: CredentialMediationRequirement): Promise<PasskeyResponse> {
  const options = (await publicCall('POST /auth/passkey/options')) as unknown as PublicKeyCredentialRequestOptionsJSON;
  cancelPasskeyCeremony();
  pending = new AbortController();
  const credential = (await navigator.credentials.get({
    publicKey: PublicKeyCredential.parseRequestOptionsFromJSON(options),
    mediation,
    signal: pending.signal,
  })) as PublicKeyCredential;
  return credential.toJSON() as unknown as PasskeyResponse;
}
