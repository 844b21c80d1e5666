import { SENTENCES, defineMessages } from './messages.ts';
import { z } from 'zod';
import { ADDRESS_MESSAGES, postalAddress, postalAddressOut } from './address.ts';
import { isEuVat, normalizeVat } from './orders.ts';
import { FEC_DEFAULT_ACCOUNTS } from './vocabulary.ts';

/** Every sentence the invoicing API can send. */
export const INVOICING_MESSAGES = defineMessages('invoicing', {
  legalNameRequired: { en: 'The legal name is required (160 characters at most).', fr: 'La dénomination sociale est obligatoire (160 caractères au plus).' },
  legalFormInvalid: {
    en: 'The legal form is a short text, like SAS or SARL (40 characters at most).',
    fr: 'La forme juridique est un texte court, comme SAS ou SARL (40 caractères au plus).',
  },
  capitalInvalid: { en: 'The share capital is an amount in euros, 0 or more.', fr: 'Le capital social est un montant en euros, 0 ou plus.' },
  addressInvalid: ADDRESS_MESSAGES[SENTENCES].invalid,
  sirenInvalid: { en: 'The SIREN is 9 digits whose key is right (Luhn).', fr: 'Le SIREN compte 9 chiffres dont la clé est juste (Luhn).' },
  siretInvalid: {
    en: 'The SIRET is 14 digits whose key is right (Luhn) and which start with the SIREN.',
    fr: 'Le SIRET compte 14 chiffres dont la clé est juste (Luhn) et qui commencent par le SIREN.',
  },
  rcsInvalid: {
    en: 'The RCS town is required for a company registered in France (80 characters at most).',
    fr: 'La ville du RCS est obligatoire pour une société immatriculée en France (80 caractères au plus).',
  },
  vatInvalid: {
    en: 'This VAT number is not valid (for France: FR, its key and the SIREN).',
    fr: 'Ce numéro de TVA n’est pas valide (pour la France : FR, sa clé et le SIREN).',
  },
  ibanInvalid: { en: 'This IBAN is not valid (its check digits do not match).', fr: 'Cet IBAN n’est pas valide (sa clé de contrôle ne correspond pas).' },
  creditorIdInvalid: {
    en: 'A SEPA creditor identifier (ICS) is like FR72ZZZ123456: its check digits must match.',
    fr: 'Un identifiant créancier SEPA (ICS) s’écrit comme FR72ZZZ123456 : sa clé de contrôle doit correspondre.',
  },
  bicInvalid: { en: 'A BIC is 8 or 11 letters and digits, like BNPAFRPPXXX.', fr: 'Un BIC compte 8 ou 11 lettres et chiffres, comme BNPAFRPPXXX.' },
  prefixInvalid: {
    en: 'A number prefix is 1 to 20 letters, digits or + - _ / (the whole number stays within 35 characters).',
    fr: 'Un préfixe de numéro compte 1 à 20 lettres, chiffres ou + - _ / (le numéro entier reste sous 35 caractères).',
  },
  prefixesSame: { en: 'Invoices and credit notes need two different prefixes.', fr: 'Les factures et les avoirs demandent deux préfixes différents.' },
  termsInvalid: {
    en: 'Payment terms are 0 to 60 days (45 at most from the end of the month).',
    fr: 'Le délai de paiement va de 0 à 60 jours (45 au plus en fin de mois).',
  },
  penaltyInvalid: {
    en: 'The late-payment penalty rate is a percentage from 0 to 100, with 2 decimals at most.',
    fr: 'Le taux des pénalités de retard est un pourcentage de 0 à 100, avec 2 décimales au plus.',
  },
  discountInvalid: {
    en: 'An early-payment discount is a rate from 0.01 to 100 % with the days it applies within, or none.',
    fr: 'Un escompte pour paiement anticipé est un taux de 0,01 à 100 % avec le délai où il s’applique, ou aucun.',
  },
  accountInvalid: {
    en: 'An account number is 3 to 20 digits or capital letters, starting with a digit (as 411, 706, 44571, 512).',
    fr: 'Un numéro de compte compte 3 à 20 chiffres ou lettres capitales et commence par un chiffre (comme 411, 706, 44571, 512).',
  },
  fecYearInvalid: {
    en: 'The year of an accounting file is 4 digits, from 2000 to 2100.',
    fr: 'L’année d’un fichier des écritures comptables s’écrit en 4 chiffres, de 2000 à 2100.',
  },
  fecNeedsSettings: {
    en: 'The accounting file is named after the SIREN: fill in the invoicing settings first.',
    fr: 'Le fichier des écritures porte le SIREN dans son nom : renseignez d’abord les réglages de facturation.',
  },
});

const account = z
  .string({ error: INVOICING_MESSAGES.accountInvalid })
  .transform((v) => v.replace(/\s+/g, '').toUpperCase())
  .refine((v) => /^[0-9][0-9A-Z]{2,19}$/.test(v), { error: INVOICING_MESSAGES.accountInvalid });
export const fecAccounts = z.object({
  customers: account,
  sales: account,
  vatCollected: account,
  bank: account,
  /** Deposits received from customers (issue 47): a deposit invoice is credited here, a parcel's invoice takes it back. */
  customerDeposits: account.default(FEC_DEFAULT_ACCOUNTS.customerDeposits),
});
export type FecAccounts = z.output<typeof fecAccounts>;
/** `GET /api/admin/accounting/fec?year=`: the year whose entries the file holds. */
export const fecQuery = z.object({
  year: z
    .string({ error: INVOICING_MESSAGES.fecYearInvalid })
    .regex(/^\d{4}$/, { error: INVOICING_MESSAGES.fecYearInvalid })
    .transform(Number)
    .refine((y) => y >= 2000 && y <= 2100, { error: INVOICING_MESSAGES.fecYearInvalid }),
  lang: z.string().max(35).optional(),
});

/** Luhn's key over a string of digits (SIREN, SIRET). */
export function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export const isSiren = (value: string): boolean => /^\d{9}$/.test(value) && luhn(value);
/** A SIRET: 14 digits, Luhn, except La Poste's establishments (SIREN 356000000), whose digits sum to a multiple of 5. */
export function isSiret(value: string): boolean {
  if (!/^\d{14}$/.test(value)) return false;
  if (value.startsWith('356000000')) return [...value].reduce((n, d) => n + Number(d), 0) % 5 === 0;
  return luhn(value);
}

/** ISO 13616: letters to numbers, the first four characters moved to the end, mod 97 = 1. */
export function isIban(value: string): boolean {
  const iban = value.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  if (iban.startsWith('FR') && iban.length !== 27) return false;
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const char of moved) {
    const n = char >= 'A' ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of n) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest === 1;
}

/** A SEPA creditor identifier (ICS): country, check digits, a business code, then the national identifier; mod 97 over the last and the country. */
export function isCreditorId(value: string): boolean {
  const id = value.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{3}[A-Z0-9]{1,28}$/.test(id)) return false;
  if (id.startsWith('FR') && !/^FR\d{2}[A-Z0-9]{3}[A-Z0-9]{6}$/.test(id)) return false;
  return mod97(`${id.slice(7)}${id.slice(0, 4)}`);
}
function mod97(text: string): boolean {
  let rest = 0;
  for (const char of text) {
    const n = char >= 'A' ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of n) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest === 1;
}

const text = (max: number, message: string) => z.string({ error: message }).trim().max(max, { error: message });
const twoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;
const prefix = z
  .string({ error: INVOICING_MESSAGES.prefixInvalid })
  .trim()
  .regex(/^[A-Za-z0-9+\-_/]{1,20}$/, { error: INVOICING_MESSAGES.prefixInvalid });

/** `PUT /api/admin/invoicing/settings`: the label's legal identity, as every invoice must state it. */
export const invoicingSettingsInput = z
  .object({
    legalName: text(160, INVOICING_MESSAGES.legalNameRequired).min(1, { error: INVOICING_MESSAGES.legalNameRequired }),
    legalForm: text(40, INVOICING_MESSAGES.legalFormInvalid).min(1, { error: INVOICING_MESSAGES.legalFormInvalid }),
    shareCapital: z
      .number({ error: INVOICING_MESSAGES.capitalInvalid })
      .min(0, { error: INVOICING_MESSAGES.capitalInvalid })
      .max(1e12, { error: INVOICING_MESSAGES.capitalInvalid })
      .refine(twoDecimals, { error: INVOICING_MESSAGES.capitalInvalid }),
    address: postalAddress,
    siren: z
      .string({ error: INVOICING_MESSAGES.sirenInvalid })
      .transform((v) => v.replace(/\s+/g, ''))
      .refine(isSiren, { error: INVOICING_MESSAGES.sirenInvalid }),
    siret: z
      .string({ error: INVOICING_MESSAGES.siretInvalid })
      .transform((v) => v.replace(/\s+/g, ''))
      .refine(isSiret, { error: INVOICING_MESSAGES.siretInvalid }),
    rcsTown: text(80, INVOICING_MESSAGES.rcsInvalid).min(1, { error: INVOICING_MESSAGES.rcsInvalid }),
    vatNumber: z.string({ error: INVOICING_MESSAGES.vatInvalid }).transform(normalizeVat).refine(isEuVat, { error: INVOICING_MESSAGES.vatInvalid }),
    iban: z
      .string({ error: INVOICING_MESSAGES.ibanInvalid })
      .transform((v) => v.replace(/\s+/g, '').toUpperCase())
      .refine(isIban, { error: INVOICING_MESSAGES.ibanInvalid }),
    bic: z
      .string({ error: INVOICING_MESSAGES.bicInvalid })
      .transform((v) => v.replace(/\s+/g, '').toUpperCase())
      .refine((v) => /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(v), { error: INVOICING_MESSAGES.bicInvalid }),
    /** The SEPA creditor identifier (ICS) direct debits are collected under (issue 59); null or absent: none. */
    creditorId: z
      .string({ error: INVOICING_MESSAGES.creditorIdInvalid })
      .transform((v) => v.replace(/\s+/g, '').toUpperCase())
      .refine(isCreditorId, { error: INVOICING_MESSAGES.creditorIdInvalid })
      .nullable()
      .optional(),
    invoicePrefix: prefix,
    creditNotePrefix: prefix,
    paymentDays: z
      .number({ error: INVOICING_MESSAGES.termsInvalid })
      .int({ error: INVOICING_MESSAGES.termsInvalid })
      .min(0, { error: INVOICING_MESSAGES.termsInvalid })
      .max(60, { error: INVOICING_MESSAGES.termsInvalid }),
    endOfMonth: z.boolean({ error: INVOICING_MESSAGES.termsInvalid }),
    penaltyRate: z
      .number({ error: INVOICING_MESSAGES.penaltyInvalid })
      .min(0, { error: INVOICING_MESSAGES.penaltyInvalid })
      .max(100, { error: INVOICING_MESSAGES.penaltyInvalid })
      .refine(twoDecimals, { error: INVOICING_MESSAGES.penaltyInvalid }),
    /** null: no discount for early payment (what the invoice then says). */
    earlyPaymentDiscount: z
      .object({
        rate: z
          .number({ error: INVOICING_MESSAGES.discountInvalid })
          .min(0.01, { error: INVOICING_MESSAGES.discountInvalid })
          .max(100, { error: INVOICING_MESSAGES.discountInvalid })
          .refine(twoDecimals, { error: INVOICING_MESSAGES.discountInvalid }),
        days: z
          .number({ error: INVOICING_MESSAGES.discountInvalid })
          .int({ error: INVOICING_MESSAGES.discountInvalid })
          .min(0, { error: INVOICING_MESSAGES.discountInvalid })
          .max(60, { error: INVOICING_MESSAGES.discountInvalid }),
      })
      .nullable(),
    vatOnDebits: z.boolean(),
    /** The accounts of the FEC (accounting file); the French chart's usual ones when left out. */
    accounts: fecAccounts.default(FEC_DEFAULT_ACCOUNTS),
  })
  .refine((s) => s.siret.startsWith(s.siren), { error: INVOICING_MESSAGES.siretInvalid, path: ['siret'] })
  .refine((s) => !s.vatNumber.startsWith('FR') || s.vatNumber.endsWith(s.siren), { error: INVOICING_MESSAGES.vatInvalid, path: ['vatNumber'] })
  .refine((s) => s.invoicePrefix !== s.creditNotePrefix, { error: INVOICING_MESSAGES.prefixesSame, path: ['creditNotePrefix'] })
  .refine((s) => !s.endOfMonth || s.paymentDays <= 45, { error: INVOICING_MESSAGES.termsInvalid, path: ['paymentDays'] });
export type InvoicingSettingsInput = z.infer<typeof invoicingSettingsInput>;
export type InvoicingSettingsInputRaw = z.input<typeof invoicingSettingsInput>;

/** What `GET /api/admin/invoicing/settings` answers: the settings, or null fields before the first save. */
export const invoicingSettings = z
  .object({
    configured: z.boolean(),
    settings: z
      .object({
        legalName: z.string(),
        legalForm: z.string(),
        shareCapital: z.number(),
        address: postalAddressOut,
        siren: z.string(),
        siret: z.string(),
        rcsTown: z.string(),
        vatNumber: z.string(),
        iban: z.string(),
        bic: z.string(),
        creditorId: z.string().nullable().optional(),
        invoicePrefix: z.string(),
        creditNotePrefix: z.string(),
        paymentDays: z.number(),
        endOfMonth: z.boolean(),
        penaltyRate: z.number(),
        earlyPaymentDiscount: z.object({ rate: z.number(), days: z.number() }).nullable(),
        vatOnDebits: z.boolean(),
        accounts: z.object({ customers: z.string(), sales: z.string(), vatCollected: z.string(), bank: z.string(), customerDeposits: z.string() }),
      })
      .nullable(),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: 'InvoicingSettings' });
export type InvoicingSettings = z.infer<typeof invoicingSettings>;
