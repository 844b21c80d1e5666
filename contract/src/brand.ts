import { z } from 'zod';
import type { Locale } from './constants.ts';
import type { PublicProduct } from './catalogue.ts';
import type { MediaMap } from './catalogue-helpers.ts';
import type { PublicPostPage, PublicSection } from './journal.ts';
import type { PageKey, PageTextsMap, TrustShop } from './pages.ts';
import type { PublicListing } from './listings.ts';

/** What the pages know of the brand; all of it comes from configuration, none of it secret. */
export const brand = z.object({
  name: z.string(),
  email: z.string(),
  legalEntity: z.string(),
  address: z.string(),
  social: z.object({ instagram: z.string(), pinterest: z.string(), linkedin: z.string() }),
  publicUrl: z.string(),
});
export type Brand = z.infer<typeof brand>;

/** Styles shown per page of the public collection (a multiple of 2, 3 and 4 columns). */
export const COLLECTION_PAGE_SIZE = 24;

/** A page of the public collection and the seasons it can be filtered by (those with a published style). */
export interface CollectionPage {
  products: PublicProduct[];
  total: number;
  page: number;
  limit: number;
  /** The season shown (its code), null for every style. */
  season: string | null;
  seasons: Array<{ code: string; name: string }>;
}

/**
 * What the server hands the React Router loaders for one request (through the
 * router context). Loaders read public data only: they never see a user token.
 */
export interface SsrContext {
  nonce: string;
  brand: Brand;
  dev: boolean;
  /** Receives the finished page's bytes, so the server's page cache takes them as they are. */
  onHtml?: (html: Uint8Array) => void;
  /** Public reads for the loaders (anonymous shapes only). */
  catalogue: {
    list(lang: Locale): Promise<PublicProduct[]>;
    /** A page of the collection (of one season's styles when its code is given; an unknown code shows every style). */
    page(lang: Locale, filter: { season?: string | undefined; page: number }): Promise<CollectionPage>;
    get(id: number, lang: Locale): Promise<PublicProduct | null>;
    similar(id: number, lang: Locale): Promise<PublicProduct[]>;
  };
  /** The owner's page texts, in one language. */
  pages: {
    texts<K extends PageKey>(page: K, lang: Locale): Promise<PageTextsMap[K]>;
  };
  /** Listed shops only (opted in, not hidden). */
  listings: {
    search(q: string | undefined, lang: Locale): Promise<PublicListing[]>;
    carousel(lang: Locale): Promise<TrustShop[]>;
  };
  /** Each colour's EAN-13s for the product page's structured data, by variant id: empty unless the owner publishes them (ADR 0033). */
  codes: {
    published(variantIds: number[]): Promise<Record<number, string[]>>;
  };
  /** Placeholders and AVIF widths of uploaded pictures, by URL. */
  media: {
    describe(urls: Iterable<string>): Promise<MediaMap>;
  };
  /** Published journal only. */
  journal: {
    sections(lang: Locale): Promise<PublicSection[]>;
    post(slug: string, lang: Locale): Promise<PublicPostPage | null>;
  };
}
