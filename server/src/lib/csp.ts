import { createHash } from 'node:crypto';
import type { Config } from '../config.ts';

/**
 * The site's Content Security Policy. Scripts: the site's own files, and on a page the inline scripts it
 * really has, each by its hash (the same page gives the same bytes and the same policy to every visitor, so a
 * shared cache may keep both). In development Vite injects scripts of its own: inline is allowed there.
 */
export function contentSecurityPolicy(config: Pick<Config, 'PUBLIC_URL' | 'MEDIA_PUBLIC_URL'>, dev: boolean) {
  const https = config.PUBLIC_URL.startsWith('https:');
  const write = (scripts: string) =>
    [
      "default-src 'self'",
      `script-src ${scripts}`,
      "style-src 'self' 'unsafe-inline'",
      `img-src 'self' data: blob:${config.MEDIA_PUBLIC_URL ? ` ${new URL(config.MEDIA_PUBLIC_URL).origin}` : ''}`,
      "font-src 'self'",
      dev ? "connect-src 'self' ws: wss:" : "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "form-action 'self'",
      ...(https ? ['upgrade-insecure-requests'] : []),
    ].join(';');
  const base = write(dev ? "'self' 'unsafe-inline'" : "'self'");
  return {
    /** Every response that is not a page (API answers, files): no inline script at all. */
    base,
    /** A page: its inline scripts by their hashes. */
    forPage: (hashes: readonly string[]) => (dev || hashes.length === 0 ? base : write(`'self' ${hashes.join(' ')}`)),
  };
}

// An inline <script> that runs: no src, and no data type (JSON-LD, JSON) — those the browser never executes.
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;
const DATA_TYPE = /\btype="(?:application\/(?:ld\+)?json)"/;

/** The CSP sources ('sha256-…') of the inline scripts a page really has, in order, without repeats. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', code = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc=/.test(attributes) || DATA_TYPE.test(attributes)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}
