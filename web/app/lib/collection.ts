import type { Locale, SsrContext } from '@atelier/contract';
import { productCard, type CollectionState } from '../components/CollectionGrid.tsx';
import { translator } from '../i18n/messages.server.ts';

/** The collection's cards for a page, or the §8 error state ('Unable to load the collection right now'). */
export async function loadCollection(ctx: SsrContext, lang: Locale): Promise<CollectionState> {
  try {
    return { status: 'ready', products: (await ctx.catalogue.list(lang)).map(productCard) };
  } catch {
    return { status: 'error', message: translator(lang)('collection.error') };
  }
}
