import { BANK_MESSAGES, INVOICE_MESSAGES, fromCents, type Locale, type PaymentInput, type PaymentMethod } from '@atelier/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { chunks } from '../../lib/chunks.ts';
import { dueOf } from '../../read-models/invoices.ts';
import type { Db } from '../../db/index.ts';
import { nowIso } from '../../db/index.ts';
import { HttpError } from '../../lib/http-errors.ts';
import type { EventRecorder } from '../../platform/events.ts';
import { logActivity, type Actor } from '../activity/service.ts';
import { readDocument } from './document.ts';
import { holdInvoice } from './hold.ts';
import type { InvoiceSubmissions } from './submissions.ts';

/** A payment on an invoice (a deposit invoice too), never above what is due (the invoice's row held): logged, told by `payment.recorded`. */
export async function recordPayment(
  db: Db,
  events: EventRecorder,
  submissions: InvoiceSubmissions,
  invoiceId: number,
  input: PaymentInput,
  actor: Actor,
  lang: Locale,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await holdInvoice(trx, invoiceId);
    const doc = await readDocument(submissions, trx, invoiceId, lang);
    if (!doc) throw new HttpError(404, INVOICE_MESSAGES.invoiceNotFound);
    if (doc.type !== 'invoice') throw new HttpError(422, INVOICE_MESSAGES.paymentOnCreditNote);
    const cents = Math.round(input.amount * 100);
    if (cents > Math.round(doc.due * 100)) throw new HttpError(422, INVOICE_MESSAGES.paymentTooHigh);
    const inserted = await trx
      .insertInto('invoice_payments')
      .values({
        invoice_id: invoiceId,
        paid_on: input.date,
        amount_cents: cents,
        method: input.method,
        reference: input.reference || null,
        recorded_at: nowIso(),
        recorded_by: actor.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await logActivity(trx, actor, {
      kind: 'invoice',
      action: 'pay',
      subject: doc.number,
      subjectId: invoiceId,
      detail: { payment: inserted.id, amount: input.amount, date: input.date, method: input.method, reference: input.reference ?? null },
    });
    await events.record(trx, 'payment.recorded', inserted.id, { invoiceId, paymentId: inserted.id }, async () => {
      const invoice = (await readDocument(submissions, trx, invoiceId, 'fr'))!;
      return { payment: invoice.payments.find((p) => p.id === inserted.id), invoice };
    });
  });
}

/** A mistaken payment removed; the activity log keeps what it was. */
export async function deletePayment(db: Db, invoiceId: number, paymentId: number, actor: Actor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const payment = await trx.selectFrom('invoice_payments').selectAll().where('id', '=', paymentId).where('invoice_id', '=', invoiceId).executeTakeFirst();
    if (!payment) throw new HttpError(404, INVOICE_MESSAGES.paymentNotFound);
    const invoice = await trx.selectFrom('invoices').select('number').where('id', '=', invoiceId).executeTakeFirstOrThrow();
    await trx.deleteFrom('invoice_payments').where('id', '=', paymentId).execute();
    await logActivity(trx, actor, {
      kind: 'invoice',
      action: 'unpay',
      subject: invoice.number,
      subjectId: invoiceId,
      detail: { payment: paymentId, amount: fromCents(payment.amount_cents), date: payment.paid_on, method: payment.method, reference: payment.reference },
    });
  });
}

/** A payment the bank area records (issue 59): a matched transfer or a direct debit, with the bank's reference. */
export interface BankPayment {
  invoiceId: number;
  cents: number;
  date: string;
  method: PaymentMethod;
  reference: string;
}

/**
 * Payments recorded in the caller's transaction (a statement's import, a match, a collection): each invoice
 * held first, then none paid above what is left on it (422 naming the invoice), all inserted, logged and told
 * by `payment.recorded` as one recorded by hand. Answers each payment's id, in the order given.
 */
export async function recordPaymentsIn(
  trx: Kysely<Database>,
  events: EventRecorder,
  submissions: InvoiceSubmissions,
  payments: BankPayment[],
  actor: Actor | null,
): Promise<Array<{ id: number; invoiceId: number; number: string }>> {
  if (payments.length === 0) return [];
  const ids = [...new Set(payments.map((p) => p.invoiceId))].sort((a, b) => a - b);
  for (const id of ids) await holdInvoice(trx, id);
  const open = new Map<number, { number: string; type: string; currency: string; due: number }>();
  for (const slice of chunks(ids)) {
    const rows = await trx
      .selectFrom('invoices')
      .select(['id', 'number', 'type', 'currency', dueOf('invoices').as('due')])
      .where('id', 'in', slice)
      .execute();
    for (const r of rows) open.set(r.id, { number: r.number, type: r.type, currency: r.currency, due: Number(r.due) });
  }
  const asked = new Map<number, number>();
  for (const p of payments) {
    const invoice = open.get(p.invoiceId);
    if (!invoice || invoice.type !== 'invoice') throw new HttpError(422, BANK_MESSAGES.invoiceUnknown, {}, String(p.invoiceId));
    if (invoice.currency !== 'EUR') throw new HttpError(422, BANK_MESSAGES.invoiceNotEuro, {}, invoice.number);
    asked.set(p.invoiceId, (asked.get(p.invoiceId) ?? 0) + p.cents);
    if (asked.get(p.invoiceId)! > invoice.due)
      throw new HttpError(422, BANK_MESSAGES.matchOverDue, {}, `${invoice.number} (${fromCents(invoice.due).toFixed(2)}).`);
  }
  const at = nowIso();
  const inserted: number[] = [];
  for (const slice of chunks(payments, 200)) {
    const rows = await trx
      .insertInto('invoice_payments')
      .values(
        slice.map((p) => ({
          invoice_id: p.invoiceId,
          paid_on: p.date,
          amount_cents: p.cents,
          method: p.method,
          reference: p.reference.slice(0, 120),
          recorded_at: at,
          recorded_by: actor?.id ?? null,
        })),
      )
      .returning('id')
      .execute();
    inserted.push(...rows.map((r) => r.id));
  }
  await logActivity(
    trx,
    actor,
    ...payments.map((p, i) => ({
      kind: 'invoice' as const,
      action: 'pay' as const,
      subject: open.get(p.invoiceId)!.number,
      subjectId: p.invoiceId,
      detail: { payment: inserted[i]!, amount: fromCents(p.cents), date: p.date, method: p.method, reference: p.reference },
    })),
  );
  for (const [i, p] of payments.entries()) {
    const paymentId = inserted[i]!;
    await events.record(trx, 'payment.recorded', paymentId, { invoiceId: p.invoiceId, paymentId }, async () => {
      const invoice = (await readDocument(submissions, trx, p.invoiceId, 'fr'))!;
      return { payment: invoice.payments.find((x) => x.id === paymentId), invoice };
    });
  }
  return payments.map((p, i) => ({ id: inserted[i]!, invoiceId: p.invoiceId, number: open.get(p.invoiceId)!.number }));
}

/** A payment that came back (a returned debit, a bounced transfer), unmarked in the caller's transaction: what it was, or null when unknown. */
export async function unmarkPaymentIn(
  trx: Kysely<Database>,
  paymentId: number,
  reason: string,
  actor: Actor | null,
): Promise<{ invoiceId: number; number: string; cents: number; paidOn: string; method: string; reference: string | null } | null> {
  const payment = await trx.selectFrom('invoice_payments').selectAll().where('id', '=', paymentId).executeTakeFirst();
  if (!payment) return null;
  await holdInvoice(trx, payment.invoice_id);
  const invoice = await trx.selectFrom('invoices').select('number').where('id', '=', payment.invoice_id).executeTakeFirstOrThrow();
  await trx.deleteFrom('invoice_payments').where('id', '=', paymentId).execute();
  await logActivity(trx, actor, {
    kind: 'invoice',
    action: 'returned',
    subject: invoice.number,
    subjectId: payment.invoice_id,
    detail: {
      payment: paymentId,
      amount: fromCents(payment.amount_cents),
      date: payment.paid_on,
      method: payment.method,
      reference: payment.reference,
      reason,
    },
  });
  return {
    invoiceId: payment.invoice_id,
    number: invoice.number,
    cents: payment.amount_cents,
    paidOn: payment.paid_on,
    method: payment.method,
    reference: payment.reference,
  };
}
