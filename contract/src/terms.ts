import { defineMessages } from './messages.ts';
import { z } from 'zod';
import { TERMS_DEPOSIT_MAX, TERMS_DISCOUNT_MAX } from './terms-helpers.ts';
import { CURRENCIES, isCurrency } from './currency-helpers.ts';
import { CURRENCY_MESSAGES } from './currencies.ts';

export * from './terms-helpers.ts';

/** What the terms API answers when a value cannot be taken: 422, naming the field (issue 47). */
export const TERMS_MESSAGES = defineMessages('terms', {
  discountInvalid: {
    en: 'discount: the discount is a percentage from 0 to 50, with at most 2 decimals.',
    fr: 'discount : la remise est un pourcentage de 0 à 50, avec 2 décimales au plus.',
  },
  paymentDaysInvalid: {
    en: 'paymentDays: payment terms are 0 to 60 days (45 at most from the end of the month), or none to keep the label’s.',
    fr: 'paymentDays : le délai de paiement est de 0 à 60 jours (45 au plus à compter de la fin du mois), ou aucun pour garder celui de la marque.',
  },
  minimumInvalid: {
    en: 'openingMinimum, reorderMinimum: a minimum is an amount of 0 or more with at most 2 decimals, or none to keep the season’s.',
    fr: 'openingMinimum, reorderMinimum : un minimum est un montant de 0 ou plus avec 2 décimales au plus, ou aucun pour garder celui de la saison.',
  },
  creditLimitInvalid: {
    en: 'creditLimit: a credit limit is an amount of 0 or more with at most 2 decimals, or none.',
    fr: 'creditLimit : un plafond de crédit est un montant de 0 ou plus avec 2 décimales au plus, ou aucun.',
  },
  depositInvalid: {
    en: 'deposit: a deposit is a whole percentage from 0 to 100 of a pre-order, or none.',
    fr: 'deposit : un acompte est un pourcentage entier de 0 à 100 d’une précommande, ou aucun.',
  },
});

const twoDecimals = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6;

/**
 * `PUT /api/admin/companies/{id}/terms`: a company's own terms; null keeps the label's (the invoicing
 * settings' payment terms, the season's minimums). The shape is checked here (400), the values by
 * `termsProblem` (422, naming the field).
 */
export const companyTermsInput = z.object({
  paymentDays: z.number().nullable(),
  endOfMonth: z.boolean().nullable(),
  discount: z.number(),
  openingMinimum: z.number().nullable(),
  reorderMinimum: z.number().nullable(),
  /** What the company may owe (unpaid invoices and orders not yet invoiced) before an order goes to review; null or absent: no limit. */
  creditLimit: z.number().nullable().optional(),
  /** A deposit in percent of each pre-order, invoiced when the order is confirmed (0–100); null or absent: none. */
  deposit: z.number().nullable().optional(),
  /** Its parcels wait until the deposit is paid; absent: false. */
  depositHold: z.boolean().optional(),
  /** The currency it buys in (EUR, GBP, CHF, USD, JPY); absent: unchanged. Its own minimums and credit limit are in it. */
  currency: z.string().optional(),
});
export type CompanyTermsInput = z.infer<typeof companyTermsInput>;

/** Every value a set of terms cannot take: its field (a JSON pointer) and the API's sentence; empty when all are fine. */
export function termsProblems(input: CompanyTermsInput): Array<{ field: string; message: string }> {
  const problems: Array<{ field: string; message: string }> = [];
  const add = (field: string, message: string) => problems.push({ field: `/${field}`, message });
  if (input.discount < 0 || input.discount > TERMS_DISCOUNT_MAX || !twoDecimals(input.discount)) add('discount', TERMS_MESSAGES.discountInvalid);
  if (input.paymentDays !== null) {
    const max = input.endOfMonth ? 45 : 60;
    if (!Number.isInteger(input.paymentDays) || input.paymentDays < 0 || input.paymentDays > max) add('paymentDays', TERMS_MESSAGES.paymentDaysInvalid);
  }
  const whole = input.currency === 'JPY';
  const amountOk = (v: number | null, max: number) => v === null || (v >= 0 && v <= max && twoDecimals(v) && (!whole || Number.isInteger(v)));
  if (!amountOk(input.openingMinimum, 10_000_000)) add('openingMinimum', TERMS_MESSAGES.minimumInvalid);
  if (!amountOk(input.reorderMinimum, 10_000_000)) add('reorderMinimum', TERMS_MESSAGES.minimumInvalid);
  if (!amountOk(input.creditLimit ?? null, 100_000_000)) add('creditLimit', TERMS_MESSAGES.creditLimitInvalid);
  const deposit = input.deposit ?? null;
  if (deposit !== null && (!Number.isInteger(deposit) || deposit < 0 || deposit > TERMS_DEPOSIT_MAX)) add('deposit', TERMS_MESSAGES.depositInvalid);
  if (input.currency !== undefined && !isCurrency(input.currency)) add('currency', CURRENCY_MESSAGES.currencyInvalid);
  return problems;
}

/** The first value a set of terms cannot take, as the API words it (the answer's `error`); null when all are fine. */
export function termsProblem(input: CompanyTermsInput): string | null {
  return termsProblems(input)[0]?.message ?? null;
}

const applied = z.object({
  paymentDays: z.number().int(),
  endOfMonth: z.boolean(),
  discount: z.number(),
  openingMinimum: z.number(),
  reorderMinimum: z.number(),
  creditLimit: z.number().nullable(),
  /** The deposit asked on a pre-order, in percent (0: none), and whether parcels wait for it. */
  deposit: z.number(),
  depositHold: z.boolean(),
  /** The currency its prices, minimums, limit, orders and invoices are in. */
  currency: z.enum(CURRENCIES),
});

/** A company's terms: its own (null: the label's) and what applies to it now. */
export const companyTerms = companyTermsInput
  .extend({
    updatedAt: z.string().nullable(),
    /** What applies now: the company's own, else the label's payment terms and the current season's minimums. */
    applied,
  })
  .meta({ id: 'CompanyTerms' });
export type CompanyTerms = z.infer<typeof companyTerms>;
