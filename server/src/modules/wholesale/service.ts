import { pricingFor, retailIn, tradeIn, type Pricing } from '../currencies/pricing.ts';
import { logActivity, type Actor } from '../activity/service.ts';
import {
  LOCALES,
  SEASON_MESSAGES,
  discounted,
  fromCents,
  toCents,
  type AdminTerms,
  type Locale,
  type Terms,
  type TermsInput,
  DEFAULT_LOCALE,
  PHRASES,
  type Currency,
} from '@atelier/contract';
import type { Config } from '../../config.ts';
import { publicBrand } from '../../config.ts';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { nowIso } from '../../db/index.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import type { MediaStore } from '../media/store.ts';
import type { CatalogueService, FullProduct } from '../catalogue/service.ts';
import { renderLineSheet, type SheetInput, type SheetProduct } from './linesheet.ts';
import type { SeasonsService } from '../seasons/service.ts';
import { availableNow, type StockLevel, type StockService } from '../stock/service.ts';
import type { Selectable } from 'kysely';
import type { SeasonsTable } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { loadSharp } from '../media/images.ts';
import { readSeasonTranslations, readSeasons } from '../../read-models/seasons.ts';
import { readRetailerApplications } from '../../read-models/retailers.ts';

const TERMS_ID = 1;
/** Print images: 600 px wide is about 300 dpi in the sheet's 150 pt frame. */
const PRINT_WIDTH = 600;
const COVER_WIDTH = 1000;

function pick<T>(values: Partial<Record<Locale, T>>, lang: Locale): T | undefined {
  return values[lang] ?? values.fr ?? values.en;
}

export interface LineSheet {
  pdf: Buffer;
  filename: string;
}

/** `Printemps-été 2027` → `printemps-ete-2027` (file names stay ASCII). */
export function slugify(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}

/** What a shop's own terms change on its line sheet (issue 47): its prices after its discount, its minimums (null: the season's). */
export interface SheetShopTerms {
  discount: number;
  openingMinimum: number | null;
  reorderMinimum: number | null;
  /** The currency it buys in, and its minimums in it (the season's converted where it has none of its own). */
  currency?: Currency;
  applied?: { openingMinimum: number; reorderMinimum: number };
}
const NO_SHOP_TERMS: SheetShopTerms = { discount: 0, openingMinimum: null, reorderMinimum: null };

export class WholesaleService {
  private readonly db: Db;
  private readonly config: Config;
  private readonly catalogue: CatalogueService;
  /** Finished PDFs per language and shop, until the collection or the terms change. */
  readonly sheets = new TtlCache<LineSheet>(5 * 60_000, 12);
  /** Print-ready JPEGs per uploaded image (content-hash names never change). */
  private readonly printImages = new TtlCache<Buffer | null>(24 * 60 * 60_000, 400);

  private readonly uploads: MediaStore;

  private readonly seasons: SeasonsService;
  private readonly stock: StockService;

  constructor({
    db,
    config,
    catalogue,
    uploads,
    seasons,
    stock,
  }: {
    db: Db;
    config: Config;
    catalogue: CatalogueService;
    uploads: MediaStore;
    seasons: SeasonsService;
    stock: StockService;
  }) {
    this.db = db;
    this.seasons = seasons;
    this.stock = stock;
    this.config = config;
    this.catalogue = catalogue;
    this.uploads = uploads;
  }

  /** Inside a caller's transaction when given (SQLite has one connection: a read outside it would wait for it). */
  async adminTerms(db: Kysely<Database> = this.db, seasonId?: number): Promise<AdminTerms> {
    // The terms are the current season's once a season exists (or the season asked: the showroom's, issue 46).
    const asked =
      seasonId === undefined ? undefined : await db.selectFrom(readSeasons().as('seasons')).selectAll().where('id', '=', seasonId).executeTakeFirst();
    const current = asked ?? (await this.seasons.current(db));
    if (current) {
      const texts = await db.selectFrom(readSeasonTranslations().as('season_translations')).selectAll().where('season_id', '=', current.id).execute();
      return {
        validUntil: current.valid_until,
        openingMinimum: fromCents(current.opening_minimum_cents),
        reorderMinimum: fromCents(current.reorder_minimum_cents),
        orderEmail: current.order_email,
        translations: LOCALES.map((locale) => {
          const t = texts.find((x) => x.locale === locale);
          return {
            locale,
            seasonName: t?.name ?? '',
            paymentTerms: t?.payment_terms ?? '',
            deliveryWindow: t?.delivery_window ?? '',
            shippingNotes: t?.shipping_notes ?? '',
          };
        }),
        updatedAt: current.updated_at,
      };
    }
    const row = await db.selectFrom('wholesale_terms').selectAll().where('id', '=', TERMS_ID).executeTakeFirst();
    const texts = row ? await db.selectFrom('wholesale_term_translations').selectAll().where('terms_id', '=', TERMS_ID).execute() : [];
    return {
      validUntil: row?.valid_until ?? null,
      openingMinimum: row ? fromCents(row.opening_minimum_cents) : 0,
      reorderMinimum: row ? fromCents(row.reorder_minimum_cents) : 0,
      orderEmail: row?.order_email ?? this.config.BRAND_EMAIL,
      translations: LOCALES.map((locale) => {
        const t = texts.find((x) => x.locale === locale);
        return {
          locale,
          seasonName: t?.season_name ?? '',
          paymentTerms: t?.payment_terms ?? '',
          deliveryWindow: t?.delivery_window ?? '',
          shippingNotes: t?.shipping_notes ?? '',
        };
      }),
      updatedAt: row?.updated_at ?? null,
    };
  }

  /** The terms in one language (French when the other is empty). */
  async terms(lang: Locale, seasonId?: number): Promise<Terms> {
    const all = await this.adminTerms(this.db, seasonId);
    const byLocale = Object.fromEntries(all.translations.filter((t) => t.seasonName).map((t) => [t.locale, t])) as Partial<
      Record<Locale, AdminTerms['translations'][number]>
    >;
    const t = pick(byLocale, lang);
    return {
      seasonName: t?.seasonName ?? '',
      validUntil: all.validUntil,
      openingMinimum: all.openingMinimum,
      reorderMinimum: all.reorderMinimum,
      orderEmail: all.orderEmail,
      paymentTerms: t?.paymentTerms ?? '',
      deliveryWindow: t?.deliveryWindow ?? '',
      shippingNotes: t?.shippingNotes ?? '',
      updatedAt: all.updatedAt,
    };
  }

  /**
   * One transaction. The terms row is written first: on PostgreSQL its row lock makes a
   * second owner's save wait for the first to commit, so the texts of two saves never mix.
   */
  async saveTerms(input: TermsInput, actor: Actor | null): Promise<AdminTerms> {
    const userId = actor?.id ?? null;
    await this.db.transaction().execute(async (trx) => {
      const values = {
        valid_until: input.validUntil,
        opening_minimum_cents: toCents(input.openingMinimum),
        reorder_minimum_cents: toCents(input.reorderMinimum),
        order_email: input.orderEmail,
        updated_at: nowIso(),
        updated_by: userId,
      };
      const current = await this.seasons.current(trx);
      if (current) {
        await this.seasons.saveTerms(trx, current.id, values, input.translations);
        const season = input.translations.find((t) => t.locale === DEFAULT_LOCALE)?.seasonName ?? '';
        if (actor)
          await logActivity(trx, actor, {
            kind: 'terms',
            action: 'save',
            subject: season,
            detail: { openingMinimum: input.openingMinimum, reorderMinimum: input.reorderMinimum, validUntil: input.validUntil, season: current.code },
          });
        return;
      }
      await trx
        .insertInto('wholesale_terms')
        .values({ id: TERMS_ID, ...values })
        .onConflict((oc) => oc.column('id').doUpdateSet(values))
        .execute();
      for (const t of input.translations) {
        const texts = { season_name: t.seasonName, payment_terms: t.paymentTerms, delivery_window: t.deliveryWindow, shipping_notes: t.shippingNotes };
        await trx
          .insertInto('wholesale_term_translations')
          .values({ terms_id: TERMS_ID, locale: t.locale, ...texts })
          .onConflict((oc) => oc.columns(['terms_id', 'locale']).doUpdateSet(texts))
          .execute();
      }
      const season = input.translations.find((t) => t.locale === DEFAULT_LOCALE)?.seasonName ?? '';
      if (actor)
        await logActivity(trx, actor, {
          kind: 'terms',
          action: 'save',
          subject: season,
          detail: { openingMinimum: input.openingMinimum, reorderMinimum: input.reorderMinimum, validUntil: input.validUntil },
        });
    });
    this.sheets.clear();
    return this.adminTerms();
  }

  /** The shop name of a retailer account, from its accepted application (null when unknown). */
  async retailerName(userId: number): Promise<string | null> {
    const row = await this.db
      .selectFrom(readRetailerApplications().as('retailer_applications'))
      .select(['company'])
      .where('retailer_user_id', '=', userId)
      .where('company', 'is not', null)
      .orderBy('accepted_at', 'desc')
      .executeTakeFirst();
    return row?.company ?? null;
  }

  /**
   * The line sheet in one language, made once and kept until the collection, the terms or the
   * stock change. With seasons: one season's styles (the current one unless `seasonCode` names
   * another), its windows and terms, in-stock sizes marked; an unknown code is 404.
   */
  async lineSheet(lang: Locale, retailerName: string | null, seasonCode?: string, terms: SheetShopTerms = NO_SHOP_TERMS): Promise<LineSheet> {
    const season = seasonCode ? await this.seasons.byCode(seasonCode) : await this.seasons.current();
    if (seasonCode && !season) throw new HttpError(404, SEASON_MESSAGES.seasonUnknown);
    const key = [
      lang,
      retailerName ?? '',
      season?.id ?? '',
      terms.discount,
      terms.openingMinimum ?? '',
      terms.reorderMinimum ?? '',
      terms.currency ?? 'EUR',
    ].join('\u0000');
    return this.sheets.get(key, () => this.makeLineSheet(lang, retailerName, season, terms));
  }

  /** Clears the finished PDFs (a product or the terms changed). */
  invalidate(): void {
    this.sheets.clear();
  }

  private async makeLineSheet(lang: Locale, retailerName: string | null, seasonRow: Selectable<SeasonsTable> | null, shop: SheetShopTerms): Promise<LineSheet> {
    // A season's styles only are read (not the ten years' collection).
    const seasonIds = seasonRow ? [...(await this.seasons.seasonProductIds(seasonRow.id))] : undefined;
    const [baseTerms, products] = await Promise.all([this.terms(lang), this.catalogue.listFull(seasonIds)]);
    let terms = baseTerms;
    let season: SheetInput['season'];
    let inStock = new Map<string, StockLevel>();
    if (seasonRow) {
      const shown = await this.seasons.seasonForRetailer(seasonRow, lang);
      terms = { ...shown.terms, seasonName: shown.name, updatedAt: seasonRow.updated_at };
      season = { ordersOpen: shown.ordersOpen, ordersClose: shown.ordersClose, deliveries: shown.deliveries };
      inStock = await this.stock.levels(products.flatMap((p) => p.variants.map((v) => v.id)));
    }
    // A shop's own minimums (issue 47), where it has them; in another currency, what applies in it.
    const currency = shop.currency ?? 'EUR';
    const own = currency !== 'EUR' && shop.applied ? shop.applied : { openingMinimum: shop.openingMinimum, reorderMinimum: shop.reorderMinimum };
    terms = { ...terms, openingMinimum: own.openingMinimum ?? terms.openingMinimum, reorderMinimum: own.reorderMinimum ?? terms.reorderMinimum };
    const pricing = await pricingFor(this.db, currency);
    const sheetProducts = await Promise.all(
      products.map(async (p) => {
        const sheet = await this.sheetProduct(p, lang, shop.discount, pricing);
        sheet.variants.forEach((v, i) => {
          const id = p.variants[i]!.id;
          v.inStock = v.sizes.filter((size) => (availableNow(inStock.get(`${id}:${size}`)) ?? 0) > 0);
        });
        return sheet;
      }),
    );
    const firstImage = products[0]?.variants[0]?.imageUrl;
    const coverImage = firstImage ? await this.printImage(firstImage, COVER_WIDTH) : null;
    const brand = publicBrand(this.config);
    const pdf = await renderLineSheet({
      lang,
      brand,
      terms,
      retailerName,
      coverImage,
      products: sheetProducts,
      season,
      ...(currency === 'EUR' ? {} : { currency }),
    });
    const seasonSlug = slugify(terms.seasonName) || 'collection';
    const name = `${slugify(brand.name) || 'brand'}-${PHRASES[lang].lineSheetFile}-${seasonSlug}-${lang}.pdf`;
    return { pdf, filename: name };
  }

  private async sheetProduct(product: FullProduct, lang: Locale, discount: number, pricing: Pricing): Promise<SheetProduct> {
    const text = pick(product.texts, lang);
    const main = product.variants[0]?.imageUrl;
    return {
      title: text?.title ?? '',
      reference: product.reference,
      mantra: text?.mantra ?? null,
      image: main ? await this.printImage(main, PRINT_WIDTH) : null,
      variants: product.variants.map((v) => ({
        colorName: pick(v.names, lang) ?? '',
        colorCode: v.colorCode,
        sizes: v.sizes,
        // The shop's price: in its currency, after its discount (issue 47); a colour without a price in it shows none.
        price: fromCents(discounted(tradeIn(pricing, product.id, v.priceCents) ?? 0, discount, pricing.currency)),
        retailPrice: ((r) => (r === null ? null : fromCents(r)))(retailIn(pricing, product.id, v.retailPriceCents)),
      })),
      ...(pricing.currency === 'EUR' ? {} : { currency: pricing.currency }),
    };
  }

  /**
   * A JPEG of an uploaded image, downscaled for print (the sheet never carries the full
   * uploads). Only our own content-hash files are read; other URLs get the colour panel.
   */
  private printImage(url: string, width: number): Promise<Buffer | null> {
    const match = /^\/uploads\/([a-f0-9]{16,64}-\d+x\d+)\.webp$/.exec(url);
    if (!match) return Promise.resolve(null);
    const base = match[1]!;
    return this.printImages.get(`${base}:${width}`, async () => {
      // The 960 px rendition when there is one: enough for print, a third of the pixels.
      const candidates = [`${base}-960.webp`, `${base}.webp`];
      for (const file of candidates) {
        const bytes = await this.uploads.read(file);
        if (!bytes) continue;
        const sharp = await loadSharp();
        return sharp(bytes).resize({ width, withoutEnlargement: true }).flatten({ background: '#efe6d6' }).jpeg({ quality: 78, mozjpeg: true }).toBuffer();
      }
      return null;
    });
  }
}
