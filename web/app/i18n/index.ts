import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { DEFAULT_LOCALE, type Locale } from '@atelier/contract/pure';

/** The strings of one language, as the root loader sends them (only the page's language reaches the browser). */
export type Messages = Record<string, unknown>;

/** A synchronous, self-contained instance: the server makes one per render, the browser one per page load. */
export function createI18n(lang: Locale, messages: Messages): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    resources: { [lang]: { translation: messages } } as Resource,
    lng: lang,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: ['fr', 'en'],
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}

/**
 * The strings as the root loader sends them: one JSON string rather than an object, so the
 * page data serializer handles one value instead of hundreds of keys on every render.
 */
export type MessagesJson = string;

const shared = new Map<string, I18n>();

/**
 * One instance per language and strings, made once and never changed: the server renders
 * every page with it, and code outside React (meta functions, error boundary) translates with it.
 */
export function sharedI18n(lang: Locale, messages: MessagesJson): I18n {
  const key = `${lang}\n${messages}`;
  let instance = shared.get(key);
  if (!instance) {
    if (shared.size >= 8) shared.clear();
    instance = createI18n(lang, JSON.parse(messages) as Messages);
    shared.set(key, instance);
  }
  return instance;
}

/** A translator for the given strings (meta functions, error boundary, loaders). */
export function translatorFrom(lang: Locale, messages: MessagesJson) {
  return sharedI18n(lang, messages).t;
}
