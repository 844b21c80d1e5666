import { logActivity } from '../activity/service.ts';
import { ORDER_MESSAGES, SEASON_MESSAGES, type Locale, type Order, type OrderMode, type OrderStatus, PHRASES } from '@atelier/contract';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/index.ts';
import { nowIso } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { pick } from '../../lib/texts.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import type { InvoicesService } from '../invoices/service.ts';
import { type StockLine, type StockService } from '../stock/service.ts';
import type { OrdersContext } from './context.ts';
import type { Actor } from '../../lib/actor.ts';
import type { OrderRecords } from './records.ts';

/**
 * What happens to an order after it is sent: confirmed, shipped (its invoice issued in the same transaction),
 * cancelled (its invoice credited). Every move is a conditional update on the status (the row is the lock),
 * with its history row and its mail in the same transaction.
 */
export class OrderLifecycle {
  private readonly db: Db;
  private readonly onMailQueued: () => void;
  private readonly stock: StockService;
  private readonly catalogue: CatalogueService;
  private readonly invoices: InvoicesService;
  private readonly records: OrderRecords;

  constructor(deps: Pick<OrdersContext, 'db' | 'onMailQueued' | 'stock' | 'catalogue' | 'invoices'>, records: OrderRecords) {
    this.db = deps.db;
    this.onMailQueued = deps.onMailQueued;
    this.stock = deps.stock;
    this.catalogue = deps.catalogue;
    this.invoices = deps.invoices;
    this.records = records;
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
    to: OrderStatus,
    actor: Actor,
    lang: Locale,
    apply: (trx: Kysely<Database>, row: { mode: OrderMode; status: OrderStatus }) => Promise<Record<string, string | number | null>>,
    note: string | null,
    after?: (trx: Kysely<Database>) => Promise<void>,
  ): Promise<Order> {
    await this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('orders').select(['id', 'user_id', 'status', 'mode']).where('id', '=', id).executeTakeFirst();
      if (!row || (actor.role === 'retailer' && row.user_id !== actor.id)) throw new HttpError(404, ORDER_MESSAGES.orderNotFound);
      if (!from.includes(row.status)) throw new HttpError(409, ORDER_MESSAGES.transitionRefused);
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
      if (Object.keys(extra).length) await trx.updateTable('orders').set(extra).where('id', '=', id).execute();
      await trx
        .insertInto('order_events')
        .values({ order_id: id, status: to, by_role: actor.role === 'admin' ? 'brand' : 'retailer', note, at: now })
        .execute();
      const order = (await this.records.load(trx, id))!;
      await this.records.announce(trx, order, to, actor.role === 'retailer');
      // What follows the move (the invoice of a shipment) is told after it.
      if (actor.role === 'admin') await after?.(trx);
      if (actor.role === 'admin') {
        const action = to === 'confirmed' ? 'confirm' : to === 'shipped' ? 'ship' : 'cancel';
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

  confirm(id: number, input: { shipDate: string; lines?: Array<{ id: number; quantity: number }> }, actor: Actor, lang: Locale): Promise<Order> {
    return this.move(
      id,
      ['submitted'],
      'confirmed',
      actor,
      lang,
      async (trx, order) => {
        if (!input.lines) return { ship_date: input.shipDate } as Record<string, string | number | null>;
        const own = await trx
          .selectFrom('order_lines')
          .select(['id', 'unit_price_cents', 'variant_id', 'size', 'quantity'])
          .where('order_id', '=', id)
          .execute();
        const ownIds = new Set(own.map((l) => l.id));
        const wanted = new Map(input.lines.map((l) => [l.id, l.quantity]));
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
        return { ship_date: input.shipDate, total_cents: total, pieces };
      },
      null,
    );
  }

  /** Shipping an at-once order takes its pieces off the shelf; without them on hand it is refused (409). */
  ship(id: number, input: { carrier?: string; tracking?: string; shipping?: number }, actor: Actor, lang: Locale): Promise<Order> {
    return this.move(
      id,
      ['confirmed'],
      'shipped',
      actor,
      lang,
      async (trx, order) => {
        if (order.mode === 'atOnce') {
          const short = await this.stock.ship(trx, id, await this.stockLines(trx, id), actor.id);
          if (short.length) {
            const names = await this.catalogue.orderable(
              short.map((s) => s.variantId),
              trx,
            );
            const detail = short
              .map((s) => {
                const v = names.get(s.variantId);
                const what = v ? `${pick(v.titles, lang)} — ${pick(v.colorNames, lang)}, ${s.size}` : `${s.variantId}/${s.size}`;
                return PHRASES[lang].toShipOnHand(what, s.quantity, s.left);
              })
              .join('; ');
            throw new HttpError(409, SEASON_MESSAGES.notOnHand, {}, detail);
          }
        }
        return { carrier: input.carrier || null, tracking: input.tracking || null, shipping_cents: input.shipping ? Math.round(input.shipping * 100) : null };
      },
      null,
      // The invoice in the same transaction (unless its details are incomplete: the order then says what waits).
      async (trx) => {
        await this.invoices.issueInTransaction(trx, id, actor.role === 'admin' ? actor : null, this.invoices.issueDay());
      },
    );
  }

  /** The brand cancels a submitted or confirmed order; a retailer only a submitted one of theirs. Reserved pieces go back. */
  cancel(id: number, reason: string, actor: Actor, lang: Locale): Promise<Order> {
    // The brand may also cancel a shipped order once invoiced (goods sent back): a credit note takes what is left off its invoice.
    const from: OrderStatus[] = actor.role === 'retailer' ? ['submitted'] : ['submitted', 'confirmed', 'shipped'];
    return this.move(
      id,
      from,
      'cancelled',
      actor,
      lang,
      async (trx, order) => {
        if (order.status === 'shipped') {
          const invoice = await trx.selectFrom('invoices').select('id').where('invoiced_order_id', '=', id).executeTakeFirst();
          if (!invoice) throw new HttpError(409, ORDER_MESSAGES.transitionRefused);
          await this.invoices.creditRest(trx, invoice.id, reason, actor.role === 'admin' ? actor : null);
          return { cancel_reason: reason };
        }
        if (order.mode === 'atOnce') await this.stock.release(trx, id, await this.stockLines(trx, id), actor.role === 'admin' ? actor.id : null);
        return { cancel_reason: reason };
      },
      reason,
    );
  }
}
