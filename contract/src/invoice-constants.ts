// Invoices' constants, apart from constants.ts: the browser's shared chunk (every public page)
// carries constants.ts, and these are for the portal's and the back-office's screens only.

/** What an invoice still needs before it can be issued (the order says "Invoice waiting: …"). */
export const INVOICE_GAPS = ['seller', 'companyName', 'billing', 'siren'] as const;
export type InvoiceGap = (typeof INVOICE_GAPS)[number];

/** Open (unpaid, overdue), partly settled (partly paid, partly credited: a credit note took some off), settled (paid, credited: credit notes settled it). */
export const INVOICE_STATUSES = ['unpaid', 'partlyPaid', 'partlyCredited', 'paid', 'credited', 'overdue'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number] | 'credit';
export const PAYMENT_METHODS = ['transfer', 'card', 'cheque', 'cash', 'other', 'directDebit'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
