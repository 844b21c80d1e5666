import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { TtlCache } from './ttl-cache.ts';

/** A public read, serialized once: the bytes every anonymous caller gets, and their ETag. */
export interface SerializedJson {
  body: Buffer;
  etag: string;
}

/** The weak ETag of a response body (pages, JSON reads). */
export function weakEtag(body: string | Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

export function serializeJson(value: unknown): SerializedJson {
  const body = Buffer.from(JSON.stringify(value));
  return { body, etag: weakEtag(body) };
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

/** Sends cached bytes as JSON; the API's onSend hook answers 304 to a matching If-None-Match. */
export function sendJson(reply: FastifyReply, json: SerializedJson): FastifyReply {
  return reply.header('etag', json.etag).type('application/json; charset=utf-8').send(json.body);
}
