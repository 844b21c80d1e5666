import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, type Locale } from '@atelier/contract';
import en from './en.json';
import fr from './fr.json';

export const resources = { fr: { translation: fr }, en: { translation: en } } as const;

/** A synchronous, self-contained instance: the server makes one per render, the browser one per page load. */
export function createI18n(lang: Locale): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: lang,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: ['fr', 'en'],
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}

const shared: Partial<Record<Locale, I18n>> = {};

/** For code outside React (meta functions): a translator for a language. */
export function translator(lang: Locale) {
  shared[lang] ??= createI18n(lang);
  return shared[lang]!.t;
}
