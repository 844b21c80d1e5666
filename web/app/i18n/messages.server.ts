import type { Locale } from '@atelier/contract/pure';
import en from './en.json';
import fr from './fr.json';
import { translatorFrom, type Messages } from './index.ts';

const ALL: Record<Locale, Messages> = { fr, en };

/** Server only: the strings of a language (the browser receives them through the root loader). */
export function messagesFor(lang: Locale): Messages {
  return ALL[lang];
}

export function translator(lang: Locale) {
  return translatorFrom(lang, ALL[lang]);
}
