import type { Locale, PublicProduct, SsrContext } from '@atelier/contract';
import type { CollectionState, ProductCardData, ProductPageData } from '../components/CollectionGrid.tsx';
import { translator } from '../i18n/messages.server.ts';

/**
 * A page of the collection's cards (of one season's styles when asked), with where it stands, or the §8
 * error state ('Unable to load the collection right now'). The home shows the first page.
 */
export async function loadCollection(ctx: SsrContext, lang: Locale, filter: { season?: string | undefined; page?: number } = {}): Promise<CollectionState> {
  try {
    const { products, ...paging } = await ctx.catalogue.page(lang, { season: filter.season, page: filter.page ?? 1 });
    return { status: 'ready', products: products.map(productCard), ...paging };
  } catch {
    return { status: 'error', message: translator(lang)('collection.error') };
  }
}

/** `?season=&page=` of the collection's address (a page below 1 or not a number is the first). */
export function collectionFilter(url: URL): { season: string | undefined; page: number } {
  const page = Number.parseInt(url.searchParams.get('page') ?? '1', 10);
  return { season: url.searchParams.get('season') || undefined, page: Number.isSafeInteger(page) && page >= 1 && page <= 100_000 ? page : 1 };
}

/** A product as a grid shows it (server side: the page data carries nothing more). */
export function productCard(product: PublicProduct): ProductCardData {
  return {
    id: product.id,
    title: product.title,
    variants: product.variants.map((v, index) => ({
      id: v.id,
      colorName: v.colorName,
      colorCode: v.colorCode,
      images: index === 0 ? v.images.slice(0, 1) : [],
    })),
  };
}

/** A product as its page shows it (server side). */
export function productPage({ variants, ...product }: PublicProduct): ProductPageData {
  return { ...product, variants: variants.map(({ imageUrl: _url, imageGallery: _gallery, position: _position, ...variant }) => variant) };
}
