import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyReply } from 'fastify';
import { acceptedEncoding, COMPRESS_FROM_BYTES, type Encoding } from './encodings.ts';
import { TtlCache } from './ttl-cache.ts';

/** A public read, serialized once: the bytes every anonymous caller gets, and their ETag. */
export class SerializedJson {
  readonly body: Buffer;
  readonly etag: string;
  private readonly forms = new Map<Encoding, Buffer>();

  constructor(body: Buffer) {
    this.body = body;
    this.etag = weakEtag(body);
  }

  /** The body brotli- or gzip-encoded, made on first demand and kept with it. */
  encoded(encoding: Encoding): Buffer {
    let form = this.forms.get(encoding);
    if (!form) {
      form =
        encoding === 'br'
          ? zlib.brotliCompressSync(this.body, { params: { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: this.body.length } })
          : zlib.gzipSync(this.body, { level: 9 });
      this.forms.set(encoding, form);
    }
    return form;
  }
}

/** The weak ETag of a response body (pages, JSON reads). */
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
