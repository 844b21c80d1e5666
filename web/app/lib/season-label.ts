import type { AdminSeason, Locale } from '@atelier/contract';

/** A name in the screen's language (a season's, a delivery window's), French when that one is missing. */
export const localName = (translations: Array<{ locale: Locale; name: string }>, lang: Locale): string =>
  translations.find((x) => x.locale === lang)?.name || translations.find((x) => x.locale === 'fr')?.name || '';

/** `SS27 · Printemps-été 2027`: how the back-office's season pickers list a season. */
export const seasonLabel = (season: Pick<AdminSeason, 'code' | 'translations'>, lang: Locale): string =>
  `${season.code} · ${localName(season.translations, lang)}`;
