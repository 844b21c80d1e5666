import { z } from 'zod';
import { ROLES } from './constants.ts';
import { COMPANY_ROLES } from './company-constants.ts';
import { isValidNewPassword } from './password.ts';
import { API_ERRORS } from './errors.ts';
import { RETAILER_MESSAGES } from './retailers.ts';

export const role = z.enum(ROLES);

export const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ error: RETAILER_MESSAGES.emailInvalid }));

/** §5: at least 8 characters, a mix of letters and numbers. */
export const newPassword = z.string().refine(isValidNewPassword, { error: API_ERRORS.passwordPolicy });

export { isValidNewPassword };

export const user = z
  .object({
    email: z.string(),
    role,
    /** A retailer's person: their company and role in it (issue 46). */
    company: z.object({ id: z.number(), role: z.enum(COMPANY_ROLES) }).optional(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof user>;

export const loginRequest = z
  .object({
    email: z.string().trim().min(1, { error: API_ERRORS.emailRequired }).max(254),
    password: z.string().min(1, { error: API_ERRORS.passwordRequired }).max(200),
  })
  .meta({ id: 'LoginRequest' });
export type LoginRequest = z.infer<typeof loginRequest>;

export const loginResponse = z.object({ access_token: z.string(), user }).meta({ id: 'LoginResponse' });
export type LoginResponse = z.infer<typeof loginResponse>;

export const passwordChangeRequest = z
  .object({
    current_password: z.string().min(1, { error: API_ERRORS.currentPasswordRequired }).max(200),
    password: newPassword,
    password_confirmation: z.string().max(200),
  })
  .refine((v) => v.password === v.password_confirmation, {
    error: API_ERRORS.passwordMismatch,
    path: ['password_confirmation'],
  })
  .meta({ id: 'PasswordChangeRequest' });
export type PasswordChangeRequest = z.infer<typeof passwordChangeRequest>;

export const forgotPasswordRequest = z
  .object({ email: z.string().trim().min(1).max(254), lang: z.enum(['fr', 'en']).optional() })
  .meta({ id: 'ForgotPasswordRequest' });

export const resetPasswordRequest = z
  .object({
    token: z.string().min(10).max(200),
    password: newPassword,
    password_confirmation: z.string().max(200),
  })
  .refine((v) => v.password === v.password_confirmation, {
    error: API_ERRORS.passwordMismatch,
    path: ['password_confirmation'],
  })
  .meta({ id: 'ResetPasswordRequest' });

export const messageResponse = z.object({ message: z.string() }).meta({ id: 'Message' });
