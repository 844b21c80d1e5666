import { logActivity } from '../activity/service.ts';
import {
  ORDER_MESSAGES,
  ORDER_QUANTITY_MAX,
  SEASON_MESSAGES,
  formatDay,
  formatPrice,
  fromCents,
  type CompanyDetails,
  type CompanyInput,
  type PostalAddress,
  addressLine,
  COMPANY_GAPS,
  type Draft,
  type DraftLineInput,
  type Locale,
  type Order,
  type Availability,
  type OrderMode,
  type OrderStatus,
  type SizeAvailability,
  type OrderSummary,
  type Size,
} from '@atelier/contract';
import { sql, type Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import { publicBrand } from '../../config.ts';
import type { Db, Dialect } from '../../db/index.ts';
import { nowIso } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { parseTexts, pick } from '../../lib/texts.ts';
import { isUniqueViolation, type CatalogueService, type OrderableVariant } from '../catalogue/service.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { orderNotice, orderStatusMail, orderSubmittedMail, type OrderMailData } from '../mail/templates.ts';
import type { WholesaleService } from '../wholesale/service.ts';
import { deliveryOf, type DeliveryInfo, type SeasonInfo, type SeasonsService } from '../seasons/service.ts';
import type { InvoicesService } from '../invoices/service.ts';
import { availableNow, promisable, type StockLevel, type StockLine, type StockService } from '../stock/service.ts';


type CompanyGap = (typeof COMPANY_GAPS)[number];
const EMPTY_COMPANY: CompanyDetails = { companyName: null, siret: null, vatNumber: null, billingAddress: null, deliveryAddress: null, phone: null };

/** The company details an order was sent with (empty details if the stored JSON is unreadable). */
function parseCompany(json: string): CompanyDetails {
  try {
    return { ...EMPTY_COMPANY, ...(JSON.parse(json) as CompanyDetails) };
  } catch {
    return { ...EMPTY_COMPANY };
  }
}

/** A draft line's place: how it is ordered, in which season and delivery, or why it cannot be. */
export interface Placed {
  mode: OrderMode;
  season: SeasonInfo | null;
  delivery: DeliveryInfo | null;
  problem?: 'notOrderable' | 'deliveryUnknown';
}

interface PricedLine {
  line: DraftLineInput;
  variant: OrderableVariant;
  placed: Placed;
}

/** A line as sent, with where it goes and its identity in the draft (piece, mode, delivery window). */
interface PlacedInput extends PricedLine {
  key: string;
}

/** A draft line's identity: the piece (variant and size), at-once or the delivery window it is pre-booked for. */
function placementKey(variantId: number, size: string, placed: Placed): string {
  return `${variantId}:${size}:${placed.mode === 'atOnce' ? 'atOnce' : `preBook:${placed.delivery?.id ?? ''}`}`;
}

/** "line 2: Robe Soleil, Terracotta, S, Livraison 1", for a refusal that names the line. */
function lineName(p: PricedLine, index: number, lang: Locale): string {
  const where = p.placed.mode === 'atOnce' ? (lang === 'fr' ? 'en stock' : 'at once') : p.placed.delivery ? pick(p.placed.delivery.names, lang) : null;
  const what = [pick(p.variant.titles, lang), pick(p.variant.colorNames, lang), p.line.size, where].filter(Boolean).join(', ');
  return lang === 'fr' ? `ligne ${index + 1} : ${what}` : `line ${index + 1}: ${what}`;
}

interface ModeContext {
  seasons: SeasonInfo[];
  productSeasons: Map<number, number[]>;
  levels: Map<string, StockLevel>;
}

/** The order of preference among a product's seasons: open ones, the soonest to close first. */
function byClosing(a: SeasonInfo, b: SeasonInfo): number {
  const rank = (s: SeasonInfo) => (s.state === 'open' ? 0 : s.state === 'upcoming' ? 1 : 2);
  return rank(a) - rank(b) || (a.ordersClose ?? '9999').localeCompare(b.ordersClose ?? '9999') || b.ordersOpen.localeCompare(a.ordersOpen);
}

/**
 * Decides a line's mode. With no season at all, every line is pre-booked with no delivery
 * window (as before seasons). A given delivery window must belong to a season of the product.
 * Without a mode: pre-book in the product's open season (its first delivery), else at-once.
 */
export function placeLine(line: Pick<DraftLineInput, 'variantId' | 'size' | 'mode' | 'deliveryId'>, variant: OrderableVariant, ctx: ModeContext): Placed {
  const stocked = ctx.levels.get(`${line.variantId}:${line.size}`)?.onHand != null;
  if (line.mode === 'atOnce') return { mode: 'atOnce', season: null, delivery: null, ...(stocked ? {} : { problem: 'notOrderable' }) };
  if (ctx.seasons.length === 0) return { mode: 'preBook', season: null, delivery: null };
  const own = new Set(ctx.productSeasons.get(variant.productId) ?? []);
  const seasons = ctx.seasons.filter((s) => own.has(s.id)).sort(byClosing);
  if (line.deliveryId) {
    for (const s of seasons) {
      const delivery = s.deliveries.find((d) => d.id === line.deliveryId);
      if (delivery) return { mode: 'preBook', season: s, delivery };
    }
    return { mode: 'preBook', season: null, delivery: null, problem: 'deliveryUnknown' };
  }
  const open = seasons.find((s) => s.state === 'open' && s.deliveries.length);
  if (open) return { mode: 'preBook', season: open, delivery: open.deliveries[0]! };
  if (line.mode === undefined && stocked) return { mode: 'atOnce', season: null, delivery: null };
  const any = seasons.find((s) => s.deliveries.length);
  if (any) return { mode: 'preBook', season: any, delivery: any.deliveries[0]! };
  return { mode: line.mode ?? 'atOnce', season: null, delivery: null, problem: 'notOrderable' };
}

function modeOut(placed: Placed, lang: Locale) {
  return {
    mode: placed.mode,
    season: placed.season ? { id: placed.season.id, code: placed.season.code, name: pick(placed.season.names, lang) } : null,
    delivery: placed.delivery ? deliveryOf(placed.delivery, lang) : null,
  };
}

/** At-once lines together, then one group per delivery window (the earliest first). */
function groupLines(lines: PricedLine[]): Array<{ placed: Placed; lines: PricedLine[] }> {
  const groups = new Map<string, { placed: Placed; lines: PricedLine[] }>();
  for (const line of lines) {
    const key = line.placed.mode === 'atOnce' ? 'atOnce' : `preBook:${line.placed.delivery?.id ?? 'none'}`;
    const group = groups.get(key) ?? { placed: line.placed, lines: [] };
    group.lines.push(line);
    groups.set(key, group);
  }
  const order = (g: { placed: Placed }) => (g.placed.mode === 'atOnce' ? '0' : `1${g.placed.delivery?.from ?? ''}${String(g.placed.delivery?.id ?? 0).padStart(10, '0')}`);
  return [...groups.values()].sort((a, b) => order(a).localeCompare(order(b)));
}

/** An order's season, mode and delivery as the API shows them. */
function orderMode(row: { mode: OrderMode; season_id: number | null; delivery_id: number | null }, seasons: SeasonInfo[], lang: Locale) {
  const season = seasons.find((s) => s.id === row.season_id) ?? null;
  const delivery = season?.deliveries.find((d) => d.id === row.delivery_id) ?? null;
  return modeOut({ mode: row.mode, season, delivery }, lang);
}

/** Who acts on an order: the stockist who placed it, or the brand (an admin). */
export type Actor = { role: 'stockist'; userId: number } | { role: 'brand'; userId: number; email: string };

/**
 * Wholesale orders. The draft lives on the server (one per stockist); a submit prices every line
 * itself, checks the season's minimum, freezes the lines and queues both mails in one transaction;
 * every later move is a conditional update on the status (the row is the lock), with its history
 * row and its mail in the same transaction.
 */
export class OrdersService {
  private readonly db: Db;
  private readonly dialect: Dialect;
  private readonly config: Config;
  private readonly catalogue: CatalogueService;
  private readonly wholesale: WholesaleService;
  private readonly onMailQueued: () => void;
  private readonly seasons: SeasonsService;
  private readonly stock: StockService;

  constructor(
    db: Db,
    dialect: Dialect,
    config: Config,
    catalogue: CatalogueService,
    wholesale: WholesaleService,
    onMailQueued: () => void,
    seasons: SeasonsService,
    stock: StockService,
  ) {
    this.db = db;
    this.seasons = seasons;
    this.stock = stock;
    this.dialect = dialect;
    this.config = config;
    this.catalogue = catalogue;
    this.wholesale = wholesale;
    this.onMailQueued = onMailQueued;
  }

  /** Set at wiring (the invoices read the company details from here): ships issue invoices, cancels credit them. */
  invoices: InvoicesService | null = null;

  // —— Company details ——

  async company(userId: number, db: Kysely<Database> = this.db): Promise<CompanyDetails> {
    const row = await db.selectFrom('company_details').selectAll().where('user_id', '=', userId).executeTakeFirst();
    if (!row) return { ...EMPTY_COMPANY, toComplete: ['companyName', 'billing', 'siren'] };
    const address = (kind: 'billing' | 'delivery'): PostalAddress | null => {
      const line1 = row[`${kind}_line1`];
      if (!line1) return null;
      return { line1, line2: row[`${kind}_line2`] ?? '', postcode: row[`${kind}_postcode`] ?? '', town: row[`${kind}_town`] ?? '', country: row[`${kind}_country`] ?? '' };
    };
    const billing = address('billing');
    const toComplete: CompanyGap[] = [];
    if (!row.company_name) toComplete.push('companyName');
    if (!billing || !billing.postcode || !billing.town || !billing.country || row.to_complete) toComplete.push('billing');
    if ((billing?.country || 'FR') === 'FR' && !row.siren) toComplete.push('siren');
    return {
      companyName: row.company_name,
      siret: row.siret,
      vatNumber: row.vat_number,
      billingAddress: row.billing_address,
      deliveryAddress: row.delivery_address,
      phone: row.phone,
      siren: row.siren,
      billing,
      delivery: address('delivery'),
      toComplete,
    };
  }

  /**
   * Saves the details. Structured addresses, when given, are what counts (their one-line form is
   * written beside them); a one-line address alone goes into line 1, "to complete".
   */
  async saveCompany(userId: number, input: CompanyInput): Promise<CompanyDetails> {
    const structured = (kind: 'billing' | 'delivery', address: PostalAddress | null | undefined, text: string | null) =>
      address
        ? { [`${kind}_line1`]: address.line1, [`${kind}_line2`]: address.line2 || null, [`${kind}_postcode`]: address.postcode, [`${kind}_town`]: address.town, [`${kind}_country`]: address.country }
        : { [`${kind}_line1`]: text ? text.slice(0, 120) : null, [`${kind}_line2`]: null, [`${kind}_postcode`]: null, [`${kind}_town`]: null, [`${kind}_country`]: null };
    const values = {
      company_name: input.companyName,
      siret: input.siret,
      siren: input.siret ? input.siret.slice(0, 9) : null,
      vat_number: input.vatNumber,
      billing_address: input.billing ? addressLine(input.billing) : input.billingAddress,
      delivery_address: input.delivery ? addressLine(input.delivery) : input.deliveryAddress,
      phone: input.phone,
      ...structured('billing', input.billing, input.billingAddress),
      ...structured('delivery', input.delivery, input.deliveryAddress),
      // A one-line address (an older screen, or the API without the structured fields) waits to be completed.
      to_complete: (!input.billing && input.billingAddress) || (!input.delivery && input.deliveryAddress) ? 1 : 0,
      updated_at: nowIso(),
    };
    await this.db
      .insertInto('company_details')
      .values({ user_id: userId, ...values })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
      .execute();
    return this.company(userId);
  }

  /** At accept: the application's company, SIRET and phone become the account's details (what is already there stays). */
  async seedCompany(trx: Kysely<Database>, userId: number, from: { company: string | null; siret: string | null; phone: string | null }): Promise<void> {
    await trx
      .insertInto('company_details')
      .values({
        user_id: userId,
        company_name: from.company,
        siret: from.siret,
        vat_number: null,
        billing_address: null,
        delivery_address: null,
        phone: from.phone,
        updated_at: nowIso(),
      })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
  }

  // —— The draft ——

  private async minimum(userId: number, totalCents: number, db: Kysely<Database>): Promise<Draft['minimum']> {
    const terms = await this.wholesale.adminTerms(db);
    const previous = await db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('status', '!=', 'cancelled')
      .executeTakeFirstOrThrow();
    const kind = Number(previous.n) === 0 ? 'opening' : 'reorder';
    const amount = kind === 'opening' ? terms.openingMinimum : terms.reorderMinimum;
    return { kind, amount, missing: Math.max(0, fromCents(Math.round(amount * 100) - totalCents)) };
  }

  private async draftRows(userId: number, db: Kysely<Database>) {
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
    const rows = await this.draftRows(userId, db);
    const variants = await this.catalogue.orderable(
      rows.map((r) => r.variant_id),
      db,
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
      const placed = placeLine({ variantId: row.variant_id, size, mode: (row.mode as OrderMode | null) ?? undefined, deliveryId: row.delivery_id }, variant, ctx);
      const lineCents = variant.priceCents * row.quantity;
      totalCents += lineCents;
      pieces += row.quantity;
      const place = placementKey(row.variant_id, size, placed);
      const at = byPlace.get(place);
      if (at !== undefined) {
        const quantity = priced[at]!.line.quantity + row.quantity;
        priced[at]!.line = { ...priced[at]!.line, quantity };
        lines[at] = { ...lines[at]!, quantity, total: fromCents(variant.priceCents * quantity) };
        continue;
      }
      byPlace.set(place, priced.length);
      priced.push({ line: { variantId: row.variant_id, size, quantity: row.quantity }, variant, placed });
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
        total: fromCents(lineCents),
        ...modeOut(placed, lang),
      });
    }
    const orders = groupLines(priced).map((group) => ({
      ...modeOut(group.placed, lang),
      pieces: group.lines.reduce((n, l) => n + l.line.quantity, 0),
      total: fromCents(group.lines.reduce((n, l) => n + l.variant.priceCents * l.line.quantity, 0)),
    }));
    return { lines, orders, unavailable, pieces, total: fromCents(totalCents), minimum: await this.minimum(userId, totalCents, db), priced };
  }

  /**
   * The stockist's row, locked until the transaction ends on PostgreSQL, so one draft write or
   * submit at a time per stockist (SQLite transactions already run one at a time).
   */
  private lockStockist(trx: Kysely<Database>, userId: number) {
    const query = trx.selectFrom('users').select(['id', 'email', 'locale', 'role']).where('id', '=', userId);
    return (this.dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirstOrThrow();
  }

  /**
   * Replaces the draft. A line is one piece (variant and size) for one mode and one delivery window:
   * the same piece for two windows is two lines. The same piece twice for the same window is refused
   * with 422 naming the lines (nothing is merged or dropped without a word); unknown variants or sizes,
   * and a delivery window of a season the product is not sold in, are refused. Each line keeps the
   * mode it was given, or the one decided now (pre-book in an open season, else at-once).
   */
  async replaceDraft(userId: number, input: DraftLineInput[], lang: Locale): Promise<Draft> {
    const placed = await this.placeDraftLines(input);
    const seen = new Map<string, number>();
    const twice: string[] = [];
    placed.forEach((p, index) => {
      const first = seen.get(p.key);
      if (first === undefined) seen.set(p.key, index);
      else twice.push(lineName(placed[first]!, first, lang), lineName(p, index, lang));
    });
    if (twice.length) throw new HttpError(422, ORDER_MESSAGES.lineTwice, {}, [...new Set(twice)].join('; '));
    await this.writeDraft(userId, placed);
    return this.publicDraft(userId, lang);
  }

  /** Each line with its variant and the mode and delivery it goes to; what cannot be placed is refused (422). */
  private async placeDraftLines(input: DraftLineInput[]): Promise<PlacedInput[]> {
    const variants = await this.catalogue.orderable(input.map((l) => l.variantId));
    const wrong = input.filter((l) => !variants.get(l.variantId)?.sizes.includes(l.size));
    if (wrong.length) throw new HttpError(422, ORDER_MESSAGES.lineUnavailable, {}, wrong.map((l) => `${l.variantId}/${l.size}`).join(', '));
    const ctx = await this.modeContext([...variants.values()], this.db);
    const placed = input.map((line) => {
      const variant = variants.get(line.variantId)!;
      const where = placeLine(line, variant, ctx);
      return { line, variant, placed: where, key: placementKey(line.variantId, line.size, where) };
    });
    const badDelivery = placed.filter((p) => p.placed.problem === 'deliveryUnknown');
    if (badDelivery.length) throw new HttpError(422, SEASON_MESSAGES.deliveryUnknown, {}, badDelivery.map((p) => `${p.line.variantId}/${p.line.size}`).join(', '));
    return placed;
  }

  /** The draft becomes these lines, in one transaction (one draft write or submit at a time per stockist). */
  private async writeDraft(userId: number, placed: PlacedInput[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await this.lockStockist(trx, userId);
      await trx.deleteFrom('order_draft_lines').where('user_id', '=', userId).execute();
      if (placed.length) {
        await trx
          .insertInto('order_draft_lines')
          .values(
            placed.map(({ line: l, placed: p }, position) => ({
              user_id: userId,
              variant_id: l.variantId,
              size: l.size,
              quantity: l.quantity,
              position,
              mode: p.mode,
              delivery_id: p.delivery?.id ?? null,
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
   * What a stockist can order of each size today: in stock (at-once, how many), pre-order (the
   * delivery of the product's open season), incoming (at-once, from a date) or sold out.
   */
  async availability(productId: number, lang: Locale): Promise<Availability | null> {
    const variantRows = await this.db.selectFrom('variants').select('id').where('product_id', '=', productId).orderBy('position').orderBy('id').execute();
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
            if (later > 0 && level!.incoming.length) return { size, state: 'incoming', available: later, ...none, availableFrom: level!.incoming[0]!.availableFrom };
            return { size, state: 'soldOut', available: 0, ...none };
          }),
        })),
    };
  }

  // —— Submit ——

  /**
   * One submission per idempotency key: a retry, a double click or a race answers the same
   * orders. The draft becomes one order per delivery (at-once lines together), the minimum
   * applies to the whole, at-once pieces are reserved and closed windows refused, all in one
   * transaction: either every order is made, or nothing is written.
   */
  async submit(userId: number, key: string, note: string | undefined, lang: Locale): Promise<{ order: Order; orders: Order[]; created: boolean }> {
    const answer = async (ids: number[], created: boolean) => {
      const orders = await Promise.all(ids.map(async (id) => (await this.get(id, lang))!));
      return { order: orders[0]!, orders, created };
    };
    const existing = await this.byKey(userId, key);
    if (existing.length) return answer(existing, false);
    let outcome: { ids: number[]; created: boolean };
    try {
      outcome = await this.db.transaction().execute(async (trx) => {
        const user = await this.lockStockist(trx, userId);
        if (user.role !== 'retailer') throw new HttpError(403, ORDER_MESSAGES.adminsCannotOrder);
        const again = await this.byKey(userId, key, trx);
        if (again.length) return { ids: again, created: false };

        const draft = await this.draft(userId, lang, trx);
        if (draft.unavailable.length) {
          throw new HttpError(422, ORDER_MESSAGES.lineUnavailable, {}, draft.unavailable.map((l) => `${l.variantId}/${l.size}`).join(', '));
        }
        if (draft.priced.length === 0) throw new HttpError(422, ORDER_MESSAGES.emptyDraft);
        const describe = (p: PricedLine) => `${pick(p.variant.titles, lang)} — ${pick(p.variant.colorNames, lang)}, ${p.line.size}`;
        const notOrderable = draft.priced.filter((p) => p.placed.problem === 'notOrderable' || p.placed.problem === 'deliveryUnknown');
        if (notOrderable.length) throw new HttpError(422, SEASON_MESSAGES.notOrderable, {}, notOrderable.map(describe).join('; '));
        const closed = new Map<number, SeasonInfo>();
        for (const p of draft.priced) if (p.placed.mode === 'preBook' && p.placed.season && p.placed.season.state !== 'open') closed.set(p.placed.season.id, p.placed.season);
        if (closed.size) {
          const detail = [...closed.values()]
            .map((s) => {
              const name = pick(s.names, lang);
              if (s.state === 'upcoming') return lang === 'fr' ? `${name} : ouverture le ${formatDay(s.ordersOpen, 'fr')}` : `${name}: opens on ${formatDay(s.ordersOpen, 'en')}`;
              return lang === 'fr' ? `${name} : clôturées le ${formatDay(s.ordersClose!, 'fr')}` : `${name}: closed on ${formatDay(s.ordersClose!, 'en')}`;
            })
            .join('; ');
          throw new HttpError(422, SEASON_MESSAGES.windowClosed, {}, detail);
        }
        if (draft.minimum.missing > 0) {
          const detail =
            lang === 'fr'
              ? `Minimum ${draft.minimum.kind === 'opening' ? 'de première commande' : 'de réassort'} : ${formatPrice(draft.minimum.amount, 'fr')} HT ; il manque ${formatPrice(draft.minimum.missing, 'fr')}.`
              : `The ${draft.minimum.kind === 'opening' ? 'opening order' : 'reorder'} minimum is ${formatPrice(draft.minimum.amount, 'en')} excl. VAT; ${formatPrice(draft.minimum.missing, 'en')} to go.`;
          throw new HttpError(422, ORDER_MESSAGES.belowMinimum, {}, detail);
        }

        const now = nowIso();
        const year = Number(now.slice(0, 4));
        const company = JSON.stringify(await this.company(userId, trx));
        const current = await this.seasons.current(trx);
        const ids: number[] = [];
        const short: Array<{ line: PricedLine; left: number }> = [];
        for (const [rank, group] of groupLines(draft.priced).entries()) {
          const counter = await trx
            .insertInto('order_counters')
            .values({ year, last: 1 })
            .onConflict((oc) => oc.column('year').doUpdateSet({ last: sql<number>`order_counters.last + 1` }))
            .returning('last')
            .executeTakeFirstOrThrow();
          const number = `${year}-${String(counter.last).padStart(4, '0')}`;
          const totalCents = group.lines.reduce((sum, p) => sum + p.variant.priceCents * p.line.quantity, 0);
          const pieces = group.lines.reduce((sum, p) => sum + p.line.quantity, 0);
          // At-once orders count in the current season (what is sold from stock while it runs).
          const seasonId = group.placed.mode === 'atOnce' ? (current?.id ?? null) : (group.placed.season?.id ?? null);
          const inserted = await trx
            .insertInto('orders')
            .values({
              number,
              user_id: userId,
              shop_email: user.email,
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
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await trx
            .insertInto('order_lines')
            .values(
              group.lines.map(({ line, variant }, position) => ({
                order_id: inserted.id,
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
              })),
            )
            .execute();
          if (group.placed.mode === 'atOnce') {
            const missing = await this.stock.reserve(
              trx,
              inserted.id,
              group.lines.map((p) => ({ variantId: p.variant.variantId, size: p.line.size, quantity: p.line.quantity })),
            );
            for (const m of missing) short.push({ line: group.lines.find((p) => p.variant.variantId === m.variantId && p.line.size === m.size)!, left: m.left });
          }
          await trx.insertInto('order_events').values({ order_id: inserted.id, status: 'submitted', by_role: 'stockist', note: null, at: now }).execute();
          ids.push(inserted.id);
        }
        if (short.length) {
          const detail = short.map((s) => (lang === 'fr' ? `${describe(s.line)} : ${s.left} restante(s)` : `${describe(s.line)}: ${s.left} left`)).join('; ');
          throw new HttpError(422, SEASON_MESSAGES.notInStock, {}, detail);
        }
        await trx.deleteFrom('order_draft_lines').where('user_id', '=', userId).execute();
        for (const id of ids) await this.queueMails(trx, (await this.load(trx, id))!, 'submitted');
        return { ids, created: true };
      });
    } catch (error) {
      // Two submits with one key racing: the unique index let one through; answer it.
      if (isUniqueViolation(error)) {
        const winner = await this.byKey(userId, key);
        if (winner.length) return answer(winner, false);
      }
      throw error;
    }
    if (outcome.created) this.onMailQueued();
    return answer(outcome.ids, outcome.created);
  }

  /** The orders of one submission, first made first. */
  private async byKey(userId: number, key: string, db: Kysely<Database> = this.db): Promise<number[]> {
    const rows = await db.selectFrom('orders').select('id').where('user_id', '=', userId).where('idempotency_key', '=', key).orderBy('submission_rank').execute();
    return rows.map((r) => r.id);
  }

  // —— Reading ——

  private async load(db: Kysely<Database>, id: number) {
    const row = await db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return null;
    const [lines, events, seasons] = await Promise.all([
      db.selectFrom('order_lines').selectAll().where('order_id', '=', id).orderBy('position').execute(),
      db.selectFrom('order_events').selectAll().where('order_id', '=', id).orderBy('at').orderBy('id').execute(),
      this.seasons.infos(db, row.season_id === null ? [] : [row.season_id]),
    ]);
    return { row, lines, events, seasons };
  }

  private shape(loaded: NonNullable<Awaited<ReturnType<OrdersService['load']>>>, lang: Locale): Order {
    const { row, lines, events } = loaded;
    const company = parseCompany(row.company);
    return {
      id: row.id,
      number: row.number,
      status: row.status,
      lines: lines.map((l) => ({
        id: l.id,
        variantId: l.variant_id,
        productId: l.product_id,
        productTitle: pick(parseTexts(l.product_title), lang),
        reference: l.reference,
        colorName: pick(parseTexts(l.color_name), lang),
        colorCode: l.color_code,
        size: l.size as Size,
        quantity: l.quantity,
        unitPrice: fromCents(l.unit_price_cents),
        total: fromCents(l.unit_price_cents * l.quantity),
      })),
      pieces: row.pieces,
      total: fromCents(row.total_cents),
      note: row.note,
      createdAt: row.created_at,
      shipDate: row.ship_date,
      carrier: row.carrier,
      tracking: row.tracking,
      cancelReason: row.cancel_reason,
      history: events.map((e) => ({ status: e.status, at: e.at, by: e.by_role, note: e.note })),
      shop: { email: row.shop_email, company, userId: row.user_id },
      ...orderMode(row, loaded.seasons, lang),
    };
  }

  /** One order; with `userId`, only that stockist's (another's is simply not found). */
  async get(id: number, lang: Locale, userId?: number): Promise<Order | null> {
    const loaded = await this.load(this.db, id);
    if (!loaded || (userId !== undefined && loaded.row.user_id !== userId)) return null;
    const order = this.shape(loaded, lang);
    if (!this.invoices) return order;
    const invoice = await this.invoices.forOrder(id, loaded.row.user_id ?? 0, loaded.row.status);
    return { ...order, invoice: invoice.invoice, ...(invoice.waiting && userId === undefined ? { invoiceWaiting: invoice.waiting } : {}) };
  }

  async list(filter: { userId?: number; status?: OrderStatus; from?: string; to?: string; seasonId?: number; deliveryId?: number }, lang: Locale = 'fr'): Promise<OrderSummary[]> {
    let query = this.db
      .selectFrom('orders')
      .select(['id', 'number', 'status', 'created_at', 'pieces', 'total_cents', 'company', 'shop_email', 'mode', 'season_id', 'delivery_id']);
    if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
    if (filter.status) query = query.where('status', '=', filter.status);
    if (filter.from) query = query.where('created_at', '>=', `${filter.from}T00:00:00.000Z`);
    if (filter.to) query = query.where('created_at', '<=', `${filter.to}T23:59:59.999Z`);
    if (filter.seasonId !== undefined) query = query.where('season_id', '=', filter.seasonId);
    if (filter.deliveryId !== undefined) query = query.where('delivery_id', '=', filter.deliveryId);
    const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    const seasonIds = [...new Set(rows.map((r) => r.season_id).filter((v): v is number => v !== null))];
    const seasons = await this.seasons.infos(this.db, seasonIds);
    return rows.map((r) => {
      const name = parseCompany(r.company).companyName;
      return {
        id: r.id,
        number: r.number,
        status: r.status,
        createdAt: r.created_at,
        pieces: r.pieces,
        total: fromCents(r.total_cents),
        shop: name ?? r.shop_email,
        ...orderMode(r, seasons, lang),
      };
    });
  }

  async listFull(filter: { from: string; to: string }, lang: Locale): Promise<Order[]> {
    const summaries = await this.list(filter);
    const orders: Order[] = [];
    for (const s of summaries.reverse()) orders.push((await this.get(s.id, lang))!);
    return orders;
  }

  // —— Moves ——

  /**
   * One status move: a conditional update from the allowed statuses is the lock, so two moves at
   * once (confirm and cancel) leave exactly one outcome; the loser gets 409 and nothing changes.
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
      if (!row || (actor.role === 'stockist' && row.user_id !== actor.userId)) throw new HttpError(404, ORDER_MESSAGES.orderNotFound);
      const now = nowIso();
      const updated = await trx.updateTable('orders').set({ status: to, updated_at: now }).where('id', '=', id).where('status', 'in', from).executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) throw new HttpError(409, ORDER_MESSAGES.transitionRefused);
      const extra = await apply(trx, row);
      if (Object.keys(extra).length) await trx.updateTable('orders').set(extra).where('id', '=', id).execute();
      await trx.insertInto('order_events').values({ order_id: id, status: to, by_role: actor.role, note, at: now }).execute();
      if (actor.role === 'brand') await after?.(trx);
      const order = (await this.load(trx, id))!;
      await this.queueMails(trx, order, to, actor.role === 'stockist');
      if (actor.role === 'brand') {
        const action = to === 'confirmed' ? 'confirm' : to === 'shipped' ? 'ship' : 'cancel';
        await logActivity(trx, { id: actor.userId, email: actor.email }, { kind: 'order', action, subject: order.row.number, subjectId: id, detail: { from: row.status, to } });
      }
    });
    this.onMailQueued();
    return (await this.get(id, lang))!;
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
        const own = await trx.selectFrom('order_lines').select(['id', 'unit_price_cents', 'variant_id', 'size', 'quantity']).where('order_id', '=', id).execute();
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
          await this.stock.release(trx, id, less, actor.userId);
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
          const short = await this.stock.ship(trx, id, await this.stockLines(trx, id), actor.userId);
          if (short.length) {
            const names = await this.catalogue.orderable(
              short.map((s) => s.variantId),
              trx,
            );
            const detail = short
              .map((s) => {
                const v = names.get(s.variantId);
                const what = v ? `${pick(v.titles, lang)} — ${pick(v.colorNames, lang)}, ${s.size}` : `${s.variantId}/${s.size}`;
                return lang === 'fr' ? `${what} : ${s.quantity} à expédier, ${s.left} en stock` : `${what}: ${s.quantity} to ship, ${s.left} on hand`;
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
        if (this.invoices) await this.invoices.issueInTransaction(trx, id, actor.role === 'brand' ? { id: actor.userId, email: actor.email } : null, this.invoices.issueDay());
      },
    );
  }

  /** The brand cancels a submitted or confirmed order; a stockist only a submitted one of theirs. Reserved pieces go back. */
  cancel(id: number, reason: string, actor: Actor, lang: Locale): Promise<Order> {
    // The brand may also cancel a shipped order once invoiced (goods sent back): a credit note takes what is left off its invoice.
    const from: OrderStatus[] = actor.role === 'stockist' ? ['submitted'] : ['submitted', 'confirmed', 'shipped'];
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
          await this.invoices!.creditRest(trx, invoice.id, reason, actor.role === 'brand' ? { id: actor.userId, email: actor.email } : null);
          return { cancel_reason: reason };
        }
        if (order.mode === 'atOnce') await this.stock.release(trx, id, await this.stockLines(trx, id), actor.role === 'brand' ? actor.userId : null);
        return { cancel_reason: reason };
      },
      reason,
    );
  }

  /** An old order's lines added to the draft at today's prices; what no longer exists is named and left out. */
  async reorder(id: number, userId: number, lang: Locale): Promise<{ draft: Draft; skipped: Array<{ productTitle: string; colorName: string; size: Size }> }> {
    const order = await this.get(id, lang, userId);
    if (!order) throw new HttpError(404, ORDER_MESSAGES.orderNotFound);
    const variants = await this.catalogue.orderable(order.lines.map((l) => l.variantId).filter((v): v is number => v !== null));
    const skipped: Array<{ productTitle: string; colorName: string; size: Size }> = [];
    const current = await this.draftRows(userId, this.db);
    const lines: DraftLineInput[] = current.map((r) => ({ variantId: r.variant_id, size: r.size as Size, quantity: r.quantity, mode: (r.mode as OrderMode | null) ?? undefined, deliveryId: r.delivery_id }));
    for (const line of order.lines) {
      const variant = line.variantId === null ? undefined : variants.get(line.variantId);
      if (!variant || !variant.sizes.includes(line.size)) {
        skipped.push({ productTitle: line.productTitle, colorName: line.colorName, size: line.size });
        continue;
      }
      // The mode is decided again today (last season's delivery window is gone).
      lines.push({ variantId: variant.variantId, size: line.size, quantity: line.quantity });
    }
    // A piece that goes where a draft line already is adds to it; one for another window stays its own line.
    const merged = new Map<string, PlacedInput>();
    for (const p of await this.placeDraftLines(lines)) {
      const there = merged.get(p.key);
      if (there) there.line = { ...there.line, quantity: Math.min(ORDER_QUANTITY_MAX, there.line.quantity + p.line.quantity) };
      else merged.set(p.key, p);
    }
    await this.writeDraft(userId, [...merged.values()]);
    const draft = await this.publicDraft(userId, lang);
    return { draft, skipped };
  }

  // —— Mail ——

  private mailData(order: ReturnType<OrdersService['shape']>, lang: Locale, admin: boolean): OrderMailData {
    return {
      number: order.number,
      shop: order.shop.company.companyName ?? order.shop.email,
      lines: order.lines.map((l) => ({ title: l.productTitle, colour: l.colorName, size: l.size, quantity: l.quantity, total: formatPrice(l.total, lang) })),
      pieces: order.pieces,
      total: formatPrice(order.total, lang),
      note: order.note,
      url: `${this.config.PUBLIC_URL}${admin ? `/admin/orders/${order.id}` : `/account/orders/${order.id}`}?lang=${lang}`,
    };
  }

  private async queueMails(trx: Kysely<Database>, loaded: NonNullable<Awaited<ReturnType<OrdersService['load']>>>, status: OrderStatus, byStockist = false) {
    const brand = publicBrand(this.config);
    const locale = loaded.row.locale;
    const order = this.shape(loaded, locale);
    const data = this.mailData(order, locale, false);
    const key = `order:${order.id}:${status}`;
    if (status === 'submitted') {
      await enqueueMail(trx, { to: order.shop.email, dedupeKey: `${key}:stockist`, ...orderSubmittedMail(brand, locale, data) });
      await enqueueMail(trx, { to: this.config.BRAND_EMAIL, dedupeKey: `${key}:brand`, ...orderNotice(brand, this.mailData(this.shape(loaded, 'fr'), 'fr', true)) });
      return;
    }
    const change =
      status === 'confirmed'
        ? { status, shipDate: formatDay(order.shipDate!, locale) }
        : status === 'shipped'
          ? { status, carrier: order.carrier, tracking: order.tracking }
          : { status, reason: order.cancelReason ?? '', byStockist };
    await enqueueMail(trx, { to: order.shop.email, dedupeKey: `${key}:stockist`, ...orderStatusMail(brand, locale, data, change as Parameters<typeof orderStatusMail>[3]) });
  }
}
