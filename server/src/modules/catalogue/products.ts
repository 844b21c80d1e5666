// The catalogue's read side: a product as stored (its texts, variants, seasons and packs, read in a few
// queries for any number of products) and the shapes each reader gets of it (public, trade, admin).
import { readBarcodes } from '../../read-models/barcodes.ts';
import {
  displayImages,
  fromCents,
  normalizeSizes,
  SIZES,
  type AdminProduct,
  type Locale,
  type ProductPack,
  type ProductStatus,
  type PublicProduct,
  type TradeProduct,
} from '@atelier/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { readProductSeasons, readSeasonTranslations, readSeasons } from '../../read-models/seasons.ts';

export interface FullVariant {
  id: number;
  position: number;
  colorCode: string | null;
  imageUrl: string;
  gallery: string[];
  priceCents: number;
  retailPriceCents: number | null;
  sizes: ReturnType<typeof normalizeSizes>;
  names: Partial<Record<Locale, string>>;
  /** Each size's EAN-13, where it has one (issue 60). */
  gtins: Record<string, string>;
}

export interface FullProduct {
  id: number;
  reference: string | null;
  status: ProductStatus;
  position: number;
  createdAt: string;
  updatedAt: string;
  texts: Partial<Record<Locale, { title: string; description: string; mantra: string | null }>>;
  variants: FullVariant[];
  /** The seasons the product is sold in. */
  seasonIds: number[];
  packs: ProductPack[];
  packsOnly: boolean;
  orderMultiple: number;
}

/** A pack's sizes as stored (JSON), kept to the sizes we make with a positive count. */
export function parsePackSizes(json: string): ProductPack['sizes'] {
  try {
    const value = JSON.parse(json) as Record<string, unknown>;
    return Object.fromEntries(SIZES.filter((s) => typeof value[s] === 'number' && (value[s] as number) > 0).map((s) => [s, value[s] as number]));
  } catch {
    return {};
  }
}

function parseGallery(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** Reads fall back to French when the asked language has no text. */
export function pick<T>(values: Partial<Record<Locale, T>>, lang: Locale): T | undefined {
  return values[lang] ?? values.fr ?? values.en;
}

/**
 * Products in the collection's order (the owner's positions, ties by id: new ones take a place of their own before the first).
 * `published` keeps drafts out: every read a visitor or a retailer can reach passes it.
 */
export async function loadProducts(db: Kysely<Database>, ids?: number[], { published = false } = {}): Promise<FullProduct[]> {
  if (ids && ids.length === 0) return [];
  let productsQuery = db.selectFrom('products').selectAll().orderBy('position').orderBy('id');
  if (ids) productsQuery = productsQuery.where('id', 'in', ids);
  if (published) productsQuery = productsQuery.where('status', '=', 'published');
  const products = await productsQuery.execute();
  if (products.length === 0) return [];
  const productIds = products.map((p) => p.id);
  const [texts, variants, seasons, packs] = await Promise.all([
    db.selectFrom('product_translations').selectAll().where('product_id', 'in', productIds).execute(),
    db.selectFrom('variants').selectAll().where('product_id', 'in', productIds).orderBy('position').orderBy('id').execute(),
    db.selectFrom(readProductSeasons().as('product_seasons')).selectAll().where('product_id', 'in', productIds).orderBy('season_id').execute(),
    db.selectFrom('product_packs').selectAll().where('product_id', 'in', productIds).orderBy('position').orderBy('id').execute(),
  ]);
  const variantIds = variants.map((v) => v.id);
  const [names, codes] = variantIds.length
    ? await Promise.all([
        db.selectFrom('variant_translations').selectAll().where('variant_id', 'in', variantIds).execute(),
        db.selectFrom(readBarcodes().as('b')).selectAll().where('b.variant_id', 'in', variantIds).execute(),
      ])
    : [[], []];

  const byId = new Map<number, FullProduct>();
  for (const p of products) {
    byId.set(p.id, {
      id: p.id,
      reference: p.reference,
      status: p.status,
      position: p.position,
      createdAt: p.created_at,
      updatedAt: p.updated_at,
      texts: {},
      variants: [],
      seasonIds: [],
      packs: [],
      packsOnly: Number(p.packs_only) === 1,
      orderMultiple: Number(p.order_multiple) || 1,
    });
  }
  for (const ps of seasons) byId.get(ps.product_id)!.seasonIds.push(ps.season_id);
  for (const pack of packs) byId.get(pack.product_id)!.packs.push({ id: pack.id, name: pack.name, sizes: parsePackSizes(pack.sizes) });
  for (const t of texts) {
    byId.get(t.product_id)!.texts[t.locale] = { title: t.title, description: t.description, mantra: t.mantra };
  }
  const variantById = new Map<number, FullVariant>();
  for (const v of variants) {
    const full: FullVariant = {
      id: v.id,
      position: v.position,
      colorCode: v.color_code,
      imageUrl: v.image_url,
      gallery: parseGallery(v.image_gallery),
      priceCents: v.price_cents,
      retailPriceCents: v.retail_price_cents,
      sizes: normalizeSizes(v.sizes.split(',')),
      names: {},
      gtins: {},
    };
    variantById.set(v.id, full);
    byId.get(v.product_id)!.variants.push(full);
  }
  for (const n of names) variantById.get(n.variant_id)!.names[n.locale] = n.color_name;
  for (const c of codes) variantById.get(c.variant_id)!.gtins[c.size] = c.gtin;
  return products.map((p) => byId.get(p.id)!);
}

export function toPublic(product: FullProduct, lang: Locale): PublicProduct {
  const text = pick(product.texts, lang) ?? { title: '', description: '', mantra: null };
  return {
    id: product.id,
    title: text.title,
    description: text.description,
    mantra: text.mantra,
    variants: product.variants.map((v) => ({
      id: v.id,
      colorName: pick(v.names, lang) ?? '',
      colorCode: v.colorCode,
      imageUrl: v.imageUrl,
      imageGallery: v.gallery,
      images: displayImages(v.imageUrl, v.gallery),
      position: v.position,
    })),
  };
}

export function toTrade(product: FullProduct, lang: Locale): TradeProduct {
  const base = toPublic(product, lang);
  return {
    ...base,
    reference: product.reference,
    packs: product.packs,
    packsOnly: product.packsOnly,
    orderMultiple: product.orderMultiple,
    variants: base.variants.map((v, i) => {
      const full = product.variants[i]!;
      return {
        ...v,
        price: fromCents(full.priceCents),
        retailPrice: full.retailPriceCents === null ? null : fromCents(full.retailPriceCents),
        sizes: full.sizes,
        ...(Object.keys(full.gtins).length ? { gtins: full.gtins } : {}),
      };
    }),
  };
}

export function toAdmin(product: FullProduct, lang: Locale): AdminProduct {
  const trade = toTrade(product, lang);
  return {
    ...trade,
    status: product.status,
    position: product.position,
    seasonIds: product.seasonIds,
    createdAt: product.createdAt,
    updatedAt: product.updatedAt,
    translations: (['fr', 'en'] as const).filter((locale) => product.texts[locale]).map((locale) => ({ locale, ...product.texts[locale]! })),
    variants: trade.variants.map((v, i) => ({
      ...v,
      translations: (['fr', 'en'] as const)
        .filter((locale) => product.variants[i]!.names[locale] !== undefined)
        .map((locale) => ({ locale, colorName: product.variants[i]!.names[locale]! })),
    })),
  };
}

/** The seasons holding a published style (the collection's filter), newest first, with their names. */
export function seasonsOfPublishedStyles(db: Kysely<Database>) {
  return db
    .selectFrom(readSeasons().as('s'))
    .innerJoin(readSeasonTranslations().as('t'), 't.season_id', 's.id')
    .select(['s.id', 's.code', 't.locale', 't.name'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom(readProductSeasons().as('ps'))
          .innerJoin('products as p', 'p.id', 'ps.product_id')
          .select('ps.product_id')
          .whereRef('ps.season_id', '=', 's.id')
          .where('p.status', '=', 'published'),
      ),
    )
    .orderBy('s.orders_open', 'desc')
    .orderBy('s.id', 'desc')
    .execute();
}
