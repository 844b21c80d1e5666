import { PRODUCTION_MESSAGES, SIZES, type Locale, type SalesFigures, type Size } from '@atelier/contract';
import { sql, type Kysely } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { parseTexts, pick } from '../../lib/texts.ts';
import type { SeasonInfo, SeasonsService } from '../seasons/service.ts';
import { readStockLevels } from '../../read-models/stock.ts';
import { readProductSeasons } from '../../read-models/seasons.ts';
import { readAllocationLines, readOrderLines, readOrders } from '../../read-models/orders.ts';
import { readWaitlistOffers } from '../../read-models/waitlists.ts';
import { readReturnLines } from '../../read-models/returns.ts';
import { readRetailerListings } from '../../read-models/listings.ts';
import { readCompanyDetails } from '../../read-models/companies.ts';
import { readProductTranslations, readProducts, readVariants } from '../../read-models/catalogue.ts';

type Trx = Kysely<Database>;
const NOT_GIVEN: Record<Locale, string> = { fr: 'Non renseigné', en: 'Not given' };
const cents = (n: unknown) => Number(n ?? 0) / 100;
const round = (n: number) => Math.round(n * 100) / 100;

/**
 * A line's revenue in euro cents (issue 47): an order in another currency at the rate of its day (units
 * for one euro × 1 000 000, frozen on the order; the euro's is 1 000 000, so euro orders stay exact).
 */
const EURO_REVENUE = sql`cast(order_lines.quantity as bigint) * order_lines.unit_price_cents * 1000000 / orders.rate_micro`;

/** SS27 → SS: seasons of the same kind share their letters. */
const kindOf = (code: string) => code.replace(/[^A-Z]/g, '');

/** The Monday of a day (YYYY-MM-DD), as YYYY-MM-DD. */
export function mondayOf(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

/**
 * The season at a glance: orders, retailers, pieces and revenue (excl. VAT, from the orders'
 * frozen lines) against the previous season of the same kind, and the figures behind each chart.
 * Every figure is an aggregating query; all are read in one transaction.
 */
export class SalesService {
  private readonly db: Db;
  private readonly seasons: SeasonsService;

  constructor({ db, seasons }: { db: Db; seasons: SeasonsService }) {
    this.db = db;
    this.seasons = seasons;
  }

  /** Orders of a season that count: every status but cancelled. */
  private orders(trx: Trx, seasonId: number) {
    return trx.selectFrom(readOrders().as('orders')).where('orders.season_id', '=', seasonId).where('orders.status', '!=', 'cancelled');
  }

  private lines(trx: Trx, seasonId: number) {
    return this.orders(trx, seasonId).innerJoin(readOrderLines().as('order_lines'), 'order_lines.order_id', 'orders.id');
  }

  private async totals(trx: Trx, seasonId: number) {
    const [counts, sums, firsts] = await Promise.all([
      this.orders(trx, seasonId)
        .select((eb) => [eb.fn.count<number>('orders.id').as('orders'), eb.fn.count<number>('orders.company_id').distinct().as('stockists')])
        .executeTakeFirstOrThrow(),
      this.lines(trx, seasonId)
        .select((eb) => [
          eb.fn.sum<number>('order_lines.quantity').as('pieces'),
          eb.fn.sum<number>(EURO_REVENUE).as('revenue'),
          eb.fn.sum<number>('order_lines.shipped').as('shipped'),
          // The pieces of the season's lines that came back (the returns' and the orders' read models).
          eb
            .selectFrom(readReturnLines().as('rl'))
            .select(sql<number>`coalesce(sum(rl.received), 0)`.as('n'))
            .where(
              'rl.order_line_id',
              'in',
              eb
                .selectFrom(readOrderLines().as('ol'))
                .innerJoin(readOrders().as('o'), 'o.id', 'ol.order_id')
                .select('ol.id')
                .where('o.season_id', '=', seasonId),
            )
            .as('returned'),
        ])
        .executeTakeFirstOrThrow(),
      // A retailer is returning when they ordered (in another season) before their first order of this one:
      // one count, each shop's earlier order found through the (user_id, created_at) index, not a scan of every order.
      trx
        .selectFrom(
          this.orders(trx, seasonId)
            .select((eb) => ['orders.company_id', eb.fn.min('orders.created_at').as('first')])
            .groupBy('orders.company_id')
            .as('f'),
        )
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom(readOrders().as('o'))
              .select('o.id')
              .whereRef('o.company_id', '=', 'f.company_id')
              .where('o.status', '!=', 'cancelled')
              .where((eb) => eb.or([eb('o.season_id', 'is', null), eb('o.season_id', '!=', seasonId)]))
              .whereRef('o.created_at', '<', 'f.first'),
          ),
        )
        .executeTakeFirstOrThrow(),
    ]);
    const returning = Number(firsts.n);
    const stockists = Number(counts.stockists);
    return {
      orders: Number(counts.orders),
      stockists,
      newStockists: stockists - returning,
      returningStockists: returning,
      pieces: Number(sums.pieces ?? 0),
      revenue: round(cents(sums.revenue)),
      // What left in parcels, and what came back (issue 45): the cut sheet keeps counting what was ordered.
      shipped: Number(sums.shipped ?? 0),
      returned: Number(sums.returned ?? 0),
    };
  }

  async figures(code: string | undefined, lang: Locale): Promise<SalesFigures> {
    return this.db.transaction().execute(async (trx) => {
      const season = await this.seasons.about(code, PRODUCTION_MESSAGES.noSeason, trx);
      const previous = await this.previousOf(trx, season);
      const [now, then] = await Promise.all([this.totals(trx, season.id), previous ? this.totals(trx, previous.id) : Promise.resolve(null)]);
      const versus = (key: keyof typeof now) => ({ value: now[key], previous: then ? then[key] : null });

      const [days, styles, colors, sizes, stockists, places, sold, stock] = await this.seasonRows(trx, season.id, lang);

      const named = (label: string, p: unknown, r: unknown) => ({ label, pieces: Number(p ?? 0), revenue: round(cents(r)) });
      const byPieces = <T extends { pieces: number }>(a: T, b: T) => b.pieces - a.pieces;
      const totalPieces = now.pieces;

      const countries = countryTotals(places, lang);
      const shortfall = await this.shortfall(trx, season.id, lang);
      const through = sellThroughOf(sold, stock, lang);

      return {
        season: { code: season.code, name: pick(season.names, lang), ordersOpen: season.ordersOpen, ordersClose: season.ordersClose },
        previous: previous ? { code: previous.code, name: pick(previous.names, lang) } : null,
        totals: {
          orders: versus('orders'),
          stockists: versus('stockists'),
          newStockists: versus('newStockists'),
          returningStockists: versus('returningStockists'),
          pieces: versus('pieces'),
          revenue: versus('revenue'),
          shipped: versus('shipped'),
          returned: versus('returned'),
        },
        weeks: this.weeks(season, days),
        topStyles: styles
          .map((s) => ({ ...named(pick(parseTexts(String(s.title ?? '{}')), lang), s.pieces, s.revenue), reference: s.reference ?? null }))
          .sort(byPieces)
          .slice(0, 10),
        topColors: colors
          .map((c) => ({ ...named(pick(parseTexts(String(c.color_name ?? '{}')), lang), c.pieces, c.revenue), colorCode: c.color_code ?? null }))
          .sort(byPieces)
          .slice(0, 10),
        sizes: sizes
          .map((s) => ({ size: s.size as Size, pieces: Number(s.pieces ?? 0), share: totalPieces ? Number(s.pieces ?? 0) / totalPieces : 0 }))
          .sort((a, b) => SIZES.indexOf(a.size) - SIZES.indexOf(b.size)),
        byStockist: stockists
          .map((s) => ({ ...named(String(s.company ?? '') || String(s.email ?? ''), s.pieces, s.revenue), orders: Number(s.orders) }))
          .sort((a, b) => b.revenue - a.revenue)
          .slice(0, 20),
        byCountry: [...countries.values()].sort((a, b) => b.revenue - a.revenue),
        byTown: places
          .map((p) => ({ ...named(p.city || NOT_GIVEN[lang], p.pieces, p.revenue), country: p.country ? p.country.toUpperCase() : '' }))
          .sort((a, b) => b.revenue - a.revenue)
          .slice(0, 20),
        sellThrough: [...through.values()]
          .filter((t) => t.sold + t.left > 0)
          .map((t) => ({ ...t, rate: t.sold / (t.sold + t.left) }))
          .sort((a, b) => b.rate - a.rate),
        shortfall,
      };
    });
  }

  /**
   * Per style of the season (issue 58): the pieces allocations gave its pre-orders, what each line's latest
   * allocation could not give, and the waitlist offers of its colours that became orders.
   */
  private async shortfall(trx: Trx, seasonId: number, lang: Locale): Promise<NonNullable<SalesFigures['shortfall']>> {
    const latest = trx
      .selectFrom(readAllocationLines().as('b'))
      .select(sql<number>`max(b.id)`.as('id'))
      .groupBy('b.order_line_id');
    const [allocated, offers] = await Promise.all([
      this.lines(trx, seasonId)
        .innerJoin(readAllocationLines().as('a'), 'a.order_line_id', 'order_lines.id')
        .select((eb) => [
          'order_lines.product_id',
          eb.fn.max('order_lines.product_title').as('title'),
          eb.fn.max('order_lines.reference').as('reference'),
          sql<number>`sum(a.gets)`.as('allocated'),
          sql<number>`sum(case when a.id in (${latest}) then a.asked - a.gets else 0 end)`.as('short'),
        ])
        .groupBy('order_lines.product_id')
        .execute(),
      trx
        .selectFrom(readWaitlistOffers().as('w'))
        .innerJoin(readVariants().as('variants'), 'variants.id', 'w.variant_id')
        .innerJoin(readProductSeasons().as('product_seasons'), 'product_seasons.product_id', 'variants.product_id')
        .innerJoin(readProducts().as('products'), 'products.id', 'variants.product_id')
        .leftJoin(readProductTranslations().as('product_translations'), (j) =>
          j.onRef('product_translations.product_id', '=', 'products.id').on('product_translations.locale', '=', lang),
        )
        .where('product_seasons.season_id', '=', seasonId)
        .where('w.status', '=', 'confirmed')
        .select((eb) => [
          'variants.product_id',
          eb.fn.max('products.reference').as('reference'),
          eb.fn.max('product_translations.title').as('title'),
          eb.fn.count<number>('w.id').as('ordered'),
        ])
        .groupBy('variants.product_id')
        .execute(),
    ]);
    const rows = new Map<number, NonNullable<SalesFigures['shortfall']>[number]>();
    for (const a of allocated) {
      const label = pick(parseTexts(String(a.title ?? '{}')), lang);
      rows.set(a.product_id!, { reference: a.reference ?? null, label, allocated: Number(a.allocated), short: Number(a.short), offersOrdered: 0 });
    }
    for (const o of offers) {
      const row = rows.get(o.product_id) ?? { reference: o.reference ?? null, label: String(o.title ?? ''), allocated: 0, short: 0, offersOrdered: 0 };
      rows.set(o.product_id, { ...row, offersOrdered: Number(o.ordered) });
    }
    return [...rows.values()].sort((a, b) => b.short - a.short || b.offersOrdered - a.offersOrdered).slice(0, 50);
  }

  /** A season's order lines summed by day, style, colour, size, shop, place, at-once style, and its styles' stock left. */
  private seasonRows(trx: Trx, seasonId: number, lang: Locale) {
    const revenue = sql<number>`sum(${EURO_REVENUE})`;
    const pieces = sql<number>`sum(order_lines.quantity)`;
    const day = sql<string>`substr(orders.created_at, 1, 10)`;
    return Promise.all([
      this.lines(trx, seasonId)
        .select([day.as('day'), pieces.as('pieces'), revenue.as('revenue')])
        .groupBy(day)
        .execute(),
      this.lines(trx, seasonId)
        .select((eb) => [
          'order_lines.product_id',
          eb.fn.max('order_lines.product_title').as('title'),
          eb.fn.max('order_lines.reference').as('reference'),
          pieces.as('pieces'),
          revenue.as('revenue'),
        ])
        .groupBy('order_lines.product_id')
        .execute(),
      this.lines(trx, seasonId)
        .select((eb) => ['order_lines.color_name', eb.fn.max('order_lines.color_code').as('color_code'), pieces.as('pieces'), revenue.as('revenue')])
        .groupBy('order_lines.color_name')
        .execute(),
      this.lines(trx, seasonId)
        .select(['order_lines.size', pieces.as('pieces')])
        .groupBy('order_lines.size')
        .execute(),
      this.lines(trx, seasonId)
        .leftJoin(readCompanyDetails().as('company_details'), 'company_details.user_id', 'orders.company_id')
        .select((eb) => [
          'orders.company_id',
          eb.fn.max('company_details.company_name').as('company'),
          eb.fn.max('orders.retailer_email').as('email'),
          eb.fn.count<number>('orders.id').distinct().as('orders'),
          pieces.as('pieces'),
          revenue.as('revenue'),
        ])
        .groupBy('orders.company_id')
        .execute(),
      this.lines(trx, seasonId)
        .leftJoin(readRetailerListings().as('retailer_listings'), 'retailer_listings.user_id', 'orders.company_id')
        .select(['retailer_listings.country', 'retailer_listings.city', pieces.as('pieces'), revenue.as('revenue')])
        .groupBy(['retailer_listings.country', 'retailer_listings.city'])
        .execute(),
      this.lines(trx, seasonId)
        .where('orders.mode', '=', 'atOnce')
        .select((eb) => [
          'order_lines.product_id',
          eb.fn.max('order_lines.product_title').as('title'),
          eb.fn.max('order_lines.reference').as('reference'),
          pieces.as('pieces'),
        ])
        .groupBy('order_lines.product_id')
        .execute(),
      trx
        .selectFrom(readStockLevels().as('stock_levels'))
        .innerJoin(readVariants().as('variants'), 'variants.id', 'stock_levels.variant_id')
        .innerJoin(readProductSeasons().as('product_seasons'), 'product_seasons.product_id', 'variants.product_id')
        .innerJoin(readProducts().as('products'), 'products.id', 'variants.product_id')
        .leftJoin(readProductTranslations().as('product_translations'), (j) =>
          j.onRef('product_translations.product_id', '=', 'products.id').on('product_translations.locale', '=', lang),
        )
        .where('product_seasons.season_id', '=', seasonId)
        .where('stock_levels.on_hand', 'is not', null)
        .select((eb) => [
          'variants.product_id',
          eb.fn.max('products.reference').as('reference'),
          eb.fn.max('product_translations.title').as('title'),
          sql<number>`sum(case when stock_levels.on_hand > stock_levels.reserved then stock_levels.on_hand - stock_levels.reserved else 0 end)`.as('left'),
        ])
        .groupBy('variants.product_id')
        .execute(),
    ]);
  }

  /** The latest earlier season whose code has the same letters (SS26 before SS27). */
  private async previousOf(trx: Trx, season: SeasonInfo): Promise<SeasonInfo | null> {
    const all = await this.seasons.infos(trx);
    return (
      all
        .filter((s) => s.id !== season.id && kindOf(s.code) === kindOf(season.code) && s.ordersOpen < season.ordersOpen)
        .sort((a, b) => b.ordersOpen.localeCompare(a.ordersOpen))[0] ?? null
    );
  }

  /** Pieces and revenue per week (Monday), every week of the order window and of any order outside it. */
  private weeks(season: SeasonInfo, days: Array<{ day: string; pieces: unknown; revenue: unknown }>): SalesFigures['weeks'] {
    const byWeek = new Map<string, { pieces: number; revenue: number }>();
    for (const d of days) {
      const week = mondayOf(String(d.day));
      const entry = byWeek.get(week) ?? { pieces: 0, revenue: 0 };
      entry.pieces += Number(d.pieces ?? 0);
      entry.revenue = round(entry.revenue + cents(d.revenue));
      byWeek.set(week, entry);
    }
    const today = new Date().toISOString().slice(0, 10);
    const first = [mondayOf(season.ordersOpen), ...byWeek.keys()].sort()[0]!;
    const close = season.ordersClose && season.ordersClose < today ? season.ordersClose : today;
    const last = [mondayOf(close), ...byWeek.keys()].sort().at(-1)!;
    const weeks: SalesFigures['weeks'] = [];
    // At most two years of weeks: a season is never longer.
    for (let week = first, n = 0; week <= last && n < 104; n += 1) {
      weeks.push({ week, ...(byWeek.get(week) ?? { pieces: 0, revenue: 0 }) });
      const next = new Date(`${week}T00:00:00Z`);
      next.setUTCDate(next.getUTCDate() + 7);
      week = next.toISOString().slice(0, 10);
    }
    return weeks;
  }
}

type Rows = Awaited<ReturnType<SalesService['seasonRows']>>;

/** Sales by country: a shop without a country is counted under "not given". */
function countryTotals(places: Rows[5], lang: Locale) {
  const countries = new Map<string, { label: string; pieces: number; revenue: number }>();
  for (const p of places) {
    const label = p.country ? p.country.toUpperCase() : NOT_GIVEN[lang];
    const entry = countries.get(label) ?? { label, pieces: 0, revenue: 0 };
    entry.pieces += Number(p.pieces ?? 0);
    entry.revenue = round(entry.revenue + cents(p.revenue));
    countries.set(label, entry);
  }
  return countries;
}

/** Each style's sell-through: pieces sold at once against what stock has left. */
function sellThroughOf(sold: Rows[6], stock: Rows[7], lang: Locale) {
  const soldBy = new Map(sold.map((s) => [s.product_id, s]));
  const through = new Map<number | null, { reference: string | null; label: string; sold: number; left: number }>();
  for (const s of stock) through.set(s.product_id, { reference: s.reference ?? null, label: String(s.title ?? ''), sold: 0, left: Number(s.left ?? 0) });
  for (const [id, s] of soldBy) {
    const entry = through.get(id) ?? { reference: s.reference ?? null, label: pick(parseTexts(String(s.title ?? '{}')), lang), sold: 0, left: 0 };
    entry.sold = Number(s.pieces ?? 0);
    if (!entry.label) entry.label = pick(parseTexts(String(s.title ?? '{}')), lang);
    through.set(id, entry);
  }
  return through;
}
