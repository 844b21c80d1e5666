import { fromCents, type OrderReview } from '@atelier/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { readOrderLines, readOrders } from '../../read-models/orders.ts';
import { dueOf, readInvoices } from '../../read-models/invoices.ts';

const DAY_MS = 86_400_000;

/**
 * Credit control (issue 47, ADR 0023): whether an order of `addingCents` from a company goes to review.
 * Its exposure is what it owes — its invoices' unpaid amounts (incl. VAT, after credit notes and
 * payments) — plus what its orders sent or confirmed have not invoiced yet (excl. VAT: the pieces not
 * shipped nor cancelled, at their price), this order included. Over its credit limit, or with an invoice
 * unpaid more than `overdueDays` past its due date: the reasons, the figures, the invoices. Else null.
 * Called with the company's row held (its orders are sent one at a time), so two orders at once that
 * together pass the limit see each other: the second goes to review.
 */
export async function creditReview(
  trx: Kysely<Database>,
  companyId: number,
  addingCents: number,
  day: string,
  overdueDays: number,
): Promise<OrderReview | null> {
  const due = dueOf('i');
  const [terms, unpaid, open] = await Promise.all([
    trx.selectFrom('company_terms').select('credit_limit_cents').where('company_id', '=', companyId).executeTakeFirst(),
    trx
      .selectFrom(readInvoices().as('i'))
      .select(['i.number', 'i.due_date', 'i.purpose', due.as('due_cents')])
      .where('i.user_id', '=', companyId)
      .where('i.type', '=', 'invoice')
      .where(sql<boolean>`${due} > 0`)
      .orderBy('i.due_date')
      .execute(),
    trx
      .selectFrom(readOrders().as('o'))
      .innerJoin(readOrderLines().as('l'), 'l.order_id', 'o.id')
      .select(sql<number>`coalesce(sum((l.quantity - l.shipped - l.cancelled) * l.unit_price_cents), 0)`.as('cents'))
      .where('o.company_id', '=', companyId)
      .where('o.status', 'in', ['submitted', 'confirmed', 'partlyShipped'])
      .executeTakeFirstOrThrow(),
  ]);
  // A deposit invoice is part of an order still counted whole below: its delay counts, not its amount again (ADR 0024).
  const exposureCents = unpaid.filter((i) => i.purpose !== 'deposit').reduce((sum, i) => sum + Number(i.due_cents), 0) + Number(open.cents) + addingCents;
  const limitCents = terms?.credit_limit_cents ?? null;
  const latest = new Date(Date.parse(`${day}T00:00:00Z`) - overdueDays * DAY_MS).toISOString().slice(0, 10);
  const overdue = unpaid.filter((i) => i.due_date !== null && i.due_date < latest);
  const reasons: OrderReview['reasons'] = [];
  if (limitCents !== null && exposureCents > limitCents) reasons.push('creditLimit');
  if (overdue.length) reasons.push('overdue');
  if (reasons.length === 0) return null;
  return {
    state: 'pending',
    reasons,
    exposure: fromCents(exposureCents),
    limit: limitCents === null ? null : fromCents(limitCents),
    overdue: overdue.slice(0, 20).map((i) => ({ number: i.number, dueDate: i.due_date!, due: fromCents(Number(i.due_cents)) })),
    at: new Date().toISOString(),
  };
}
