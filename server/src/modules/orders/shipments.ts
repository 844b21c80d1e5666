import { lineGtins } from './line-gtins.ts';
import { ORDER_MESSAGES, PHRASES, SEASON_MESSAGES, type Locale, type Order, type OrderStatus, type ShipmentInput } from '@atelier/contract';
import { sql, type Kysely } from 'kysely';
import { nowIso, type Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { parseTexts, pick } from '../../lib/texts.ts';
import { logActivity } from '../activity/service.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import type { InvoicesService } from '../invoices/service.ts';
import type { StockLine, StockService } from '../stock/service.ts';
import type { OrdersContext } from './context.ts';
import type { OrderRecords } from './records.ts';
import { inScope, type OrderScope } from '../companies/scope.ts';
import { deliveryNotePdf } from './delivery-note.ts';
import { releaseAllocated } from './allocated-pieces.ts';
import { publicBrand, type Config } from '../../config.ts';
import type { DomainEvents } from '../../platform/events.ts';
import type { ShipmentCreated } from '../invoices/listeners.ts';

/** What `shipment.created` carries: the invoices' part, and whether one parcel took the whole order when it left (its mail's). */
export interface ParcelShipped extends ShipmentCreated {
  inOne: boolean;
}

/** What a shipment asks: lines (absent: all that is left), how it travels, and when the rest follows. */
export type ShipmentRequest = Omit<ShipmentInput, 'lines'> & { lines?: ShipmentInput['lines'] };

type LineRow = {
  id: number;
  variant_id: number | null;
  size: string;
  quantity: number;
  shipped: number;
  cancelled: number;
  product_title: string;
  color_name: string;
  allocated: number;
};

const SHIPPABLE: OrderStatus[] = ['confirmed', 'partlyShipped'];

/**
 * Holds an order until the caller's transaction ends (a write that changes nothing): every shipment,
 * "cancel the rest" and cancel of one order then happen one after the other, each reading what the one
 * before left (PostgreSQL: the row's lock; SQLite: the database's write lock).
 */
export async function holdOrder(trx: Kysely<Database>, id: number) {
  await trx
    .updateTable('orders')
    .set({ number: sql<string>`number` })
    .where('id', '=', id)
    .execute();
  return trx
    .selectFrom('orders')
    .select(['id', 'company_id', 'status', 'mode', 'number', 'follow_date', 'review_state'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** "Robe Lina — Rouille, M": a line as a refusal names it. */
function lineName(line: Pick<LineRow, 'product_title' | 'color_name' | 'size'>, lang: Locale): string {
  return `${pick(parseTexts(line.product_title), lang)} — ${pick(parseTexts(line.color_name), lang)}, ${line.size}`;
}

const left = (l: Pick<LineRow, 'quantity' | 'shipped' | 'cancelled'>) => l.quantity - l.shipped - l.cancelled;

/**
 * An order ships in parts (issue 45, ADR 0021). A shipment is one transaction: each line it carries is a
 * conditional update (`shipped + cancelled + n <= quantity`, the line is the lock), the pieces leave the
 * shelf, the parcel is numbered `{order}-{n}`, the order becomes `partlyShipped` or `shipped`, the shop
 * and the webhooks are told and the parcel's invoice is issued. "Cancel the rest" closes what is left.
 */
export class OrderShipments {
  private readonly db: Db;
  private readonly onMailQueued: () => void;
  private readonly stock: StockService;
  private readonly catalogue: CatalogueService;
  private readonly invoices: InvoicesService;
  private readonly records: OrderRecords;
  private readonly events: DomainEvents;

  private readonly config: Config;

  constructor(deps: Pick<OrdersContext, 'db' | 'onMailQueued' | 'stock' | 'catalogue' | 'invoices' | 'config' | 'events'>, records: OrderRecords) {
    this.db = deps.db;
    this.events = deps.events;
    this.config = deps.config;
    this.onMailQueued = deps.onMailQueued;
    this.stock = deps.stock;
    this.catalogue = deps.catalogue;
    this.invoices = deps.invoices;
    this.records = records;
  }

  /**
   * One parcel of what is left (all of it when `lines` is absent: "Mark as shipped"). The order is held only
   * while its lines, stock and parcel are written; its invoice, its mails and their PDFs are the listeners'
   * of `shipment.created`, run right after the commit, their PDFs drawn in worker threads (the answer names
   * the invoice once issued, or says it is being issued: `invoicePending`).
   */
  async ship(id: number, input: ShipmentRequest, actor: Actor, lang: Locale): Promise<Order> {
    await this.settle([await this.commit(id, input, actor, lang)]);
    return (await this.records.get(id, lang))!;
  }

  /** Orders as they stand after their parcels' listeners ran, by id (a bulk shipment's answers). */
  async ordersAfter(ids: number[], lang: Locale): Promise<Map<number, Order>> {
    const orders = new Map<number, Order>();
    for (const id of ids) orders.set(id, (await this.records.get(id, lang))!);
    return orders;
  }

  /** The parcel's own transaction only: the event its listeners run from (`settle` runs them). */
  async commit(id: number, input: ShipmentRequest, actor: Actor, lang: Locale): Promise<number | null> {
    return (await this.db.transaction().execute((trx) => this.shipInTransaction(trx, id, input, actor, lang))).eventId;
  }

  /**
   * Runs the listeners of parcels just committed (their invoices, delivery notes and mails), within 2 s
   * and 60 ms a parcel more: several parcels' PDFs are drawn side by side (ADR 0026). What is not done by
   * then is left to the worker, and the answer says the invoice is being issued.
   */
  async settle(eventIds: Array<number | null>): Promise<void> {
    await this.events.settle(eventIds, 2000 + 60 * Math.max(0, eventIds.length - 1));
    this.onMailQueued();
  }

  /** The shipment inside the caller's transaction: its id, and the event its listeners run from after the commit. */
  private async shipInTransaction(
    trx: Kysely<Database>,
    id: number,
    input: ShipmentRequest,
    actor: Actor,
    lang: Locale,
  ): Promise<{ shipmentId: number; eventId: number | null }> {
    const order = await holdOrder(trx, id);
    if (!order) throw new HttpError(404, ORDER_MESSAGES.orderNotFound);
    if (!SHIPPABLE.includes(order.status)) throw new HttpError(409, ORDER_MESSAGES.transitionRefused);
    // A change that took its company over its credit limit sent it back to review (issue 57).
    if (order.review_state === 'pending') throw new HttpError(409, ORDER_MESSAGES.inReviewShip);
    // Its company's terms hold its parcels until the deposit is paid (issue 47).
    if (await this.invoices.deposits.holds(trx, id, order.company_id)) throw new HttpError(409, ORDER_MESSAGES.depositUnpaid);
    const lines = await trx
      .selectFrom('order_lines')
      .select(['id', 'variant_id', 'size', 'quantity', 'shipped', 'cancelled', 'product_title', 'color_name', 'allocated'])
      .where('order_id', '=', id)
      .orderBy('position')
      .execute();
    const wanted = this.wanted(lines, input.lines);
    const now = nowIso();
    for (const w of wanted) {
      const updated = await trx
        .updateTable('order_lines')
        .set({ shipped: sql<number>`shipped + ${w.quantity}` })
        .where('id', '=', w.line.id)
        .where(sql<boolean>`shipped + cancelled + ${w.quantity} <= quantity`)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) throw new HttpError(409, ORDER_MESSAGES.shipTooMany, {}, (l) => lineName(w.line, l));
    }
    // At-once pieces leave the shelf; a pre-order's, the pieces an allocation held for it (issue 58).
    if (order.mode === 'atOnce') await this.takeOffShelf(trx, id, wanted, actor, lang);
    else await this.takeAllocated(trx, id, wanted, actor, lang);
    const seq =
      Number(
        (
          await trx
            .selectFrom('shipments')
            .select(sql<number>`coalesce(max(seq), 0)`.as('n'))
            .where('order_id', '=', id)
            .executeTakeFirstOrThrow()
        ).n,
      ) + 1;
    const shipment = await trx
      .insertInto('shipments')
      .values({
        order_id: id,
        seq,
        number: `${order.number}-${seq}`,
        carrier: input.carrier || null,
        tracking: input.tracking || null,
        shipping_cents: input.shippingCharge ? Math.round(input.shippingCharge * 100) : null,
        shipped_at: now,
        shipped_by: actor.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('shipment_lines')
      .values(wanted.map((w) => ({ shipment_id: shipment.id, order_line_id: w.line.id, quantity: w.quantity })))
      .execute();
    const rest = lines.reduce((sum, l) => sum + left(l), 0) - wanted.reduce((sum, w) => sum + w.quantity, 0);
    const status: OrderStatus = rest > 0 ? 'partlyShipped' : 'shipped';
    await trx
      .updateTable('orders')
      .set({
        status,
        updated_at: now,
        // The order's carrier and tracking are its latest parcel's (the clients that read one keep working).
        carrier: input.carrier || null,
        tracking: input.tracking || null,
        shipping_cents: input.shippingCharge ? Math.round(input.shippingCharge * 100) : null,
        follow_date: rest > 0 ? (input.followDate !== undefined ? input.followDate : order.follow_date) : null,
      })
      .where('id', '=', id)
      .execute();
    await trx
      .insertInto('order_events')
      .values({ order_id: id, status, by_role: 'brand', note: `${order.number}-${seq}`, at: now })
      .execute();
    const loaded = (await this.records.load(trx, id))!;
    const shipped: ParcelShipped = { shipmentId: shipment.id, orderId: id, actor, inOne: seq === 1 && status === 'shipped' };
    const eventId = await this.records.announceShipment(trx, loaded, shipment.id, shipped);
    await logActivity(trx, actor, {
      kind: 'order',
      action: 'ship',
      subject: order.number,
      subjectId: id,
      detail: { from: order.status, to: status, shipment: `${order.number}-${seq}`, pieces: wanted.reduce((sum, w) => sum + w.quantity, 0) },
    });
    return { shipmentId: shipment.id, eventId };
  }

  /** The lines a shipment carries, checked against what is left of each (a refusal names the line). */
  private wanted(lines: LineRow[], asked: ShipmentInput['lines'] | undefined): Array<{ line: LineRow; quantity: number }> {
    if (asked === undefined) {
      const all = lines.map((line) => ({ line, quantity: left(line) })).filter((w) => w.quantity > 0);
      if (all.length === 0) throw new HttpError(409, ORDER_MESSAGES.nothingLeft);
      return all;
    }
    const byId = new Map(lines.map((l) => [l.id, l]));
    const wanted: Array<{ line: LineRow; quantity: number }> = [];
    for (const a of asked) {
      const line = byId.get(a.lineId);
      if (!line) throw new HttpError(422, ORDER_MESSAGES.shipLineUnknown, {}, `#${a.lineId}`);
      if (a.quantity === 0) continue;
      if (a.quantity > left(line)) throw new HttpError(409, ORDER_MESSAGES.shipTooMany, {}, (l) => PHRASES[l].piecesLeft(lineName(line, l), left(line)));
      wanted.push({ line, quantity: a.quantity });
    }
    if (wanted.length === 0) throw new HttpError(422, ORDER_MESSAGES.shipNothing);
    return wanted;
  }

  /**
   * A pre-order's pieces held for it by an allocation leave the shelf with its parcel (as many as the parcel
   * takes of each line, at most what the line holds); pieces beyond them ship as pre-orders always did.
   */
  private async takeAllocated(trx: Kysely<Database>, id: number, wanted: Array<{ line: LineRow; quantity: number }>, actor: Actor, lang: Locale) {
    const held = wanted
      .filter((w) => w.line.allocated > 0 && w.line.variant_id !== null)
      .map((w) => ({ ...w, quantity: Math.min(w.quantity, w.line.allocated) }));
    if (held.length === 0) return;
    for (const w of held) {
      await trx
        .updateTable('order_lines')
        .set({ allocated: sql<number>`allocated - ${w.quantity}` })
        .where('id', '=', w.line.id)
        .execute();
    }
    await this.takeOffShelf(trx, id, held, actor, lang);
  }

  /** At-once pieces leave the shelf; without them on hand the shipment is refused (409), naming what is short. */
  private async takeOffShelf(trx: Kysely<Database>, id: number, wanted: Array<{ line: LineRow; quantity: number }>, actor: Actor, lang: Locale) {
    const pieces: StockLine[] = wanted
      .filter((w) => w.line.variant_id !== null)
      .map((w) => ({ variantId: w.line.variant_id!, size: w.line.size, quantity: w.quantity }));
    const short = await this.stock.ship(trx, id, pieces, actor.id);
    if (short.length === 0) return;
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

  /**
   * "Cancel the rest" of a partly shipped order: what is left of each line counts cancelled, its reserved
   * pieces go back, the order is closed as shipped; the shop is mailed and `order.cancelled` tells the webhooks.
   */
  async cancelRest(id: number, reason: string, actor: Actor, lang: Locale): Promise<Order> {
    await this.db.transaction().execute(async (trx) => {
      const order = await holdOrder(trx, id);
      if (!order) throw new HttpError(404, ORDER_MESSAGES.orderNotFound);
      if (order.status !== 'partlyShipped') throw new HttpError(409, ORDER_MESSAGES.transitionRefused);
      const rest = await this.cancelLeft(trx, id, order.mode, actor);
      if (rest === 0) throw new HttpError(409, ORDER_MESSAGES.nothingLeft);
      // A parcel's invoice still to be issued first (it takes its part of the deposit), then what its
      // parcels did not take of the deposit goes back (issue 47).
      await this.invoices.issuePending(trx, id, actor);
      await this.invoices.deposits.release(trx, id, actor);
      const now = nowIso();
      await trx.updateTable('orders').set({ status: 'shipped', follow_date: null, updated_at: now }).where('id', '=', id).execute();
      await trx.insertInto('order_events').values({ order_id: id, status: 'shipped', by_role: 'brand', note: reason, at: now }).execute();
      const loaded = (await this.records.load(trx, id))!;
      await this.records.announceRestCancelled(trx, loaded, reason);
      await logActivity(trx, actor, {
        kind: 'order',
        action: 'cancel',
        subject: order.number,
        subjectId: id,
        detail: { from: order.status, to: 'shipped', rest },
      });
    });
    this.onMailQueued();
    return (await this.records.get(id, lang))!;
  }

  /** Counts what is left of each line cancelled and gives its reserved pieces back; how many pieces that was. */
  async cancelLeft(trx: Kysely<Database>, id: number, mode: 'atOnce' | 'preBook', actor: Actor | null): Promise<number> {
    const lines = await trx
      .selectFrom('order_lines')
      .select(['id', 'variant_id', 'size', 'quantity', 'shipped', 'cancelled'])
      .where('order_id', '=', id)
      .execute();
    const open = lines.filter((l) => left(l) > 0);
    for (const l of open) {
      await trx
        .updateTable('order_lines')
        .set({ cancelled: sql<number>`quantity - shipped` })
        .where('id', '=', l.id)
        .execute();
    }
    if (mode === 'atOnce') {
      const pieces = open.filter((l) => l.variant_id !== null).map((l) => ({ variantId: l.variant_id!, size: l.size, quantity: left(l) }));
      await this.stock.release(trx, id, pieces, actor?.id ?? null);
    } else await releaseAllocated(trx, this.stock, id, actor?.id ?? null);
    return open.reduce((sum, l) => sum + left(l), 0);
  }

  /** When the rest of a partly shipped order follows (null: no date said); the shop sees it on its order. */
  async setFollowDate(id: number, followDate: string | null, lang: Locale): Promise<Order> {
    const updated = await this.db
      .updateTable('orders')
      .set({ follow_date: followDate, updated_at: nowIso() })
      .where('id', '=', id)
      .where('status', 'in', ['confirmed', 'partlyShipped'])
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      const exists = await this.db.selectFrom('orders').select('id').where('id', '=', id).executeTakeFirst();
      throw new HttpError(exists ? 409 : 404, exists ? ORDER_MESSAGES.transitionRefused : ORDER_MESSAGES.orderNotFound);
    }
    return (await this.records.get(id, lang))!;
  }

  /** A parcel's delivery note, in the shop's language; with `userId`, only that retailer's (another's is not found). */
  async deliveryNote(orderId: number, shipmentId: number, scope?: number | OrderScope): Promise<{ number: string; pdf: Buffer } | null> {
    const loaded = await this.records.load(this.db, orderId);
    if (!loaded || !inScope(loaded.row, scope)) return null;
    const locale = loaded.row.locale;
    const order = this.records.shape(loaded, locale);
    const shipment = loaded.shipments.find((s) => s.id === shipmentId);
    if (!shipment) return null;
    return { number: shipment.number, pdf: await deliveryNotePdf(publicBrand(this.config), order, shipment, locale, await lineGtins(this.db, orderId)) };
  }
}
