import { defineMessages } from './messages.ts';
import { pageOf, pageQuery } from './paging.ts';
import { z } from 'zod';
import { CURRENCIES } from './currency-helpers.ts';
import { invoicePlatform } from './approved-platform.ts';
import { postalAddressOut } from './address.ts';
import { isRealDay } from './wholesale.ts';
import { INVOICE_STATUSES, PAYMENT_METHODS } from './invoice-constants.ts';

/** Every sentence the invoices API can send. */
export const INVOICE_MESSAGES = defineMessages('invoice', {
  invoiceNotFound: { en: 'This invoice does not exist (introuvable).', fr: 'Cette facture est introuvable.' },
  paymentNotFound: { en: 'This payment does not exist (introuvable).', fr: 'Ce paiement est introuvable.' },
  notShipped: { en: 'An invoice is issued for a shipped order only.', fr: 'Une facture s’émet pour une commande expédiée seulement.' },
  alreadyInvoiced: { en: 'This order already has its invoice.', fr: 'Cette commande a déjà sa facture.' },
  waiting: { en: 'The invoice cannot be issued yet. Missing:', fr: 'La facture ne peut pas encore être émise. Il manque :' },
  paymentInvalid: {
    en: 'A payment needs a real day, an amount above 0 with 2 decimals at most, and a method.',
    fr: 'Un paiement demande un vrai jour, un montant supérieur à 0 avec 2 décimales au plus, et un moyen de paiement.',
  },
  paymentTooHigh: { en: 'This payment is more than what is left to pay on the invoice.', fr: 'Ce paiement dépasse ce qui reste à payer sur la facture.' },
  paymentOnCreditNote: {
    en: 'Payments are recorded on invoices, not on credit notes.',
    fr: 'Les paiements s’enregistrent sur les factures, pas sur les avoirs.',
  },
  creditInvalid: {
    en: 'A credit note needs a reason, and either lines of the invoice with quantities of 1 or more, or an amount above 0 excl. VAT.',
    fr: 'Un avoir demande un motif, et soit des lignes de la facture avec des quantités de 1 ou plus, soit un montant HT supérieur à 0.',
  },
  creditTooHigh: {
    en: 'A credit note cannot credit more than what is left on the invoice.',
    fr: 'Un avoir ne peut pas créditer plus que ce qui reste sur la facture.',
  },
  creditLineUnknown: { en: 'A credited line is not a line of this invoice.', fr: 'Une ligne créditée n’est pas une ligne de cette facture.' },
  creditOfCreditNote: {
    en: 'A credit note is made from an invoice, not from another credit note.',
    fr: 'Un avoir se fait à partir d’une facture, pas d’un autre avoir.',
  },
  shippingInvalid: {
    en: 'The shipping charge is an amount excl. VAT from 0 to 10,000 with 2 decimals at most.',
    fr: 'Les frais de port sont un montant HT de 0 à 10 000 avec 2 décimales au plus.',
  },
  remindersSaved: { en: 'Reminders saved.', fr: 'Relances enregistrées.' },
});

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const cents = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

export const invoiceParty = z.object({
  name: z.string(),
  address: postalAddressOut,
  deliveryAddress: postalAddressOut.nullable(),
  siren: z.string().nullable(),
  vatNumber: z.string().nullable(),
  email: z.string().nullable(),
});
export type InvoiceParty = z.infer<typeof invoiceParty>;

export const invoiceLine = z.object({
  id: z.number().int(),
  /** goods: a piece of the order; shipping: the charge entered at shipping; amount: a credit note's amount. */
  kind: z.enum(['goods', 'shipping', 'amount']),
  reference: z.string().nullable(),
  product: z.string(),
  colour: z.string().nullable(),
  size: z.string().nullable(),
  quantity: z.number().int(),
  unitPrice: z.number(),
  /** The price before the company's discount (issue 47), when there was one: `unitPrice` is the net price. */
  listPrice: z.number().nullable().optional(),
  vatCategory: z.enum(['S', 'K', 'G']),
  vatRate: z.number(),
  total: z.number(),
  /** On a credit note: the invoice line it credits. */
  creditedLineId: z.number().int().nullable(),
  /** On an invoice: the quantity already credited. */
  credited: z.number().int(),
});
export type InvoiceLine = z.infer<typeof invoiceLine>;

export const invoicePayment = z.object({
  id: z.number().int(),
  date: z.string(),
  amount: z.number(),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string().nullable(),
  recordedAt: z.string(),
});
export type InvoicePayment = z.infer<typeof invoicePayment>;

/** The door an order goes to (issue 46), and so its invoice's goods. */
export const orderDoor = z.object({ id: z.number(), name: z.string(), town: z.string() });

export const invoiceDocument = z
  .object({
    id: z.number().int(),
    number: z.string(),
    type: z.enum(['invoice', 'creditNote']),
    issueDate: z.string(),
    deliveryDate: z.string().nullable(),
    dueDate: z.string().nullable(),
    orderId: z.number().int().nullable(),
    orderNumber: z.string().nullable(),
    /** The company's door the order went to (issue 46): the invoice is the company's, the goods the door's. */
    door: orderDoor.nullable().optional(),
    /** A credit note's invoice. */
    invoiceId: z.number().int().nullable().optional(),
    invoiceNumber: z.string().nullable().optional(),
    reason: z.string().nullable(),
    language: z.enum(['fr', 'en']),
    buyer: invoiceParty,
    seller: z.object({ legalName: z.string(), vatNumber: z.string(), siren: z.string() }),
    lines: z.array(invoiceLine),
    vatBreakdown: z.array(
      z.object({ category: z.enum(['S', 'K', 'G']), rate: z.number(), base: z.number(), vat: z.number(), exemption: z.string().nullable() }),
    ),
    totalExclVat: z.number(),
    totalVat: z.number(),
    totalInclVat: z.number(),
    /** What credit notes took off this invoice (incl. VAT). */
    credited: z.number(),
    paid: z.number(),
    /** A deposit invoice (Factur-X 386, issue 47), or one of goods (absent on documents before). */
    purpose: z.enum(['goods', 'deposit']).optional(),
    /** What it deducts of a deposit paid (incl. VAT), and that deposit invoice. */
    prepaid: z.number().optional(),
    depositInvoice: z.object({ id: z.number().int(), number: z.string() }).nullable().optional(),
    /** What is left to pay (incl. VAT): total − credited − paid − the deposit deducted. */
    due: z.number(),
    /** The currency of every amount of it (issue 47; absent: the euro), and then its VAT in euros at the rate of its day. */
    currency: z.enum(CURRENCIES).optional(),
    vatInEuros: z.object({ rate: z.number(), vat: z.number() }).optional(),
    status: z.enum([...INVOICE_STATUSES, 'credit']),
    payments: z.array(invoicePayment),
    creditNotes: z.array(z.object({ id: z.number().int(), number: z.string(), issueDate: z.string(), totalInclVat: z.number() })),
    remindersSent: z.array(z.number().int()),
    /** With the approved e-invoicing platform (the owner's answers, once the platform is on). */
    platform: invoicePlatform.nullable().optional(),
  })
  .meta({ id: 'InvoiceDocument' });
export type InvoiceDocument = z.infer<typeof invoiceDocument>;

export const invoiceSummary = z.object({
  id: z.number().int(),
  number: z.string(),
  type: z.enum(['invoice', 'creditNote']),
  issueDate: z.string(),
  dueDate: z.string().nullable(),
  orderId: z.number().int().nullable(),
  orderNumber: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  /** The door of its order (issue 46). */
  door: orderDoor.nullable().optional(),
  /** A deposit invoice (issue 47). */
  purpose: z.enum(['goods', 'deposit']).optional(),
  /** Its currency (issue 47); absent: the euro. */
  currency: z.enum(CURRENCIES).optional(),
  buyer: z.string(),
  country: z.string(),
  totalInclVat: z.number(),
  paid: z.number(),
  due: z.number(),
  status: z.enum([...INVOICE_STATUSES, 'credit']),
  platform: invoicePlatform.nullable().optional(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummary>;
/** A page of invoices and credit notes (issue 43: `?limit=&page=&cursor=&q=`). */
export const invoiceList = pageOf(invoiceSummary).meta({ id: 'InvoiceList' });
export type InvoiceList = z.infer<typeof invoiceList>;

export const invoiceListQuery = pageQuery.extend({
  status: z.enum(INVOICE_STATUSES).optional(),
  from: day.optional(),
  to: day.optional(),
  lang: z.enum(['fr', 'en']).optional(),
});

/** `POST /api/admin/invoices/{id}/payments`. */
export const paymentInput = z.object({
  date: z.string({ error: INVOICE_MESSAGES.paymentInvalid }).refine(isRealDay, { error: INVOICE_MESSAGES.paymentInvalid }),
  amount: z
    .number({ error: INVOICE_MESSAGES.paymentInvalid })
    .gt(0, { error: INVOICE_MESSAGES.paymentInvalid })
    .max(1e9, { error: INVOICE_MESSAGES.paymentInvalid })
    .refine(cents, { error: INVOICE_MESSAGES.paymentInvalid }),
  method: z.enum(PAYMENT_METHODS, { error: INVOICE_MESSAGES.paymentInvalid }),
  reference: z.string().trim().max(120, { error: INVOICE_MESSAGES.paymentInvalid }).optional(),
});
export type PaymentInput = z.infer<typeof paymentInput>;

/** `POST /api/admin/invoices/{id}/credit-notes`: lines, or an amount excl. VAT, or neither (the whole invoice). */
export const creditNoteInput = z
  .object({
    lines: z
      .array(
        z.object({
          lineId: z.number().int().positive(),
          quantity: z
            .number({ error: INVOICE_MESSAGES.creditInvalid })
            .int({ error: INVOICE_MESSAGES.creditInvalid })
            .min(1, { error: INVOICE_MESSAGES.creditInvalid })
            .max(100000),
        }),
        { error: INVOICE_MESSAGES.creditInvalid },
      )
      .min(1, { error: INVOICE_MESSAGES.creditInvalid })
      .max(500)
      .optional(),
    amount: z
      .number({ error: INVOICE_MESSAGES.creditInvalid })
      .gt(0, { error: INVOICE_MESSAGES.creditInvalid })
      .max(1e9, { error: INVOICE_MESSAGES.creditInvalid })
      .refine(cents, { error: INVOICE_MESSAGES.creditInvalid })
      .optional(),
    reason: z
      .string({ error: INVOICE_MESSAGES.creditInvalid })
      .trim()
      .min(1, { error: INVOICE_MESSAGES.creditInvalid })
      .max(300, { error: INVOICE_MESSAGES.creditInvalid }),
  })
  .refine((v) => !(v.lines && v.amount !== undefined), { error: INVOICE_MESSAGES.creditInvalid });
export type CreditNoteInput = z.infer<typeof creditNoteInput>;

/** The shipping charge entered when shipping (euros excl. VAT; the invoice adds VAT as for the goods). */
export const shippingCharge = z
  .number({ error: INVOICE_MESSAGES.shippingInvalid })
  .min(0, { error: INVOICE_MESSAGES.shippingInvalid })
  .max(10000, { error: INVOICE_MESSAGES.shippingInvalid })
  .refine(cents, { error: INVOICE_MESSAGES.shippingInvalid });

/** `PUT /api/admin/retailers/{id}/reminders`. */
export const remindersInput = z.object({ enabled: z.boolean() });
export const remindersState = z.object({ reminders: z.boolean() });

/** The EU member states (VAT territory), ISO 3166 alpha-2. Monaco is in the French VAT territory. */
export const EU_COUNTRIES = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
] as const;
