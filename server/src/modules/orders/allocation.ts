import { createHash } from 'node:crypto';
import {
  ALLOCATION_MESSAGES,
  formatDay,
  type AllocationApply,
  type AllocationLine,
  type AllocationProposal,
  type AllocationResult,
  type AllocationRule,
  type AllocationSize,
  type Locale,
  type Size,
  SIZES,
} from '@atelier/contract';
import { sql, type Kysely } from 'kysely';
import { publicBrand } from '../../config.ts';
import { nowIso } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import { chunks } from '../../lib/chunks.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { fold, searchTerms } from '../../lib/search.ts';
import { parseTexts, pick } from '../../lib/texts.ts';
import { readProducts } from '../../read-models/catalogue.ts';
import { logActivity } from '../activity/service.ts';
import { parseCompany } from '../companies/service.ts';
import { companyMailbox } from '../companies/people.ts';
import { allocatedMail } from '../mail/templates.ts';
import type { QueuedMail } from '../mail/outbox.ts';
import { deliveryOf } from '../seasons/service.ts';
import { share, type Claim } from './allocation-rules.ts';
import type { OrdersContext } from './context.ts';

declare module '../../platform/events.ts' {
  interface DomainEventNames {
    'allocation.applied': true;
  }
}

/** A pre-order's line that still waits for pieces, as an allocation reads it. */
interface WaitingLine {
  id: number;
  order_id: number;
  variant_id: number | null;
  size: string;
  quantity: number;
  shipped: number;
  cancelled: number;
  allocated: number;
  packs: number | null;
  reference: string | null;
  product_title: string;
  color_name: string;
  number: string;
  company_id: number | null;
  company: string;
  created_at: string;
  submission_rank: number;
  order_multiple: number | null;
}

/** What an allocation is computed on: the lines still asking, each piece's free shelf, and their version. */
interface WindowState {
  lines: WaitingLine[];
  /** Free pieces on the shelf (on hand less reserved), of the pieces counted in stock. */
  shelf: Map<string, number>;
  basis: string;
}

const pieceKey = (variantId: number, size: string) => `${variantId}:${size}`;
const need = (l: Pick<WaitingLine, 'quantity' | 'shipped' | 'cancelled' | 'allocated'>) => l.quantity - l.shipped - l.cancelled - l.allocated;

/** A line gets pieces in steps: its pack's pieces of this size, else its style's multiple (when its quantity is one). */
function stepOf(l: WaitingLine): number {
  if (l.packs && l.packs > 0 && l.quantity % l.packs === 0) return l.quantity / l.packs;
  const multiple = Number(l.order_multiple) || 1;
  return l.quantity % multiple === 0 ? multiple : 1;
}

/**
 * Short production shared out (issue 58): a delivery window's pieces on the shelf, against what its
 * confirmed pre-orders still ask (less what left or was allocated before), given by the owner's rule
 * (allocation-rules.ts); applied in one transaction that holds each line's pieces on the shelf for it
 * (`order_lines.allocated`, stock's `reserved`) until its parcel takes them. The shops are mailed after
 * the commit (`allocation.applied`). A second batch later shares only what is new.
 */
export class OrderAllocation {
  private readonly deps: Pick<OrdersContext, 'db' | 'stock' | 'seasons' | 'companies' | 'events' | 'config' | 'onMailQueued'>;

  constructor(deps: Pick<OrdersContext, 'db' | 'stock' | 'seasons' | 'companies' | 'events' | 'config' | 'onMailQueued'>) {
    this.deps = deps;
  }

  /** The rule's proposal for a window: per piece the shelf and what is asked, per line what it gets. */
  async proposal(deliveryId: number, rule: AllocationRule, lang: Locale, q?: string): Promise<AllocationProposal> {
    const db = this.deps.db;
    const delivery = await this.delivery(db, deliveryId, lang);
    const state = await this.state(db, deliveryId);
    const priorities = await this.deps.companies.terms.priorities(
      state.lines.map((l) => l.company_id).filter((id): id is number => id !== null),
      db,
    );
    const ranked = [...state.lines].sort(
      (a, b) => a.created_at.localeCompare(b.created_at) || a.submission_rank - b.submission_rank || a.order_id - b.order_id || a.id - b.id,
    );
    const rank = new Map(ranked.map((l, i) => [l.id, i]));
    const byPiece = new Map<string, WaitingLine[]>();
    for (const l of ranked) {
      const k = pieceKey(l.variant_id!, l.size);
      if (!state.shelf.has(k)) continue; // not counted in stock: it ships as before, outside allocations
      byPiece.set(k, [...(byPiece.get(k) ?? []), l]);
    }
    const sizes: AllocationSize[] = [];
    for (const [k, lines] of byPiece) {
      const shelf = state.shelf.get(k)!;
      const claims: Claim[] = lines.map((l) => ({
        lineId: l.id,
        asked: need(l),
        step: stepOf(l),
        priority: l.company_id === null ? 3 : (priorities.get(l.company_id) ?? 3),
        rank: rank.get(l.id)!,
      }));
      const gets = share(rule, shelf, claims);
      const rows: AllocationLine[] = lines.map((l, i) => ({
        orderId: l.order_id,
        orderNumber: l.number,
        lineId: l.id,
        company: { id: l.company_id, name: parseCompany(l.company).companyName ?? '' },
        priority: claims[i]!.priority,
        sentAt: l.created_at,
        asked: claims[i]!.asked,
        gets: gets.get(l.id) ?? 0,
        step: claims[i]!.step,
      }));
      if (rule === 'priority') rows.sort((a, b) => a.priority - b.priority || rank.get(a.lineId)! - rank.get(b.lineId)!);
      const asked = rows.reduce((sum, r) => sum + r.asked, 0);
      const given = rows.reduce((sum, r) => sum + r.gets, 0);
      const first = lines[0]!;
      sizes.push({
        variantId: first.variant_id!,
        reference: first.reference,
        productTitle: pick(parseTexts(first.product_title), lang),
        colorName: pick(parseTexts(first.color_name), lang),
        size: first.size,
        shelf,
        asked,
        gets: given,
        short: Math.max(0, asked - given),
        lines: rows,
      });
    }
    const terms = searchTerms(q);
    const shown = terms.length
      ? sizes.filter((z) => terms.every((term) => fold(`${z.reference ?? ''} ${z.productTitle} ${z.colorName}`).includes(term)))
      : sizes;
    shown.sort(
      (a, b) =>
        (a.reference ?? '').localeCompare(b.reference ?? '') ||
        a.productTitle.localeCompare(b.productTitle) ||
        a.colorName.localeCompare(b.colorName) ||
        SIZES.indexOf(a.size as Size) - SIZES.indexOf(b.size as Size),
    );
    return {
      delivery,
      rule,
      basis: state.basis,
      sizes: shown,
      orders: new Set(shown.flatMap((s) => s.lines.map((l) => l.orderId))).size,
      asked: shown.reduce((sum, s) => sum + s.asked, 0),
      shelf: shown.reduce((sum, s) => sum + s.shelf, 0),
      gets: shown.reduce((sum, s) => sum + s.gets, 0),
    };
  }

  /**
   * Applies the owner's allocation (the proposal as she left it) in one transaction: the window's orders it
   * names are held (shipments, changes and another allocation wait), the basis checked again (409 when stock
   * or the lines changed since), each line checked (its window's, not more than it asks, whole steps, not more
   * than the shelf), then each line's pieces held on the shelf for it. The shops are mailed after the commit.
   */
  async apply(input: AllocationApply, actor: Actor, lang: Locale): Promise<AllocationResult> {
    const db = this.deps.db;
    await this.delivery(db, input.delivery, lang);
    const rest = input.rest;
    const id = await db.transaction().execute(async (trx) => {
      await this.holdOrders(
        trx,
        input.lines.map((l) => l.lineId),
      );
      const state = await this.state(trx, input.delivery);
      if (state.basis !== input.basis) throw new HttpError(409, ALLOCATION_MESSAGES.stale);
      const byId = new Map(state.lines.map((l) => [l.id, l]));
      const named = (l: WaitingLine) => `${l.number} — ${pick(parseTexts(l.product_title), lang)}, ${pick(parseTexts(l.color_name), lang)}, ${l.size}`;
      const given = new Map<string, number>();
      for (const asked of input.lines) {
        const line = byId.get(asked.lineId);
        if (!line || !state.shelf.has(pieceKey(line.variant_id!, line.size))) throw new HttpError(422, ALLOCATION_MESSAGES.lineUnknown, {}, `#${asked.lineId}`);
        if (asked.quantity > need(line)) throw new HttpError(422, ALLOCATION_MESSAGES.moreThanAsked, {}, `${named(line)} (${need(line)})`);
        if (asked.quantity % stepOf(line) !== 0) throw new HttpError(422, ALLOCATION_MESSAGES.notMultiple, {}, `${named(line)} (${stepOf(line)})`);
        const k = pieceKey(line.variant_id!, line.size);
        given.set(k, (given.get(k) ?? 0) + asked.quantity);
        if (given.get(k)! > state.shelf.get(k)!) throw new HttpError(422, ALLOCATION_MESSAGES.moreThanShelf, {}, `${named(line)} (${state.shelf.get(k)})`);
      }
      const pieces = input.lines.reduce((sum, l) => sum + l.quantity, 0);
      if (pieces === 0) throw new HttpError(422, ALLOCATION_MESSAGES.nothing);
      const now = nowIso();
      const allocation = await trx
        .insertInto('allocations')
        .values({
          delivery_id: input.delivery,
          rule: input.rule,
          rest,
          follow_date: rest === 'follow' ? (input.followDate ?? null) : null,
          pieces,
          created_by: actor.id,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const part of chunks(input.lines)) {
        await trx
          .insertInto('allocation_lines')
          .values(
            part.map((l) => ({
              allocation_id: allocation.id,
              order_id: byId.get(l.lineId)!.order_id,
              order_line_id: l.lineId,
              asked: need(byId.get(l.lineId)!),
              gets: l.quantity,
            })),
          )
          .execute();
      }
      await this.hold(
        trx,
        input.lines.filter((l) => l.quantity > 0).map((l) => ({ line: byId.get(l.lineId)!, quantity: l.quantity })),
      );
      const shortOrders = [...new Set(input.lines.filter((l) => l.quantity < need(byId.get(l.lineId)!)).map((l) => byId.get(l.lineId)!.order_id))];
      if (rest === 'follow' && input.followDate && shortOrders.length) {
        for (const part of chunks(shortOrders))
          await trx.updateTable('orders').set({ follow_date: input.followDate, updated_at: now }).where('id', 'in', part).execute();
      }
      await this.deps.events.record(trx, 'allocation.applied', allocation.id, { allocationId: allocation.id });
      await logActivity(trx, actor, {
        kind: 'order',
        action: 'allocate',
        subject: String(input.delivery),
        subjectId: allocation.id,
        detail: {
          delivery: input.delivery,
          rule: input.rule,
          rest,
          pieces,
          orders: new Set(input.lines.map((l) => byId.get(l.lineId)!.order_id)).size,
        },
      });
      return allocation.id;
    });
    this.deps.onMailQueued();
    return this.result(id);
  }

  /** An allocation as its answer says it: per order what it gets and what it is short. */
  async result(id: number): Promise<AllocationResult> {
    const db = this.deps.db;
    const row = await db.selectFrom('allocations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const orders = await db
      .selectFrom('allocation_lines as a')
      .innerJoin('orders as o', 'o.id', 'a.order_id')
      .select(['o.id', 'o.number', sql<number>`sum(a.gets)`.as('gets'), sql<number>`sum(a.asked - a.gets)`.as('short')])
      .where('a.allocation_id', '=', id)
      .groupBy(['o.id', 'o.number'])
      .orderBy('o.id')
      .execute();
    return {
      id: row.id,
      delivery: row.delivery_id,
      rule: row.rule,
      rest: row.rest,
      followDate: row.follow_date,
      pieces: row.pieces,
      orders: orders.map((o) => ({ id: o.id, number: o.number, gets: Number(o.gets), short: Number(o.short) })),
      createdAt: row.created_at,
    };
  }

  /** The shops' mails of an allocation, one per order, in its language (built after the commit: `allocation.applied`). */
  async mails(db: Kysely<Database>, allocationId: number): Promise<QueuedMail[]> {
    const row = await db.selectFrom('allocations').selectAll().where('id', '=', allocationId).executeTakeFirst();
    if (!row) return [];
    const lines = await db
      .selectFrom('allocation_lines as a')
      .innerJoin('order_lines as l', 'l.id', 'a.order_line_id')
      .innerJoin('orders as o', 'o.id', 'a.order_id')
      .select([
        'o.id as order_id',
        'o.number',
        'o.locale',
        'o.company_id',
        'o.retailer_email',
        'o.placed_by',
        'l.product_title',
        'l.color_name',
        'l.size',
        'a.asked',
        'a.gets',
      ])
      .where('a.allocation_id', '=', allocationId)
      .orderBy('o.id')
      .orderBy('l.position')
      .execute();
    const byOrder = new Map<number, typeof lines>();
    for (const l of lines) byOrder.set(l.order_id, [...(byOrder.get(l.order_id) ?? []), l]);
    const brand = publicBrand(this.deps.config);
    const mails: QueuedMail[] = [];
    for (const [orderId, own] of byOrder) {
      const first = own[0]!;
      const locale = first.locale;
      const what = (l: (typeof own)[number]) => `${pick(parseTexts(l.product_title), locale)} — ${pick(parseTexts(l.color_name), locale)}, ${l.size}`;
      mails.push({
        to: (first.company_id === null ? null : await companyMailbox(db, first.company_id, 'orders')) ?? first.retailer_email,
        dedupeKey: `allocation:${allocationId}:order:${orderId}`,
        ...allocatedMail(brand, locale, {
          order: first.number,
          comes: own.filter((l) => l.gets > 0).map((l) => `${what(l)}: ${l.gets}/${l.asked}`),
          short: own.filter((l) => l.gets < l.asked).map((l) => `${what(l)}: ${l.asked - l.gets}`),
          cancel: row.rest === 'cancel',
          followDate: row.follow_date ? formatDay(row.follow_date, locale) : null,
          url: `${this.deps.config.PUBLIC_URL}/account/orders/${orderId}?lang=${locale}`,
        }),
      });
    }
    return mails;
  }

  /** Whether an order's latest allocation cancels what it did not give (its rest is cancelled once its pieces shipped). */
  async cancelsRest(orderId: number, db: Kysely<Database> = this.deps.db): Promise<boolean | null> {
    const row = await db
      .selectFrom('allocation_lines as a')
      .innerJoin('allocations as x', 'x.id', 'a.allocation_id')
      .select('x.rest')
      .where('a.order_id', '=', orderId)
      .orderBy('x.id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? row.rest === 'cancel' : null;
  }

  // —— Reading and holding ——

  private async delivery(db: Kysely<Database>, id: number, lang: Locale): Promise<AllocationProposal['delivery']> {
    const found = await this.deps.seasons.delivery(id, db);
    if (!found) throw new HttpError(422, ALLOCATION_MESSAGES.deliveryUnknown);
    const season = (await this.deps.seasons.infos(db, [found.seasonId]))[0]!;
    const info = season.deliveries.find((d) => d.id === id)!;
    return { id, name: deliveryOf(info, lang).name, seasonName: pick(season.names, lang) };
  }

  /** The window's confirmed pre-orders' lines still asking for pieces, the free shelf of their pieces, and the version of both. */
  private async state(db: Kysely<Database>, deliveryId: number): Promise<WindowState> {
    const lines = (await db
      .selectFrom('order_lines as l')
      .innerJoin('orders as o', 'o.id', 'l.order_id')
      .leftJoin(readProducts().as('p'), 'p.id', 'l.product_id')
      .select([
        'l.id',
        'l.order_id',
        'l.variant_id',
        'l.size',
        'l.quantity',
        'l.shipped',
        'l.cancelled',
        'l.allocated',
        'l.packs',
        'l.reference',
        'l.product_title',
        'l.color_name',
        'o.number',
        'o.company_id',
        'o.company',
        'o.created_at',
        'o.submission_rank',
        'p.order_multiple',
      ])
      .where('o.delivery_id', '=', deliveryId)
      .where('o.status', 'in', ['confirmed', 'partlyShipped'])
      .where('o.mode', '=', 'preBook')
      .where((eb) => eb.or([eb('o.review_state', 'is', null), eb('o.review_state', '!=', 'pending')]))
      .where('l.variant_id', 'is not', null)
      .where(sql<boolean>`l.quantity - l.shipped - l.cancelled - l.allocated > 0`)
      .orderBy('l.id')
      .execute()) as WaitingLine[];
    const levels = await this.deps.stock.levels([...new Set(lines.map((l) => l.variant_id!))], db);
    const shelf = new Map<string, number>();
    const version: Array<[string, number, number]> = [];
    for (const l of lines) {
      const k = pieceKey(l.variant_id!, l.size);
      const level = levels.get(k);
      if (!level || level.onHand === null || shelf.has(k)) continue;
      shelf.set(k, Math.max(0, level.onHand - level.reserved));
      version.push([k, level.onHand, level.reserved]);
    }
    version.sort((a, b) => a[0].localeCompare(b[0]));
    const basis = createHash('sha256')
      .update(JSON.stringify([lines.map((l) => [l.id, need(l)]), version]))
      .digest('base64url')
      .slice(0, 32);
    return { lines, shelf, basis };
  }

  /** The orders of these lines, held one after the other in one order (another allocation, a shipment or a change waits). */
  private async holdOrders(trx: Kysely<Database>, lineIds: number[]): Promise<void> {
    const orderIds = new Set<number>();
    for (const part of chunks([...new Set(lineIds)])) {
      for (const r of await trx.selectFrom('order_lines').select('order_id').where('id', 'in', part).execute()) orderIds.add(r.order_id);
    }
    for (const part of chunks([...orderIds].sort((a, b) => a - b))) {
      await trx
        .updateTable('orders')
        .set({ number: sql<string>`number` })
        .where('id', 'in', part)
        .execute();
    }
  }

  /**
   * Each line's pieces held on the shelf for it: its `allocated` (500 lines a statement; the window's orders
   * are held and the basis checked, so nothing moved since it was read), and the stock's reserve, on hand only.
   */
  private async hold(trx: Kysely<Database>, given: Array<{ line: WaitingLine; quantity: number }>): Promise<void> {
    for (const part of chunks(given)) {
      const added = sql<number>`case ${sql.join(
        part.map((g) => sql`when id = ${g.line.id} then ${g.quantity}`),
        sql` `,
      )} else 0 end`;
      await trx
        .updateTable('order_lines')
        .set({ allocated: sql<number>`allocated + ${added}` })
        .where(
          'id',
          'in',
          part.map((g) => g.line.id),
        )
        .execute();
    }
    const short = await this.deps.stock.hold(
      trx,
      given.map((g) => ({ orderId: g.line.order_id, variantId: g.line.variant_id!, size: g.line.size, quantity: g.quantity })),
    );
    if (short.length) throw new HttpError(409, ALLOCATION_MESSAGES.stale);
  }
}
