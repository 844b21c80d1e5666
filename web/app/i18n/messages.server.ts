import type { Locale } from '@atelier/contract/pure';
import adminEn from './admin.en.json';
import adminEnUrl from './admin.en.json?url';
import adminFr from './admin.fr.json';
import adminFrUrl from './admin.fr.json?url';
import en from './en.json';
import enUrl from './en.json?url';
import fr from './fr.json';
import frUrl from './fr.json?url';
import { registerStrings, translatorFrom, type Messages, type StringsFiles } from './index.ts';

// The strings files as the browser fetches them (assets of the build, cached for good): the
// server knows their contents from the start, the browser loads those its page names.
registerStrings(frUrl, fr);
registerStrings(adminFrUrl, adminFr);
registerStrings(enUrl, en);
registerStrings(adminEnUrl, adminEn);

const PUBLIC: Record<Locale, StringsFiles> = { fr: [frUrl], en: [enUrl] };
const ALL: Record<Locale, StringsFiles> = { fr: [frUrl, adminFrUrl], en: [enUrl, adminEnUrl] };

/** The files a page needs: the back-office's strings (a third of the whole) only on its own pages. */
export function stringsFilesFor(lang: Locale, { admin = true }: { admin?: boolean } = {}): StringsFiles {
  return admin ? ALL[lang] : PUBLIC[lang];
}

/** Server and tests: every string of a language. */
export function messagesFor(lang: Locale): Messages {
  return lang === 'fr' ? { ...fr, ...adminFr } : { ...en, ...adminEn };
}

export function translator(lang: Locale) {
  return translatorFrom(lang, ALL[lang]);
}
