import { explicitLocale, resolveLocale, type Locale } from '@atelier/contract';
import type { FastifyRequest } from 'fastify';

/**
 * The caller's language: ?lang, then the lang cookie, then Accept-Language (as the pages do).
 * `lang` overrides the query's value (the page cache passes the one its render will read).
 */
export function requestLocale(request: FastifyRequest, lang?: string | null): Locale {
  const query = lang !== undefined ? lang : (request.query as Record<string, unknown> | undefined)?.lang;
  const cookie = /(?:^|;\s*)lang=([^;]*)/.exec(request.headers.cookie ?? '')?.[1];
  return resolveLocale({
    query: typeof query === 'string' ? query : null,
    cookie: cookie ? safeDecode(cookie) : null,
    acceptLanguage: request.headers['accept-language'],
  });
}

/** The language a screen asked for (`?lang=`), else the caller's (as `requestLocale`). */
export const langOf = (request: FastifyRequest): Locale => explicitLocale((request.query as { lang?: string } | undefined)?.lang) ?? requestLocale(request);

function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}
