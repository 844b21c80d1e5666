import { z } from 'zod';
import { defineMessages } from './messages.ts';

/** One problem of a request, on the field it is about (issue 56): `field` a JSON pointer into the body (RFC 6901, as RFC 9457's extensions use it). */
export const fieldError = z
  .object({
    /** `/discount`, `/lines/2/quantity`; `/` for the body as a whole. */
    field: z.string(),
    /** Stable: `terms.discountInvalid`, or the validator's own (`invalid_type`, `too_big`…) for a generic problem. */
    code: z.string(),
    /** In the caller's language. */
    message: z.string(),
  })
  .meta({ id: 'FieldError' });
export type FieldError = z.infer<typeof fieldError>;

/** Every non-success API answer has this body. */
export const errorBody = z
  .object({
    error: z.string(),
    /** The error's stable code when it is one of the API's own sentences (`orders.orderNotFound`). */
    code: z.string().optional(),
    /** On a 400 or 422 about the body: each problem with its field, so a form marks every wrong field. */
    errors: z.array(fieldError).optional(),
    /** 403 on a sensitive change: sign in again (password, and a code or a passkey), then retry. */
    reauth: z.boolean().optional(),
    /** 403 on the back-office under MFA_REQUIRED=admin: add a second factor first. */
    mfaSetupRequired: z.boolean().optional(),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof errorBody>;

/** Messages the server sends; the UI shows them as they are (spec §8: server message first). */
export const API_ERRORS = defineMessages('api', {
  invalidCredentials: { en: 'Unable to sign in with these credentials.', fr: 'Impossible de se connecter avec ces identifiants.' },
  tooManyAttempts: {
    en: 'Too many attempts. Please wait a few minutes and try again.',
    fr: 'Trop de tentatives. Patientez quelques minutes avant de réessayer.',
  },
  unauthenticated: { en: 'Your session has expired. Please sign in again.', fr: 'Votre session a expiré. Veuillez vous reconnecter.' },
  forbidden: { en: 'You do not have access to this resource.', fr: 'Vous n’avez pas accès à cette ressource.' },
  notFound: { en: 'Not found.', fr: 'Introuvable.' },
  wrongCurrentPassword: { en: 'The current password is incorrect.', fr: 'Le mot de passe actuel est incorrect.' },
  passwordMismatch: { en: 'The new password and its confirmation do not match.', fr: 'Le nouveau mot de passe et sa confirmation ne correspondent pas.' },
  passwordPolicy: {
    en: 'The password must be at least 8 characters long and mix letters and numbers.',
    fr: 'Le mot de passe doit compter au moins 8 caractères et mêler lettres et chiffres.',
  },
  invalidResetToken: {
    en: 'This link is invalid or has expired. Please ask for a new one.',
    fr: 'Ce lien n’est pas valide ou a expiré. Demandez-en un nouveau.',
  },
  internal: { en: 'Something went wrong on our side. Please try again.', fr: 'Un problème est survenu de notre côté. Veuillez réessayer.' },
  limitsUnavailable: {
    en: 'This service is unavailable for a moment. Please try again in a few seconds.',
    fr: 'Ce service est indisponible un instant. Réessayez dans quelques secondes.',
  },
  emailRequired: { en: 'E-mail is required.', fr: 'L’e-mail est obligatoire.' },
  passwordRequired: { en: 'Password is required.', fr: 'Le mot de passe est obligatoire.' },
  currentPasswordRequired: { en: 'The current password is required.', fr: 'Le mot de passe actuel est obligatoire.' },
  passwordUpdated: { en: 'Password updated.', fr: 'Mot de passe mis à jour.' },
  resetLinkSent: { en: 'If an account exists for this address, a link has been sent.', fr: 'Si un compte existe pour cette adresse, un lien a été envoyé.' },
  accountExists: { en: 'An account already exists for this address.', fr: 'Un compte existe déjà pour cette adresse.' },
  bodyTooLarge: { en: 'The request body is too large.', fr: 'Le contenu envoyé est trop volumineux.' },
  contentTypeRefused: { en: 'This content type is not accepted.', fr: 'Ce type de contenu n’est pas accepté.' },
  invalidRequest: { en: 'Invalid request.', fr: 'Requête invalide.' },
  idInvalid: { en: 'The id must be a number.', fr: 'L’identifiant doit être un nombre.' },
  activityKindUnknown: { en: 'Unknown kind of activity.', fr: 'Type d’activité inconnu.' },
  pageInvalid: { en: 'The page is a number from 1.', fr: 'La page est un nombre à partir de 1.' },
  imageFieldMissing: { en: 'Send the image in the field "image".', fr: 'Envoyez l’image dans le champ « image ».' },
  notAnImage: {
    en: 'This file is not an image we accept (JPEG, PNG, WebP or AVIF).',
    fr: 'Ce fichier n’est pas une image acceptée (JPEG, PNG, WebP ou AVIF).',
  },
  imageTooLarge: { en: 'The image is too large (15 MB at most).', fr: 'L’image est trop lourde (15 Mo au plus).' },
  imageTooManyPixels: { en: 'The image has too many pixels (40 megapixels at most).', fr: 'L’image compte trop de pixels (40 mégapixels au plus).' },
});

/**
 * The fields a sentence names before its colon ("discount: …", "openingMinimum, reorderMinimum: …"), as
 * JSON pointers; none when it names none.
 */
export function fieldsOf(message: string): string[] {
  const named = /^([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)*(?:, [a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)*)*): /.exec(message);
  return named ? named[1]!.split(', ').map((name) => `/${name.replace(/\./g, '/')}`) : [];
}
