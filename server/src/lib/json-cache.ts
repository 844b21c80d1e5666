import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { acceptedEncoding, COMPRESS_FROM_BYTES, EncodedBody } from './encodings.ts';
import { TtlCache } from './ttl-cache.ts';

/**
 * Cache-Control of the API's anonymous reads (collection, products, journal, retailer directory): a browser keeps
 * them a minute; a shared cache (nginx, a CDN) 30 s and stale 30 s more while it fetches the new answer, so an
 * owner's edit shows through it within a minute, as the pages do.
 */
export const PUBLIC_READ = 'public, max-age=60, s-maxage=30, stale-while-revalidate=30';

/** A public read, serialized once: the bytes every anonymous caller gets, their encoded forms, and their ETag. */
export class SerializedJson extends EncodedBody {
  readonly etag: string;

  constructor(body: Buffer) {
    super(body);
    this.etag = weakEtag(body);
  }
}

export function weakEtag(body: string | Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

export function serializeJson(value: unknown): SerializedJson {
  return new SerializedJson(Buffer.from(JSON.stringify(value)));
}

/**
 * Anonymous public reads (the collection, a product, the journal) as ready bytes: validated by
 * their public schema when cached, then sent as they are (no per-request schema pass or
 * stringify). Cleared with the other caches by any admin write; `null` caches a 404.
 */
export class JsonCache {
  private readonly cache = new TtlCache<SerializedJson | null>(30_000, 2000);

  get(key: string, load: () => Promise<unknown | null>): Promise<SerializedJson | null> {
    return this.cache.get(key, async () => {
      const value = await load();
      return value === null || value === undefined ? null : serializeJson(value);
    });
  }

  clear(): void {
    this.cache.clear();
  }
}

/**
 * Sends cached bytes as JSON, compressed once per cached read rather than once per request; the
 * API's onSend hook answers 304 to a matching If-None-Match.
 */
export function sendJson(reply: FastifyReply, json: SerializedJson): FastifyReply {
  reply.header('etag', json.etag).type('application/json; charset=utf-8');
  if (json.body.length < COMPRESS_FROM_BYTES) return reply.send(json.body);
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  const encoding = acceptedEncoding(reply.request, ['br', 'gzip']);
  if (!encoding) return reply.send(json.body);
  return reply.header('content-encoding', encoding).send(json.encoded(encoding));
}
