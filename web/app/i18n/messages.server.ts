import type { Locale } from '@atelier/contract/pure';
import en from './en.json';
import fr from './fr.json';
import { translatorFrom, type Messages, type MessagesJson } from './index.ts';

const ALL: Record<Locale, Messages> = { fr, en };
const JSON_OF: Record<Locale, MessagesJson> = { fr: JSON.stringify(fr), en: JSON.stringify(en) };

/** Server only: the strings of a language (the browser receives them through the root loader). */
export function messagesFor(lang: Locale): Messages {
  return ALL[lang];
}

/** The same strings, serialized once per process. */
export function messagesJsonFor(lang: Locale): MessagesJson {
  return JSON_OF[lang];
}

export function translator(lang: Locale) {
  return translatorFrom(lang, JSON_OF[lang]);
}
