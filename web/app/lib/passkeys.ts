import type { LoginResponse } from '@atelier/contract';
import { apiRequest } from './api.ts';

/** The WebAuthn helpers load only when a passkey is used: no page pays for them up front. */
const browser = () => import('@simplewebauthn/browser');

/** The browser can make passkeys, and the site is under a host name (browsers refuse them on an IP address). */
export function passkeysSupported(): boolean {
  if (typeof window === 'undefined' || typeof window.PublicKeyCredential !== 'function') return false;
  const host = window.location.hostname;
  return !/^\d{1,3}(\.\d{1,3}){3}$/.test(host) && !host.startsWith('[') && !host.includes(':');
}

/** True when the browser offers passkeys in the e-mail field's suggestions (conditional mediation). */
export async function passkeyAutofillSupported(): Promise<boolean> {
  if (!passkeysSupported()) return false;
  return (await browser()).browserSupportsWebAuthnAutofill();
}

/** An assertion for the server's sign-in challenge (a button press, or the e-mail field's suggestion). */
export async function passkeyAssertion(autofill = false): Promise<Record<string, unknown>> {
  const options = await apiRequest<Record<string, unknown>>('/auth/passkey/options', { method: 'POST' });
  const { startAuthentication } = await browser();
  return (await startAuthentication({ optionsJSON: options as never, useBrowserAutofill: autofill })) as unknown as Record<string, unknown>;
}

/** A full sign-in with a passkey: no password, no second step. */
export async function passkeySignIn(autofill = false): Promise<LoginResponse> {
  const response = await passkeyAssertion(autofill);
  return apiRequest<LoginResponse>('/auth/passkey/verify', { method: 'POST', body: { response } });
}

/** Stops a pending autofill sign-in (before another WebAuthn ceremony starts, or on leaving the page). */
export async function cancelPasskeyCeremony(): Promise<void> {
  if (!passkeysSupported()) return;
  (await browser()).WebAuthnAbortService.cancelCeremony();
}

/** Makes a passkey for the options the server gave. */
export async function passkeyRegistration(options: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { startRegistration } = await browser();
  return (await startRegistration({ optionsJSON: options as never })) as unknown as Record<string, unknown>;
}
