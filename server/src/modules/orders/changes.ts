import {
  ORDER_CHANGE_MESSAGES,
  ORDER_MESSAGES,
  PHRASES,
  type Locale,
  type Order,
  type OrderChange,
  type OrderChangeDecisionInput,
  type OrderChangeInput,
  type OrderChangeList,
} from '@atelier/contract';
import { sql, type Kysely } from 'kysely';
import { publicBrand } from '../../config.ts';
import { nowIso } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { mapPage, readPage, type PageRequest } from '../../lib/paging.ts';
import { matchesSearch, searchTerms } from '../../lib/search.ts';
import { parseTexts, pick } from '../../lib/texts.ts';
import { inScope, type OrderScope } from '../companies/scope.ts';
import { parseCompany } from '../companies/service.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { orderChangedMail } from '../mail/templates.ts';
import { changeOf, changesOf } from './change-records.ts';
import { applyChange, type Applied } from './change-apply.ts';
import { mayChange, orderRow, planChange, type OrderRow, type PlanDeps, type Planned } from './change-plan.ts';
import type { OrdersContext } from './context.ts';
import type { OrderDrafts } from './draft.ts';
import type { OrderRecords } from './records.ts';
import { holdOrder } from './shipments.ts';

/** Lines moved into an order of their own: the change names it beside their window ("Livraison 2 · commande 2027-0043"). */
async function nameSplits(trx: Kysely<Database>, changeId: number, applied: Applied): Promise<void> {
  for (const split of applied.splits) {
    const items = await trx
      .selectFrom('order_change_items')
      .select(['id', 'to_label'])
      .where('change_id', '=', changeId)
      .where('delivery_id', '=', split.deliveryId)
      .execute();
    for (const item of items) {
      const names = parseTexts(item.to_label ?? '{}');
      const label = (lang: Locale) => `${pick(names, lang)} · ${PHRASES[lang].changeSplitOrder(split.number)}`;
      await trx
        .updateTable('order_change_items')
        .set({ to_label: JSON.stringify({ fr: label('fr'), en: label('en') }) })
        .where('id', '=', item.id)
        .execute();
    }
  }
}

/**
 * A sent order that changes (issue 57). The shop asks, line by line (a line at a new quantity, 0 removing
 * it; a piece added); the order is unchanged until the label decides each line. Accepting makes the
 * order's next revision in one transaction (its lines, totals and, for an at-once order, the pieces
 * reserved), tells the shop and records `order.changed`. The label may also change an order itself.
 */
export class OrderChanges {
  private readonly deps: Pick<
    OrdersContext,
    'db' | 'dialect' | 'catalogue' | 'companies' | 'stock' | 'seasons' | 'config' | 'events' | 'onMailQueued' | 'invoices'
  >;
  private readonly records: OrderRecords;
  private readonly planDeps: PlanDeps;

  constructor(
    deps: Pick<OrdersContext, 'db' | 'dialect' | 'catalogue' | 'companies' | 'stock' | 'seasons' | 'config' | 'events' | 'onMailQueued' | 'invoices'>,
    records: OrderRecords,
    drafts: OrderDrafts,
  ) {
    this.deps = deps;
    this.records = records;
    this.planDeps = { ...deps, drafts };
  }

  /** The shop asks a change: checked as an order is, kept pending; one at a time per order. */
  async request(orderId: number, scope: OrderScope, personId: number, input: OrderChangeInput, lang: Locale): Promise<OrderChange> {
    const id = await this.deps.db.transaction().execute(async (trx) => {
      const order = await orderRow(trx, orderId);
      if (!order || !inScope(order, scope)) throw new HttpError(404, ORDER_MESSAGES.orderNotFound);
      await holdOrder(trx, orderId);
      await mayChange(this.planDeps, trx, order);
      const planned = await planChange(this.planDeps, trx, order, input, lang, { doorIds: scope.doorIds });
      try {
        return await this.write(trx, orderId, 'retailer', personId, input.message, planned);
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, ORDER_CHANGE_MESSAGES.pending);
        throw error;
      }
    });
    return (await changeOf(this.deps.db, id, lang))!;
  }

  /** The shop takes its pending request back. */
  async withdraw(orderId: number, changeId: number, scope: OrderScope, lang: Locale): Promise<OrderChange> {
    const order = await orderRow(this.deps.db, orderId);
    if (!order || !inScope(order, scope)) throw new HttpError(404, ORDER_MESSAGES.orderNotFound);
    const done = await this.deps.db
      .updateTable('order_changes')
      .set({ status: 'withdrawn', decided_at: nowIso() })
      .where('id', '=', changeId)
      .where('order_id', '=', orderId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) {
      const change = await changeOf(this.deps.db, changeId, lang);
      throw change && change.orderId === orderId ? new HttpError(409, ORDER_CHANGE_MESSAGES.decided) : new HttpError(404, ORDER_CHANGE_MESSAGES.changeNotFound);
    }
    await this.items(this.deps.db, changeId).execute();
    return (await changeOf(this.deps.db, changeId, lang))!;
  }

  private items(db: Kysely<Database>, changeId: number) {
    return db.updateTable('order_change_items').set({ decision: 'refused' }).where('change_id', '=', changeId).where('decision', '=', 'pending');
  }

  /** The label decides: the items accepted (by place) make the next revision, the rest are refused with the reason. */
  async decide(orderId: number, changeId: number, decision: OrderChangeDecisionInput, actor: Actor, lang: Locale): Promise<Order> {
    await this.deps.db.transaction().execute(async (trx) => {
      await holdOrder(trx, orderId);
      const change = await trx.selectFrom('order_changes').select(['id', 'status', 'order_id']).where('id', '=', changeId).executeTakeFirst();
      if (!change || change.order_id !== orderId) throw new HttpError(404, ORDER_CHANGE_MESSAGES.changeNotFound);
      if (change.status !== 'pending') throw new HttpError(409, ORDER_CHANGE_MESSAGES.decided);
      const items = await trx.selectFrom('order_change_items').selectAll().where('change_id', '=', changeId).orderBy('position').execute();
      const accept = new Set(decision.accept);
      if (accept.size !== decision.accept.length || decision.accept.some((i) => i >= items.length))
        throw new HttpError(422, ORDER_CHANGE_MESSAGES.acceptInvalid);
      const order = (await orderRow(trx, orderId))!;
      const accepted = items.filter((item) => accept.has(item.position));
      // What was asked is checked again as the order stands now (a parcel may have left since).
      if (accepted.length) await mayChange(this.planDeps, trx, order);
      const planned: Planned[] = accepted.map((item) => ({
        kind: item.kind,
        lineId: item.line_id,
        variantId: item.variant_id,
        size: item.size,
        before: item.before_quantity,
        quantity: item.quantity,
        productTitle: item.product_title,
        colorName: item.color_name,
        reference: item.reference,
        ...(item.kind === 'add'
          ? {
              added: { productId: item.product_id!, colorCode: item.color_code, unitPriceCents: item.unit_price_cents!, listPriceCents: item.list_price_cents },
            }
          : {}),
        ...(item.delivery_id !== null ? { delivery: { from: item.before_delivery_id, to: item.delivery_id } } : {}),
        ...(item.door_id !== null ? { door: { from: item.before_door_id, to: item.door_id } } : {}),
      }));
      const applied = accepted.length ? await applyChange(this.deps, trx, order, planned, actor, lang) : null;
      if (applied) await nameSplits(trx, changeId, applied);
      const revision = applied?.revision ?? null;
      for (const item of items)
        await trx
          .updateTable('order_change_items')
          .set({ decision: accept.has(item.position) ? 'accepted' : 'refused' })
          .where('id', '=', item.id)
          .execute();
      const status = accepted.length === 0 ? 'refused' : accepted.length === items.length ? 'accepted' : 'partlyAccepted';
      await trx
        .updateTable('order_changes')
        .set({ status, decided_at: nowIso(), decided_by: actor.id, reason: decision.reason || null, revision })
        .where('id', '=', changeId)
        .execute();
      await this.tell(trx, order, changeId, false);
    });
    this.deps.onMailQueued();
    return (await this.records.get(orderId, lang))!;
  }

  /**
   * The label changes an order itself: the same checks, a revision at once, the shop told. A sales agent
   * (`takenBy`) changes only the orders they took at the showroom; another is not found.
   */
  async change(orderId: number, input: OrderChangeInput, actor: Actor, lang: Locale, only?: { takenBy: number }): Promise<Order> {
    await this.deps.db.transaction().execute(async (trx) => {
      const order = await orderRow(trx, orderId);
      if (!order || (only && order.taken_by !== only.takenBy)) throw new HttpError(404, ORDER_MESSAGES.orderNotFound);
      await holdOrder(trx, orderId);
      await mayChange(this.planDeps, trx, order);
      const planned = await planChange(this.planDeps, trx, order, input, lang);
      const pending = await trx.selectFrom('order_changes').select('id').where('order_id', '=', orderId).where('status', '=', 'pending').executeTakeFirst();
      if (pending) throw new HttpError(409, ORDER_CHANGE_MESSAGES.pending);
      const changeId = await this.write(trx, orderId, 'brand', actor.id, input.message, planned);
      const applied = await applyChange(this.deps, trx, (await orderRow(trx, orderId))!, planned, actor, lang);
      await nameSplits(trx, changeId, applied);
      const revision = applied.revision;
      await trx.updateTable('order_change_items').set({ decision: 'accepted' }).where('change_id', '=', changeId).execute();
      await trx
        .updateTable('order_changes')
        .set({ status: 'accepted', decided_at: nowIso(), decided_by: actor.id, revision })
        .where('id', '=', changeId)
        .execute();
      await this.tell(trx, order, changeId, true);
    });
    this.deps.onMailQueued();
    return (await this.records.get(orderId, lang))!;
  }

  /** The owner's list: newest first, a page at a time, of one status, searched by order number or shop. */
  async list(filter: { status?: OrderChange['status'] | undefined; q?: string | undefined }, paging: PageRequest = {}): Promise<OrderChangeList> {
    let query = this.deps.db
      .selectFrom('order_changes')
      .innerJoin('orders', 'orders.id', 'order_changes.order_id')
      .select(['order_changes.id', 'order_changes.order_id', 'order_changes.status', 'order_changes.by_role', 'order_changes.requested_at'])
      .select(['orders.number', 'orders.company', 'orders.retailer_email'])
      .select(sql<number>`(select count(*) from order_change_items i where i.change_id = order_changes.id)`.as('lines'));
    if (filter.status) query = query.where('order_changes.status', '=', filter.status);
    const terms = searchTerms(filter.q);
    if (terms.length) query = query.where(matchesSearch(this.deps.dialect, 'orders', terms));
    const page = await readPage(
      query,
      { sort: 'order_changes.requested_at', id: 'order_changes.id', sortOf: (r) => r.requested_at, idOf: (r) => r.id },
      paging,
    );
    return mapPage(page, async (rows) =>
      rows.map((r) => ({
        id: r.id,
        orderId: r.order_id,
        status: r.status,
        by: r.by_role === 'retailer' ? ('stockist' as const) : ('brand' as const),
        requestedAt: r.requested_at,
        orderNumber: r.number,
        shop: parseCompany(r.company).companyName ?? r.retailer_email,
        lines: Number(r.lines),
      })),
    );
  }

  /**
   * Changes still waiting on orders that can no longer change (the season's window closed, the pieces
   * left, the order cancelled): refused with that reason, the shop mailed. Run with the other periodic
   * work (main.ts); each in its own transaction, the order held, so a decision cannot cross it.
   */
  async closeLapsed(): Promise<number> {
    const waiting = await this.deps.db
      .selectFrom('order_changes')
      .select(['id', 'order_id'])
      .where('status', '=', 'pending')
      .orderBy('id')
      .limit(500)
      .execute();
    let closed = 0;
    for (const change of waiting) {
      const refused = await this.deps.db.transaction().execute(async (trx) => {
        await holdOrder(trx, change.order_id);
        const order = (await orderRow(trx, change.order_id))!;
        try {
          await mayChange(this.planDeps, trx, order);
          return false;
        } catch (error) {
          if (!(error instanceof HttpError) || error.status !== 409) throw error;
        }
        const done = await trx
          .updateTable('order_changes')
          .set({ status: 'refused', decided_at: nowIso(), reason: PHRASES[order.locale].changeWindowClosed })
          .where('id', '=', change.id)
          .where('status', '=', 'pending')
          .executeTakeFirst();
        if (Number(done.numUpdatedRows) === 0) return false;
        await this.items(trx, change.id).execute();
        await this.tell(trx, order, change.id, false);
        return true;
      });
      if (refused) closed += 1;
    }
    if (closed > 0) this.deps.onMailQueued();
    return closed;
  }

  /** The order's changes, newest first (its page reads them). */
  changesOf(orderId: number, lang: Locale): Promise<OrderChange[]> {
    return changesOf(this.deps.db, orderId, lang);
  }

  // —— Writing ——

  private async write(
    trx: Kysely<Database>,
    orderId: number,
    by: 'retailer' | 'brand',
    personId: number | null,
    message: string | undefined,
    planned: Planned[],
  ): Promise<number> {
    const change = await trx
      .insertInto('order_changes')
      .values({ order_id: orderId, status: 'pending', by_role: by, requested_by: personId, message: message || null, requested_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('order_change_items')
      .values(
        planned.map((p, position) => ({
          change_id: change.id,
          position,
          line_id: p.lineId,
          variant_id: p.variantId,
          size: p.size,
          product_title: p.productTitle,
          color_name: p.colorName,
          reference: p.reference,
          product_id: p.added?.productId ?? null,
          color_code: p.added?.colorCode ?? null,
          unit_price_cents: p.added?.unitPriceCents ?? null,
          list_price_cents: p.added?.listPriceCents ?? null,
          before_quantity: p.before,
          quantity: p.quantity,
          decision: 'pending' as const,
          kind: p.kind,
          before_delivery_id: p.delivery?.from ?? null,
          delivery_id: p.delivery?.to ?? null,
          before_door_id: p.door?.from ?? null,
          door_id: p.door?.to ?? null,
          from_label: p.fromLabel ?? null,
          to_label: p.toLabel ?? null,
        })),
      )
      .execute();
    return change.id;
  }

  /** The shop's mail (in the order's language: what was accepted, what was refused, why) and the webhook `order.changed`. */
  private async tell(trx: Kysely<Database>, order: OrderRow, changeId: number, byBrand: boolean): Promise<void> {
    const change = (await changeOf(trx, changeId, order.locale))!;
    const colon = order.locale === 'fr' ? ' : ' : ': ';
    const line = (i: OrderChange['items'][number]) =>
      i.kind === 'door'
        ? `${PHRASES[order.locale].changeDoor}${colon}${i.from ?? '—'} → ${i.to}`
        : `${i.productTitle} — ${i.colorName}, ${i.size}${colon}${i.kind === 'delivery' ? `${i.from ?? '—'} → ${i.to}` : `${i.before} → ${i.after}`}`;
    const loaded = (await this.records.load(trx, order.id))!;
    if (change.revision !== null) await this.records.announceChange(trx, loaded, change);
    const config = this.deps.config;
    await enqueueMail(trx, {
      to: order.retailer_email,
      dedupeKey: `order-change:${changeId}:decided`,
      ...orderChangedMail(publicBrand(config), order.locale, {
        order: order.number,
        revision: change.revision,
        accepted: change.items.filter((i) => i.decision === 'accepted').map(line),
        refused: change.items.filter((i) => i.decision === 'refused').map(line),
        reason: change.reason,
        byBrand,
        url: `${config.PUBLIC_URL}/account/orders/${order.id}?lang=${order.locale}`,
      }),
    });
  }
}
