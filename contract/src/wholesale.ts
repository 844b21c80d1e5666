import { defineMessages } from './messages.ts';
import { z } from 'zod';
import { LOCALES } from './constants.ts';
import { bothLocalesOnce } from './vocabulary.ts';

export const WHOLESALE_MESSAGES = defineMessages('wholesale', {
  validUntilInvalid: { en: 'The valid-until date must be a real date (YYYY-MM-DD).', fr: 'La date de validité doit être une vraie date (AAAA-MM-JJ).' },
  minimumInvalid: {
    en: 'Minimums are amounts in euros of 0 or more, with at most 2 decimals.',
    fr: 'Les minimums sont des montants en euros de 0 ou plus, avec au plus 2 décimales.',
  },
  orderEmailInvalid: { en: 'The contact for orders must be a valid e-mail address.', fr: 'Le contact pour les commandes doit être une adresse e-mail valide.' },
  seasonRequired: { en: 'The season name is required in French and in English.', fr: 'Le nom de la saison est requis en français et en anglais.' },
  textsBothLocales: {
    en: 'The terms are needed in French and in English, once each.',
    fr: 'Les conditions sont requises en français et en anglais, une fois chacune.',
  },
  textTooLong: { en: 'A term is too long (2,000 characters at most).', fr: 'Une condition est trop longue (2 000 caractères au plus).' },
  lineSheetFailed: {
    en: 'The line sheet could not be made right now. Please try again.',
    fr: 'Le catalogue revendeur n’a pas pu être préparé. Veuillez réessayer.',
  },
  termsSaved: { en: 'The wholesale terms were saved.', fr: 'Les conditions revendeur ont été enregistrées.' },
});

/** A real calendar day: 2027-02-30 is refused. */
export function isRealDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d && y >= 2000 && y <= 2100;
}

const minimum = z
  .number({ error: WHOLESALE_MESSAGES.minimumInvalid })
  .min(0, { error: WHOLESALE_MESSAGES.minimumInvalid })
  .max(10_000_000, { error: WHOLESALE_MESSAGES.minimumInvalid })
  .refine((p) => Math.abs(p * 100 - Math.round(p * 100)) < 1e-6, { error: WHOLESALE_MESSAGES.minimumInvalid });

const termText = z.string().trim().max(2000, { error: WHOLESALE_MESSAGES.textTooLong }).default('');

export const termsTranslation = z.object({
  locale: z.enum(LOCALES),
  seasonName: z
    .string({ error: WHOLESALE_MESSAGES.seasonRequired })
    .trim()
    .min(1, { error: WHOLESALE_MESSAGES.seasonRequired })
    .max(80, { error: WHOLESALE_MESSAGES.seasonRequired }),
  paymentTerms: termText,
  deliveryWindow: termText,
  shippingNotes: termText,
});

/** `PUT /api/admin/wholesale/terms`: the season's terms of trade, every text in both languages. */
export const termsInput = z.object({
  validUntil: z.string({ error: WHOLESALE_MESSAGES.validUntilInvalid }).trim().refine(isRealDay, { error: WHOLESALE_MESSAGES.validUntilInvalid }),
  openingMinimum: minimum,
  reorderMinimum: minimum,
  orderEmail: z
    .string({ error: WHOLESALE_MESSAGES.orderEmailInvalid })
    .trim()
    .toLowerCase()
    .max(254, { error: WHOLESALE_MESSAGES.orderEmailInvalid })
    .pipe(z.email({ error: WHOLESALE_MESSAGES.orderEmailInvalid })),
  translations: z.array(termsTranslation).refine(bothLocalesOnce, { error: WHOLESALE_MESSAGES.textsBothLocales }),
});
export type TermsInput = z.infer<typeof termsInput>;
export type TermsInputRaw = z.input<typeof termsInput>;

/** The back-office shape. Before the first save every field is empty (`validUntil` null). */
export const adminTerms = z
  .object({
    validUntil: z.string().nullable(),
    openingMinimum: z.number(),
    reorderMinimum: z.number(),
    orderEmail: z.string(),
    translations: z.array(
      z.object({ locale: z.enum(LOCALES), seasonName: z.string(), paymentTerms: z.string(), deliveryWindow: z.string(), shippingNotes: z.string() }),
    ),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: 'WholesaleTermsAdmin' });
export type AdminTerms = z.infer<typeof adminTerms>;

/** What a signed-in retailer reads: the texts in the asked language. */
export const terms = z
  .object({
    seasonName: z.string(),
    validUntil: z.string().nullable(),
    openingMinimum: z.number(),
    reorderMinimum: z.number(),
    orderEmail: z.string(),
    paymentTerms: z.string(),
    deliveryWindow: z.string(),
    shippingNotes: z.string(),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: 'WholesaleTerms' });
export type Terms = z.infer<typeof terms>;
