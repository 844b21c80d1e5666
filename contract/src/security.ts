import { defineMessages } from './messages.ts';
import { z } from 'zod';
import { user } from './auth.ts';

/** Every sentence the sign-in factors and sessions API can send. */
export const SECURITY_MESSAGES = defineMessages('security', {
  codeInvalid: { en: 'This code is not right, or it was already used. Please try again.', fr: 'Ce code n’est pas le bon, ou il a déjà servi. Réessayez.' },
  codeFormat: {
    en: 'Enter the 6-digit code of your authenticator app, or one of your recovery codes.',
    fr: 'Saisissez le code à 6 chiffres de votre application d’authentification, ou l’un de vos codes de secours.',
  },
  mfaTokenInvalid: { en: 'This sign-in step has expired. Please sign in again.', fr: 'Cette étape de connexion a expiré. Reconnectez-vous.' },
  passkeyInvalid: { en: 'This passkey could not be checked. Please try again.', fr: 'Cette clé d’accès n’a pas pu être vérifiée. Réessayez.' },
  passkeyUnknown: {
    en: 'This passkey is not known here. Sign in with your password, then add it again.',
    fr: 'Cette clé d’accès n’est pas connue ici. Connectez-vous avec votre mot de passe, puis ajoutez-la de nouveau.',
  },
  passkeysUnavailable: {
    en: 'Passkeys need the site to be served under a domain name (not an IP address).',
    fr: 'Les clés d’accès demandent que le site soit servi sous un nom de domaine (pas une adresse IP).',
  },
  passkeyNotFound: { en: 'This passkey does not exist (introuvable).', fr: 'Cette clé d’accès est introuvable.' },
  passkeyName: { en: 'A passkey name is 1 to 60 characters.', fr: 'Le nom d’une clé d’accès compte 1 à 60 caractères.' },
  totpNotStarted: {
    en: 'Start the authenticator set-up again: its code has expired.',
    fr: 'Recommencez la configuration de l’application : son code a expiré.',
  },
  totpAlready: {
    en: 'An authenticator app is already set up. Remove it first to set up another one.',
    fr: 'Une application d’authentification est déjà configurée. Retirez-la d’abord pour en configurer une autre.',
  },
  totpNone: { en: 'No authenticator app is set up.', fr: 'Aucune application d’authentification n’est configurée.' },
  reauthRequired: {
    en: 'For this change, please confirm it is you: sign in again.',
    fr: 'Pour ce changement, confirmez que c’est bien vous : reconnectez-vous.',
  },
  mfaRequired: {
    en: 'Administrators must add a second factor (a passkey or an authenticator app) before using the back-office.',
    fr: 'Les administrateurs doivent ajouter un second facteur (une clé d’accès ou une application d’authentification) avant d’utiliser le back-office.',
  },
  sessionNotFound: { en: 'This session does not exist (introuvable).', fr: 'Cette session est introuvable.' },
  recoveryNeedsFactor: {
    en: 'Recovery codes come with a second factor: add a passkey or an authenticator app first.',
    fr: 'Les codes de secours vont avec un second facteur : ajoutez d’abord une clé d’accès ou une application d’authentification.',
  },
  signedOutOthers: { en: 'Your other sessions are signed out.', fr: 'Vos autres sessions sont déconnectées.' },
  reauthDone: { en: 'Thank you, you can carry on.', fr: 'Merci, vous pouvez continuer.' },
});

/** A second step after a right password: the account has a second factor. */
export const mfaChallenge = z
  .object({
    mfa_required: z.literal(true),
    /** Lives 5 minutes, serves once, opens nothing but `POST /api/auth/mfa`. */
    mfa_token: z.string(),
    methods: z.array(z.enum(['totp', 'passkey', 'recovery'])),
  })
  .meta({ id: 'MfaChallenge' });
export type MfaChallenge = z.infer<typeof mfaChallenge>;

export const mfaRequest = z
  .object({
    mfa_token: z.string().min(1).max(200),
    code: z
      .string({ error: SECURITY_MESSAGES.codeFormat })
      .trim()
      .min(1, { error: SECURITY_MESSAGES.codeFormat })
      .max(40, { error: SECURITY_MESSAGES.codeFormat }),
  })
  .meta({ id: 'MfaRequest' });

/** WebAuthn JSON from the browser (checked by the WebAuthn library, not here). */
const webauthnResponse = z.looseObject({
  id: z.string().max(2000),
  rawId: z.string().max(2000),
  type: z.string().max(40),
  response: z.record(z.string(), z.unknown()),
});
export const passkeyVerifyRequest = z.object({ response: webauthnResponse }).meta({ id: 'PasskeyVerifyRequest' });
export const passkeyAddRequest = z
  .object({
    response: webauthnResponse,
    name: z
      .string({ error: SECURITY_MESSAGES.passkeyName })
      .trim()
      .min(1, { error: SECURITY_MESSAGES.passkeyName })
      .max(60, { error: SECURITY_MESSAGES.passkeyName }),
  })
  .meta({ id: 'PasskeyAddRequest' });
export const passkeyRenameRequest = z.object({ name: passkeyAddRequest.shape.name }).meta({ id: 'PasskeyRenameRequest' });
/** WebAuthn options for the browser (`navigator.credentials.create/get`), as the library makes them. */
export const webauthnOptions = z.record(z.string(), z.unknown()).meta({ id: 'WebAuthnOptions' });

export const reauthRequest = z
  .object({
    password: z.string().max(200).optional(),
    code: z.string().trim().max(40).optional(),
    passkey: webauthnResponse.optional(),
  })
  .meta({ id: 'ReauthRequest' });

export const totpConfirmRequest = z.object({ code: mfaRequest.shape.code }).meta({ id: 'TotpConfirmRequest' });
export const totpSetup = z
  .object({
    /** Base32, to type into the app by hand. */
    secret: z.string(),
    /** otpauth:// URI, what the QR code holds. */
    uri: z.string(),
    /** The QR code as an SVG document, drawn on the server. */
    qrSvg: z.string(),
  })
  .meta({ id: 'TotpSetup' });

/** Given once, when the first factor is added or the codes are made again. */
export const recoveryCodes = z.object({ recoveryCodes: z.array(z.string()) }).meta({ id: 'RecoveryCodes' });
/** A factor confirmed: the account's first one comes with its recovery codes (given once), later ones with none. */
export const factorCodes = recoveryCodes.partial();
/** A passkey added: its id, and the recovery codes when it is the account's first factor. */
export const addedPasskey = factorCodes.extend({ id: z.number() });

export const passkey = z
  .object({ id: z.number(), name: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable(), backedUp: z.boolean() })
  .meta({ id: 'Passkey' });
export type Passkey = z.infer<typeof passkey>;
export const sessionInfo = z
  .object({
    id: z.number(),
    browser: z.string(),
    system: z.string(),
    createdAt: z.string(),
    lastSeenAt: z.string(),
    current: z.boolean(),
  })
  .meta({ id: 'SessionInfo' });
export type SessionInfo = z.infer<typeof sessionInfo>;

export const securityOverview = z
  .object({
    /** False when PUBLIC_URL's host is an IP address: browsers refuse passkeys there. */
    passkeysAvailable: z.boolean(),
    passkeys: z.array(passkey),
    totp: z.boolean(),
    recoveryCodesLeft: z.number(),
    sessions: z.array(sessionInfo),
    /** This account must add a second factor before anything else (MFA_REQUIRED=admin). */
    mfaSetupRequired: z.boolean(),
    /** Signed in (or confirmed) less than 10 minutes ago: sensitive changes need no new sign-in. */
    recentSignIn: z.boolean(),
  })
  .meta({ id: 'SecurityOverview' });
export type SecurityOverview = z.infer<typeof securityOverview>;

/** What `POST /api/auth/login` answers: a session, or the second step. */
export const loginOrMfa = z.union([z.object({ access_token: z.string(), user }), mfaChallenge]);
export type LoginOrMfa = z.infer<typeof loginOrMfa>;

export const RECENT_SIGN_IN_MS = 10 * 60_000;
export const MFA_TOKEN_TTL_MS = 5 * 60_000;
export const CHALLENGE_TTL_MS = 5 * 60_000;
