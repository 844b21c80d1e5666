import { useEffect, useRef } from 'react';
import { I18nextProvider } from './i18n/react.tsx';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useRouteLoaderData, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/root';
import { appContext } from './context.ts';
import { loadStrings, sharedI18n, translatorFrom } from './i18n/index.ts';
import { stringsFilesFor } from './i18n/messages.server.ts';
import { useStoredLanguagePreference } from './lib/language.tsx';
import type { RootData } from './lib/meta.ts';
import { requestLocale } from './lib/request.ts';
import { SessionProvider } from './lib/session.tsx';
import stylesheet from './styles.css?url';

// The back-office and the showroom app share the back-office's strings file (public pages never load it).
// (A client navigation's data request is `/showroom.data`.)
const isBackOffice = (url: URL) => /^\/(admin|showroom)(\/|\.data$|$)/.test(url.pathname);

// In the browser, the page's strings are files of their own (named on <html>, preloaded with the
// scripts): this module, which every page imports before hydrating, is ready once they are here,
// or the first render would not match the page. If they cannot be had, this module never
// finishes, so nothing hydrates: the page stays as the server sent it (its links and forms work
// without scripts), rather than show keys in place of its texts.
if (!import.meta.env.SSR) await loadStrings((document.documentElement.dataset.strings ?? '').split(' ').filter(Boolean)).catch(() => new Promise(() => {}));

/** The language is resolved on the server (query, cookie, Accept-Language) so SSR and hydration agree. */
export function loader({ request, context }: Route.LoaderArgs): RootData {
  const { brand, nonce } = context.get(appContext);
  const lang = requestLocale(request);
  return { lang, brand, nonce, strings: stringsFilesFor(lang, { admin: isBackOffice(new URL(request.url)) }) };
}

/** In the browser, after the first page: a new language, or the back-office, shows once its strings have arrived. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs): Promise<RootData> {
  const data = await serverLoader();
  await loadStrings(data.strings);
  return data;
}

/**
 * The root data names the strings, so the root loader runs again only when the language may
 * have changed (an explicit revalidation after the toggle, or a different ?lang), or when the
 * back-office's strings are needed, not on every navigation.
 */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  if (isBackOffice(nextUrl) && !isBackOffice(currentUrl)) return true;
  return currentUrl.searchParams.get('lang') !== nextUrl.searchParams.get('lang');
}

// The brand fonts are preloaded by the server (lib/font-preloads.server.ts).
export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<RootData>('root');
  // Empty when pages are served with hash-based CSP (production): no nonce attribute at all.
  const nonce = data?.nonce || undefined;
  const firstStrings = useRef(data?.strings);
  return (
    // data-strings: the strings files the browser loads before hydrating (top of this module).
    <html lang={data?.lang ?? 'fr'} data-strings={data?.strings.join(' ')}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#f7f2ea" />
        {/* With a precedence, React puts the stylesheet first in <head>, ahead of the script
            preloads: the one render-blocking file is fetched before anything else. */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <Meta />
        <Links />
        {/* The first page's strings, fetched with its scripts (on a reading page, after the first
            paint: deferred-scripts); later ones are fetched by the root's clientLoader. */}
        {firstStrings.current?.map((url) => (
          <link key={url} rel="preload" href={url} as="fetch" crossOrigin="anonymous" fetchPriority="low" />
        ))}
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
  // One instance per language and strings files, on the server and in the browser: a new
  // language or the back-office's strings give another instance, and every screen re-renders.
  const i18n = sharedI18n(loaderData.lang, loaderData.strings);
  // The page is interactive: clicks on buttons made before now are played again
  // (lib/deferred-scripts.server.ts).
  useEffect(() => {
    window.dispatchEvent(new Event('atelier:hydrated'));
  }, []);
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
  const t = data ? translatorFrom(data.lang, data.strings) : (key: string) => (key === 'common.backHome' ? 'Accueil' : 'Erreur');
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
