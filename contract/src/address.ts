import { defineMessages } from './messages.ts';
import { z } from 'zod';

export const ADDRESS_MESSAGES = defineMessages('address', {
  invalid: {
    en: 'The address needs a first line, a postcode, a town and a country (2 letters, like FR).',
    fr: 'L’adresse demande une première ligne, un code postal, une ville et un pays (2 lettres, comme FR).',
  },
});
const ADDRESS_MESSAGE = ADDRESS_MESSAGES.invalid;

const text = (max: number) => z.string({ error: ADDRESS_MESSAGE }).trim().max(max, { error: ADDRESS_MESSAGE });

/** A postal address as an invoice states it (EN 16931: line 1, line 2, postcode, town, ISO 3166 country). */
export const postalAddress = z.object({
  line1: text(120).min(1, { error: ADDRESS_MESSAGE }),
  line2: text(120)
    .optional()
    .transform((v) => v || ''),
  postcode: text(12).min(1, { error: ADDRESS_MESSAGE }),
  town: text(80).min(1, { error: ADDRESS_MESSAGE }),
  country: z
    .string({ error: ADDRESS_MESSAGE })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: ADDRESS_MESSAGE }),
});
export type PostalAddress = z.infer<typeof postalAddress>;
/** The same, as answers carry it (no transform, so it serialises as it is). */
export const postalAddressOut = z.object({ line1: z.string(), line2: z.string(), postcode: z.string(), town: z.string(), country: z.string() });

/** `12 rue des Tisserands, 34000 Montpellier, FR`: the one-line form older screens and exports show. */
export const addressLine = (a: PostalAddress): string => [a.line1, a.line2, `${a.postcode} ${a.town}`, a.country].filter(Boolean).join(', ');
