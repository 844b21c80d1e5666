import { FeedStyles } from './feed-styles.ts';
import { tradeIn, type Pricing } from '../currencies/pricing.ts';
import {
  PRODUCT_MESSAGES,
  discounted,
  fromCents,
  normalizeSizes,
  toCents,
  type AdminProduct,
  type Locale,
  type ProductStatus,
  type ProductInput,
  type PublicProduct,
  type TradeProduct,
  type ProductPack,
  SIMILAR_PRODUCTS_MAX,
  DEFAULT_LOCALE,
} from '@atelier/contract';
import { sql, type Kysely } from 'kysely';
import type { Db, Dialect } from '../../db/index.ts';
import { nowIso } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { readPage, type Page, type PageRequest } from '../../lib/paging.ts';
import { matchesSearch, productSearchText, searchTerms } from '../../lib/search.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { logActivity, type Actor, type ActivityRecord } from '../activity/service.ts';
import type { SeasonsService } from '../seasons/service.ts';
import { loadProducts, parsePackSizes, pick, seasonsOfPublishedStyles, toAdmin, toPublic, toTrade, type FullProduct } from './products.ts';
import { readProductSeasons } from '../../read-models/seasons.ts';

export { parsePackSizes } from './products.ts';
export type { FullProduct, FullVariant } from './products.ts';

import { colourDistance } from './colour.ts';

export { colourDistance };

function titleOf(texts: FullProduct['texts']): string {
  return texts.fr?.title ?? texts.en?.title ?? '';
}

/** The log's entries for one product save, comparing it with what it was. */
function productRecords(productId: number, input: ProductInput, before: FullProduct | undefined): ActivityRecord[] {
  const title = input.translations.find((t) => t.locale === DEFAULT_LOCALE)?.title ?? input.translations[0]?.title ?? '';
  if (!before) return [{ kind: 'product', action: 'create', subject: title, subjectId: productId, detail: { status: input.status } }];
  const records: ActivityRecord[] = [{ kind: 'product', action: 'update', subject: title, subjectId: productId }];
  if (before.status !== input.status) {
    records.push({
      kind: 'status',
      action: input.status === 'published' ? 'publish' : 'unpublish',
      subject: title,
      subjectId: productId,
      detail: { from: before.status, to: input.status },
    });
  }
  for (const variant of input.variants) {
    const old = variant.id === undefined ? undefined : before.variants.find((v) => v.id === variant.id);
    if (old && old.priceCents !== toCents(variant.price)) {
      const colour = variant.translations.find((t) => t.locale === DEFAULT_LOCALE)?.colorName ?? '';
      records.push({
        kind: 'price',
        action: 'change',
        subject: `${title} · ${colour}`,
        subjectId: productId,
        detail: { from: fromCents(old.priceCents), to: variant.price },
      });
    }
  }
  return records;
}

/** What an order needs of a variant: its product's texts, the colour, today's price and sizes. */
export interface OrderableVariant {
  variantId: number;
  productId: number;
  reference: string | null;
  titles: Partial<Record<Locale, string>>;
  colorNames: Partial<Record<Locale, string>>;
  colorCode: string | null;
  imageUrl: string | null;
  priceCents: number;
  /** The trade price before a company's discount (issue 47), when there is one: `priceCents` is then the discounted price. */
  listPriceCents?: number;
  sizes: ReturnType<typeof normalizeSizes>;
  /** How the style is sold: its packs, packs only, its order multiple. */
  packs: ProductPack[];
  packsOnly: boolean;
  orderMultiple: number;
}

/**
 * The variants at a company's prices (issue 47): each trade price in its currency (its price list), then after its
 * discount, the trade price kept beside it. A style without a price in that currency is left out (not orderable in it).
 */
export function atDiscount(variants: Map<number, OrderableVariant>, shop: { discount: number; pricing: Pricing }): Map<number, OrderableVariant> {
  const { discount, pricing } = shop;
  if (discount <= 0 && pricing.currency === 'EUR') return variants;
  const priced = new Map<number, OrderableVariant>();
  for (const [id, v] of variants) {
    const trade = tradeIn(pricing, v.productId, v.priceCents);
    if (trade === null) continue;
    priced.set(id, discount > 0 ? { ...v, priceCents: discounted(trade, discount, pricing.currency), listPriceCents: trade } : { ...v, priceCents: trade });
  }
  return priced;
}

export class CatalogueService {
  private readonly db: Db;
  /** Public (anonymous) reads only; trade and admin reads always hit the database. */
  readonly publicCache = new TtlCache<unknown>(30_000);
  /** The shops' product feed's styles (issue 60), cached with the public pages. */
  readonly feed = new FeedStyles(() => this.db, this.publicCache);
  private readonly seasons: SeasonsService;
  private readonly dialect: Dialect;
  constructor({ db, seasons, dialect }: { db: Db; seasons: SeasonsService; dialect: Dialect }) {
    this.db = db;
    this.seasons = seasons;
    this.dialect = dialect;
  }

  /**
   * A page of styles in the collection's order (the owner's positions, ties by id), as `view` shows them:
   * `q` finds a reference or a title in either language, `seasonId` keeps one season's styles, `status`
   * drafts or published ones (the public and trade views read published ones only).
   */
  async page<V extends 'public' | 'trade' | 'admin'>(
    view: V,
    lang: Locale,
    filter: { q?: string | undefined; seasonId?: number | undefined; status?: ProductStatus | undefined },
    paging: PageRequest,
  ): Promise<Page<V extends 'admin' ? AdminProduct : V extends 'trade' ? TradeProduct : PublicProduct>> {
    let query = this.db.selectFrom('products').select(['products.id', 'products.position']);
    const status = view === 'admin' ? filter.status : 'published';
    if (status) query = query.where('products.status', '=', status);
    if (filter.seasonId !== undefined) {
      query = query.where('products.id', 'in', (eb) =>
        eb.selectFrom(readProductSeasons().as('product_seasons')).select('product_id').where('season_id', '=', filter.seasonId!),
      );
    }
    const terms = searchTerms(filter.q);
    if (terms.length) query = query.where(matchesSearch(this.dialect, 'products', terms));
    const page = await readPage(
      query,
      { sort: 'products.position', id: 'products.id', sortOf: (r) => r.position, idOf: (r) => r.id, direction: 'asc' },
      paging,
    );
    const loaded = new Map(
      (
        await loadProducts(
          this.db,
          page.data.map((r) => r.id),
        )
      ).map((p) => [p.id, p]),
    );
    const shown = page.data.flatMap((r) => {
      const product = loaded.get(r.id);
      if (!product) return [];
      return [view === 'admin' ? toAdmin(product, lang) : view === 'trade' ? toTrade(product, lang) : toPublic(product, lang)];
    });
    return { ...page, data: shown as never };
  }

  /** A page of the public collection, kept 30 s (cleared by any content change) unless it is a search. */
  async publicPage(lang: Locale, filter: { q?: string | undefined; seasonId?: number | undefined }, paging: PageRequest): Promise<Page<PublicProduct>> {
    return this.keptPage('public', lang, filter, paging);
  }

  private keptPage<V extends 'public' | 'trade'>(
    view: V,
    lang: Locale,
    filter: { q?: string | undefined; seasonId?: number | undefined },
    paging: PageRequest,
  ) {
    if (filter.q || paging.cursor) return this.page(view, lang, filter, paging);
    const key = `${view}-page:${lang}:${filter.seasonId ?? ''}:${paging.page ?? 1}:${paging.limit ?? ''}`;
    return this.publicCache.get(key, () => this.page(view, lang, filter, paging)) as ReturnType<typeof this.page<V>>;
  }

  /** The trade page (before a shop's own prices), kept like the public one: nothing in it changes but by a content change (issue 61). */
  async tradePage(lang: Locale, filter: { q?: string | undefined; seasonId?: number | undefined }, paging: PageRequest): Promise<Page<TradeProduct>> {
    return this.keptPage('trade', lang, filter, paging);
  }

  /** The seasons a visitor can filter the collection by: those with a published style, newest first. */
  async publicSeasons(lang: Locale): Promise<Array<{ id: number; code: string; name: string }>> {
    return this.publicCache.get(`seasons:${lang}`, async () => {
      const rows = await seasonsOfPublishedStyles(this.db);
      const seasons = new Map<number, { id: number; code: string; names: Partial<Record<Locale, string>> }>();
      for (const r of rows) (seasons.get(r.id) ?? seasons.set(r.id, { id: r.id, code: r.code, names: {} }).get(r.id)!).names[r.locale as Locale] = r.name;
      return [...seasons.values()].map((s) => ({ id: s.id, code: s.code, name: pick(s.names, lang) ?? s.code }));
    }) as Promise<Array<{ id: number; code: string; name: string }>>;
  }

  async listPublic(lang: Locale): Promise<PublicProduct[]> {
    return this.publicCache.get(`list:${lang}`, async () =>
      (await loadProducts(this.db, undefined, { published: true })).map((p) => toPublic(p, lang)),
    ) as Promise<PublicProduct[]>;
  }

  async listTrade(lang: Locale): Promise<TradeProduct[]> {
    return (await loadProducts(this.db, undefined, { published: true })).map((p) => toTrade(p, lang));
  }

  /**
   * The variants an order names, priced today (inside the caller's transaction when given).
   * Missing ids are simply absent from the map.
   */
  async orderable(variantIds: number[], db: Kysely<Database> = this.db): Promise<Map<number, OrderableVariant>> {
    const ids = [...new Set(variantIds)];
    const result = new Map<number, OrderableVariant>();
    if (ids.length === 0) return result;
    const variants = await db
      .selectFrom('variants as v')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .select(['v.id', 'v.product_id', 'v.color_code', 'v.image_url', 'v.price_cents', 'v.sizes', 'p.reference', 'p.packs_only', 'p.order_multiple'])
      .where('v.id', 'in', ids)
      .where('p.status', '=', 'published')
      .execute();
    if (variants.length === 0) return result;
    const productIds = [...new Set(variants.map((v) => v.product_id))];
    const [titles, names, packs] = await Promise.all([
      db.selectFrom('product_translations').select(['product_id', 'locale', 'title']).where('product_id', 'in', productIds).execute(),
      db.selectFrom('variant_translations').select(['variant_id', 'locale', 'color_name']).where('variant_id', 'in', ids).execute(),
      db.selectFrom('product_packs').selectAll().where('product_id', 'in', productIds).orderBy('position').orderBy('id').execute(),
    ]);
    for (const v of variants) {
      result.set(v.id, {
        variantId: v.id,
        productId: v.product_id,
        reference: v.reference,
        titles: Object.fromEntries(titles.filter((t) => t.product_id === v.product_id).map((t) => [t.locale, t.title])),
        colorNames: Object.fromEntries(names.filter((n) => n.variant_id === v.id).map((n) => [n.locale, n.color_name])),
        colorCode: v.color_code,
        imageUrl: v.image_url || null,
        priceCents: v.price_cents,
        sizes: normalizeSizes(v.sizes.split(',')),
        packs: packs.filter((p) => p.product_id === v.product_id).map((p) => ({ id: p.id, name: p.name, sizes: parsePackSizes(p.sizes) })),
        packsOnly: Number(v.packs_only) === 1,
        orderMultiple: Number(v.order_multiple) || 1,
      });
    }
    return result;
  }

  /** Every published product (of those ids when given) with all its texts, in the collection's order (the line sheet reads this). */
  async listFull(ids?: number[]): Promise<FullProduct[]> {
    return loadProducts(this.db, ids, { published: true });
  }

  /** One product as the back-office sees it, drafts included (the preview reads this). */
  async getAdmin(id: number, lang: Locale): Promise<AdminProduct | null> {
    const [product] = await loadProducts(this.db, [id]);
    return product ? toAdmin(product, lang) : null;
  }

  async listAdmin(lang: Locale): Promise<AdminProduct[]> {
    return (await loadProducts(this.db)).map((p) => toAdmin(p, lang));
  }

  async getPublic(id: number, lang: Locale): Promise<PublicProduct | null> {
    return this.publicCache.get(`one:${id}:${lang}`, async () => {
      const [product] = await loadProducts(this.db, [id], { published: true });
      return product ? toPublic(product, lang) : null;
    }) as Promise<PublicProduct | null>;
  }

  async getTrade(id: number, lang: Locale): Promise<TradeProduct | null> {
    return this.publicCache.get(`trade-one:${id}:${lang}`, async () => {
      const [product] = await loadProducts(this.db, [id], { published: true });
      return product ? toTrade(product, lang) : null;
    }) as Promise<TradeProduct | null>;
  }

  /** Up to 5 other products, the nearest in colour first (see colourDistance), then the newest. */
  async similar(id: number, lang: Locale): Promise<PublicProduct[] | null> {
    return this.publicCache.get(`similar:${id}:${lang}`, () => this.computeSimilar(id, lang)) as Promise<PublicProduct[] | null>;
  }

  private async computeSimilar(id: number, lang: Locale): Promise<PublicProduct[] | null> {
    const all = await loadProducts(this.db, undefined, { published: true });
    const self = all.find((p) => p.id === id);
    if (!self) return null;
    const colours = self.variants.map((v) => v.colorCode);
    return all
      .filter((p) => p.id !== id)
      .map((p) => ({
        p,
        d: colourDistance(
          colours,
          p.variants.map((v) => v.colorCode),
        ),
      }))
      .sort((a, b) => a.d - b.d || b.p.id - a.p.id)
      .slice(0, SIMILAR_PRODUCTS_MAX)
      .map(({ p }) => toPublic(p, lang));
  }

  /**
   * One transaction: the product, its texts, its variants (ids kept, positions re-indexed), and
   * its activity entries (created or updated, published or unpublished, each price change).
   * `actor` null: not a back-office write (the demo seed), not logged.
   */
  async save(input: ProductInput, lang: Locale, id: number | undefined, actor: Actor | null): Promise<AdminProduct | null> {
    const savedId = await this.db
      .transaction()
      .execute(async (trx) => {
        const now = nowIso();
        let productId: number;
        const [before] = id === undefined ? [] : await loadProducts(trx, [id]);
        if (input.reference !== null) {
          let taken = trx.selectFrom('products').select('id').where('reference', '=', input.reference);
          if (id !== undefined) taken = taken.where('id', '!=', id);
          if (await taken.executeTakeFirst()) throw new HttpError(409, PRODUCT_MESSAGES.referenceTaken);
        }
        // Packs, packs only and the multiple: absent ones keep what the product has (a new one: none, no, 1).
        const packs = input.packs ?? before?.packs ?? [];
        const packsOnly = input.packsOnly ?? before?.packsOnly ?? false;
        const orderMultiple = input.orderMultiple ?? before?.orderMultiple ?? 1;
        if (packsOnly && packs.length === 0) throw new HttpError(400, PRODUCT_MESSAGES.packsOnlyWithoutPacks);
        const madeEverywhere = (size: string) => input.variants.every((v) => (v.sizes as string[]).includes(size));
        if (input.packs?.some((p) => !Object.keys(p.sizes).every(madeEverywhere))) throw new HttpError(400, PRODUCT_MESSAGES.packSizesNotMade);
        const selling = {
          packs_only: packsOnly ? 1 : 0,
          order_multiple: orderMultiple,
          search_text: productSearchText(
            input.reference,
            input.translations.map((t) => t.title),
          ),
        };
        if (id === undefined) {
          productId = (
            await trx
              .insertInto('products')
              .values({
                ...selling,
                reference: input.reference,
                status: input.status,
                // A new product comes first in the collection, as it always has.
                position: sql<number>`(select coalesce(min(position), 0) - 1 from products)`,
                created_at: now,
                updated_at: now,
              })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id;
        } else {
          const updated = await trx
            .updateTable('products')
            .set({ ...selling, reference: input.reference, status: input.status, updated_at: now })
            .where('id', '=', id)
            .executeTakeFirst();
          if (Number(updated.numUpdatedRows) === 0) return null;
          productId = id;
          await trx.deleteFrom('product_translations').where('product_id', '=', productId).execute();
        }
        await trx
          .insertInto('product_translations')
          .values(input.translations.map((t) => ({ product_id: productId, locale: t.locale, title: t.title, description: t.description, mantra: t.mantra })))
          .execute();

        await saveVariants(trx, productId, input.variants);
        if (input.packs !== undefined) await this.savePacks(trx, productId, input.packs);
        await this.seasons.setProductSeasons(trx, productId, input.seasonIds, id === undefined);
        if (actor) await logActivity(trx, actor, ...productRecords(productId, input, before));
        return productId;
      })
      .catch((error: unknown) => {
        // Two saves racing for one reference: the unique index decides, the loser gets the same 409.
        if (isUniqueViolation(error)) throw new HttpError(409, PRODUCT_MESSAGES.referenceTaken);
        throw error;
      });
    if (savedId === null) return null;
    const [product] = await loadProducts(this.db, [savedId]);
    return toAdmin(product!, lang);
  }

  /** The product's packs become these: a given id keeps its pack (draft lines name it), others are new, the rest go. */
  private async savePacks(trx: Kysely<Database>, productId: number, packs: NonNullable<ProductInput['packs']>): Promise<void> {
    const existing = new Set((await trx.selectFrom('product_packs').select('id').where('product_id', '=', productId).execute()).map((p) => p.id));
    const kept = new Set<number>();
    for (const [position, pack] of packs.entries()) {
      const values = { product_id: productId, position, name: pack.name, sizes: JSON.stringify(pack.sizes) };
      if (pack.id !== undefined && existing.has(pack.id) && !kept.has(pack.id)) {
        await trx.updateTable('product_packs').set(values).where('id', '=', pack.id).execute();
        kept.add(pack.id);
      } else {
        kept.add((await trx.insertInto('product_packs').values(values).returning('id').executeTakeFirstOrThrow()).id);
      }
    }
    const gone = [...existing].filter((p) => !kept.has(p));
    if (gone.length) await trx.deleteFrom('product_packs').where('id', 'in', gone).execute();
  }

  async remove(id: number, actor: Actor | null): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const [before] = await loadProducts(trx, [id]);
      const result = await trx.deleteFrom('products').where('id', '=', id).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) return false;
      if (actor && before) await logActivity(trx, actor, { kind: 'product', action: 'delete', subject: titleOf(before.texts), subjectId: id });
      return true;
    });
  }

  /** The collection's order: every product id once, first shown first (one transaction). */
  async reorder(ids: number[], actor: Actor | null): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const all = await trx.selectFrom('products').select('id').execute();
      const given = new Set(ids);
      if (given.size !== ids.length || given.size !== all.length || !all.every((p) => given.has(p.id))) {
        throw new HttpError(400, PRODUCT_MESSAGES.orderIncomplete);
      }
      await this.writeOrder(trx, ids);
      if (actor) await logActivity(trx, actor, { kind: 'product', action: 'reorder', subject: String(ids.length), detail: { first: ids[0] ?? null } });
    });
  }

  /**
   * One product one place up (-1) or down (1) in the whole collection (the owner's paged list moves
   * this way): its new place (1 first), the same when it is already first or last; null when absent.
   */
  async move(id: number, by: -1 | 1, actor: Actor | null): Promise<number | null> {
    return this.db.transaction().execute(async (trx) => {
      const ids = (await trx.selectFrom('products').select('id').orderBy('position').orderBy('id').execute()).map((p) => p.id);
      const from = ids.indexOf(id);
      if (from === -1) return null;
      const to = from + by;
      if (to < 0 || to >= ids.length) return from + 1;
      [ids[from], ids[to]] = [ids[to]!, ids[from]!];
      await this.writeOrder(trx, ids);
      if (actor) await logActivity(trx, actor, { kind: 'product', action: 'reorder', subject: String(ids.length), detail: { first: ids[0] ?? null } });
      return to + 1;
    });
  }

  /** Positions 0.. in the order given, written only where they change. */
  private async writeOrder(trx: Kysely<Database>, ids: number[]): Promise<void> {
    const now = new Map((await trx.selectFrom('products').select(['id', 'position']).execute()).map((p) => [p.id, p.position]));
    for (const [position, id] of ids.entries()) {
      if (now.get(id) !== position) await trx.updateTable('products').set({ position }).where('id', '=', id).execute();
    }
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}

/** The product's colours become these: a given id keeps its variant (orders and stock name it), others are new, the rest go. */
async function saveVariants(trx: Kysely<Database>, productId: number, variants: ProductInput['variants']): Promise<void> {
  const existing = new Set((await trx.selectFrom('variants').select('id').where('product_id', '=', productId).execute()).map((v) => v.id));
  const kept = new Set<number>();
  for (const [position, variant] of variants.entries()) {
    const values = {
      product_id: productId,
      position,
      color_code: variant.colorCode,
      image_url: variant.imageUrl,
      image_gallery: JSON.stringify(variant.imageGallery),
      price_cents: toCents(variant.price),
      retail_price_cents: variant.retailPrice === null ? null : toCents(variant.retailPrice),
      sizes: variant.sizes.join(','),
    };
    let variantId: number;
    if (variant.id !== undefined && existing.has(variant.id) && !kept.has(variant.id)) {
      variantId = variant.id;
      await trx.updateTable('variants').set(values).where('id', '=', variantId).execute();
      await trx.deleteFrom('variant_translations').where('variant_id', '=', variantId).execute();
    } else {
      variantId = (await trx.insertInto('variants').values(values).returning('id').executeTakeFirstOrThrow()).id;
    }
    kept.add(variantId);
    await trx
      .insertInto('variant_translations')
      .values(variant.translations.map((t) => ({ variant_id: variantId, locale: t.locale, color_name: t.colorName })))
      .execute();
  }
  const removed = [...existing].filter((v) => !kept.has(v));
  if (removed.length) {
    await trx.deleteFrom('variants').where('id', 'in', removed).execute();
  }
}
