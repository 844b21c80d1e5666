import { readBarcodes } from '../../read-models/barcodes.ts';
import {
  ALLOCATION_MESSAGES,
  BULK_ORDERS_MAX,
  FULFILMENT_MESSAGES,
  PHRASES,
  SIZES,
  type BulkShipInput,
  type BulkShipResult,
  type Locale,
  type PickRow,
  type Size,
} from '@atelier/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { parseTexts, pick } from '../../lib/texts.ts';
import type { OrdersContext } from './context.ts';
import type { OrderShipments } from './shipments.ts';
import type { OrderAllocation } from './allocation.ts';
import type { OrderLifecycle } from './lifecycle.ts';
import { readStockLevels } from '../../read-models/stock.ts';

/** What "Ship these" does with one order: a parcel of these lines (all that is left when absent), and after it. */
interface ShipPlan {
  lines?: Array<{ lineId: number; quantity: number }>;
  /** Its allocation cancels what it did not give: the rest once the parcel left, or the whole order when it gets nothing. */
  cancelRest?: boolean;
  cancelWhole?: boolean;
}

/** The orders a pick list or a bulk shipment takes: by id, or all ready for a delivery window. */
export type PickScope = { ids: number[] } | { deliveryId: number };

const READY = ['confirmed', 'partlyShipped'] as const;
const sizeRank = (size: string) => SIZES.indexOf(size as Size);

/**
 * The stockroom's day (issue 45 item 3): the pick list of the orders to ship (pieces by style, colour
 * and size, with their total and the orders that take them) and shipping them in bulk, one parcel per
 * order of what stock allows, each in its own transaction, so that one refused does not stop the others.
 */
export class OrderFulfilment {
  private readonly db: Db;
  private readonly shipments: OrderShipments;
  private readonly allocation: OrderAllocation;
  private readonly lifecycle: OrderLifecycle;

  constructor(deps: Pick<OrdersContext, 'db'>, parts: { shipments: OrderShipments; allocation: OrderAllocation; lifecycle: OrderLifecycle }) {
    this.db = deps.db;
    this.shipments = parts.shipments;
    this.allocation = parts.allocation;
    this.lifecycle = parts.lifecycle;
  }

  /** The ready orders of a scope (confirmed or partly shipped), oldest first, at most 200. */
  private async ready(scope: PickScope): Promise<Array<{ id: number; number: string }>> {
    let query = this.db
      .selectFrom('orders')
      .select(['id', 'number'])
      .where('status', 'in', [...READY]);
    query = 'ids' in scope ? query.where('id', 'in', scope.ids.length ? scope.ids : [0]) : query.where('delivery_id', '=', scope.deliveryId);
    return query.orderBy('created_at').orderBy('id').limit(BULK_ORDERS_MAX).execute();
  }

  /** What is left to ship of the scope's orders, by piece (reference, colour, size order), with the orders that take each. */
  async pickList(scope: PickScope, lang: Locale): Promise<{ orders: string[]; rows: PickRow[] }> {
    const orders = await this.ready(scope);
    if (orders.length === 0) return { orders: [], rows: [] };
    const numbers = new Map(orders.map((o) => [o.id, o.number]));
    const lines = await this.db
      .selectFrom('order_lines')
      .leftJoin(readBarcodes().as('b'), (join) => join.onRef('b.variant_id', '=', 'order_lines.variant_id').onRef('b.size', '=', 'order_lines.size'))
      .select(['order_id', 'reference', 'product_title', 'color_name', 'order_lines.size', 'b.gtin', sql<number>`quantity - shipped - cancelled`.as('left')])
      .where(
        'order_id',
        'in',
        orders.map((o) => o.id),
      )
      .where(sql<boolean>`quantity - shipped - cancelled > 0`)
      .execute();
    const rows = new Map<string, PickRow>();
    for (const l of lines) {
      const productTitle = pick(parseTexts(l.product_title), lang);
      const colorName = pick(parseTexts(l.color_name), lang);
      const key = `${l.reference ?? ''}\u0000${productTitle}\u0000${colorName}\u0000${l.size}`;
      const row = rows.get(key) ?? {
        reference: l.reference,
        productTitle,
        colorName,
        size: l.size as Size,
        total: 0,
        orders: [],
        ...(l.gtin ? { gtin: l.gtin } : {}),
      };
      row.total += Number(l.left);
      row.orders.push({ number: numbers.get(l.order_id)!, quantity: Number(l.left) });
      rows.set(key, row);
    }
    const sorted = [...rows.values()].sort(
      (a, b) =>
        (a.reference ?? '').localeCompare(b.reference ?? '') ||
        a.productTitle.localeCompare(b.productTitle) ||
        a.colorName.localeCompare(b.colorName) ||
        sizeRank(a.size) - sizeRank(b.size),
    );
    for (const row of sorted) row.orders.sort((a, b) => a.number.localeCompare(b.number));
    return { orders: orders.map((o) => o.number), rows: sorted };
  }

  /**
   * "Ship these": for each order, one parcel of what is left and on hand (an at-once order takes only what
   * the shelf holds; a pre-booked one ships what is left), in its own transaction. Each order's answer says
   * its parcel and invoice, or why not (in `lang`); one refused never stops the next.
   */
  async shipBulk(input: BulkShipInput, actor: Actor, lang: Locale): Promise<BulkShipResult> {
    const ids = input.orderIds ? [...new Set(input.orderIds)] : (await this.ready({ deliveryId: input.deliveryId! })).map((o) => o.id);
    const results: BulkShipResult['results'] = [];
    await this.shipEach(ids, input, actor, lang, results);
    return { results };
  }

  /**
   * Each order's parcel is committed in turn (one refused never stops the next), then all their listeners
   * run together: invoices and delivery notes drawn on both PDF threads while the next are issued, not
   * one parcel's PDFs after the other's.
   */
  private async shipEach(ids: number[], input: BulkShipInput, actor: Actor, lang: Locale, results: BulkShipResult['results']): Promise<void> {
    const orders = new Map(
      (ids.length ? await this.db.selectFrom('orders').select(['id', 'number', 'locale']).where('id', 'in', ids).execute() : []).map((o) => [o.id, o]),
    );
    const shipped: number[] = [];
    /** Orders whose allocation cancels what it did not give, and the reason their shop reads, in its language. */
    const restCancelled = new Map<number, string>();
    const events: Array<number | null> = [];
    for (const id of ids) {
      const number = orders.get(id)?.number ?? null;
      const reason = PHRASES[orders.get(id)?.locale ?? lang].allocationShort;
      try {
        const plan = await this.shippable(id);
        if (plan.cancelWhole) {
          // Its allocation gave it nothing and cancels the rest: the order is cancelled (its deposit credited).
          const order = await this.lifecycle.cancel(id, reason, actor, lang);
          results.push({ id, number, shipped: false, shipment: null, invoice: null, status: order.status, error: null });
          continue;
        }
        events.push(await this.shipments.commit(id, { ...(plan.lines ? { lines: plan.lines } : {}), carrier: input.carrier }, actor, lang));
        shipped.push(id);
        if (plan.cancelRest) restCancelled.set(id, reason);
        results.push({ id, number, shipped: true, shipment: null, invoice: null, status: null, error: null });
      } catch (error) {
        if (!(error instanceof HttpError) || error.status >= 500) throw error;
        results.push({ id, number, shipped: false, shipment: null, invoice: null, status: null, error: error.said(lang) });
      }
    }
    await this.shipments.settle(events);
    // What an allocation did not give, and cancels, goes once its parcel has left (issue 58).
    for (const [id, why] of restCancelled) {
      const after = await this.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirst();
      if (after?.status === 'partlyShipped') await this.shipments.cancelRest(id, why, actor, lang);
    }
    const answered = await this.shipments.ordersAfter(shipped, lang);
    for (const result of results) {
      const order = result.shipped ? answered.get(result.id) : undefined;
      if (!order) continue;
      const parcel = order.shipments!.at(-1)!;
      Object.assign(result, { shipment: parcel.number, invoice: parcel.invoice?.number ?? null, status: order.status });
    }
  }

  /**
   * What a pre-order under an allocation ships (issue 58): the pieces held for each line, and lines whose piece
   * is not counted in stock as they are; nothing held and its allocation cancelling the rest: the whole order goes.
   */
  private async allocatedPlan(id: number): Promise<ShipPlan> {
    const cancels = await this.allocation.cancelsRest(id, this.db);
    if (cancels === null) return {};
    const lines = await this.db
      .selectFrom('order_lines as l')
      .leftJoin(readStockLevels().as('s'), (join) => join.onRef('s.variant_id', '=', 'l.variant_id').onRef('s.size', '=', 'l.size'))
      .select(['l.id', 'l.variant_id', 'l.allocated', sql<number>`l.quantity - l.shipped - l.cancelled`.as('left'), 's.on_hand'])
      .where('l.order_id', '=', id)
      .orderBy('l.position')
      .execute();
    const plan: Array<{ lineId: number; quantity: number }> = [];
    for (const l of lines) {
      const left = Number(l.left);
      if (left <= 0) continue;
      const quantity = l.variant_id === null || l.on_hand === null || l.on_hand === undefined ? left : Math.min(left, l.allocated);
      if (quantity > 0) plan.push({ lineId: l.id, quantity });
    }
    if (plan.length === 0) {
      if (cancels) return { cancelWhole: true };
      throw new HttpError(409, ALLOCATION_MESSAGES.nothingAllocated);
    }
    return { lines: plan, cancelRest: cancels };
  }

  /**
   * The lines an at-once order can ship now: of each line what is left, as far as the shelf holds (lines of
   * the same piece share it). A pre-booked order ships all that is left, or what its allocation gave; a refusal when nothing is on hand.
   */
  private async shippable(id: number): Promise<ShipPlan> {
    const order = await this.db.selectFrom('orders').select(['mode']).where('id', '=', id).executeTakeFirst();
    if (!order) return {};
    if (order.mode !== 'atOnce') return this.allocatedPlan(id);
    const lines = await this.db
      .selectFrom('order_lines as l')
      .leftJoin(readStockLevels().as('s'), (join) => join.onRef('s.variant_id', '=', 'l.variant_id').onRef('s.size', '=', 'l.size'))
      .select(['l.id', 'l.variant_id', 'l.size', sql<number>`l.quantity - l.shipped - l.cancelled`.as('left'), 's.on_hand'])
      .where('l.order_id', '=', id)
      .orderBy('l.position')
      .execute();
    const shelf = new Map<string, number>();
    const plan: Array<{ lineId: number; quantity: number }> = [];
    for (const l of lines) {
      const left = Number(l.left);
      if (left <= 0) continue;
      // A piece no longer counted (its colour gone, or not sold from stock) ships as it is.
      if (l.on_hand === null || l.variant_id === null) {
        plan.push({ lineId: l.id, quantity: left });
        continue;
      }
      const key = `${l.variant_id}:${l.size}`;
      const free = shelf.get(key) ?? Math.max(0, l.on_hand);
      const quantity = Math.min(left, free);
      shelf.set(key, free - quantity);
      if (quantity > 0) plan.push({ lineId: l.id, quantity });
    }
    if (plan.length === 0 && lines.some((l) => Number(l.left) > 0)) throw new HttpError(409, FULFILMENT_MESSAGES.nothingOnHand);
    return plan.length ? { lines: plan } : {};
  }
}
