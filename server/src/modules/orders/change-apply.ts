import { releaseAllocated } from './allocated-pieces.ts';
import { ORDER_CHANGE_MESSAGES, PHRASES, SEASON_MESSAGES, addressLine, type Locale, type PostalAddress } from '@atelier/contract';
import { sql, type Kysely } from 'kysely';
import { nowIso } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { orderSearchText } from '../../lib/search.ts';
import { parseTexts, pick } from '../../lib/texts.ts';
import { readRetailerDoors } from '../../read-models/companies.ts';
import { creditReview } from '../companies/credit.ts';
import type { OrderRow, Planned } from './change-plan.ts';
import type { OrdersContext } from './context.ts';
import { nextOrderNumber } from './submit.ts';

type ApplyDeps = Pick<OrdersContext, 'stock' | 'config' | 'invoices'>;

/** What a change made: the order's revision, and the orders its moved lines now form (one per window they went to). */
export interface Applied {
  revision: number;
  /** Orders made of lines moved to another window: their id and number. */
  splits: Array<{ orderId: number; number: string; deliveryId: number }>;
  /** Whether the change put the order in review (its company over its credit limit, or owing too long). */
  review: boolean;
}

const isQuantity = (p: Planned) => p.kind === 'quantity';
const name = (p: Planned, lang: Locale) => `${pick(parseTexts(p.productTitle), lang)} — ${pick(parseTexts(p.colorName), lang)}, ${p.size}`;

/**
 * The accepted lines written as the order's next revision, in the caller's transaction: each line's new
 * quantity (never below what left: the update says so), pieces added at the order's terms, an at-once
 * order's pieces reserved or given back, the door, lines moved to another window (the order itself when
 * every line moves, else an order of their own in the same submission, keeping its place in the queue), the
 * totals again, and credit control when the company's orders grew.
 * Pieces an allocation held for a line lowered or removed go back first (issue 58).
 */
export async function applyChange(deps: ApplyDeps, trx: Kysely<Database>, order: OrderRow, planned: Planned[], actor: Actor, lang: Locale): Promise<Applied> {
  const reserve: Array<{ variantId: number; size: string; quantity: number }> = [];
  const release: typeof reserve = [];
  let position = Number(
    (
      await trx
        .selectFrom('order_lines')
        .select(sql<number>`coalesce(max(position), -1)`.as('n'))
        .where('order_id', '=', order.id)
        .executeTakeFirstOrThrow()
    ).n,
  );
  if (order.mode === 'preBook') await releaseAllocated(trx, deps.stock, order.id, actor.id, planned.filter(isQuantity));
  /** Lines going to another window, by that window. */
  const moving = new Map<number, number[]>();
  const move = (to: number, lineId: number) => moving.set(to, [...(moving.get(to) ?? []), lineId]);
  for (const p of planned) {
    if (p.kind === 'door') {
      await sendToDoor(trx, order, p.door!.to);
      continue;
    }
    if (p.kind === 'delivery') {
      move(p.delivery!.to, p.lineId!);
      continue;
    }
    if (p.lineId !== null) {
      const line = await trx
        .selectFrom('order_lines')
        .select(['quantity', 'variant_id', 'size'])
        .where('id', '=', p.lineId)
        .where('order_id', '=', order.id)
        .executeTakeFirst();
      if (!line) throw new HttpError(409, ORDER_CHANGE_MESSAGES.lineNotInOrder, {}, name(p, lang));
      const updated =
        p.quantity === 0
          ? await trx.deleteFrom('order_lines').where('id', '=', p.lineId).where('shipped', '=', 0).where('cancelled', '=', 0).executeTakeFirst()
          : await trx
              .updateTable('order_lines')
              .set({ quantity: p.quantity })
              .where('id', '=', p.lineId)
              .where(sql<boolean>`shipped + cancelled <= ${p.quantity}`)
              .executeTakeFirst();
      const changed = Number('numDeletedRows' in updated ? updated.numDeletedRows : updated.numUpdatedRows);
      if (changed === 0) throw new HttpError(409, ORDER_CHANGE_MESSAGES.belowShipped, {}, name(p, lang));
      if (line.variant_id !== null) {
        const delta = p.quantity - line.quantity;
        if (delta > 0) reserve.push({ variantId: line.variant_id, size: line.size, quantity: delta });
        if (delta < 0) release.push({ variantId: line.variant_id, size: line.size, quantity: -delta });
      }
      continue;
    }
    position += 1;
    const inserted = await trx
      .insertInto('order_lines')
      .values({
        order_id: order.id,
        position,
        variant_id: p.variantId,
        product_id: p.added!.productId,
        product_title: p.productTitle,
        color_name: p.colorName,
        color_code: p.added!.colorCode,
        reference: p.reference,
        size: p.size,
        quantity: p.quantity,
        unit_price_cents: p.added!.unitPriceCents,
        list_price_cents: p.added!.listPriceCents,
        pack_name: null,
        packs: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    p.lineId = inserted.id;
    if (p.delivery) move(p.delivery.to, inserted.id);
    else reserve.push({ variantId: p.variantId!, size: p.size, quantity: p.quantity });
  }
  if (order.mode === 'atOnce') {
    if (release.length) await deps.stock.release(trx, order.id, release, actor.id);
    const short = reserve.length ? await deps.stock.reserve(trx, order.id, reserve) : [];
    if (short.length) {
      const detail = short
        .map((s) =>
          PHRASES[lang].piecesLeft(
            name(
              planned.find((p) => p.variantId === s.variantId && p.size === s.size)!,
              lang,
            ),
            s.left,
          ),
        )
        .join('; ');
      throw new HttpError(409, SEASON_MESSAGES.notInStock, {}, detail);
    }
  }
  const splits = await moveLines(trx, order, moving, planned, lang);
  const revision = await retotal(trx, order.id, order.revision + 1);
  await followDeposit(deps, trx, order, splits, actor);
  const review = await reviewIfGrown(deps, trx, order, splits);
  return { revision, splits, review };
}

/** A confirmed order with a deposit (issue 47): the deposit follows the new total; moved lines ask their own. */
async function followDeposit(deps: ApplyDeps, trx: Kysely<Database>, order: OrderRow, splits: Applied['splits'], actor: Actor): Promise<void> {
  const percent = order.deposit_pct ?? 0;
  if (percent <= 0) return;
  await deps.invoices.deposits.adjust(trx, order.id, actor);
  for (const split of splits) {
    const row = await trx.selectFrom('orders').select(['total_cents', 'ship_date']).where('id', '=', split.orderId).executeTakeFirstOrThrow();
    await deps.invoices.deposits.issue(trx, split.orderId, row.total_cents, percent, row.ship_date ?? nowIso().slice(0, 10), actor);
  }
}

/** The order sent to another door: its door and the delivery address it keeps (the door's). */
async function sendToDoor(trx: Kysely<Database>, order: OrderRow, doorId: number): Promise<void> {
  const door = await trx
    .selectFrom(readRetailerDoors().as('d'))
    .select(['d.name', 'd.line1', 'd.line2', 'd.postcode', 'd.town', 'd.country'])
    .where('d.id', '=', doorId)
    .executeTakeFirstOrThrow();
  const address = { line1: door.line1, line2: door.line2 ?? '', postcode: door.postcode, town: door.town, country: door.country } as PostalAddress;
  const company = { ...(JSON.parse(order.company) as Record<string, unknown>), delivery: address, deliveryAddress: addressLine(address) };
  await trx
    .updateTable('orders')
    .set({ door_id: doorId, company: JSON.stringify(company) })
    .where('id', '=', order.id)
    .execute();
}

/**
 * Lines moved to other windows. When every line of the order that is left goes to one window, the order
 * itself moves; else each window's lines become an order of their own: the same submission, company,
 * terms, door and status, sent when the order was (its place in the queue is kept), numbered now.
 */
async function moveLines(trx: Kysely<Database>, order: OrderRow, moving: Map<number, number[]>, planned: Planned[], lang: Locale): Promise<Applied['splits']> {
  if (moving.size === 0) return [];
  const lines = await trx.selectFrom('order_lines').select(['id', 'shipped', 'cancelled']).where('order_id', '=', order.id).execute();
  const moved = new Set([...moving.values()].flat());
  const staying = lines.filter((l) => !moved.has(l.id));
  if (staying.length === 0 && moving.size === 1) {
    const [to] = [...moving.keys()];
    await trx.updateTable('orders').set({ delivery_id: to! }).where('id', '=', order.id).execute();
    return [];
  }
  const row = await trx.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
  const splits: Applied['splits'] = [];
  for (const [deliveryId, lineIds] of moving) {
    const rank = await trx
      .selectFrom('orders')
      .select(sql<number>`coalesce(max(submission_rank), 0)`.as('n'))
      .where('company_id', row.company_id === null ? 'is' : '=', row.company_id)
      .where('idempotency_key', '=', row.idempotency_key)
      .executeTakeFirstOrThrow();
    const number = await nextOrderNumber(trx, Number(nowIso().slice(0, 4)));
    const { id: _id, ...copy } = row;
    const inserted = await trx
      .insertInto('orders')
      .values({
        ...copy,
        number,
        delivery_id: deliveryId,
        submission_rank: Number(rank.n) + 1,
        status: row.status === 'partlyShipped' ? 'confirmed' : row.status,
        follow_date: null,
        shipping_cents: null,
        carrier: null,
        tracking: null,
        revision: 1,
        updated_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const done = await trx
      .updateTable('order_lines')
      .set({ order_id: inserted.id })
      .where('order_id', '=', order.id)
      .where('id', 'in', lineIds)
      .where('shipped', '=', 0)
      .where('cancelled', '=', 0)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== lineIds.length) {
      const p = planned.find((x) => x.lineId !== null && lineIds.includes(x.lineId))!;
      throw new HttpError(409, ORDER_CHANGE_MESSAGES.moveStarted, {}, name(p, lang));
    }
    await trx
      .insertInto('order_events')
      .values({ order_id: inserted.id, status: 'submitted', by_role: 'retailer', note: `← ${order.number}`, at: row.created_at })
      .execute();
    await retotal(trx, inserted.id, 1);
    splits.push({ orderId: inserted.id, number, deliveryId });
  }
  return splits;
}

/** An order's totals and search words from its lines as they now are, at its revision. */
export async function retotal(trx: Kysely<Database>, orderId: number, revision: number): Promise<number> {
  const order = await trx.selectFrom('orders').select(['number', 'company', 'retailer_email', 'door_id']).where('id', '=', orderId).executeTakeFirstOrThrow();
  const lines = await trx.selectFrom('order_lines').select(['quantity', 'unit_price_cents', 'reference']).where('order_id', '=', orderId).execute();
  const door = order.door_id
    ? await trx.selectFrom(readRetailerDoors().as('d')).select(['d.name', 'd.town']).where('d.id', '=', order.door_id).executeTakeFirst()
    : undefined;
  const references = [...lines.map((l) => l.reference), door?.name, door?.town].filter((r): r is string => !!r);
  await trx
    .updateTable('orders')
    .set({
      total_cents: lines.reduce((sum, l) => sum + l.unit_price_cents * l.quantity, 0),
      pieces: lines.reduce((sum, l) => sum + l.quantity, 0),
      revision,
      updated_at: nowIso(),
      search_text: orderSearchText(order.number, order.company, order.retailer_email, references),
    })
    .where('id', '=', orderId)
    .execute();
  return revision;
}

/**
 * Credit control on a change (issue 47 as for a new order): when the order grew, its company's exposure
 * is counted again (this order at its new lines included); over the limit, or owing too long, the order
 * waits in review: it is neither confirmed nor shipped until the owner accepts it.
 */
async function reviewIfGrown(deps: ApplyDeps, trx: Kysely<Database>, order: OrderRow, splits: Applied['splits']): Promise<boolean> {
  if (order.company_id === null) return false;
  const ids = [order.id, ...splits.map((s) => s.orderId)];
  const now = await trx
    .selectFrom('orders')
    .select(sql<number>`coalesce(sum(total_cents), 0)`.as('cents'))
    .where('id', 'in', ids)
    .executeTakeFirstOrThrow();
  if (Number(now.cents) <= order.total_cents) return false;
  const review = await creditReview(trx, order.company_id, 0, nowIso().slice(0, 10), deps.config.REVIEW_OVERDUE_DAYS);
  if (!review) return false;
  await trx
    .updateTable('orders')
    .set({ review_state: 'pending', review: JSON.stringify(review) })
    .where('id', '=', order.id)
    .execute();
  return true;
}
