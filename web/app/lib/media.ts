import type { MediaMap, SsrContext } from '@atelier/contract';

const UPLOAD = /^\/uploads\//;

function collect(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') {
    if (UPLOAD.test(value)) into.add(value);
  } else if (Array.isArray(value)) {
    for (const item of value) collect(item, into);
  } else if (value && typeof value === 'object') {
    for (const item of Object.values(value)) collect(item, into);
  }
}

/**
 * A loader's data with what the image pipeline recorded of every upload it mentions (placeholder,
 * AVIF widths), read once on the server: the page's images find it through useMatches, so the
 * placeholders are inline in the HTML and travel with a client-side navigation too.
 */
export async function withMedia<T extends object>(ctx: SsrContext, data: T): Promise<T & { media: MediaMap }> {
  const urls = new Set<string>();
  collect(data, urls);
  return { ...data, media: urls.size ? await ctx.media.describe(urls) : {} };
}
