import {
  ORDER_MESSAGES,
  ORDER_QUANTITY_MAX,
  SEASON_MESSAGES,
  fromCents,
  type Draft,
  type DraftLineInput,
  type DraftEntryInput,
  isPackLine,
  type Locale,
  type Availability,
  type OrderMode,
  type SizeAvailability,
  type Size,
  PHRASES,
} from '@atelier/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Db, Dialect } from '../../db/index.ts';
import type { Database, OrderDraftLinesTable } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { pick } from '../../lib/texts.ts';
import type { CatalogueService, OrderableVariant } from '../catalogue/service.ts';
import type { WholesaleService } from '../wholesale/service.ts';
import type { CompaniesService } from '../companies/service.ts';
import { atDiscount } from '../catalogue/service.ts';
import { deliveryOf, type SeasonsService } from '../seasons/service.ts';
import { availableNow, promisable, type StockService } from '../stock/service.ts';
import {
  type PricedLine,
  type PlacedInput,
  type LinePack,
  placementKey,
  lineName,
  type ModeContext,
  byClosing,
  placeLine,
  modeOut,
  groupLines,
  sellingProblem,
  expandEntry,
} from './placement.ts';
import type { OrdersContext } from './context.ts';
import type { OrderRecords } from './records.ts';
import type { OrderScope } from '../companies/scope.ts';
import { accountById, lockAccount, requireAccount } from '../users/accounts.ts';
import { readVariants } from '../../read-models/catalogue.ts';

/** A line as a draft keeps it: the piece, its quantity, its mode and window (null: decided when read), its pack. */
export type DraftRow = Pick<Selectable<OrderDraftLinesTable>, 'variant_id' | 'size' | 'quantity' | 'mode' | 'delivery_id' | 'pack_id' | 'packs'>;

/**
 * The draft: one per retailer, on the server. A line is one piece (variant and size) for one mode and one
 * delivery window; each line's mode and window is decided here, and what each size offers today.
 */
export class OrderDrafts {
  private readonly db: Db;
  private readonly dialect: Dialect;
  private readonly catalogue: CatalogueService;
  private readonly wholesale: WholesaleService;
  private readonly companies: CompaniesService;
  private readonly seasons: SeasonsService;
  private readonly stock: StockService;
  private readonly records: OrderRecords;

  constructor(deps: Pick<OrdersContext, 'db' | 'dialect' | 'catalogue' | 'wholesale' | 'seasons' | 'stock' | 'companies'>, records: OrderRecords) {
    this.db = deps.db;
    this.dialect = deps.dialect;
    this.catalogue = deps.catalogue;
    this.wholesale = deps.wholesale;
    this.companies = deps.companies;
    this.seasons = deps.seasons;
    this.stock = deps.stock;
    this.records = records;
  }

  /** The company a person orders for (issue 46): the retailer's founding account, whose id the orders carry. */
  async companyIdOf(personId: number, db: Kysely<Database> = this.db): Promise<number> {
    return (await accountById(db, personId))?.company_id ?? personId;
  }

  /** The person sending a draft: their address, language and role in the company. */
  async person(db: Kysely<Database>, personId: number) {
    const row = await requireAccount(db, personId);
    return { ...row, companyRole: row.company_role ?? ('admin' as const) };
  }

  /** The minimum of a company's order (opening or reorder: whether the company has ordered), the person's draft priced at `totalCents`. */
  async minimum(personId: number | null, totalCents: number, db: Kysely<Database> = this.db, seasonId?: number): Promise<Draft['minimum']> {
    const userId = personId === null ? null : await this.companyIdOf(personId, db);
    // A company's own minimums, else the season's (issue 47).
    const terms = userId === null ? await this.wholesale.adminTerms(db, seasonId) : (await this.companies.terms.get(userId, db, seasonId)).applied;
    // No account yet (a new shop met at the showroom): its first order is an opening order.
    const previous =
      userId === null
        ? { n: 0 }
        : await db
            .selectFrom('orders')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('company_id', '=', userId)
            .where('status', '!=', 'cancelled')
            .executeTakeFirstOrThrow();
    const kind = Number(previous.n) === 0 ? 'opening' : 'reorder';
    const amount = kind === 'opening' ? terms.openingMinimum : terms.reorderMinimum;
    return { kind, amount, missing: Math.max(0, fromCents(Math.round(amount * 100) - totalCents)) };
  }

  private async draftRows(userId: number, db: Kysely<Database>): Promise<DraftRow[]> {
    return db.selectFrom('order_draft_lines').selectAll().where('user_id', '=', userId).orderBy('position').execute();
  }

  /** What deciding a line's mode needs: every season, the products' seasons, the stock of the variants. */
  private async modeContext(variants: OrderableVariant[], db: Kysely<Database>): Promise<ModeContext> {
    const [seasons, productSeasons, levels] = await Promise.all([
      this.seasons.infos(db),
      this.seasons.productSeasons(
        variants.map((v) => v.productId),
        db,
      ),
      this.stock.levels(
        variants.map((v) => v.variantId),
        db,
      ),
    ]);
    return { seasons, productSeasons, levels };
  }

  /** Priced lines with their mode, season and delivery decided, lines whose variant or size went set apart. */
  async draft(userId: number, lang: Locale, db: Kysely<Database> = this.db): Promise<Draft & { priced: PricedLine[] }> {
    return this.price(await this.draftRows(userId, db), userId, lang, db);
  }

  /**
   * Lines kept as a draft's (a person's draft, or a proposal the label wrote: issue 57) priced for the
   * company of `userId` (a person of it, or the company itself), their mode, season and delivery decided.
   */
  async price(rows: DraftRow[], userId: number, lang: Locale, db: Kysely<Database> = this.db): Promise<Draft & { priced: PricedLine[] }> {
    // At the company's prices: in its currency, its discount taken off the trade price (issue 47).
    const shop = await this.companies.terms.shopPricing(await this.companyIdOf(userId, db), db);
    const { discount } = shop;
    const currency = shop.pricing.currency;
    const variants = atDiscount(
      await this.catalogue.orderable(
        rows.map((r) => r.variant_id),
        db,
      ),
      shop,
    );
    const ctx = await this.modeContext([...variants.values()], db);
    const lines: Draft['lines'] = [];
    const unavailable: Draft['unavailable'] = [];
    const priced: PricedLine[] = [];
    let totalCents = 0;
    let pieces = 0;
    // Two lines that now go to the same place (a delivery window the owner removed sends its lines to
    // the season's first) are counted as one line holding both quantities: nothing is lost.
    const byPlace = new Map<string, number>();
    for (const row of rows) {
      const size = row.size as Size;
      const variant = variants.get(row.variant_id);
      if (!variant || !variant.sizes.includes(size)) {
        unavailable.push({ variantId: row.variant_id, size, quantity: row.quantity });
        continue;
      }
      const placed = placeLine(
        { variantId: row.variant_id, size, mode: (row.mode as OrderMode | null) ?? undefined, deliveryId: row.delivery_id },
        variant,
        ctx,
      );
      const lineCents = variant.priceCents * row.quantity;
      totalCents += lineCents;
      pieces += row.quantity;
      // A pack the owner removed since leaves its pieces as they are, named no more.
      const known = row.pack_id === null ? undefined : variant.packs.find((p) => p.id === row.pack_id);
      const pack: LinePack | null = known && row.packs ? { id: known.id, name: known.name, packs: row.packs } : null;
      const place = placementKey(row.variant_id, size, placed, pack?.id ?? null);
      const at = byPlace.get(place);
      if (at !== undefined) {
        const quantity = priced[at]!.line.quantity + row.quantity;
        priced[at]!.line = { ...priced[at]!.line, quantity };
        lines[at] = { ...lines[at]!, quantity, total: fromCents(variant.priceCents * quantity) };
        continue;
      }
      byPlace.set(place, priced.length);
      priced.push({ line: { variantId: row.variant_id, size, quantity: row.quantity }, variant, placed, pack });
      lines.push({
        variantId: variant.variantId,
        productId: variant.productId,
        productTitle: pick(variant.titles, lang),
        reference: variant.reference,
        colorName: pick(variant.colorNames, lang),
        colorCode: variant.colorCode,
        imageUrl: variant.imageUrl,
        size,
        quantity: row.quantity,
        unitPrice: fromCents(variant.priceCents),
        ...(variant.listPriceCents === undefined ? {} : { listPrice: fromCents(variant.listPriceCents) }),
        total: fromCents(lineCents),
        pack,
        ...modeOut(placed, lang),
      });
    }
    const orders = groupLines(priced).map((group) => ({
      ...modeOut(group.placed, lang),
      pieces: group.lines.reduce((n, l) => n + l.line.quantity, 0),
      total: fromCents(group.lines.reduce((n, l) => n + l.variant.priceCents * l.line.quantity, 0)),
    }));
    const minimum = await this.minimum(userId, totalCents, db);
    return {
      lines,
      orders,
      unavailable,
      pieces,
      total: fromCents(totalCents),
      minimum,
      ...(discount > 0 ? { discount } : {}),
      ...(currency === 'EUR' ? {} : { currency }),
      priced,
    };
  }

  /**
   * The retailer's row, locked until the transaction ends on PostgreSQL, so one draft write or
   * submit at a time per retailer (SQLite transactions already run one at a time). FOR NO KEY UPDATE,
   * not FOR UPDATE: a shipment or an invoice writing a row that refers to the company (its foreign key
   * takes KEY SHARE on this row) must not wait for it, or a submit reserving the stock that shipment
   * holds deadlocks with it (seen by the crash harness on PostgreSQL).
   */
  lockRetailer(trx: Kysely<Database>, userId: number) {
    return lockAccount(trx, userId, this.dialect);
  }

  /**
   * Replaces the draft. A line is one piece (variant and size) for one mode and one delivery window:
   * the same piece for two windows is two lines. The same piece twice for the same window is refused
   * with 422 naming the lines (nothing is merged or dropped without a word); unknown variants or sizes,
   * and a delivery window of a season the product is not sold in, are refused. Each line keeps the
   * mode it was given, or the one decided now (pre-book in an open season, else at-once).
   */
  async replaceDraft(userId: number, input: DraftEntryInput[], lang: Locale): Promise<Draft> {
    const placed = await this.placeDraftLines(input, lang);
    const seen = new Map<string, PlacedInput>();
    const twice: string[] = [];
    for (const p of placed) {
      const first = seen.get(p.key);
      if (first === undefined) seen.set(p.key, p);
      else twice.push(lineName(first, first.entry, lang), lineName(p, p.entry, lang));
    }
    if (twice.length) throw new HttpError(422, ORDER_MESSAGES.lineTwice, {}, [...new Set(twice)].join('; '));
    await this.writeDraft(userId, placed);
    return this.publicDraft(userId, lang);
  }

  /**
   * Each line with its variant and the mode and delivery it goes to, a pack line as the pieces by size
   * it makes; what cannot be placed, an unknown pack, a loose line of a style sold in packs only and a
   * quantity off the style's multiple are refused (422 naming the lines).
   */
  async placeDraftLines(input: DraftEntryInput[], lang: Locale, db: Kysely<Database> = this.db): Promise<PlacedInput[]> {
    const variants = await this.catalogue.orderable(
      input.map((l) => l.variantId),
      db,
    );
    const wrong: string[] = [];
    const unknownPack: string[] = [];
    const tooMany: string[] = [];
    const pieces: Array<{ line: DraftLineInput; variant: OrderableVariant; pack: LinePack | null; entry: number }> = [];
    input.forEach((entry, index) => {
      const variant = variants.get(entry.variantId);
      const made = expandEntry(entry, variant);
      for (const { problem, size } of made.problems) {
        if (problem !== 'packUnknown') (problem === 'unavailable' ? wrong : tooMany).push(`${entry.variantId}/${size}`);
        else if (variant) unknownPack.push(`${PHRASES[lang].line(index + 1)}: ${pick(variant.titles, lang)}, ${pick(variant.colorNames, lang)}`);
        else unknownPack.push(`${entry.variantId}/${isPackLine(entry) ? entry.packId : ''}`);
      }
      for (const piece of made.pieces) pieces.push({ ...piece, variant: variant!, entry: index });
    });
    if (wrong.length) throw new HttpError(422, ORDER_MESSAGES.lineUnavailable, {}, wrong.join(', '));
    if (unknownPack.length) throw new HttpError(422, ORDER_MESSAGES.packUnknown, {}, unknownPack.join('; '));
    if (tooMany.length) throw new HttpError(422, ORDER_MESSAGES.packsInvalid, {}, tooMany.join(', '));
    const ctx = await this.modeContext([...variants.values()], db);
    const placed = pieces.map(({ line, variant, pack, entry }) => {
      const where = placeLine(line, variant, ctx);
      return { line, variant, pack, entry, placed: where, key: placementKey(line.variantId, line.size, where, pack?.id ?? null) };
    });
    const badDelivery = placed.filter((p) => p.placed.problem === 'deliveryUnknown');
    if (badDelivery.length)
      throw new HttpError(422, SEASON_MESSAGES.deliveryUnknown, {}, badDelivery.map((p) => `${p.line.variantId}/${p.line.size}`).join(', '));
    for (const problem of ['packsOnly', 'notMultiple'] as const) {
      const lines = placed.filter((p) => sellingProblem(p) === problem);
      if (lines.length)
        throw new HttpError(
          422,
          ORDER_MESSAGES[problem],
          {},
          lines.map((p) => `${lineName(p, p.entry, lang)}${problem === 'notMultiple' ? ` (× ${p.variant.orderMultiple})` : ''}`).join('; '),
        );
    }
    return placed;
  }

  /** The draft becomes these lines, in one transaction (one draft write or submit at a time per retailer). */
  private async writeDraft(userId: number, placed: PlacedInput[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await this.lockRetailer(trx, userId);
      await trx.deleteFrom('order_draft_lines').where('user_id', '=', userId).execute();
      if (placed.length) {
        await trx
          .insertInto('order_draft_lines')
          .values(
            placed.map(({ line: l, placed: p, pack }, position) => ({
              user_id: userId,
              variant_id: l.variantId,
              size: l.size,
              quantity: l.quantity,
              position,
              mode: p.mode,
              delivery_id: p.delivery?.id ?? null,
              pack_id: pack?.id ?? null,
              packs: pack?.packs ?? null,
            })),
          )
          .execute();
      }
    });
  }

  async publicDraft(userId: number, lang: Locale): Promise<Draft> {
    const { priced: _priced, ...draft } = await this.draft(userId, lang);
    return draft;
  }

  /**
   * What a retailer can order of each size today: in stock (at-once, how many), pre-order (the
   * delivery of the product's open season), incoming (at-once, from a date) or sold out.
   */
  async availability(productId: number, lang: Locale): Promise<Availability | null> {
    const variantRows = await this.db
      .selectFrom(readVariants().as('variants'))
      .select('id')
      .where('product_id', '=', productId)
      .orderBy('position')
      .orderBy('id')
      .execute();
    const variants = await this.catalogue.orderable(variantRows.map((v) => v.id));
    if (variants.size === 0) return null;
    const ctx = await this.modeContext([...variants.values()], this.db);
    const own = new Set(ctx.productSeasons.get(productId) ?? []);
    const open = ctx.seasons.filter((s) => own.has(s.id) && s.state === 'open' && s.deliveries.length).sort(byClosing)[0];
    return {
      productId,
      deliveries: (open?.deliveries ?? []).map((d) => deliveryOf(d, lang)).sort((a, b) => a.from.localeCompare(b.from) || a.id - b.id),
      variants: variantRows
        .map((r) => variants.get(r.id))
        .filter((v): v is OrderableVariant => v !== undefined)
        .map((v) => ({
          variantId: v.variantId,
          sizes: v.sizes.map((size): SizeAvailability => {
            const level = ctx.levels.get(`${v.variantId}:${size}`);
            const now = availableNow(level);
            const none = { availableFrom: null, delivery: null, season: null };
            if (now !== null && now > 0) return { size, state: 'inStock', available: now, ...none };
            const placed = placeLine({ variantId: v.variantId, size, mode: 'preBook' }, v, ctx);
            if (!placed.problem && (placed.season === null || placed.season.state === 'open')) {
              return { size, state: 'preBook', available: null, ...modeOut(placed, lang), availableFrom: null };
            }
            const later = promisable(level);
            if (later > 0 && level!.incoming.length)
              return { size, state: 'incoming', available: later, ...none, availableFrom: level!.incoming[0]!.availableFrom };
            return { size, state: 'soldOut', available: 0, ...none };
          }),
        })),
    };
  }

  // —— Submit ——

  /** An old order's lines added to the draft at today's prices; what no longer exists is named and left out. */
  async reorder(
    id: number,
    userId: number,
    lang: Locale,
    scope: number | OrderScope = userId,
  ): Promise<{ draft: Draft; skipped: Array<{ productTitle: string; colorName: string; size: Size }> }> {
    const order = await this.records.get(id, lang, scope);
    if (!order) throw new HttpError(404, ORDER_MESSAGES.orderNotFound);
    const variants = await this.catalogue.orderable(order.lines.map((l) => l.variantId).filter((v): v is number => v !== null));
    const skipped: Array<{ productTitle: string; colorName: string; size: Size }> = [];
    const current = await this.draftRows(userId, this.db);
    const lines: DraftEntryInput[] = [];
    const packsTaken = new Set<string>();
    for (const r of current) {
      const where = { mode: (r.mode as OrderMode | null) ?? undefined, deliveryId: r.delivery_id };
      if (r.pack_id !== null && r.packs) {
        // A pack line is one entry however many sizes it makes.
        const key = `${r.variant_id}:${r.pack_id}:${r.mode}:${r.delivery_id}`;
        if (!packsTaken.has(key)) lines.push({ variantId: r.variant_id, packId: r.pack_id, packs: r.packs, ...where });
        packsTaken.add(key);
      } else lines.push({ variantId: r.variant_id, size: r.size as Size, quantity: r.quantity, ...where });
    }
    const oldPacks = new Set<string>();
    for (const line of order.lines) {
      const variant = line.variantId === null ? undefined : variants.get(line.variantId);
      if (!variant || !variant.sizes.includes(line.size)) {
        skipped.push({ productTitle: line.productTitle, colorName: line.colorName, size: line.size });
        continue;
      }
      // A pack the style still has is ordered again as packs; the mode is decided again today.
      const pack = line.pack ? variant.packs.find((p) => p.name === line.pack!.name) : undefined;
      if (pack && line.pack) {
        const key = `${variant.variantId}:${pack.id}`;
        if (!oldPacks.has(key)) lines.push({ variantId: variant.variantId, packId: pack.id, packs: line.pack.packs });
        oldPacks.add(key);
        continue;
      }
      if (sellingProblem({ line: { variantId: variant.variantId, size: line.size, quantity: line.quantity }, variant, pack: null })) {
        skipped.push({ productTitle: line.productTitle, colorName: line.colorName, size: line.size });
        continue;
      }
      lines.push({ variantId: variant.variantId, size: line.size, quantity: line.quantity });
    }
    // A piece that goes where a draft line already is adds to it; one for another window stays its own line.
    const merged = new Map<string, PlacedInput>();
    for (const p of await this.placeDraftLines(lines, lang)) {
      const there = merged.get(p.key);
      if (there) {
        there.line = { ...there.line, quantity: Math.min(ORDER_QUANTITY_MAX, there.line.quantity + p.line.quantity) };
        if (there.pack && p.pack) there.pack = { ...there.pack, packs: Math.min(ORDER_QUANTITY_MAX, there.pack.packs + p.pack.packs) };
      } else merged.set(p.key, p);
    }
    await this.writeDraft(userId, [...merged.values()]);
    const draft = await this.publicDraft(userId, lang);
    return { draft, skipped };
  }

  // —— Mail ——
}
