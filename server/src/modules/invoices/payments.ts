import { INVOICE_MESSAGES, fromCents, type Locale, type PaymentInput } from '@atelier/contract';
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
