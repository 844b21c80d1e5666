import type { MetaDescriptor } from 'react-router';
import type { Brand, Locale } from '@atelier/contract';
import { translatorFrom, type StringsFiles } from '../i18n/index.ts';

export interface RootData {
  lang: Locale;
  brand: Brand;
  nonce: string;
  /** The strings files of `lang` the page needs (i18n/index.ts). */
  strings: StringsFiles;
}

/** The brand picture for link previews (1200×630, in web/public). */
export const DEFAULT_IMAGE = '/og-image.jpg';

/** Finds the root loader's data among the matches a meta function receives. */
export function rootData(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): RootData | undefined {
  return matches.find((m) => m?.id === 'root')?.loaderData as RootData | undefined;
}

/** Title, description and robots for a page, in the page's language. */
export function pageMeta(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
  options: { titleKey?: string; title?: string; description?: string; noindex?: boolean; path?: string; query?: string; image?: string; type?: string },
): MetaDescriptor[] {
  const root = rootData(matches);
  const lang = root?.lang ?? 'fr';
  const brandName = root?.brand.name ?? '';
  const translate = root ? translatorFrom(lang, root.strings) : null;
  const t = (key: string, values?: Record<string, string>): string => (translate ? String(translate(key, values ?? {})) : key);
  const page = options.title ?? (options.titleKey ? t(options.titleKey) : '');
  const title = page ? t('meta.pageTitle', { page, brand: brandName }) : brandName;
  const meta: MetaDescriptor[] = [{ title }, { name: 'description', content: options.description ?? t('meta.siteDescription', { brand: brandName }) }];
  if (options.noindex) meta.push({ name: 'robots', content: 'noindex, nofollow' });
  if (options.path !== undefined && root) {
    const base = root.brand.publicUrl;
    // `query`: what else makes the page another page (a season, a page number), kept before `lang`.
    const query = options.query ? `${options.query}&` : '';
    const url = (l: string) => `${base}${options.path}?${query}lang=${l}`;
    meta.push(
      { tagName: 'link', rel: 'canonical', href: url(lang) },
      { tagName: 'link', rel: 'alternate', hrefLang: 'fr', href: url('fr') },
      { tagName: 'link', rel: 'alternate', hrefLang: 'en', href: url('en') },
      { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: `${base}${options.path}${options.query ? `?${options.query}` : ''}` },
      { property: 'og:type', content: options.type ?? 'website' },
      { property: 'og:site_name', content: brandName },
      { property: 'og:title', content: page || brandName },
      { property: 'og:description', content: options.description ?? t('meta.siteDescription', { brand: brandName }) },
      { property: 'og:url', content: url(lang) },
      { property: 'og:locale', content: lang === 'fr' ? 'fr_FR' : 'en_US' },
      { name: 'twitter:card', content: 'summary_large_image' },
    );
    // A product's own picture where there is one, the brand's picture elsewhere.
    const picture = options.image ?? DEFAULT_IMAGE;
    const image = picture.startsWith('http') ? picture : `${base}${picture}`;
    meta.push({ property: 'og:image', content: image }, { name: 'twitter:image', content: image });
  }
  return meta;
}

/** JSON for a <script type="application/ld+json">: `<` escaped so no text can close the element. */
export function jsonLd(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** schema.org BreadcrumbList from (name, path) pairs. */
export function breadcrumbs(base: string, items: Array<[string, string]>) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map(([name, path], index) => ({ '@type': 'ListItem', position: index + 1, name, item: `${base}${path}` })),
  };
}
