import { z } from 'zod';
import { LOCALES } from './constants.ts';
import { bothLocalesOnce } from './vocabulary.ts';

export const WHOLESALE_MESSAGES = {
  validUntilInvalid: 'The valid-until date must be a real date (YYYY-MM-DD).',
  minimumInvalid: 'Minimums are amounts in euros of 0 or more, with at most 2 decimals.',
  orderEmailInvalid: 'The contact for orders must be a valid e-mail address.',
  seasonRequired: 'The season name is required in French and in English.',
  textsBothLocales: 'The terms are needed in French and in English, once each.',
  textTooLong: 'A term is too long (2,000 characters at most).',
  lineSheetFailed: 'The line sheet could not be made right now. Please try again.',
  termsSaved: 'The wholesale terms were saved.',
} as const;

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
