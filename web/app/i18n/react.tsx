import { createContext, useCallback, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { i18n as I18n, TFunction } from 'i18next';
import { rememberingT } from './index.ts';

/**
 * The React side of i18next, in the few lines this site needs (the instance in context, and a
 * hook that re-renders when the language changes). It replaces react-i18next, whose general
 * machinery (Suspense loading, namespaces, <Trans>) weighed 4 KB of every first visit.
 */
const I18nContext = createContext<I18n | null>(null);

export function I18nextProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

export function useTranslation(): { t: TFunction; i18n: I18n } {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('no I18nextProvider');
  const subscribe = useCallback(
    (onChange: () => void) => {
      i18n.on('languageChanged', onChange);
      return () => i18n.off('languageChanged', onChange);
    },
    [i18n],
  );
  const language = useSyncExternalStore(
    subscribe,
    () => i18n.language,
    () => i18n.language,
  );
  // A new function when the language changes, so memoised children and effects see the change.
  const t = useMemo(() => rememberingT(i18n, language), [i18n, language]);
  return { t, i18n };
}
