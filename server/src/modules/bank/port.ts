import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Actor } from '../activity/service.ts';
import type { BankPayment } from '../invoices/payments.ts';

type Trx = Kysely<Database>;

/** What the bank area asks of the invoices area (its payments, recorded and unmarked in the bank's transaction). */
export interface InvoicePayments {
  record(trx: Trx, payments: BankPayment[], actor: Actor | null): Promise<Array<{ id: number; invoiceId: number; number: string }>>;
  unmark(
    trx: Trx,
    paymentId: number,
    reason: string,
    actor: Actor | null,
  ): Promise<{ invoiceId: number; number: string; cents: number; paidOn: string; reference: string | null } | null>;
}
