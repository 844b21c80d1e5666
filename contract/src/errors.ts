import { z } from 'zod';

/** Every non-success API answer has this body. */
export const errorBody = z.object({ error: z.string() }).meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof errorBody>;

/** Messages the server sends; the UI shows them as they are (spec §8: server message first). */
export const API_ERRORS = {
  invalidCredentials: 'Unable to sign in with these credentials.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  unauthenticated: 'Your session has expired. Please sign in again.',
  forbidden: 'You do not have access to this resource.',
  notFound: 'Not found.',
  wrongCurrentPassword: 'The current password is incorrect.',
  passwordMismatch: 'The new password and its confirmation do not match.',
  passwordPolicy: 'The password must be at least 8 characters long and mix letters and numbers.',
  invalidResetToken: 'This link is invalid or has expired. Please ask for a new one.',
  internal: 'Something went wrong on our side. Please try again.',
} as const;
