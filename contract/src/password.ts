import { PASSWORD_MIN_LENGTH } from './constants.ts';

/** §5: at least 8 characters (200 at most), mixing letters and numbers. */
export function isValidNewPassword(value: string): boolean {
  return value.length >= PASSWORD_MIN_LENGTH && value.length <= 200 && /\p{L}/u.test(value) && /\p{N}/u.test(value);
}
