// Translation completeness (pure: the back-office imports it without zod).

/** The language left empty when the other one has text, else null. */
export function missingLocale(fr: string | null | undefined, en: string | null | undefined): 'fr' | 'en' | null {
  const hasFr = !!fr && fr.trim() !== '';
  const hasEn = !!en && en.trim() !== '';
  if (hasFr === hasEn) return null;
  return hasFr ? 'en' : 'fr';
}

/** Every language missing somewhere among these pairs (sorted, without repeats). */
export function missingLocales(pairs: Iterable<readonly [string | null | undefined, string | null | undefined]>): Array<'fr' | 'en'> {
  const found = new Set<'fr' | 'en'>();
  for (const [fr, en] of pairs) {
    const side = missingLocale(fr, en);
    if (side) found.add(side);
  }
  return (['fr', 'en'] as const).filter((l) => found.has(l));
}

/** The pairs of a translations list ({locale, ...}): each named field, French beside English. */
export function translationPairs<T extends { locale: string }>(
  translations: readonly T[],
  fields: ReadonlyArray<keyof T>,
): Array<[string | null | undefined, string | null | undefined]> {
  const fr = translations.find((t) => t.locale === 'fr');
  const en = translations.find((t) => t.locale === 'en');
  return fields.map((f) => [fr?.[f] as string | null | undefined, en?.[f] as string | null | undefined]);
}
