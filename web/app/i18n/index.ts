import i18next, { type i18n as I18n, type Resource, type TFunction } from 'i18next';
import { DEFAULT_LOCALE, type Locale } from '@atelier/contract/pure';

/** The strings of one language (or part of them: the back-office's are a file of their own). */
export type Messages = Record<string, unknown>;

/** A synchronous, self-contained instance. */
export function createI18n(lang: Locale, messages: Messages): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    resources: { [lang]: { translation: messages } } as Resource,
    lng: lang,
    fallbackLng: DEFAULT_LOCALE,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

/**
 * The strings files a page needs, by their URLs (immutable assets of the build): the public
 * strings of its language, then the back-office's on its own pages. The root loader sends these
 * few dozen bytes instead of the strings themselves (issue 16: the strings were three quarters of
 * every page's HTML and of the inline data the browser evaluates before the first paint); the
 * browser fetches each file once and keeps it.
 */
export type StringsFiles = readonly string[];

const loaded = new Map<string, Messages>();

/** Strings known without a fetch (the server registers every file at start-up). */
export function registerStrings(url: string, messages: Messages): void {
  loaded.set(url, messages);
}

/** Browser: fetches the files not yet here; rejects if one cannot be had. */
export function loadStrings(files: StringsFiles): Promise<unknown> {
  return Promise.all(
    files
      .filter((url) => !loaded.has(url))
      .map(async (url) => {
        const response = await fetch(url);
        if (!response.ok) throw new Error(`${url}: ${response.status}`);
        loaded.set(url, (await response.json()) as Messages);
      }),
  );
}

const shared = new Map<string, I18n>();

/**
 * One instance per language and strings files, made once and never changed: the server renders
 * every page with it, the browser every screen of a language, and code outside React (meta
 * functions, error boundary, loaders) translates with it. Files are merged in order (each holds
 * its own top-level sections).
 */
export function sharedI18n(lang: Locale, files: StringsFiles): I18n {
  const id = `${lang} ${files.join(' ')}`;
  let instance = shared.get(id);
  if (!instance) {
    const parts = files.map((url) => loaded.get(url));
    instance = createI18n(lang, Object.assign({}, ...parts) as Messages);
    // A file still missing (it cannot be, as the browser loads them before rendering) would show
    // keys: such an instance is not kept, so the next render uses the strings once they are here.
    // (At most four: two languages, with or without the back-office's strings.)
    if (parts.every(Boolean)) shared.set(id, instance);
  }
  return instance;
}

/** A translator for the given strings (meta functions, error boundary, loaders). */
export function translatorFrom(lang: Locale, files: StringsFiles): TFunction {
  return rememberingT(sharedI18n(lang, files), lang);
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
