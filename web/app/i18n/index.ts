import i18next, { type i18n as I18n, type Resource, type TFunction } from 'i18next';
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

const shared = new Map<Locale, Map<MessagesJson, I18n>>();

/**
 * One instance per language and strings, made once and never changed: the server renders
 * every page with it, and code outside React (meta functions, error boundary) translates with it.
 * Looked up by the strings themselves: the same few string values every time, whose hash V8 keeps.
 */
export function sharedI18n(lang: Locale, messages: MessagesJson): I18n {
  let ofLanguage = shared.get(lang);
  if (!ofLanguage) shared.set(lang, (ofLanguage = new Map()));
  let instance = ofLanguage.get(messages);
  if (!instance) {
    if (ofLanguage.size >= 4) ofLanguage.clear();
    instance = createI18n(lang, JSON.parse(messages) as Messages);
    ofLanguage.set(messages, instance);
  }
  return instance;
}

/** A translator for the given strings (meta functions, error boundary, loaders). */
export function translatorFrom(lang: Locale, messages: MessagesJson): TFunction {
  return rememberingT(sharedI18n(lang, messages), lang);
}

type Remembered = Map<string, string>;
const remembered = new WeakMap<I18n, Remembered>();
const REMEMBER_AT_MOST = 4000;

function memoryOf(i18n: I18n): Remembered {
  let memory = remembered.get(i18n);
  if (!memory) {
    const fresh: Remembered = new Map();
    memory = fresh;
    remembered.set(i18n, fresh);
    // New strings (the back-office's, another language) make earlier answers stale.
    i18n.store.on('added', () => fresh.clear());
  }
  return memory;
}

/**
 * `t` for one language that remembers its answers: a page asks for the same few hundred
 * strings on every render, and i18next resolves each (key path, plural rule, interpolation)
 * anew, a tenth of a server render. Calls whose options are not plain values go straight through.
 */
export function rememberingT(i18n: I18n, language: string): TFunction {
  const translate = i18n.getFixedT(language) as unknown as (key: unknown, options?: unknown) => string;
  const memory = memoryOf(i18n);
  const t = (key: unknown, options?: unknown): unknown => {
    if (typeof key !== 'string' || (options !== undefined && !isPlain(options))) return translate(key, options);
    const id = options === undefined ? `${language}\u0000${key}` : `${language}\u0000${key}\u0000${JSON.stringify(options)}`;
    let answer = memory.get(id);
    if (answer === undefined) {
      answer = translate(key, options);
      if (memory.size >= REMEMBER_AT_MOST) memory.clear();
      memory.set(id, answer);
    }
    return answer;
  };
  return t as unknown as TFunction;
}

/** Options made of strings, numbers and booleans only (no returnObjects, no nested values). */
function isPlain(options: unknown): options is Record<string, string | number | boolean> {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) return false;
  for (const value of Object.values(options)) {
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return false;
  }
  return !('returnObjects' in options);
}
