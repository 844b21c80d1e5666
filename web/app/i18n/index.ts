import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, type Locale } from '@atelier/contract/pure';

/** The strings of one language, as the root loader sends them (only the page's language reaches the browser). */
export type Messages = Record<string, unknown>;

/** A synchronous, self-contained instance: the server makes one per render, the browser one per page load. */
export function createI18n(lang: Locale, messages: Messages): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
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

const cache = new WeakMap<Messages, I18n>();

/** For code outside React (meta functions, error boundary): a translator for the given strings. */
export function translatorFrom(lang: Locale, messages: Messages) {
  let instance = cache.get(messages);
  if (!instance) {
    instance = createI18n(lang, messages);
    cache.set(messages, instance);
  }
  return instance.t;
}
