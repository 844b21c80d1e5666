import type { Locale, TradeProduct } from '@atelier/contract';
import type { Db } from '../../db/index.ts';
import type { TtlCache } from '../../lib/ttl-cache.ts';
import { readOrderLines, readOrders } from '../../read-models/orders.ts';
import { loadProducts, toTrade } from './products.ts';

/** The styles a shop's product feed lists (issue 60): the season's published ones, or the colours it ordered. */
export class FeedStyles {
  private readonly db: () => Db;
  private readonly cache: TtlCache<unknown>;
  constructor(db: () => Db, cache: TtlCache<unknown>) {
    this.db = db;
    this.cache = cache;
  }

  /**
   * The published styles of a season (or all), as a shop's feed reads them (issue 60): with `variantIds`, only
   * those colours (what the shop ordered), styles left without one dropped. Cached with the public pages.
   */
  async styles(lang: Locale, seasonId: number | undefined, variantIds?: number[]): Promise<TradeProduct[]> {
    const all = (await this.cache.get(`feed:${lang}:${seasonId ?? ''}`, async () =>
      (await loadProducts(this.db(), undefined, { published: true }))
        .filter((p) => seasonId === undefined || p.seasonIds.includes(seasonId))
        .map((p) => toTrade(p, lang)),
    )) as TradeProduct[];
    if (!variantIds) return all;
    const wanted = new Set(variantIds);
    return all.map((p) => ({ ...p, variants: p.variants.filter((v) => wanted.has(v.id)) })).filter((p) => p.variants.length > 0);
  }

  /** The colours a company ordered (its orders not cancelled): its feed's "what we ordered". */
  async orderedBy(companyId: number): Promise<number[]> {
    const rows = await this.db()
      .selectFrom(readOrderLines().as('l'))
      .innerJoin(readOrders().as('o'), 'o.id', 'l.order_id')
      .select('l.variant_id')
      .distinct()
      .where('o.company_id', '=', companyId)
      .where('o.status', '!=', 'cancelled')
      .execute();
    return rows.map((r) => r.variant_id).filter((id): id is number => id !== null);
  }
}
