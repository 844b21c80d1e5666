import { useEffect, useMemo, useRef } from 'react';
import { I18nextProvider } from './i18n/react.tsx';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useRouteLoaderData, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/root';
import { appContext } from './context.ts';
import { createI18n, sharedI18n, translatorFrom, type Messages } from './i18n/index.ts';
import { messagesJsonFor } from './i18n/messages.server.ts';
import { useStoredLanguagePreference } from './lib/language.tsx';
import type { RootData } from './lib/meta.ts';
import { requestLocale } from './lib/request.ts';
import { SessionProvider } from './lib/session.tsx';
import stylesheet from './styles.css?url';
import serifFont from '@fontsource-variable/cormorant-garamond/files/cormorant-garamond-latin-wght-normal.woff2?url';
import sansFont from '@fontsource-variable/source-sans-3/files/source-sans-3-latin-wght-normal.woff2?url';

const isBackOffice = (url: URL) => /^\/admin(\/|$)/.test(url.pathname);

/** The language is resolved on the server (query, cookie, Accept-Language) so SSR and hydration agree. */
export function loader({ request, context }: Route.LoaderArgs): RootData {
  const { brand, nonce } = context.get(appContext);
  const lang = requestLocale(request);
  return { lang, brand, nonce, messages: messagesJsonFor(lang, { admin: isBackOffice(new URL(request.url)) }) };
}

/**
 * The strings travel with the root data, so the root loader runs again only
 * when the language may have changed (an explicit revalidation after the
 * toggle, or a different ?lang), or when the back-office's strings are needed,
 * not on every navigation.
 */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  if (isBackOffice(nextUrl) && !isBackOffice(currentUrl)) return true;
  return currentUrl.searchParams.get('lang') !== nextUrl.searchParams.get('lang');
}

export const links: Route.LinksFunction = () => [
  { rel: 'preload', href: serifFont, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  { rel: 'preload', href: sansFont, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<RootData>('root');
  const nonce = data?.nonce;
  return (
    <html lang={data?.lang ?? 'fr'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#f7f2ea" />
        {/* With a precedence, React puts the stylesheet first in <head>, ahead of the script
            preloads: the one render-blocking file is fetched before anything else. */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function LanguageSync() {
  useStoredLanguagePreference();
  return null;
}

export default function App({ loaderData }: Route.ComponentProps) {
  // The server renders with one shared instance per language; the browser makes its own per
  // page load (it changes language in place when new root data arrives).
  const i18n = useMemo(
    () => (import.meta.env.SSR ? sharedI18n(loaderData.lang, loaderData.messages) : createI18n(loaderData.lang, JSON.parse(loaderData.messages) as Messages)),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  // New strings (another language, or the back-office's on entering it) are added before the
  // screens below render with them, not after; the language then changes in an effect.
  const applied = useRef(loaderData.messages);
  if (!import.meta.env.SSR && applied.current !== loaderData.messages) {
    i18n.addResourceBundle(loaderData.lang, 'translation', JSON.parse(loaderData.messages) as Messages, true, true);
    applied.current = loaderData.messages;
  }
  // The page is interactive: clicks on buttons made before now are played again
  // (lib/deferred-scripts.server.ts).
  useEffect(() => {
    window.dispatchEvent(new Event('atelier:hydrated'));
  }, []);
  useEffect(() => {
    if (i18n.language === loaderData.lang) return;
    void i18n.changeLanguage(loaderData.lang);
    document.documentElement.lang = loaderData.lang;
  }, [i18n, loaderData.lang]);
  return (
    <I18nextProvider i18n={i18n}>
      <SessionProvider>
        <LanguageSync />
        <Outlet />
      </SessionProvider>
    </I18nextProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<RootData>('root');
  const t = data ? translatorFrom(data.lang, data.messages) : (key: string) => (key === 'common.backHome' ? 'Accueil' : 'Erreur');
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="page page--narrow error-page" id="main">
      <title>{notFound ? t('notFound.title') : t('error.title')}</title>
      <h1>{notFound ? t('notFound.title') : t('error.title')}</h1>
      <p>{notFound ? t('notFound.text') : t('error.text')}</p>
      <p>
        <a href="/">{t('common.backHome')}</a>
      </p>
    </main>
  );
}
