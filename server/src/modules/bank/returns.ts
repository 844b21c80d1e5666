import { BANK_MESSAGES, formatPrice, fromCents } from '@atelier/contract';
import type { Kysely } from 'kysely';
import { publicBrand, type Config } from '../../config.ts';
import { nowIso, type Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { readCompanyDetails } from '../../read-models/companies.ts';
import { readInvoices } from '../../read-models/invoices.ts';
import type { Actor } from '../activity/service.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { paymentReturnedMail } from '../mail/templates.ts';
import type { InvoicePayments } from './port.ts';

type Trx = Kysely<Database>;

/**
 * A payment that came back (issue 59): a direct debit the shop's bank returned or rejected (read from a
 * statement's return line, or recorded by the owner), or a transfer that bounced. The invoices area unmarks
 * it (the invoice is open again, its reminders resume), this area keeps what it was, and the owner is told.
 */
export class PaymentReturns {
  private readonly deps: { db: Db; config: Config; payments: InvoicePayments; kick: () => void };
  constructor(deps: { db: Db; config: Config; payments: InvoicePayments; kick: () => void }) {
    this.deps = deps;
  }

  /** `POST /api/admin/payments/{id}/returned`. */
  async returnPayment(paymentId: number, reason: string, actor: Actor) {
    const back = await this.deps.db.transaction().execute(async (trx) => {
      const done = await this.unmark(trx, paymentId, reason, nowIso().slice(0, 10), null, actor);
      if (!done) throw new HttpError(404, BANK_MESSAGES.paymentNotFound);
      return done;
    });
    this.deps.kick();
    return back;
  }

  /** A statement's return line naming a debit's end-to-end id: its payment unmarked. Whether there was one to unmark. */
  async returnDebit(trx: Trx, endToEnd: string, reason: string, day: string, entryId: number, actor: Actor | null): Promise<boolean> {
    const item = await trx
      .selectFrom('debit_items')
      .select('payment_id')
      .where('end_to_end', '=', endToEnd)
      .where('status', '=', 'collected')
      .executeTakeFirst();
    if (!item?.payment_id) return false;
    return (await this.unmark(trx, item.payment_id, reason, day, entryId, actor)) !== null;
  }

  private async unmark(trx: Trx, paymentId: number, reason: string, day: string, entryId: number | null, actor: Actor | null) {
    const payment = await this.deps.payments.unmark(trx, paymentId, reason, actor);
    if (!payment) return null;
    await trx
      .insertInto('payment_returns')
      .values({
        payment_id: paymentId,
        invoice_id: payment.invoiceId,
        amount_cents: payment.cents,
        paid_on: payment.paidOn,
        reference: payment.reference,
        reason: reason.slice(0, 200),
        returned_on: day,
        entry_id: entryId,
        created_by: actor?.id ?? null,
      })
      .execute();
    await trx
      .updateTable('debit_items')
      .set({ status: 'returned', return_reason: reason.slice(0, 200) })
      .where('payment_id', '=', paymentId)
      .execute();
    const company = await trx
      .selectFrom(readInvoices().as('i'))
      .leftJoin(readCompanyDetails().as('c'), 'c.user_id', 'i.user_id')
      .select(['c.company_name'])
      .where('i.id', '=', payment.invoiceId)
      .executeTakeFirst();
    const config = this.deps.config;
    await enqueueMail(trx, {
      to: config.BRAND_EMAIL,
      dedupeKey: `payment-returned:${paymentId}`,
      ...paymentReturnedMail(publicBrand(config), 'fr', {
        invoice: payment.number,
        company: company?.company_name ?? '—',
        amount: formatPrice(fromCents(payment.cents), 'fr'),
        reason,
        url: `${config.PUBLIC_URL}/admin/invoices/${payment.invoiceId}`,
      }),
    });
    return { paymentId, invoiceId: payment.invoiceId, number: payment.number, amount: fromCents(payment.cents), reason, returnedOn: day };
  }
}
