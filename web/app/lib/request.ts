import { LANG_COOKIE, resolveLocale, type Locale } from '@atelier/contract/pure';

function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** The page language for a request (loaders): ?lang, the lang cookie, Accept-Language, else fr. */
export function requestLocale(request: Request): Locale {
  const url = new URL(request.url);
  return resolveLocale({
    query: url.searchParams.get('lang'),
    cookie: readCookie(request.headers.get('cookie'), LANG_COOKIE),
    acceptLanguage: request.headers.get('accept-language'),
  });
}
