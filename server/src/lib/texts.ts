import type { Locale } from '@atelier/contract';

/** A text in each language (a product title frozen in an order line, a colour name…). */
export type Texts = Partial<Record<Locale, string>>;

/** The text in `lang`, else French, else English, else empty. */
export const pick = (texts: Texts, lang: Locale): string => texts[lang] ?? texts.fr ?? texts.en ?? '';

/** Texts stored as JSON (`{"fr":…,"en":…}`); unreadable JSON gives none. */
export const parseTexts = (json: string): Texts => {
  try {
    return JSON.parse(json) as Texts;
  } catch {
    return {};
  }
};
