import { useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/root';
import { appContext } from './context.ts';
import { createI18n, translator } from './i18n/index.ts';
import { useStoredLanguagePreference } from './lib/language.tsx';
import type { RootData } from './lib/meta.ts';
import { requestLocale } from './lib/request.ts';
import { SessionProvider } from './lib/session.tsx';
import stylesheet from './styles.css?url';
import serifFont from '@fontsource-variable/cormorant-garamond/files/cormorant-garamond-latin-wght-normal.woff2?url';
import sansFont from '@fontsource-variable/source-sans-3/files/source-sans-3-latin-wght-normal.woff2?url';

/** The language is resolved on the server (query, cookie, Accept-Language) so SSR and hydration agree. */
export function loader({ request, context }: Route.LoaderArgs): RootData {
  const { brand, nonce } = context.get(appContext);
  return { lang: requestLocale(request), brand, nonce };
}

export const links: Route.LinksFunction = () => [
  { rel: 'preload', href: serifFont, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  { rel: 'preload', href: sansFont, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  { rel: 'stylesheet', href: stylesheet },
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
  // One instance per page load; later changes go through i18n.changeLanguage.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const i18n = useMemo(() => createI18n(loaderData.lang), []);
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
  const t = translator(data?.lang ?? 'fr');
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
