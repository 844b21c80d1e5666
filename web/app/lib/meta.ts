import type { MetaDescriptor } from 'react-router';
import type { Brand, Locale } from '@atelier/contract';
import { translator } from '../i18n/index.ts';

export interface RootData {
  lang: Locale;
  brand: Brand;
  nonce: string;
}

/** Finds the root loader's data among the matches a meta function receives. */
export function rootData(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): RootData | undefined {
  return matches.find((m) => m?.id === 'root')?.loaderData as RootData | undefined;
}

/** Title, description and robots for a page, in the page's language. */
export function pageMeta(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
  options: { titleKey?: string; title?: string; description?: string; noindex?: boolean },
): MetaDescriptor[] {
  const root = rootData(matches);
  const lang = root?.lang ?? 'fr';
  const brandName = root?.brand.name ?? '';
  const t = translator(lang);
  const page = options.title ?? (options.titleKey ? t(options.titleKey) : '');
  const title = page ? t('meta.pageTitle', { page, brand: brandName }) : brandName;
  const meta: MetaDescriptor[] = [
    { title },
    { name: 'description', content: options.description ?? t('meta.siteDescription', { brand: brandName }) },
  ];
  if (options.noindex) meta.push({ name: 'robots', content: 'noindex, nofollow' });
  return meta;
}
