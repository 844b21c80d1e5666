import { rateOn } from '../currencies/pricing.ts';
import { orderSearchText } from '../../lib/search.ts';
import {
  COMPANY_MESSAGES,
  ORDER_MESSAGES,
  SEASON_MESSAGES,
  addressLine,
  type CompanyDoor,
  type CompanyRole,
  type Locale,
  type Order,
  PHRASES,
  RATE_SCALE,
} from '@atelier/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Db } from '../../db/index.ts';
import { nowIso } from '../../db/index.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { pick } from '../../lib/texts.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { type SeasonInfo, type SeasonsService } from '../seasons/service.ts';
import type { StockService } from '../stock/service.ts';
import type { CompaniesService } from '../companies/service.ts';
import { creditReview } from '../companies/credit.ts';
import type { Config } from '../../config.ts';
import { type PricedLine, groupLines, sellingProblem } from './placement.ts';
import type { OrdersContext } from './context.ts';
import type { OrderRecords } from './records.ts';
import type { OrderDrafts } from './draft.ts';

/**
 * The door an order goes to (issue 46): the one asked, if the person orders for it; else the only one they
 * order for. A company without doors (its details never gave an address) orders as before, without one.
 */
export async function chooseDoor(
  companies: CompaniesService,
  trx: Kysely<Database>,
  companyId: number,
  personId: number,
  role: CompanyRole,
  asked: number | undefined,
): Promise<CompanyDoor | null> {
  if (role === 'accounts') throw new HttpError(403, COMPANY_MESSAGES.accountsCannotOrder);
  const all = await companies.doors.list(companyId, trx);
  const mine = await companies.doors.doorsOf(personId, role, trx);
  const allowed = mine === null ? all : all.filter((d) => mine.includes(d.id));
  if (asked !== undefined) {
    const door = allowed.find((d) => d.id === asked);
    if (!door) throw new HttpError(422, COMPANY_MESSAGES.doorNotYours);
    return door;
  }
  if (allowed.length === 1) return allowed[0]!;
  if (allowed.length === 0 && all.length === 0) return null;
  throw new HttpError(422, allowed.length === 0 ? COMPANY_MESSAGES.doorNotYours : COMPANY_MESSAGES.doorRequired);
}

/**
 * The submit: prices every line itself, checks the season's minimum, splits by delivery, freezes the lines
 * and queues both mails in one transaction; one submission per idempotency key.
 */
export class OrderSubmission {
  private readonly db: Db;
  private readonly config: Config;
  private readonly companies: CompaniesService;
  private readonly onMailQueued: () => void;
  private readonly seasons: SeasonsService;
  private readonly stock: StockService;
  private readonly drafts: OrderDrafts;
  private readonly records: OrderRecords;

  constructor(deps: Pick<OrdersContext, 'db' | 'config' | 'companies' | 'onMailQueued' | 'seasons' | 'stock'>, drafts: OrderDrafts, records: OrderRecords) {
    this.config = deps.config;
    this.db = deps.db;
    this.companies = deps.companies;
    this.onMailQueued = deps.onMailQueued;
    this.seasons = deps.seasons;
    this.stock = deps.stock;
    this.drafts = drafts;
    this.records = records;
  }

  /**
   * One submission per idempotency key: a retry, a double click or a race answers the same
   * orders. The draft becomes one order per delivery (at-once lines together), the minimum
   * applies to the whole, at-once pieces are reserved and closed windows refused, all in one
   * transaction: either every order is made, or nothing is written.
   */
  async submit(
    personId: number,
    key: string,
    input: { note?: string | undefined; doorId?: number | undefined } | null | undefined,
    lang: Locale,
  ): Promise<{ order: Order; orders: Order[]; created: boolean }> {
    const note = input?.note;
    const answer = async (ids: number[], created: boolean) => {
      const orders = await Promise.all(ids.map(async (id) => (await this.records.get(id, lang))!));
      return { order: orders[0]!, orders, created };
    };
    // The orders are the company's (issue 46); the draft is the person's own.
    const userId = await this.drafts.companyIdOf(personId);
    const existing = await this.records.byKey(userId, key);
    if (existing.length) return answer(existing, false);
    let outcome: { ids: number[]; created: boolean };
    try {
      outcome = await this.db.transaction().execute(async (trx) => {
        await this.drafts.lockRetailer(trx, userId);
        const user = await this.drafts.person(trx, personId);
        if (user.role !== 'retailer') throw new HttpError(403, ORDER_MESSAGES.adminsCannotOrder);
        const again = await this.records.byKey(userId, key, trx);
        if (again.length) return { ids: again, created: false };
        const door = await this.doorFor(trx, userId, personId, user.companyRole, input?.doorId);

        const draft = await this.drafts.draft(personId, lang, trx);
        const ids = await this.place(trx, { userId, personId, user, door, draft, key, note, lang });
        await trx.deleteFrom('order_draft_lines').where('user_id', '=', personId).execute();
        return { ids, created: true };
      });
    } catch (error) {
      // Two submits with one key racing: the unique index let one through; answer it.
      if (isUniqueViolation(error)) {
        const winner = await this.records.byKey(userId, key);
        if (winner.length) return answer(winner, false);
      }
      throw error;
    }
    if (outcome.created) this.onMailQueued();
    return answer(outcome.ids, outcome.created);
  }

  /**
   * Priced lines sent as a company's orders, in the caller's transaction, the company's row held: checked
   * as a submit checks them (lines gone, closed windows, packs and multiples, the minimum, the stock of
   * at-once pieces), made and announced. A person's draft (`submit`), or a proposal the shop sends (issue 57).
   */
  async place(
    trx: Kysely<Database>,
    args: {
      userId: number;
      personId: number;
      user: { email: string; locale: Locale };
      door: CompanyDoor | null;
      draft: Awaited<ReturnType<OrderDrafts['draft']>>;
      key: string;
      note: string | undefined;
      lang: Locale;
    },
  ): Promise<number[]> {
    const { userId, personId, user, door, draft, key, note, lang } = args;
    if (draft.unavailable.length) {
      throw new HttpError(422, ORDER_MESSAGES.lineUnavailable, {}, draft.unavailable.map((l) => `${l.variantId}/${l.size}`).join(', '));
    }
    if (draft.priced.length === 0) throw new HttpError(422, ORDER_MESSAGES.emptyDraft);
    const describe = (p: PricedLine) => `${pick(p.variant.titles, lang)} — ${pick(p.variant.colorNames, lang)}, ${p.line.size}`;
    const notOrderable = draft.priced.filter((p) => p.placed.problem === 'notOrderable' || p.placed.problem === 'deliveryUnknown');
    if (notOrderable.length) throw new HttpError(422, SEASON_MESSAGES.notOrderable, {}, notOrderable.map(describe).join('; '));
    // The owner may have changed how a style is sold since the line was saved.
    for (const problem of ['packsOnly', 'notMultiple'] as const) {
      const lines = draft.priced.filter((p) => sellingProblem(p) === problem);
      if (lines.length) throw new HttpError(422, ORDER_MESSAGES[problem], {}, lines.map(describe).join('; '));
    }
    const closed = new Map<number, SeasonInfo>();
    for (const p of draft.priced)
      if (p.placed.mode === 'preBook' && p.placed.season && p.placed.season.state !== 'open') closed.set(p.placed.season.id, p.placed.season);
    if (closed.size) {
      const detail = [...closed.values()]
        .map((s) => {
          const name = pick(s.names, lang);
          return s.state === 'upcoming' ? PHRASES[lang].seasonOpensOn(name, s.ordersOpen) : PHRASES[lang].seasonClosedOn(name, s.ordersClose!);
        })
        .join('; ');
      throw new HttpError(422, SEASON_MESSAGES.windowClosed, {}, detail);
    }
    if (draft.minimum.missing > 0) {
      const { kind, amount, missing } = draft.minimum;
      throw new HttpError(422, ORDER_MESSAGES.belowMinimum, {}, (locale) => PHRASES[locale].belowMinimum(kind, amount, missing));
    }

    const { ids, short } = await this.makeOrders(trx, {
      userId,
      email: user.email,
      locale: user.locale,
      key,
      note,
      priced: draft.priced,
      door,
      placedBy: personId,
    });
    if (short.length) {
      const detail = short.map((s) => PHRASES[lang].piecesLeft(describe(s.line), s.left)).join('; ');
      throw new HttpError(422, SEASON_MESSAGES.notInStock, {}, detail);
    }
    for (const id of ids) await this.records.announce(trx, (await this.records.load(trx, id))!, 'submitted');
    return ids;
  }

  /**
   * One at-once piece ordered for a company in the caller's transaction, its row held, the minimums aside
   * (pieces a shop waited for, confirmed from a waitlist's offer: issue 58): priced at its terms, its pieces
   * reserved, announced as any order. Refused (422) when the piece is no longer sold, (409) when stock cannot cover it.
   */
  async placeAtOnce(
    trx: Kysely<Database>,
    args: { companyId: number; personId: number; variantId: number; size: string; quantity: number; doorId: number | undefined; key: string; lang: Locale },
  ): Promise<number[]> {
    const { companyId, personId, lang } = args;
    await this.drafts.lockRetailer(trx, companyId);
    const user = await this.drafts.person(trx, personId);
    const door = await this.doorFor(trx, companyId, personId, user.companyRole, args.doorId);
    const draft = await this.drafts.price(
      [{ variant_id: args.variantId, size: args.size, quantity: args.quantity, mode: 'atOnce', delivery_id: null, pack_id: null, packs: null }],
      personId,
      lang,
      trx,
    );
    if (draft.unavailable.length || draft.priced.length === 0) throw new HttpError(422, ORDER_MESSAGES.lineUnavailable, {}, `${args.variantId}/${args.size}`);
    const { ids, short } = await this.makeOrders(trx, {
      userId: companyId,
      email: user.email,
      locale: user.locale,
      key: args.key,
      note: undefined,
      priced: draft.priced,
      door,
      placedBy: personId,
    });
    if (short.length)
      throw new HttpError(409, SEASON_MESSAGES.notInStock, {}, short.map((s) => PHRASES[lang].piecesLeft(`${s.line.line.size}`, s.left)).join('; '));
    for (const id of ids) await this.records.announce(trx, (await this.records.load(trx, id))!, 'submitted');
    return ids;
  }

  private doorFor(trx: Kysely<Database>, companyId: number, personId: number, role: CompanyRole, asked: number | undefined) {
    return chooseDoor(this.companies, trx, companyId, personId, role, asked);
  }

  /**
   * Makes the orders of one submission in the caller's transaction: one per delivery window (at-once
   * lines together), numbered, their lines frozen, at-once pieces reserved. Returns the orders made and
   * the at-once lines stock could not cover (the caller refuses, which rolls everything back).
   */
  async makeOrders(
    trx: Kysely<Database>,
    args: {
      userId: number;
      email: string;
      locale: Locale;
      key: string;
      note: string | undefined;
      priced: PricedLine[];
      channel?: 'portal' | 'showroom';
      takenBy?: { id: number; name: string } | null;
      /** The door it goes to (its address is the delivery address the order keeps), and who placed it. */
      door?: CompanyDoor | null;
      placedBy?: number | null;
    },
  ): Promise<{ ids: number[]; short: Array<{ line: PricedLine; left: number }> }> {
    const { userId, key, note, door } = args;
    const user = { email: args.email, locale: args.locale };
    const now = nowIso();
    const year = Number(now.slice(0, 4));
    const details = await this.companies.company(userId, trx);
    const company = JSON.stringify(door ? { ...details, delivery: door.address, deliveryAddress: addressLine(door.address) } : details);
    const current = await this.seasons.current(trx);
    // The company's discount, frozen with the prices (the lines were priced with it: issue 47).
    const { discount, pricing } = await this.companies.terms.shopPricing(userId, trx);
    const discountBp = Math.round(discount * 100);
    // Its currency, and the rate of the day (for the euro figures): frozen with it.
    const [currency, rateMicro] = [pricing.currency, (await rateOn(trx, pricing.currency, now.slice(0, 10))) ?? RATE_SCALE];
    // Credit control (issue 47), with the company's row held (a showroom order too): over its limit, or
    // with an invoice overdue too long, the orders are sent but wait in review for the owner.
    await this.drafts.lockRetailer(trx, userId);
    const adding = args.priced.reduce((sum, p) => sum + p.variant.priceCents * p.line.quantity, 0);
    const review = await creditReview(trx, userId, adding, now.slice(0, 10), this.config.REVIEW_OVERDUE_DAYS);
    const ids: number[] = [];
    const short: Array<{ line: PricedLine; left: number }> = [];
    for (const [rank, group] of groupLines(args.priced).entries()) {
      const number = await nextOrderNumber(trx, year);
      const totalCents = group.lines.reduce((sum, p) => sum + p.variant.priceCents * p.line.quantity, 0);
      const pieces = group.lines.reduce((sum, p) => sum + p.line.quantity, 0);
      // At-once orders count in the current season (what is sold from stock while it runs).
      const seasonId = group.placed.mode === 'atOnce' ? (current?.id ?? null) : (group.placed.season?.id ?? null);
      const inserted = await trx
        .insertInto('orders')
        .values({
          number,
          company_id: userId,
          retailer_email: user.email,
          locale: user.locale,
          status: 'submitted',
          idempotency_key: key,
          submission_rank: rank,
          note: note || null,
          company,
          total_cents: totalCents,
          pieces,
          ship_date: null,
          carrier: null,
          tracking: null,
          cancel_reason: null,
          created_at: now,
          updated_at: now,
          mode: group.placed.mode,
          season_id: seasonId,
          delivery_id: group.placed.delivery?.id ?? null,
          channel: args.channel ?? 'portal',
          taken_by: args.takenBy?.id ?? null,
          taken_by_name: args.takenBy?.name ?? null,
          door_id: door?.id ?? null,
          placed_by: args.placedBy ?? null,
          discount_bp: discountBp,
          currency,
          rate_micro: rateMicro,
          review_state: review ? 'pending' : null,
          review: review ? JSON.stringify(review) : null,
          search_text: orderSearchText(
            number,
            company,
            user.email,
            [...group.lines.map((p) => p.variant.reference), door?.name, door?.address.town].filter((r): r is string => !!r),
          ),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await writeOrderLines(trx, inserted.id, group.lines);
      if (group.placed.mode === 'atOnce') {
        const missing = await this.stock.reserve(
          trx,
          inserted.id,
          group.lines.map((p) => ({ variantId: p.variant.variantId, size: p.line.size, quantity: p.line.quantity })),
        );
        for (const m of missing) short.push({ line: group.lines.find((p) => p.variant.variantId === m.variantId && p.line.size === m.size)!, left: m.left });
      }
      await trx
        .insertInto('order_events')
        .values({ order_id: inserted.id, status: 'submitted', by_role: args.takenBy ? 'brand' : 'retailer', note: null, at: now })
        .execute();
      ids.push(inserted.id);
    }
    return { ids, short };
  }
}

/** The year's next order number (2026-0042): one counter per year, taken in the order's transaction, so numbers never skip or repeat. */
export async function nextOrderNumber(trx: Kysely<Database>, year: number): Promise<string> {
  const counter = await trx
    .insertInto('order_counters')
    .values({ year, last: 1 })
    .onConflict((oc) => oc.column('year').doUpdateSet({ last: sql<number>`order_counters.last + 1` }))
    .returning('last')
    .executeTakeFirstOrThrow();
  return `${year}-${String(counter.last).padStart(4, '0')}`;
}

/** An order's lines as sold: each piece's titles, colour and reference as they were, its size, quantity, price and pack. */
async function writeOrderLines(trx: Kysely<Database>, orderId: number, lines: PricedLine[]): Promise<void> {
  await trx
    .insertInto('order_lines')
    .values(
      lines.map(({ line, variant, pack }, position) => ({
        order_id: orderId,
        position,
        variant_id: variant.variantId,
        product_id: variant.productId,
        product_title: JSON.stringify(variant.titles),
        color_name: JSON.stringify(variant.colorNames),
        color_code: variant.colorCode,
        reference: variant.reference,
        size: line.size,
        quantity: line.quantity,
        unit_price_cents: variant.priceCents,
        list_price_cents: variant.listPriceCents ?? null,
        pack_name: pack?.name ?? null,
        packs: pack?.packs ?? null,
      })),
    )
    .execute();
}
