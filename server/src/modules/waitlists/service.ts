import {
  WAITLIST_MESSAGES,
  WAITLIST_SHOWN,
  formatDay,
  type Locale,
  type Order,
  type WaitlistEntry,
  type WaitlistInput,
  type WaitlistOffer,
  type WaitlistSummary,
} from '@atelier/contract';
import { sql, type Kysely } from 'kysely';
import { publicBrand } from '../../config.ts';
import { nowIso } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { readOrderLines, readOrders } from '../../read-models/orders.ts';
import type { OrderableVariant } from '../catalogue/service.ts';
import { companyMailbox } from '../companies/people.ts';
import { accountById } from '../users/accounts.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { waitlistOfferMail } from '../mail/templates.ts';
import { promisable } from '../stock/service.ts';
import { WaitlistBoard } from './board.ts';
import { entryViews, offerViews, pieceName, type EntryRow, type OfferRow, type WaitlistsDeps } from './views.ts';
export type { WaitlistsDeps } from './views.ts';

/** Offers expired in one sweep at most (the next sweep takes the rest). */
const EXPIRE_BATCH = 200;
/** Waiting entries one stock change looks at, at most (a piece's queue is read in its order). */
const QUEUE_READ = 500;

/**
 * Waitlists (issue 58): a shop's people ask to be told when a sold-out at-once size comes back, with the
 * quantity they want. When pieces come back (a count or a delivery received, a return put back on the
 * shelf, an order or a line cancelled: every `stock.changed`), the first shop waiting is offered them —
 * reserved, held `WAITLIST_HOLD_HOURS`, mailed with a link — and confirms them (an at-once order like any
 * other, the minimums aside) or lets them go; the pieces then pass to the next. Pieces confirmed pre-orders
 * still wait for are theirs first (an allocation shares them out): the queue is offered what is beyond.
 */
export class WaitlistsService {
  private readonly deps: WaitlistsDeps;
  /** The owner's view: who waits for what, per size, and the home's count. */
  readonly board: WaitlistBoard;

  constructor(deps: WaitlistsDeps) {
    this.deps = deps;
    this.board = new WaitlistBoard(deps);
  }

  /** A shop's person joins the queue of a sold-out at-once size (one wait per shop and size). */
  async join(personId: number, companyId: number, input: WaitlistInput, lang: Locale): Promise<WaitlistEntry> {
    const { db } = this.deps;
    const variant = (await this.deps.catalogue.orderable([input.variantId])).get(input.variantId);
    const name = pieceName(variant, input.size, lang);
    if (!variant || !variant.sizes.includes(input.size) || variant.packsOnly) throw new HttpError(422, WAITLIST_MESSAGES.pieceUnknown, {}, name);
    if (input.quantity % variant.orderMultiple !== 0) throw new HttpError(422, WAITLIST_MESSAGES.quantityInvalid);
    const id = await db.transaction().execute(async (trx) => {
      const level = (await this.deps.stock.levels([input.variantId], trx)).get(`${input.variantId}:${input.size}`);
      if (!level || level.onHand === null) throw new HttpError(422, WAITLIST_MESSAGES.pieceUnknown, {}, name);
      if (promisable(level) > 0) throw new HttpError(409, WAITLIST_MESSAGES.inStock);
      const waiting = await trx
        .selectFrom('waitlist_entries')
        .select('id')
        .where('company_id', '=', companyId)
        .where('variant_id', '=', input.variantId)
        .where('size', '=', input.size)
        .where('status', 'in', ['waiting', 'offered'])
        .executeTakeFirst();
      if (waiting) throw new HttpError(409, WAITLIST_MESSAGES.already);
      const now = nowIso();
      return (
        await trx
          .insertInto('waitlist_entries')
          .values({
            company_id: companyId,
            person_id: personId,
            variant_id: input.variantId,
            size: input.size,
            quantity: input.quantity,
            status: 'waiting',
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    });
    return (await entryViews(this.deps.catalogue, db, [await this.entryRow(db, id)], lang))[0]!;
  }

  /** The shop leaves a wait (an offer open for it is let go first). */
  async leave(id: number, companyId: number, lang: Locale): Promise<WaitlistEntry> {
    const { db } = this.deps;
    await db.transaction().execute(async (trx) => {
      const entry = await this.entryRow(trx, id);
      if (!entry || entry.company_id !== companyId) throw new HttpError(404, WAITLIST_MESSAGES.notFound);
      if (entry.status !== 'waiting' && entry.status !== 'offered') throw new HttpError(409, WAITLIST_MESSAGES.notWaiting);
      const offer = await trx.selectFrom('waitlist_offers').selectAll().where('entry_id', '=', id).where('status', '=', 'open').executeTakeFirst();
      if (offer) await this.close(trx, offer, 'declined');
      await trx.updateTable('waitlist_entries').set({ status: 'left', updated_at: nowIso() }).where('id', '=', id).execute();
    });
    return (await entryViews(this.deps.catalogue, db, [await this.entryRow(db, id)], lang))[0]!;
  }

  /** The shop's waits: those still waiting or offered first, then the last ended. */
  async mine(companyId: number, lang: Locale): Promise<WaitlistEntry[]> {
    const rows = await this.deps.db
      .selectFrom('waitlist_entries')
      .selectAll()
      .where('company_id', '=', companyId)
      .orderBy(sql`case when status in ('waiting', 'offered') then 0 else 1 end`)
      .orderBy('id', 'desc')
      .limit(WAITLIST_SHOWN)
      .execute();
    return entryViews(this.deps.catalogue, this.deps.db, rows, lang);
  }

  /** The shop's offers: the open ones first, then the last decided. */
  async offers(companyId: number, lang: Locale): Promise<WaitlistOffer[]> {
    const rows = await this.deps.db
      .selectFrom('waitlist_offers')
      .selectAll()
      .where('company_id', '=', companyId)
      .orderBy(sql`case when status = 'open' then 0 else 1 end`)
      .orderBy('id', 'desc')
      .limit(WAITLIST_SHOWN)
      .execute();
    return offerViews(this.deps.catalogue, this.deps.db, rows, lang);
  }

  /**
   * The shop confirms an offer: in one transaction, the offer closed (only while open and in time: at the
   * instant of expiry one of the two wins), its held pieces handed to an at-once order made as any other
   * (the minimums aside), its wait served (or waiting on for what it did not get, in its place).
   */
  async confirm(id: number, personId: number, companyId: number, doorId: number | undefined, lang: Locale): Promise<Order> {
    const { db } = this.deps;
    const orderId = await db.transaction().execute(async (trx) => {
      const offer = await this.offerRow(trx, id);
      if (!offer || offer.company_id !== companyId) throw new HttpError(404, WAITLIST_MESSAGES.offerNotFound);
      const now = nowIso();
      const taken = await trx
        .updateTable('waitlist_offers')
        .set({ status: 'confirmed', decided_at: now })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .where('expires_at', '>', now)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 0) {
        const after = await this.offerRow(trx, id);
        throw new HttpError(409, after?.status === 'open' || after?.status === 'expired' ? WAITLIST_MESSAGES.offerExpired : WAITLIST_MESSAGES.offerClosed);
      }
      const piece = { variantId: offer.variant_id, size: offer.size, quantity: offer.quantity };
      // The pieces held for the offer become the order's own reservation.
      await this.deps.stock.release(trx, null, [piece], personId);
      const [first] = await this.deps.orders.submission.placeAtOnce(trx, { companyId, personId, ...piece, doorId, key: `waitlist-offer-${id}`, lang });
      await trx.updateTable('waitlist_offers').set({ order_id: first! }).where('id', '=', id).execute();
      const entry = (await this.entryRow(trx, offer.entry_id))!;
      await trx
        .updateTable('waitlist_entries')
        .set(
          entry.quantity > offer.quantity
            ? { status: 'waiting', quantity: entry.quantity - offer.quantity, updated_at: now }
            : { status: 'served', updated_at: now },
        )
        .where('id', '=', entry.id)
        .execute();
      return first!;
    });
    this.deps.onMailQueued();
    return (await this.deps.orders.get(orderId, lang))!;
  }

  /** The shop lets an offer go: the pieces pass to the next shop waiting. */
  async decline(id: number, companyId: number, lang: Locale): Promise<WaitlistOffer> {
    const { db } = this.deps;
    await db.transaction().execute(async (trx) => {
      const offer = await this.offerRow(trx, id);
      if (!offer || offer.company_id !== companyId) throw new HttpError(404, WAITLIST_MESSAGES.offerNotFound);
      if (offer.status !== 'open') throw new HttpError(409, WAITLIST_MESSAGES.offerClosed);
      if (!(await this.close(trx, offer, 'declined'))) throw new HttpError(409, WAITLIST_MESSAGES.offerClosed);
    });
    return (await offerViews(this.deps.catalogue, db, [(await this.offerRow(db, id))!], lang))[0]!;
  }

  /** Offers past their time are let go, each in its own transaction (their pieces then go to the next shop). */
  async expireOffers(now: string = nowIso()): Promise<number> {
    const { db } = this.deps;
    const due = await db
      .selectFrom('waitlist_offers')
      .selectAll()
      .where('status', '=', 'open')
      .where('expires_at', '<=', now)
      .orderBy('expires_at')
      .orderBy('id')
      .limit(EXPIRE_BATCH)
      .execute();
    let expired = 0;
    for (const offer of due) {
      if (await db.transaction().execute((trx) => this.close(trx, offer, 'expired', now))) expired += 1;
    }
    return expired;
  }

  /**
   * Pieces that came back offered to the queues of these styles (the listener of `stock.changed`, in its
   * own transaction): per size, the first shops waiting in turn, each for what it asked, up to what is free
   * beyond the pre-orders' claim, in whole multiples; each offer's pieces reserved, held and mailed.
   */
  async offerFreed(trx: Kysely<Database>, variantIds: number[]): Promise<number> {
    if (variantIds.length === 0) return 0;
    const waiting = await trx
      .selectFrom('waitlist_entries')
      .selectAll()
      .where('variant_id', 'in', [...new Set(variantIds)].slice(0, 500))
      .where('status', '=', 'waiting')
      .orderBy('id')
      .limit(QUEUE_READ)
      .execute();
    if (waiting.length === 0) return 0;
    const queues = new Map<string, EntryRow[]>();
    for (const e of waiting) queues.set(`${e.variant_id}:${e.size}`, [...(queues.get(`${e.variant_id}:${e.size}`) ?? []), e]);
    const variants = await this.deps.catalogue.orderable([...new Set(waiting.map((e) => e.variant_id))], trx);
    let made = 0;
    for (const queue of queues.values()) {
      const { variant_id: variantId, size } = queue[0]!;
      const multiple = variants.get(variantId)?.orderMultiple ?? 1;
      let free = await this.free(trx, variantId, size);
      for (const entry of queue) {
        const quantity = Math.floor(Math.min(entry.quantity, free) / multiple) * multiple;
        if (quantity <= 0) break; // the first in line waits for enough; nobody jumps the queue
        if ((await this.deps.stock.reserve(trx, null, [{ variantId, size, quantity }])).length) break;
        await this.offer(trx, entry, quantity, variants.get(variantId));
        free -= quantity;
        made += 1;
      }
    }
    return made;
  }

  // —— Inside ——

  /** Pieces of a size that can be offered: what an at-once order could take, less what confirmed pre-orders still wait for. */
  private async free(trx: Kysely<Database>, variantId: number, size: string): Promise<number> {
    const level = (await this.deps.stock.levels([variantId], trx)).get(`${variantId}:${size}`);
    const claimed = await trx
      .selectFrom(readOrderLines().as('l'))
      .innerJoin(readOrders().as('o'), 'o.id', 'l.order_id')
      .select(sql<number>`coalesce(sum(l.quantity - l.shipped - l.cancelled - l.allocated), 0)`.as('n'))
      .where('l.variant_id', '=', variantId)
      .where('l.size', '=', size)
      .where('o.mode', '=', 'preBook')
      .where('o.status', 'in', ['confirmed', 'partlyShipped'])
      .executeTakeFirstOrThrow();
    return Math.max(0, promisable(level) - Math.max(0, Number(claimed.n)));
  }

  /** An offer made to the first waiting shop: held until its time, the shop mailed in its language. */
  private async offer(trx: Kysely<Database>, entry: EntryRow, quantity: number, variant: OrderableVariant | undefined): Promise<void> {
    const now = new Date();
    const expiresAt = nowIso(new Date(now.getTime() + this.deps.config.WAITLIST_HOLD_HOURS * 3_600_000));
    const taken = await trx
      .updateTable('waitlist_entries')
      .set({ status: 'offered', updated_at: nowIso(now) })
      .where('id', '=', entry.id)
      .where('status', '=', 'waiting')
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 0) return;
    const offer = await trx
      .insertInto('waitlist_offers')
      .values({
        entry_id: entry.id,
        company_id: entry.company_id,
        variant_id: entry.variant_id,
        size: entry.size,
        quantity,
        status: 'open',
        expires_at: expiresAt,
        created_at: nowIso(now),
        decided_at: null,
        order_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const person = await accountById(trx, entry.person_id);
    const locale = (person?.locale ?? 'fr') as Locale;
    await enqueueMail(trx, {
      to: person?.email ?? (await companyMailbox(trx, entry.company_id, 'orders'))!,
      dedupeKey: `waitlist-offer:${offer.id}`,
      ...waitlistOfferMail(publicBrand(this.deps.config), locale, {
        piece: pieceName(variant, entry.size, locale),
        quantity,
        until: `${formatDay(expiresAt.slice(0, 10), locale)} ${expiresAt.slice(11, 16)} UTC`,
        url: `${this.deps.config.PUBLIC_URL}/account/waitlist?offer=${offer.id}&lang=${locale}`,
      }),
    });
  }

  /** An open offer let go (declined or expired), conditionally: its pieces released, its wait lapsed. Whether it was this call that closed it. */
  private async close(trx: Kysely<Database>, offer: OfferRow, status: 'declined' | 'expired', now: string = nowIso()): Promise<boolean> {
    const closed = await trx
      .updateTable('waitlist_offers')
      .set({ status, decided_at: now })
      .where('id', '=', offer.id)
      .where('status', '=', 'open')
      .where((eb) => (status === 'expired' ? eb('expires_at', '<=', now) : eb.lit(true)))
      .executeTakeFirst();
    if (Number(closed.numUpdatedRows) === 0) return false;
    await trx
      .updateTable('waitlist_entries')
      .set({ status: 'lapsed', updated_at: now })
      .where('id', '=', offer.entry_id)
      .where('status', '=', 'offered')
      .execute();
    // Released last: the change it records offers the pieces to the next shop waiting.
    await this.deps.stock.release(trx, null, [{ variantId: offer.variant_id, size: offer.size, quantity: offer.quantity }], null);
    return true;
  }

  private entryRow(db: Kysely<Database>, id: number) {
    return db.selectFrom('waitlist_entries').selectAll().where('id', '=', id).executeTakeFirst() as Promise<EntryRow>;
  }

  private offerRow(db: Kysely<Database>, id: number) {
    return db.selectFrom('waitlist_offers').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The owner's home: how many shops wait, for how many sizes. */
  summary(): Promise<WaitlistSummary> {
    return this.board.summary();
  }
}
