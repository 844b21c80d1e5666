import { createHash } from 'node:crypto';
import zlib from 'node:zlib';

export type PageEncoding = 'identity' | 'gzip' | 'br';

/**
 * A rendered page's bytes, the same for every visitor (the page's scripts are allowed by their hashes, not by a
 * per-response nonce). Each form is made once, on first demand, and every response sends that same buffer:
 * a cached page costs what a static file costs, and a shared cache in front may keep it.
 */
export class PageBody {
  readonly identity: Buffer;
  private gzipped?: Buffer;
  private brotli?: Buffer;

  constructor(bytes: Buffer) {
    this.identity = bytes;
  }

  get length(): number {
    return this.identity.length;
  }

  form(encoding: PageEncoding): Buffer {
    if (encoding === 'gzip') return (this.gzipped ??= zlib.gzipSync(this.identity, { level: 9 }));
    // Quality 9: within a few per cent of 11 on HTML, in a few milliseconds (re-made in the background on an edit).
    if (encoding === 'br') return (this.brotli ??= zlib.brotliCompressSync(this.identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: this.identity.length } }));
    return this.identity;
  }
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
