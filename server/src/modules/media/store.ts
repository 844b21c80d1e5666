import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../../config.ts';
import { onFirstUse } from '../../lib/on-first-use.ts';

/**
 * The names the image pipeline writes: a content hash, the original size, the width of a
 * smaller rendition, WebP or AVIF. Nothing else is ever read or served from a store, so a
 * request can name no other key (no `..`, no key another tool left in the bucket).
 */
// The AWS SDK (~20 MB resident) is loaded only by an instance whose media are in a bucket.
const s3 = onFirstUse<typeof import('@aws-sdk/client-s3')>('@aws-sdk/client-s3');

export const UPLOAD_NAME = /^[a-f0-9]{16,64}-\d{1,5}x\d{1,5}(?:-\d{1,5})?\.(?:webp|avif)$/;

export const IMMUTABLE = 'public, max-age=31536000, immutable';

export const contentTypeOf = (name: string) => (name.endsWith('.avif') ? 'image/avif' : 'image/webp');

export interface StoredFile {
  body: Readable;
  length: number | undefined;
  etag: string | undefined;
}

/** Where the uploaded images live: DATA_DIR/uploads, or an S3-compatible bucket. */
export interface MediaStore {
  readonly kind: 'disk' | 's3';
  /** Writes one file; a reader never sees it half written. */
  put(name: string, data: Buffer): Promise<void>;
  /** The whole file, or null when there is none. */
  read(name: string): Promise<Buffer | null>;
  /** The file as a stream (served to browsers), or null when there is none. */
  open(name: string): Promise<StoredFile | null>;
  /** Every upload name in the store. */
  names(): AsyncIterable<string>;
}

export class DiskStore implements MediaStore {
  readonly kind = 'disk' as const;
  readonly dir: string;

  constructor(dir: string) {
    this.dir = dir;
  }

  async put(name: string, data: Buffer): Promise<void> {
    if (!UPLOAD_NAME.test(name)) throw new Error(`not an upload name: ${name}`);
    await fs.mkdir(this.dir, { recursive: true });
    const target = path.join(this.dir, name);
    // A name of its own per write: the same picture uploaded twice at once (a double click, two tabs)
    // writes the same files at the same moment, and a shared temporary name made one of them fail.
    const temp = `${target}.${randomUUID()}.tmp`;
    try {
      await fs.writeFile(temp, data);
      await fs.rename(temp, target);
    } catch (err) {
      await fs.rm(temp, { force: true });
      throw err;
    }
  }

  async read(name: string): Promise<Buffer | null> {
    if (!UPLOAD_NAME.test(name)) return null;
    return fs.readFile(path.join(this.dir, name)).catch(() => null);
  }

  async open(name: string): Promise<StoredFile | null> {
    if (!UPLOAD_NAME.test(name)) return null;
    const handle = await fs.open(path.join(this.dir, name)).catch(() => null);
    if (!handle) return null;
    const { size } = await handle.stat();
    return { body: handle.createReadStream(), length: size, etag: undefined };
  }

  async *names(): AsyncIterable<string> {
    const entries = await fs.readdir(this.dir).catch(() => [] as string[]);
    for (const name of entries.sort()) if (UPLOAD_NAME.test(name)) yield name;
  }
}

/** An S3-compatible bucket (AWS, MinIO, Scaleway, R2…), credentials from the usual AWS variables. */
export class S3Store implements MediaStore {
  readonly kind = 's3' as const;
  readonly bucket: string;
  private readonly client: S3Client;

  constructor(options: {
    bucket: string;
    region: string;
    endpoint?: string | undefined;
    credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  }) {
    this.bucket = options.bucket;
    this.client = new (s3().S3Client)({
      region: options.region,
      ...(options.credentials ? { credentials: options.credentials } : {}),
      // A custom endpoint (MinIO and most others) takes path-style addresses.
      ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
      maxAttempts: 3,
    });
  }

  async put(name: string, data: Buffer): Promise<void> {
    if (!UPLOAD_NAME.test(name)) throw new Error(`not an upload name: ${name}`);
    // One PUT is atomic: the object is there whole, or not at all.
    await this.client.send(
      new (s3().PutObjectCommand)({ Bucket: this.bucket, Key: name, Body: data, ContentType: contentTypeOf(name), CacheControl: IMMUTABLE }),
    );
  }

  async read(name: string): Promise<Buffer | null> {
    const file = await this.open(name);
    if (!file) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of file.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async open(name: string): Promise<StoredFile | null> {
    if (!UPLOAD_NAME.test(name)) return null;
    try {
      const object = await this.client.send(new (s3().GetObjectCommand)({ Bucket: this.bucket, Key: name }));
      return { body: object.Body as Readable, length: object.ContentLength, etag: object.ETag };
    } catch (err) {
      if (err instanceof s3().NoSuchKey || (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
      throw err;
    }
  }

  async has(name: string): Promise<boolean> {
    try {
      await this.client.send(new (s3().HeadObjectCommand)({ Bucket: this.bucket, Key: name }));
      return true;
    } catch (err) {
      if (err instanceof s3().NotFound || (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
      throw err;
    }
  }

  async *names(): AsyncIterable<string> {
    for await (const page of s3().paginateListObjectsV2({ client: this.client }, { Bucket: this.bucket })) {
      for (const object of page.Contents ?? []) if (object.Key && UPLOAD_NAME.test(object.Key)) yield object.Key;
    }
  }

  destroy(): void {
    this.client.destroy();
  }
}

export function createMediaStore(config: Config): MediaStore {
  if (config.S3_BUCKET && config.S3_REGION)
    return new S3Store({ bucket: config.S3_BUCKET, region: config.S3_REGION, endpoint: config.S3_ENDPOINT, credentials: config.s3Credentials });
  return new DiskStore(path.join(config.dataDir, 'uploads'));
}
