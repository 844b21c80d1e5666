import type { Locale } from '@atelier/contract/pure';
import en from './en.json';
import fr from './fr.json';
import { translatorFrom, type Messages, type MessagesJson } from './index.ts';

const ALL: Record<Locale, Messages> = { fr, en };
const JSON_OF: Record<Locale, MessagesJson> = { fr: JSON.stringify(fr), en: JSON.stringify(en) };

/** The back-office's strings (a third of the whole) stay out of every other page's data. */
const withoutAdmin = ({ admin: _admin, ...rest }: Messages): Messages => rest;
const PUBLIC_JSON_OF: Record<Locale, MessagesJson> = { fr: JSON.stringify(withoutAdmin(fr)), en: JSON.stringify(withoutAdmin(en)) };

/** Server only: the strings of a language (the browser receives them through the root loader). */
export function messagesFor(lang: Locale): Messages {
  return ALL[lang];
}

/** The same strings, serialized once per process; the back-office's only for its own pages. */
export function messagesJsonFor(lang: Locale, { admin = true }: { admin?: boolean } = {}): MessagesJson {
  return admin ? JSON_OF[lang] : PUBLIC_JSON_OF[lang];
}

export function translator(lang: Locale) {
  return translatorFrom(lang, JSON_OF[lang]);
}
