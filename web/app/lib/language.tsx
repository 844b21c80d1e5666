import { useCallback, useEffect } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { useLocation, useNavigate, useRevalidator } from 'react-router';
import { LANG_COOKIE, STORAGE_KEYS, explicitLocale, type Locale } from '@atelier/contract/pure';
import { storage } from './storage.ts';

function writePreference(lang: Locale) {
  storage.set(STORAGE_KEYS.language, lang);
  document.cookie = `${LANG_COOKIE}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/** The current language and a toggle that writes storage + cookie (so the server renders the same). */
export function useLanguage() {
  const { i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const lang = (explicitLocale(i18n.language) ?? 'fr') as Locale;

  const setLanguage = useCallback(
    (next: Locale) => {
      // The server sends the strings and the data in the new language (read from the
      // cookie); the root component switches once they have arrived.
      writePreference(next);
      const params = new URLSearchParams(location.search);
      if (params.has('lang')) {
        params.set('lang', next);
        navigate({ pathname: location.pathname, search: `?${params.toString()}`, hash: location.hash }, { replace: true, preventScrollReset: true });
      } else {
        // The loaders read the new cookie: product names and texts follow the language.
        void revalidator.revalidate();
      }
    },
    [location, navigate, revalidator],
  );
  return { lang, setLanguage, toggle: () => setLanguage(lang === 'fr' ? 'en' : 'fr') };
}

/**
 * After hydration: a stored preference (sanitised; markup-looking values are
 * discarded) wins over what the server guessed, unless the URL names a language.
 */
export function useStoredLanguagePreference() {
  const { i18n } = useTranslation();
  const location = useLocation();
  const revalidator = useRevalidator();
  useEffect(() => {
    const fromUrl = explicitLocale(new URLSearchParams(location.search).get('lang'));
    const raw = storage.get(STORAGE_KEYS.language);
    const stored = explicitLocale(raw);
    if (raw !== null && stored === null) storage.remove(STORAGE_KEYS.language);
    const wanted = fromUrl ?? stored;
    if (wanted) {
      writePreference(wanted);
      if (wanted !== i18n.language) void revalidator.revalidate();
    } else {
      writePreference((explicitLocale(i18n.language) ?? 'fr') as Locale);
    }
    // Only once, after the first render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
