import type { Locale, PublicProduct, SsrContext } from '@atelier/contract';
import type { CollectionState, ProductCardData, ProductPageData } from '../components/CollectionGrid.tsx';
import { translator } from '../i18n/messages.server.ts';

/** The collection's cards for a page, or the §8 error state ('Unable to load the collection right now'). */
export async function loadCollection(ctx: SsrContext, lang: Locale): Promise<CollectionState> {
  try {
    return { status: 'ready', products: (await ctx.catalogue.list(lang)).map(productCard) };
  } catch {
    return { status: 'error', message: translator(lang)('collection.error') };
  }
}

/** A product as a grid shows it (server side: the page data carries nothing more). */
export function productCard(product: PublicProduct): ProductCardData {
  return {
    id: product.id,
    title: product.title,
    variants: product.variants.map((v, index) => ({ id: v.id, colorName: v.colorName, colorCode: v.colorCode, images: index === 0 ? v.images.slice(0, 1) : [] })),
  };
}

/** A product as its page shows it (server side). */
export function productPage({ variants, ...product }: PublicProduct): ProductPageData {
  return { ...product, variants: variants.map(({ imageUrl: _url, imageGallery: _gallery, position: _position, ...variant }) => variant) };
}
