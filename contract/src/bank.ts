import { z } from 'zod';
import { defineMessages } from './messages.ts';
import { pageOf, pageQuery } from './paging.ts';
import { isRealDay } from './wholesale.ts';
import { isIban } from './seller.ts';

/** Every sentence the bank's calls can send (issue 59): statements, matching, mandates, collections, returns. */
export const BANK_MESSAGES = defineMessages('bank', {
  fileMissing: { en: 'Send the statement as the multipart field "file".', fr: 'Envoyez le relevé dans le champ multipart « file ».' },
  fileTooLarge: { en: 'A statement is 20 MB at most.', fr: 'Un relevé fait 20 Mo au plus.' },
  notStatement: {
    en: 'This file is neither a camt.053 statement (version 001.02 or 001.08) nor a CSV.',
    fr: 'Ce fichier n’est ni un relevé camt.053 (version 001.02 ou 001.08) ni un CSV.',
  },
  schemaInvalid: { en: 'This statement does not pass its XSD:', fr: 'Ce relevé ne respecte pas son XSD :' },
  otherCurrency: {
    en: 'The account is kept in euros; this entry is in another currency:',
    fr: 'Le compte est tenu en euros ; cette écriture est dans une autre devise :',
  },
  alreadyImported: { en: 'This statement was already imported:', fr: 'Ce relevé a déjà été importé :' },
  csvColumnsMissing: {
    en: 'Choose the CSV’s columns first (date, amount, and the payer or the reference); they are remembered.',
    fr: 'Choisissez d’abord les colonnes du CSV (date, montant, et le payeur ou le libellé) ; elles sont retenues.',
  },
  csvColumnsInvalid: {
    en: 'The CSV’s columns are the header’s names: a date, an amount, and at least a payer or a reference column.',
    fr: 'Les colonnes du CSV sont les noms de son en-tête : une date, un montant, et au moins une colonne de payeur ou de libellé.',
  },
  csvColumnUnknown: { en: 'This column is not in the file’s header:', fr: 'Cette colonne n’est pas dans l’en-tête du fichier :' },
  csvLineInvalid: { en: 'A line of the CSV cannot be read:', fr: 'Une ligne du CSV ne peut pas être lue :' },
  entryNotFound: { en: 'This bank line does not exist (introuvable).', fr: 'Cette ligne de relevé est introuvable.' },
  entryDone: { en: 'This bank line is already matched or set aside.', fr: 'Cette ligne de relevé est déjà rapprochée ou écartée.' },
  entryNotCredit: { en: 'Only money in (a credit) is matched to invoices.', fr: 'Seul l’argent reçu (un crédit) se rapproche de factures.' },
  matchInvalid: {
    en: 'A match is one or several invoices with an amount above 0 (2 decimals at most) each, or { "ignore": true }.',
    fr: 'Un rapprochement, c’est une ou plusieurs factures avec un montant supérieur à 0 (2 décimales au plus) chacune, ou { "ignore": true }.',
  },
  matchOverEntry: { en: 'The amounts add up to more than the bank line.', fr: 'Les montants dépassent celui de la ligne de relevé.' },
  matchOverDue: { en: 'More than what is left to pay on invoice', fr: 'Plus que ce qui reste à payer sur la facture' },
  invoiceUnknown: { en: 'This invoice does not exist or is not open:', fr: 'Cette facture n’existe pas ou n’est pas ouverte :' },
  ibanInvalid: { en: 'This IBAN is not valid (its check digits do not match).', fr: 'Cet IBAN n’est pas valide (sa clé de contrôle ne correspond pas).' },
  bicInvalid: { en: 'A BIC is 8 or 11 letters and digits, like BNPAFRPPXXX.', fr: 'Un BIC compte 8 ou 11 lettres et chiffres, comme BNPAFRPPXXX.' },
  mandateInvalid: {
    en: 'A mandate needs a valid IBAN, a BIC, a signature day that is not in the future, and whether it is recurring.',
    fr: 'Un mandat demande un IBAN valide, un BIC, un jour de signature qui n’est pas à venir, et s’il est récurrent.',
  },
  mandateActive: { en: 'This company already has an active mandate:', fr: 'Cette société a déjà un mandat actif :' },
  mandateNotFound: { en: 'This mandate does not exist (introuvable).', fr: 'Ce mandat est introuvable.' },
  mandatePdfInvalid: { en: 'The signed mandate is a PDF of 10 MB at most.', fr: 'Le mandat signé est un PDF de 10 Mo au plus.' },
  creditorMissing: {
    en: 'Set the label’s SEPA creditor identifier (ICS) in the invoicing settings first.',
    fr: 'Renseignez d’abord l’identifiant créancier SEPA (ICS) de la marque dans les réglages de facturation.',
  },
  collectionInvalid: {
    en: 'A collection needs a real due-by day (and, if named, invoices by their ids).',
    fr: 'Un prélèvement demande un vrai jour d’échéance (et, si elles sont nommées, des factures par leurs numéros internes).',
  },
  nothingToCollect: {
    en: 'No open invoice of a company with an active mandate is due by this day.',
    fr: 'Aucune facture ouverte d’une société avec un mandat actif n’est due à cette date.',
  },
  invoiceSettled: { en: 'This invoice has nothing left to pay:', fr: 'Cette facture n’a plus rien à payer :' },
  invoiceNotDue: { en: 'This invoice is not due by that day:', fr: 'Cette facture n’est pas due à cette date :' },
  invoiceNoMandate: { en: 'This invoice’s company has no active mandate:', fr: 'La société de cette facture n’a pas de mandat actif :' },
  invoiceCollected: { en: 'This invoice is already in a collection:', fr: 'Cette facture est déjà dans un prélèvement :' },
  invoiceNotEuro: { en: 'A SEPA direct debit is in euros; this invoice is not:', fr: 'Un prélèvement SEPA est en euros ; cette facture ne l’est pas :' },
  collectionNotFound: { en: 'This collection does not exist (introuvable).', fr: 'Ce prélèvement est introuvable.' },
  paymentNotFound: { en: 'This payment does not exist (introuvable).', fr: 'Ce paiement est introuvable.' },
  returnInvalid: { en: 'Say why the payment came back (1 to 200 characters).', fr: 'Dites pourquoi le paiement est revenu (1 à 200 caractères).' },
});

const day = z.string({ error: BANK_MESSAGES.collectionInvalid }).refine(isRealDay, { error: BANK_MESSAGES.collectionInvalid });
const cents = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

/** "FR76 **** **** **** **** ***0 189": an IBAN as it is shown to those who need only to recognise it. */
export function maskIban(iban: string): string {
  const clean = iban.replace(/\s+/g, '');
  const shown = clean.slice(0, 4) + clean.slice(4, -4).replace(/./g, '*') + clean.slice(-4);
  return shown.replace(/(.{4})/g, '$1 ').trim();
}

export const BANK_NOTES = ['under', 'over', 'settled', 'several', 'noInvoice', 'unknownPayer', 'collection'] as const;
export type BankNote = (typeof BANK_NOTES)[number];

export const BANK_ENTRY_STATUSES = ['matched', 'unmatched', 'ignored', 'returned', 'debit'] as const;
export type BankEntryStatus = (typeof BANK_ENTRY_STATUSES)[number];

/** An open invoice a line could pay: what the screen proposes and the match names. */
export const bankSuggestion = z.object({
  invoiceId: z.number().int(),
  number: z.string(),
  company: z.string(),
  due: z.number(),
  dueDate: z.string().nullable(),
  /** Why it is proposed: its number in the line's text, the payer's name or IBAN with the amount. */
  why: z.enum(['number', 'amount', 'payer']),
});

/** A line of a statement: what the bank says, what became of it. */
export const bankEntry = z
  .object({
    id: z.number().int(),
    statementId: z.number().int(),
    bankReference: z.string(),
    bookingDate: z.string(),
    amount: z.number(),
    credit: z.boolean(),
    payer: z.string().nullable(),
    /** The payer's IBAN (the owner only reads these calls). */
    iban: z.string().nullable(),
    text: z.string(),
    status: z.enum(BANK_ENTRY_STATUSES),
    /** Payments it became, with their invoices. */
    payments: z.array(z.object({ id: z.number().int(), invoiceId: z.number().int(), number: z.string(), amount: z.number() })),
    /** While it waits: the open invoices it may pay, surest first. */
    suggestions: z.array(bankSuggestion),
    /** Why it waits (an underpayment, an overpayment, an invoice already settled, several of its amount, none, an unknown payer), or a batch of direct debits. */
    note: z.enum(BANK_NOTES).nullable(),
  })
  .meta({ id: 'BankEntry' });
export type BankEntry = z.infer<typeof bankEntry>;

export const bankEntryList = pageOf(bankEntry).meta({ id: 'BankEntryList' });
export type BankEntryList = z.infer<typeof bankEntryList>;
export const bankEntryQuery = pageQuery.extend({
  status: z.enum(BANK_ENTRY_STATUSES).optional(),
  statement: z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number)
    .optional(),
  lang: z.enum(['fr', 'en']).optional(),
});

/** `POST /api/admin/bank/statements`: what one file recorded. */
export const statementImport = z
  .object({
    id: z.number().int(),
    format: z.enum(['camt.053.001.02', 'camt.053.001.08', 'csv']),
    /** Lines read from the file. */
    entries: z.number().int(),
    /** Lines already known from an earlier (overlapping) statement: recorded nothing. */
    known: z.number().int(),
    /** New lines matched surely and recorded as payments. */
    matched: z.number().int(),
    payments: z.array(
      z.object({ id: z.number().int(), invoiceId: z.number().int(), number: z.string(), amount: z.number(), date: z.string(), bankReference: z.string() }),
    ),
    /** New credit lines left for the reconciliation screen. */
    unmatched: z.number().int(),
    /** Debits recognised as returned direct debits (their payments unmarked). */
    returned: z.number().int(),
  })
  .meta({ id: 'StatementImport' });
export type StatementImport = z.infer<typeof statementImport>;

export const statementSummary = z.object({
  id: z.number().int(),
  format: z.string(),
  fileName: z.string(),
  statementId: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  entries: z.number().int(),
  importedAt: z.string(),
});
export const statementList = pageOf(statementSummary).meta({ id: 'StatementList' });

/** `POST /api/admin/bank/entries/{id}/match`. */
export const matchInput = z.union([
  z.object({
    allocations: z
      .array(
        z.object({
          invoiceId: z.number({ error: BANK_MESSAGES.matchInvalid }).int({ error: BANK_MESSAGES.matchInvalid }).positive({ error: BANK_MESSAGES.matchInvalid }),
          amount: z
            .number({ error: BANK_MESSAGES.matchInvalid })
            .gt(0, { error: BANK_MESSAGES.matchInvalid })
            .max(1e9, { error: BANK_MESSAGES.matchInvalid })
            .refine(cents, { error: BANK_MESSAGES.matchInvalid }),
        }),
        { error: BANK_MESSAGES.matchInvalid },
      )
      .min(1, { error: BANK_MESSAGES.matchInvalid })
      .max(100, { error: BANK_MESSAGES.matchInvalid }),
  }),
  z.object({ ignore: z.literal(true, { error: BANK_MESSAGES.matchInvalid }) }),
]);
export type MatchInput = z.infer<typeof matchInput>;

/** The CSV's columns, by their header's names, remembered for the next file. */
export const csvColumns = z
  .object({
    date: z.string({ error: BANK_MESSAGES.csvColumnsInvalid }).trim().min(1, { error: BANK_MESSAGES.csvColumnsInvalid }).max(80),
    amount: z.string({ error: BANK_MESSAGES.csvColumnsInvalid }).trim().min(1, { error: BANK_MESSAGES.csvColumnsInvalid }).max(80),
    payer: z.string().trim().max(80).nullable().default(null),
    iban: z.string().trim().max(80).nullable().default(null),
    text: z.string().trim().max(80).nullable().default(null),
    /** The bank's own reference of each line, when the file has one (else one is made of the line). */
    reference: z.string().trim().max(80).nullable().default(null),
    /** How days are written: 2026-01-31 or 31/01/2026. */
    dateFormat: z.enum(['iso', 'dmy']).default('dmy'),
  })
  .refine((c) => c.payer || c.text, { error: BANK_MESSAGES.csvColumnsInvalid })
  .meta({ id: 'CsvColumns' });
export type CsvColumns = z.infer<typeof csvColumns>;
export const csvColumnsState = z.object({ columns: csvColumns.nullable() });

// —— SEPA direct debit ——

export const mandateInput = z.object({
  iban: z
    .string({ error: BANK_MESSAGES.ibanInvalid })
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .refine(isIban, { error: BANK_MESSAGES.ibanInvalid }),
  bic: z
    .string({ error: BANK_MESSAGES.bicInvalid })
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .refine((v) => /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(v), { error: BANK_MESSAGES.bicInvalid }),
  signedOn: z.string({ error: BANK_MESSAGES.mandateInvalid }).refine(isRealDay, { error: BANK_MESSAGES.mandateInvalid }),
  recurring: z.boolean({ error: BANK_MESSAGES.mandateInvalid }),
  /** Days before a debit the shop is told of it (14 unless the mandate says fewer, at least 2). */
  noticeDays: z.number({ error: BANK_MESSAGES.mandateInvalid }).int({ error: BANK_MESSAGES.mandateInvalid }).min(2).max(30).default(14),
});
export type MandateInput = z.infer<typeof mandateInput>;

export const mandate = z
  .object({
    id: z.number().int(),
    companyId: z.number().int(),
    company: z.string(),
    /** The unique mandate reference (RUM). */
    rum: z.string(),
    iban: z.string(),
    bic: z.string(),
    signedOn: z.string(),
    recurring: z.boolean(),
    noticeDays: z.number().int(),
    status: z.enum(['active', 'revoked', 'used']),
    /** Its first debit went (the next ones are RCUR). */
    firstCollectedOn: z.string().nullable(),
    hasPdf: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'Mandate' });
export type Mandate = z.infer<typeof mandate>;
export const mandateList = z.object({ data: z.array(mandate) }).meta({ id: 'MandateList' });

export const collectionInput = z.object({
  dueBy: day,
  /** The invoices to debit (else every open invoice due by `dueBy` of a company with an active mandate). */
  invoiceIds: z
    .array(z.number({ error: BANK_MESSAGES.collectionInvalid }).int().positive())
    .min(1)
    .max(2000)
    .optional(),
});
export type CollectionInput = z.infer<typeof collectionInput>;

export const collectionItem = z.object({
  id: z.number().int(),
  invoiceId: z.number().int(),
  number: z.string(),
  company: z.string(),
  rum: z.string(),
  sequence: z.enum(['FRST', 'RCUR', 'OOFF']),
  amount: z.number(),
  endToEndId: z.string(),
  paymentId: z.number().int().nullable(),
  status: z.enum(['collected', 'returned']),
  returnReason: z.string().nullable(),
});
export const collection = z
  .object({
    id: z.number().int(),
    messageId: z.string(),
    dueBy: z.string(),
    /** The day the bank debits the shops (each shop was told at least its notice days before). */
    collectOn: z.string(),
    invoices: z.number().int(),
    total: z.number(),
    createdAt: z.string(),
    items: z.array(collectionItem),
  })
  .meta({ id: 'Collection' });
export type Collection = z.infer<typeof collection>;
export const collectionSummary = collection.omit({ items: true });
export const collectionList = pageOf(collectionSummary).meta({ id: 'CollectionList' });

export const paymentReturnInput = z.object({
  reason: z
    .string({ error: BANK_MESSAGES.returnInvalid })
    .trim()
    .min(1, { error: BANK_MESSAGES.returnInvalid })
    .max(200, { error: BANK_MESSAGES.returnInvalid }),
});
export const paymentReturn = z
  .object({
    paymentId: z.number().int(),
    invoiceId: z.number().int(),
    number: z.string(),
    amount: z.number(),
    reason: z.string(),
    returnedOn: z.string(),
  })
  .meta({ id: 'PaymentReturn' });

/** What the shop reads of its direct debits: its mandate (IBAN shown to its admins and accounts people) and each debit. */
export const accountDebits = z
  .object({
    mandate: mandate.pick({ rum: true, iban: true, bic: true, signedOn: true, recurring: true, status: true }).nullable(),
    debits: z.array(
      z.object({
        invoiceId: z.number().int(),
        number: z.string(),
        amount: z.number(),
        collectOn: z.string(),
        rum: z.string(),
        status: z.enum(['collected', 'returned']),
      }),
    ),
  })
  .meta({ id: 'AccountDebits' });
export type AccountDebits = z.infer<typeof accountDebits>;
