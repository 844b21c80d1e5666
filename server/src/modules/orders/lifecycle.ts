import { releaseAllocated } from './allocated-pieces.ts';
import { logActivity } from '../activity/service.ts';
import { ORDER_MESSAGES, SEASON_MESSAGES, type Locale, type Order, type OrderMode, type OrderStatus, type ReviewDecision } from '@atelier/contract';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/index.ts';
import { nowIso } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-errors.ts';
import type { OrderShipments } from './shipments.ts';
import type { InvoicesService } from '../invoices/service.ts';
import { type StockLine, type StockService } from '../stock/service.ts';
import type { OrdersContext } from './context.ts';
import type { Actor } from '../../lib/actor.ts';
import type { OrderRecords } from './records.ts';
import { readInvoices } from '../../read-models/invoices.ts';

/** An order may wait in review when sent (issue 47), or later when a change takes its company over its limit (issue 57). */
const REVIEWABLE: OrderStatus[] = ['submitted', 'confirmed', 'partlyShipped'];

/**
 * What happens to an order after it is sent: confirmed, then shipped in parcels (shipments.ts), or cancelled
 * (its invoices credited). Every move is a conditional update on the status (the row is the lock),
 * with its history row and its mail in the same transaction.
 */
export class OrderLifecycle {
  private readonly db: Db;
  private readonly onMailQueued: () => void;
  private readonly stock: StockService;
  private readonly invoices: InvoicesService;
  private readonly records: OrderRecords;
  private readonly shipments: OrderShipments;

  constructor(deps: Pick<OrdersContext, 'db' | 'onMailQueued' | 'stock' | 'invoices'>, records: OrderRecords, shipments: OrderShipments) {
    this.db = deps.db;
    this.onMailQueued = deps.onMailQueued;
    this.stock = deps.stock;
    this.invoices = deps.invoices;
    this.records = records;
    this.shipments = shipments;
  }

  /**
   * One status move: a conditional update from the status read (one of the allowed) is the lock, so two
   * moves at once (confirm and cancel, ship and cancel) leave exactly one outcome; the loser gets 409
   * and nothing changes.
   * `apply` runs after that update, inside the same transaction (stock moves there).
   */
  private async move(
    id: number,
    from: OrderStatus[],
    to: 'confirmed' | 'cancelled',
    actor: Actor,
    lang: Locale,
    apply: (trx: Kysely<Database>, row: { mode: OrderMode; status: OrderStatus; company_id: number | null }) => Promise<Record<string, string | number | null>>,
    note: string | null,
  ): Promise<Order> {
    await this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('orders').select(['id', 'company_id', 'status', 'mode', 'review_state']).where('id', '=', id).executeTakeFirst();
      if (!row || (actor.role === 'retailer' && row.company_id !== (actor.company?.id ?? actor.id))) throw new HttpError(404, ORDER_MESSAGES.orderNotFound);
      if (!from.includes(row.status)) throw new HttpError(409, ORDER_MESSAGES.transitionRefused);
      // Held by credit control (issue 47): the owner accepts it first (or refuses it: a cancellation).
      if (to === 'confirmed' && row.review_state === 'pending') throw new HttpError(409, ORDER_MESSAGES.inReview);
      const now = nowIso();
      // From the status read, not from any allowed one: on PostgreSQL a move committed between the read
      // and this update would otherwise pass it (its new status allowed too) and `apply` would act on the
      // old one (a shipped order cancelled as if confirmed: its stock released, no credit note).
      const updated = await trx
        .updateTable('orders')
        .set({ status: to, updated_at: now })
        .where('id', '=', id)
        .where('status', '=', row.status)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) throw new HttpError(409, ORDER_MESSAGES.transitionRefused);
      const extra = await apply(trx, row);
      // Cancelled while held in review: its review ends there, refused.
      if (to === 'cancelled' && row.review_state === 'pending') extra.review_state = 'refused';
      if (Object.keys(extra).length) await trx.updateTable('orders').set(extra).where('id', '=', id).execute();
      await trx
        .insertInto('order_events')
        .values({ order_id: id, status: to, by_role: actor.role === 'admin' ? 'brand' : 'retailer', note, at: now })
        .execute();
      const order = (await this.records.load(trx, id))!;
      await this.records.announce(trx, order, to, actor.role === 'retailer');
      if (actor.role === 'admin') {
        const action = to === 'confirmed' ? 'confirm' : 'cancel';
        await logActivity(trx, actor, { kind: 'order', action, subject: order.row.number, subjectId: id, detail: { from: row.status, to } });
      }
    });
    this.onMailQueued();
    return (await this.records.get(id, lang))!;
  }

  private async stockLines(trx: Kysely<Database>, id: number): Promise<StockLine[]> {
    const lines = await trx.selectFrom('order_lines').select(['variant_id', 'size', 'quantity']).where('order_id', '=', id).execute();
    return lines.filter((l) => l.variant_id !== null).map((l) => ({ variantId: l.variant_id!, size: l.size, quantity: l.quantity }));
  }

  async confirm(id: number, input: { shipDate: string; lines?: Array<{ id: number; quantity: number }> }, actor: Actor, lang: Locale): Promise<Order> {
    // Its deposit invoice's PDF drawn before the order is held (issue 56); other quantities confirmed draw it inside.
    const drawn = input.lines ? null : await this.invoices.deposits.drawAhead(id, input.shipDate);
    return this.move(
      id,
      ['submitted'],
      'confirmed',
      actor,
      lang,
      async (trx, order) => {
        const changed = input.lines ? await this.confirmLines(trx, id, order, input.lines, actor) : null;
        // A pre-order of a company asked a deposit (issue 47): its deposit invoice, on the total confirmed.
        const deposit = order.mode === 'preBook' ? (await this.invoices.deposits.asked(order.company_id, trx)).percent : 0;
        if (deposit > 0) {
          const base =
            changed?.total_cents ?? (await trx.selectFrom('orders').select('total_cents').where('id', '=', id).executeTakeFirstOrThrow()).total_cents;
          await this.invoices.deposits.issue(trx, id, base, deposit, input.shipDate, actor, drawn);
        }
        return { ship_date: input.shipDate, ...changed } as Record<string, string | number | null>;
      },
      null,
    );
  }

  /** The owner confirms other quantities than those sent: lines removed or changed, stock given back or reserved, totals again. */
  private async confirmLines(
    trx: Kysely<Database>,
    id: number,
    order: { mode: OrderMode },
    lines: Array<{ id: number; quantity: number }>,
    actor: Actor,
  ): Promise<{ total_cents: number; pieces: number }> {
    const own = await trx.selectFrom('order_lines').select(['id', 'unit_price_cents', 'variant_id', 'size', 'quantity']).where('order_id', '=', id).execute();
    const ownIds = new Set(own.map((l) => l.id));
    const wanted = new Map(lines.map((l) => [l.id, l.quantity]));
    if ([...wanted.keys()].some((lineId) => !ownIds.has(lineId))) throw new HttpError(400, ORDER_MESSAGES.confirmLinesInvalid);
    const removed = own.filter((l) => !wanted.has(l.id)).map((l) => l.id);
    if (removed.length) await trx.deleteFrom('order_lines').where('id', 'in', removed).execute();
    let total = 0;
    let pieces = 0;
    const less: StockLine[] = [];
    const more: StockLine[] = [];
    for (const line of own) {
      const quantity = wanted.get(line.id) ?? 0;
      if (line.variant_id !== null && quantity !== line.quantity) {
        (quantity < line.quantity ? less : more).push({ variantId: line.variant_id, size: line.size, quantity: Math.abs(line.quantity - quantity) });
      }
      if (!wanted.has(line.id)) continue;
      await trx.updateTable('order_lines').set({ quantity }).where('id', '=', line.id).execute();
      total += line.unit_price_cents * quantity;
      pieces += quantity;
    }
    if (order.mode === 'atOnce') {
      // A lower quantity gives the difference back; a higher one must be in stock.
      await this.stock.release(trx, id, less, actor.id);
      const short = await this.stock.reserve(trx, id, more);
      if (short.length) throw new HttpError(422, SEASON_MESSAGES.notInStock, {}, short.map((s) => `${s.variantId}/${s.size}: ${s.left}`).join('; '));
    }
    return { total_cents: total, pieces };
  }

  /**
   * The owner's word on an order held in review (issue 47): accepted, it goes on as sent (to confirm);
   * refused, it is cancelled with the reason (mailed, pieces released). Logged; an order not held: 409.
   */
  async review(id: number, decision: ReviewDecision, actor: Actor, lang: Locale): Promise<Order> {
    const held = await this.db.selectFrom('orders').select(['number', 'review_state', 'status']).where('id', '=', id).executeTakeFirst();
    if (!held) throw new HttpError(404, ORDER_MESSAGES.orderNotFound);
    if (held.review_state !== 'pending' || !REVIEWABLE.includes(held.status)) throw new HttpError(409, ORDER_MESSAGES.notInReview);
    // Refused: cancelled, which ends its review in the same transaction (see `move`).
    if (decision.decision === 'refuse') return this.cancel(id, decision.reason, actor, lang);
    await this.db.transaction().execute(async (trx) => {
      const accepted = await trx
        .updateTable('orders')
        .set({ review_state: 'accepted', updated_at: nowIso() })
        .where('id', '=', id)
        .where('review_state', '=', 'pending')
        .where('status', 'in', REVIEWABLE)
        .executeTakeFirst();
      if (Number(accepted.numUpdatedRows) === 0) throw new HttpError(409, ORDER_MESSAGES.notInReview);
      await logActivity(trx, actor, { kind: 'order', action: 'accept', subject: held.number, subjectId: id, detail: { review: 'accepted' } });
    });
    return (await this.records.get(id, lang))!;
  }

  /** The brand cancels a submitted or confirmed order; a retailer only a submitted one of theirs. Reserved pieces go back. */
  cancel(id: number, reason: string, actor: Actor, lang: Locale): Promise<Order> {
    // The brand may also cancel an order of which parcels left, once they are invoiced (goods sent back): a
    // credit note takes what is left off each invoice, and what had not left is released.
    const from: OrderStatus[] = actor.role === 'retailer' ? ['submitted'] : ['submitted', 'confirmed', 'partlyShipped', 'shipped'];
    const brand = actor.role === 'admin' ? actor : null;
    return this.move(
      id,
      from,
      'cancelled',
      actor,
      lang,
      async (trx, order) => {
        if (order.status === 'shipped' || order.status === 'partlyShipped') {
          // A parcel that left a moment ago may still wait for its listener: its invoice is issued now.
          await this.invoices.issuePending(trx, id, brand);
          const parcels = await trx
            .selectFrom('shipments as s')
            .leftJoin(readInvoices().as('i'), 'i.shipment_id', 's.id')
            .select(['s.id', 'i.id as invoice_id'])
            .where('s.order_id', '=', id)
            .orderBy('s.seq')
            .execute();
          if (parcels.length === 0 || parcels.some((p) => p.invoice_id === null)) throw new HttpError(409, ORDER_MESSAGES.transitionRefused);
          if (order.status === 'partlyShipped') await this.shipments.cancelLeft(trx, id, order.mode, brand);
          for (const p of parcels) await this.invoices.creditRest(trx, p.invoice_id!, reason, brand);
          await this.invoices.deposits.release(trx, id, brand);
          return { cancel_reason: reason, follow_date: null };
        }
        if (order.mode === 'atOnce') await this.stock.release(trx, id, await this.stockLines(trx, id), brand?.id ?? null);
        else await releaseAllocated(trx, this.stock, id, brand?.id ?? null, 'all');
        // What is left of its deposit is credited: a refund when it was paid (issue 47).
        await this.invoices.deposits.release(trx, id, brand);
        return { cancel_reason: reason } as Record<string, string | number | null>;
      },
      reason,
    );
  }
}
