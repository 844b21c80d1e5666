import {
  COMPANY_MESSAGES,
  SHOWROOM_MESSAGES,
  formatDay,
  formatPrice,
  fromCents,
  isPackLine,
  type DraftLineInput,
  type Locale,
  type ShowroomAnswer,
  type ShowroomLineInput,
  type ShowroomReason,
  type ShowroomRefusal,
  type ShowroomSnapshot,
  type showroomOrderInput,
  PHRASES,
} from '@atelier/contract';
import type { z } from 'zod';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import { publicBrand } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { nowIso } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { pick } from '../../lib/texts.ts';
import { logActivity, type Actor } from '../activity/service.ts';
import { atDiscount, type CatalogueService, type OrderableVariant } from '../catalogue/service.ts';
import type { CompaniesService } from '../companies/service.ts';
import { enqueueMail } from '../mail/outbox.ts';
import type { OrdersService } from '../orders/service.ts';
import { expandEntry, placeLine, placementKey, sellingProblem, type LinePack, type Placed } from '../orders/service.ts';
import type { RetailersService } from '../retailers/service.ts';
import type { SeasonsService } from '../seasons/service.ts';
import { availableNow, type StockService } from '../stock/service.ts';
import type { WholesaleService } from '../wholesale/service.ts';
import { accountByEmail, accountById, requireAccount } from '../users/accounts.ts';
import { showroomOrderMail, showroomOrderPdf, type ShowroomPdfData } from './document.ts';
import { ShowroomSnapshots } from './snapshot.ts';
import { checkSignature } from './signature.ts';
import { readAgents } from '../../read-models/agents.ts';

export { tabletImage } from './snapshot.ts';

type OrderInput = z.output<typeof showroomOrderInput>;

/** One line as the tablet sent it, expanded to pieces by size, placed, priced, with why it cannot go (if so). */
interface CheckedLine {
  index: number;
  variant: OrderableVariant;
  line: DraftLineInput;
  pack: LinePack | null;
  placed: Placed;
}

/** A refusal with a reason per line (422): nothing is written, the tablet keeps the order to mend. */
export class ShowroomRefused extends HttpError {
  constructor(reasons: ShowroomRefusal['reasons']) {
    super(422, SHOWROOM_MESSAGES.refused, {}, reasons.map((r) => r.message).join('; '), { reasons });
  }
}

/**
 * The showroom (issue 34): what a tablet takes offline (the snapshot), and the orders it sends back,
 * each kept by the tablet's id so a retry answers the first answer and nothing is made twice.
 */
export class ShowroomService {
  private readonly db: Db;
  private readonly config: Config;
  private readonly catalogue: CatalogueService;
  private readonly seasons: SeasonsService;
  private readonly stock: StockService;
  private readonly wholesale: WholesaleService;
  private readonly companies: CompaniesService;
  private readonly orders: OrdersService;
  private readonly retailers: RetailersService;
  private readonly onMailQueued: () => void;
  private readonly snapshots: ShowroomSnapshots;

  constructor({
    db,
    config,
    catalogue,
    seasons,
    stock,
    wholesale,
    companies,
    orders,
    retailers,
    onMailQueued,
  }: {
    db: Db;
    config: Config;
    catalogue: CatalogueService;
    seasons: SeasonsService;
    stock: StockService;
    wholesale: WholesaleService;
    companies: CompaniesService;
    orders: OrdersService;
    retailers: RetailersService;
    onMailQueued: () => void;
  }) {
    this.db = db;
    this.config = config;
    this.catalogue = catalogue;
    this.seasons = seasons;
    this.stock = stock;
    this.wholesale = wholesale;
    this.companies = companies;
    this.orders = orders;
    this.retailers = retailers;
    this.onMailQueued = onMailQueued;
    this.snapshots = new ShowroomSnapshots(db, catalogue, seasons, stock, wholesale, companies);
  }

  /** Everything the tablet needs offline, and its version (snapshot.ts). */
  snapshot(code: string | undefined, lang: Locale): Promise<ShowroomSnapshot> {
    return this.snapshots.snapshot(code, lang);
  }

  // —— Taking an order ——

  /** The name an order shows for who took it: the agent's, or the label's for the owner. */
  private async takerName(actor: Actor, db: Kysely<Database> = this.db): Promise<string> {
    const agent = await db.selectFrom(readAgents().as('agents')).select('name').where('user_id', '=', actor.id).executeTakeFirst();
    return agent?.name ?? publicBrand(this.config).name;
  }

  /**
   * A showroom order, kept by its id: the orders made for a retailer (one per delivery), or, for a new
   * shop, an application with the order waiting for it. A retried id answers the first answer; another
   * person's id is refused (409). Lines that cannot go as they are: 422 with a reason per line.
   */
  async take(key: string, input: OrderInput, actor: Actor, lang: Locale): Promise<{ status: number; answer: ShowroomAnswer; replayed: boolean }> {
    const replay = await this.replay(key, actor);
    if (replay) return replay;
    await checkSignature(input.signature);
    const takenBy = { id: actor.id, name: await this.takerName(actor) };
    let retailer: { id: number; email: string; locale: Locale; doorId?: number | undefined } | null = null;
    if (input.stockistId !== undefined) {
      const user = await accountById(this.db, input.stockistId);
      if (!user || user.role !== 'retailer' || user.company_id !== null) throw new HttpError(422, SHOWROOM_MESSAGES.stockistUnknown);
      retailer = { id: user.id, email: user.email, locale: user.locale, doorId: input.doorId };
    } else {
      const taken = await accountByEmail(this.db, input.newShop!.email);
      if (taken) throw new HttpError(409, SHOWROOM_MESSAGES.newShopTaken);
    }
    const lines = await this.check(input.lines, retailer?.id ?? null, lang);
    const now = nowIso();
    const payload = JSON.stringify({ lines: input.lines, note: input.note ?? null, newShop: input.newShop ?? null });
    try {
      const result = await this.db.transaction().execute(async (trx) => {
        // The id first: a second request with it waits here (PostgreSQL) or runs after (SQLite), then finds it.
        const inserted = await trx
          .insertInto('showroom_submissions')
          .values({
            key,
            taken_by: actor.id,
            taken_by_name: takenBy.name,
            retailer_id: retailer?.id ?? null,
            application_id: null,
            status: retailer ? 'made' : 'waiting',
            payload,
            signature: input.signature,
            answer_status: 0,
            answer: '{}',
            locale: retailer?.locale ?? input.newShop!.locale,
            taken_at: input.takenAt,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        let answer: ShowroomAnswer;
        let status: number;
        if (retailer) {
          answer = await this.make(trx, key, retailer, lines, input.note, takenBy, input.signature, input.takenAt, lang);
          status = 201;
        } else {
          const shop = input.newShop!;
          const applicationId = await this.retailers.applyFromShowroom(trx, {
            name: shop.contactName || shop.companyName,
            email: shop.email,
            company: shop.companyName,
            siret: shop.siret,
            phone: shop.phone ?? null,
            locale: shop.locale,
            message: PHRASES[lang].metAtShowroom(takenBy.name),
          });
          await trx.updateTable('showroom_submissions').set({ application_id: applicationId }).where('id', '=', inserted.id).execute();
          answer = { id: key, status: 'waiting', orders: [], shop: shop.companyName, applicationId };
          status = 202;
        }
        await trx
          .updateTable('showroom_submissions')
          .set({ answer_status: status, answer: JSON.stringify(answer) })
          .where('id', '=', inserted.id)
          .execute();
        await logActivity(trx, actor, {
          kind: 'order',
          action: 'take',
          subject: answer.orders.map((o) => o.number).join(', ') || answer.shop,
          subjectId: answer.orders[0]?.id ?? null,
          detail: { shop: answer.shop, by: takenBy.name, status: answer.status },
        });
        return { status, answer };
      });
      this.onMailQueued();
      return { ...result, replayed: false };
    } catch (error) {
      if (isUniqueViolation(error)) {
        const again = await this.replay(key, actor);
        if (again) return again;
      }
      throw error;
    }
  }

  /** The first answer to this id, if it was taken already (by this person: another's is 409). */
  private async replay(key: string, actor: Actor): Promise<{ status: number; answer: ShowroomAnswer; replayed: true } | null> {
    const row = await this.db.selectFrom('showroom_submissions').select(['taken_by', 'answer_status', 'answer']).where('key', '=', key).executeTakeFirst();
    if (!row) return null;
    if (row.taken_by !== actor.id) throw new HttpError(409, SHOWROOM_MESSAGES.keyTaken);
    return { status: row.answer_status, answer: JSON.parse(row.answer) as ShowroomAnswer, replayed: true };
  }

  /**
   * Each line checked as the server sees it now: the piece still made, the pack still there, how the
   * style is sold, its window open, its stock (at-once), its price as the tablet showed it, no piece
   * twice for one window, and the minimum. Every reason is gathered, then refused at once.
   */
  private async check(input: ShowroomLineInput[], userId: number | null, lang: Locale): Promise<CheckedLine[]> {
    // At the company's prices (issue 47): the tablet shows and sends them after its discount.
    const shop = await this.companies.terms.shopPricing(userId);
    const variants = atDiscount(await this.catalogue.orderable(input.map((l) => l.variantId)), shop);
    const reasons: ShowroomRefusal['reasons'] = [];
    const refuse = (line: number | null, reason: ShowroomReason | 'belowMinimum', extra = '') => {
      const what = line === null ? '' : describeLine(input[line]!, variants.get(input[line]!.variantId), lang);
      reasons.push({ line, reason, message: `${what}${what ? PHRASES[lang].colon : ''}${PHRASES[lang].showroomReason[reason]}${extra}` });
    };
    const pieces: Array<Omit<CheckedLine, 'placed'>> = [];
    input.forEach((entry, index) => {
      const variant = variants.get(entry.variantId);
      if (!variant) return refuse(index, 'unavailable');
      if (entry.unitPrice !== undefined && Math.round(entry.unitPrice * 100) !== variant.priceCents) {
        refuse(index, 'priceChanged', ` (${formatPrice(fromCents(variant.priceCents), lang, shop.pricing.currency)})`);
      }
      const made = expandEntry(entry, variant);
      if (made.problems.length) return refuse(index, made.problems[0]!.problem);
      const selling = sellingProblem({ ...made.pieces[0]!, variant });
      if (selling) return refuse(index, selling, selling === 'notMultiple' ? ` ${variant.orderMultiple}` : '');
      for (const piece of made.pieces) pieces.push({ index, variant, ...piece });
    });
    const [seasons, productSeasons, levels] = await Promise.all([
      this.seasons.infos(),
      this.seasons.productSeasons([...new Set(pieces.map((p) => p.variant.productId))]),
      this.stock.levels([...new Set(pieces.map((p) => p.variant.variantId))]),
    ]);
    const ctx = { seasons, productSeasons, levels };
    const checked: CheckedLine[] = [];
    const seen = new Set<string>();
    const wanted = new Map<string, number>();
    const failed = new Set(reasons.map((r) => r.line));
    for (const p of pieces) {
      const placed = placeLine(p.line, p.variant, ctx);
      if (placed.problem) {
        if (!failed.has(p.index)) refuse(p.index, 'notOrderable');
        failed.add(p.index);
        continue;
      }
      if (placed.mode === 'preBook' && placed.season && placed.season.state !== 'open') {
        if (!failed.has(p.index)) {
          const s = placed.season;
          const when = s.state === 'upcoming' ? formatDay(s.ordersOpen, lang) : s.ordersClose ? formatDay(s.ordersClose, lang) : '';
          refuse(p.index, 'windowClosed', when ? ` (${pick(s.names, lang)}, ${when})` : '');
        }
        failed.add(p.index);
        continue;
      }
      const key = placementKey(p.line.variantId, p.line.size, placed, p.pack?.id ?? null);
      if (seen.has(key) && !failed.has(p.index)) {
        refuse(p.index, 'twice');
        failed.add(p.index);
      }
      seen.add(key);
      if (placed.mode === 'atOnce') wanted.set(`${p.line.variantId}:${p.line.size}`, (wanted.get(`${p.line.variantId}:${p.line.size}`) ?? 0) + p.line.quantity);
      checked.push({ ...p, placed });
    }
    // At-once pieces: what stock can promise now (a retailer's order reserves them when made).
    for (const p of checked) {
      if (p.placed.mode !== 'atOnce' || failed.has(p.index)) continue;
      const level = levels.get(`${p.line.variantId}:${p.line.size}`);
      const left = availableNow(level) ?? 0;
      if ((wanted.get(`${p.line.variantId}:${p.line.size}`) ?? 0) > left) {
        refuse(p.index, 'notInStock', PHRASES[lang].leftAfter(left));
        failed.add(p.index);
      }
    }
    if (reasons.length === 0) {
      const totalCents = checked.reduce((sum, p) => sum + p.variant.priceCents * p.line.quantity, 0);
      // The minimum of the season the order is for (its pre-booked lines'), as the tablet's snapshot gave it.
      const seasonId = checked.find((p) => p.placed.mode === 'preBook' && p.placed.season)?.placed.season?.id;
      const minimum = await this.orders.drafts.minimum(userId, totalCents, undefined, seasonId);
      if (minimum.missing > 0) {
        reasons.push({
          line: null,
          reason: 'belowMinimum',
          message: PHRASES[lang].showroomBelowMinimum(minimum.amount, minimum.missing),
        });
      }
    }
    if (reasons.length) throw new ShowroomRefused(reasons.sort((a, b) => (a.line ?? -1) - (b.line ?? -1)));
    return checked;
  }

  /** Makes a retailer's orders from checked lines (in the caller's transaction), with the buyer's mail and PDF. */
  /**
   * The door the agent chose, else the company's only one. Several and none chosen (a tablet that does
   * not offer the choice yet): no door, the company's delivery address as before — an order taken at a
   * stand is never refused for it.
   */
  private async doorOf(trx: Kysely<Database>, companyId: number, asked: number | undefined) {
    const doors = await this.companies.doors.list(companyId, trx);
    if (asked !== undefined) {
      const door = doors.find((d) => d.id === asked);
      if (!door) throw new HttpError(422, COMPANY_MESSAGES.doorNotFound);
      return door;
    }
    return doors.length === 1 ? doors[0]! : null;
  }

  private async make(
    trx: Kysely<Database>,
    key: string,
    retailer: { id: number; email: string; locale: Locale; doorId?: number | undefined },
    lines: CheckedLine[],
    note: string | undefined,
    takenBy: { id: number; name: string },
    signature: string,
    takenAt: string,
    lang: Locale,
  ): Promise<ShowroomAnswer> {
    const priced = lines.map((l) => ({ line: l.line, variant: l.variant, placed: l.placed, pack: l.pack }));
    const { ids, short } = await this.orders.submission.makeOrders(trx, {
      userId: retailer.id,
      email: retailer.email,
      locale: retailer.locale,
      key,
      note,
      priced,
      channel: 'showroom',
      takenBy,
      door: await this.doorOf(trx, retailer.id, retailer.doorId),
    });
    if (short.length) {
      const reasons = short.map((s) => {
        const index = lines.find((l) => l.line === s.line.line)?.index ?? null;
        const what = index === null ? '' : `${pick(s.line.variant.titles, lang)}, ${pick(s.line.variant.colorNames, lang)}, ${s.line.line.size}: `;
        return {
          line: index,
          reason: 'notInStock' as const,
          message: `${what}${PHRASES[lang].showroomReason.notInStock}${PHRASES[lang].leftAfter(s.left)}`,
        };
      });
      throw new ShowroomRefused(reasons);
    }
    const made = [];
    for (const id of ids) {
      const loaded = (await this.orders.records.load(trx, id))!;
      await this.orders.records.announce(trx, loaded, 'submitted', false, { skipRetailerMail: true });
      made.push(this.orders.records.shape(loaded, retailer.locale));
    }
    const company = await this.companies.company(retailer.id, trx);
    const shop = company.companyName ?? retailer.email;
    const data: ShowroomPdfData = {
      brand: publicBrand(this.config),
      shop,
      company,
      takenBy: takenBy.name,
      takenAt,
      signature,
      note: note ?? null,
      orders: made,
    };
    const pdf = await showroomOrderPdf(data, retailer.locale);
    await enqueueMail(trx, {
      to: retailer.email,
      dedupeKey: `showroom:${key}:buyer`,
      ...showroomOrderMail(data, retailer.locale, `${this.config.PUBLIC_URL}/account/orders?lang=${retailer.locale}`),
      attachments: [{ filename: `${made.map((o) => o.number).join('_')}.pdf`, contentType: 'application/pdf', content: pdf }],
    });
    const shaped = made.map((o) => ({ id: o.id, number: o.number, mode: o.mode, delivery: o.delivery, pieces: o.pieces, total: o.total }));
    return { id: key, status: 'made', orders: shaped, shop, applicationId: null };
  }

  /**
   * After the owner approves a shop met at the showroom: its waiting orders are made now, as a retailer's
   * (the shop's details from the tablet first). One that can no longer go (a window closed since) is
   * kept as refused, with its reasons, for the owner to see in the activity log.
   */
  async releaseWaiting(applicationId?: number): Promise<void> {
    let query = this.db.selectFrom('showroom_submissions').selectAll().where('status', '=', 'waiting').where('application_id', 'is not', null);
    if (applicationId !== undefined) query = query.where('application_id', '=', applicationId);
    for (const row of await query.orderBy('id').execute()) {
      const userId = await this.retailers.accountOf(row.application_id!);
      if (userId === null) continue;
      const payload = JSON.parse(row.payload) as { lines: ShowroomLineInput[]; note: string | null; newShop: OrderInput['newShop'] };
      const user = await requireAccount(this.db, userId);
      if (payload.newShop) {
        const shop = payload.newShop;
        const before = await this.companies.company(userId);
        await this.companies.saveCompany(userId, {
          companyName: before.companyName ?? shop.companyName,
          siret: before.siret ?? shop.siret,
          vatNumber: before.vatNumber ?? shop.vatNumber,
          billingAddress: null,
          deliveryAddress: null,
          phone: before.phone ?? shop.phone ?? null,
          billing: before.billing ?? { ...shop.address, line2: shop.address.line2 ?? '' },
          delivery: before.delivery ?? { ...shop.address, line2: shop.address.line2 ?? '' },
        });
      }
      const actor: Actor = { id: row.taken_by ?? userId, email: '', role: 'agent' };
      try {
        const lines = await this.check(payload.lines, userId, row.locale);
        await this.db.transaction().execute(async (trx) => {
          const claimed = await trx
            .updateTable('showroom_submissions')
            .set({ status: 'made', retailer_id: userId, updated_at: nowIso() })
            .where('id', '=', row.id)
            .where('status', '=', 'waiting')
            .executeTakeFirst();
          if (Number(claimed.numUpdatedRows) === 0) return;
          const answer = await this.make(
            trx,
            row.key,
            { id: user.id, email: user.email, locale: user.locale },
            lines,
            payload.note ?? undefined,
            { id: row.taken_by ?? userId, name: row.taken_by_name ?? '' },
            row.signature,
            row.taken_at,
            row.locale,
          );
          await trx
            .updateTable('showroom_submissions')
            .set({ answer_status: 201, answer: JSON.stringify(answer) })
            .where('id', '=', row.id)
            .execute();
        });
        this.onMailQueued();
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        const reasons =
          error instanceof ShowroomRefused
            ? (error.extra.reasons as ShowroomRefusal['reasons'])
            : [{ line: null, reason: 'notOrderable' as const, message: error.said(row.locale) }];
        await this.db.transaction().execute(async (trx) => {
          await trx
            .updateTable('showroom_submissions')
            .set({ status: 'refused', answer_status: 422, answer: JSON.stringify({ error: error.message, reasons }), updated_at: nowIso() })
            .where('id', '=', row.id)
            .execute();
          await logActivity(trx, actor, {
            kind: 'order',
            action: 'take',
            subject: payload.newShop?.companyName ?? user.email,
            subjectId: null,
            detail: { refused: reasons.map((r) => r.message).join('; ') },
          });
        });
      }
    }
  }

  /** A showroom order's state by its id, for the tablet's queue (a new shop's: waiting, made or refused). */
  async status(key: string, actor: Actor): Promise<{ status: number; answer: unknown } | null> {
    const row = await this.db.selectFrom('showroom_submissions').select(['taken_by', 'answer_status', 'answer']).where('key', '=', key).executeTakeFirst();
    if (!row || row.taken_by !== actor.id) return null;
    return { status: row.answer_status, answer: JSON.parse(row.answer) };
  }
}

/** "line 2: Robe Soleil, Terracotta, S" or "… 3 × Pack découverte": what a reason is about. */
function describeLine(entry: ShowroomLineInput, variant: OrderableVariant | undefined, lang: Locale): string {
  const what = variant ? [pick(variant.titles, lang), pick(variant.colorNames, lang)] : [`#${entry.variantId}`];
  if (isPackLine(entry)) what.push(`${entry.packs} × ${variant?.packs.find((p) => p.id === entry.packId)?.name ?? `pack ${entry.packId}`}`);
  else what.push(entry.size);
  return what.join(', ');
}
