import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { ADMIN, createPeer, createTestContext, DIALECTS, fileForm, FR, type TestContext } from '../../../test/helpers.ts';
import { startS3, type S3Process } from '../../../test/s3.ts';
import { migrateMedia } from '../../cli/media.ts';
import { loadConfig } from '../../config.ts';
import { DiskStore } from './store.ts';

const photo = (colour: string) =>
  sharp({ create: { width: 1400, height: 1000, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

describe.each(DIALECTS)('uploads in an S3 bucket on %s', (dialect) => {
  let s3: S3Process;
  let t: TestContext;
  let client: S3Client;
  let token: string;

  const keys = async () => ((await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }))).Contents ?? []).map((o) => o.Key!).sort();
  const object = async (key: string) =>
    Buffer.from(await (await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }))).Body!.transformToByteArray());

  beforeAll(async () => {
    s3 = await startS3();
    client = new S3Client({
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    t = await createTestContext(dialect, s3.env);
    token = await t.login(ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    client?.destroy();
    await t?.close();
    await s3?.stop();
  });

  it('an upload writes every rendition to the bucket under its content-hash name, none to the disk, and another instance serves it immutable', async () => {
    const form = fileForm(await photo('#b5573a'));
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/uploads', headers: { ...t.auth(token), ...form.headers }, payload: form.payload });
    expect(res.statusCode).toBe(201);
    const url = res.json<{ url: string }>().url;
    const base = /^\/uploads\/([a-f0-9]{24}-1400x1000)\.webp$/.exec(url)![1]!;
    const stored = await keys();
    expect(stored).toContain(`${base}.webp`);
    expect(stored.filter((k) => k.startsWith(`${base}-`)).length).toBeGreaterThan(0);
    expect(stored.every((k) => k.startsWith(base))).toBe(true);
    expect(fs.existsSync(path.join(t.config.dataDir, 'uploads')) ? fs.readdirSync(path.join(t.config.dataDir, 'uploads')) : []).toEqual([]);

    const b = await createPeer(t, s3.env);
    try {
      for (const key of stored) {
        const served = await b.app.inject({ method: 'GET', url: `/uploads/${key}` });
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe(key.endsWith('.avif') ? 'image/avif' : 'image/webp');
        expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(served.rawPayload.equals(await object(key))).toBe(true);
        const again = await b.app.inject({ method: 'GET', url: `/uploads/${key}`, headers: { 'if-none-match': String(served.headers.etag) } });
        expect(again.statusCode).toBe(304);
      }
      // The line sheet's pictures come from the bucket too.
      const sheet = await b.services.wholesale['printImage'](url, 200);
      expect(sheet).not.toBeNull();
    } finally {
      await b.close();
    }
  });

  it('serves no key it did not write: other names, paths out, and objects another tool left in the bucket are 404', async () => {
    await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'notes.txt', Body: 'private' }));
    await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'backup/site.db', Body: 'private' }));
    for (const url of [
      '/uploads/notes.txt',
      '/uploads/backup%2Fsite.db',
      '/uploads/..%2Fsite.db',
      '/uploads/../site.db',
      '/uploads/ffffffffffffffffffffffff-10x10.webp',
      '/uploads/evil.webp',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('private');
    }
    const missing = await t.app.inject({ method: 'GET', url: '/uploads/ffffffffffffffffffffffff-10x10.webp' });
    expect(missing.json()).toEqual({ error: FR.notFound, code: 'api.notFound' });
  });

  it('with MEDIA_PUBLIC_URL, /uploads/* redirects to the CDN and pages may load pictures from it', async () => {
    const b = await createPeer(t, { ...s3.env, MEDIA_PUBLIC_URL: 'https://cdn.example/media/' });
    try {
      const res = await b.app.inject({ method: 'GET', url: '/uploads/ffffffffffffffffffffffff-10x10.webp' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('https://cdn.example/media/ffffffffffffffffffffffff-10x10.webp');
      expect((await b.app.inject({ method: 'GET', url: '/uploads/notes.txt' })).statusCode).toBe(404);
      expect(String(res.headers['content-security-policy'])).toContain("img-src 'self' data: blob: https://cdn.example;");
    } finally {
      await b.close();
    }
  });

  it('a bucket that does not answer: the upload fails with a sentence, and the log carries no credential', async () => {
    const lines: string[] = [];
    const pino = (await import('pino')).default;
    const down = { ...s3.env, S3_ENDPOINT: 'http://127.0.0.1:9', AWS_SECRET_ACCESS_KEY: 'secret-s3-key-0123' };
    const b = await createPeer(t, down, pino({ level: 'debug' }, { write: (line: string) => void lines.push(line) }));
    try {
      const { buildApp } = await import('../../app.ts');
      const app = await buildApp({ services: b.services, logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } as never });
      const form = fileForm(await photo('#336699'));
      const res = await app.inject({ method: 'POST', url: '/api/admin/uploads', headers: { ...t.auth(token), ...form.headers }, payload: form.payload });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: FR.internal, code: 'api.internal' });
      expect(lines.join('\n')).toContain('request failed');
      expect(lines.join('\n')).not.toContain('secret-s3-key-0123');
      await app.close();
    } finally {
      await b.close();
    }
  });

  it('npm run media -- migrate copies the uploads on disk into the bucket once: a second run copies nothing', async () => {
    const disk = new DiskStore(path.join(t.config.dataDir, 'uploads'));
    const names = ['0123456789abcdef01234567-10x10.webp', '0123456789abcdef01234567-10x10.avif', '0123456789abcdef01234567-10x10-5.webp'];
    for (const name of names) await disk.put(name, Buffer.from(`bytes of ${name}`));
    fs.writeFileSync(path.join(disk.dir, 'stray.txt'), 'not an upload');
    const config = loadConfig({ DATA_DIR: t.config.dataDir, ...s3.env });
    const first = await migrateMedia(config);
    expect(first).toMatchObject({ copied: 3, kept: 0, bucket: s3.bucket });
    for (const name of names) expect((await object(name)).toString()).toBe(`bytes of ${name}`);
    expect(await keys()).not.toContain('stray.txt');
    expect(await migrateMedia(config)).toMatchObject({ copied: 0, kept: 3 });
    const served = await t.app.inject({ method: 'GET', url: `/uploads/${names[1]}` });
    expect(served.headers['content-type']).toBe('image/avif');
    await expect(migrateMedia(loadConfig({ DATA_DIR: t.config.dataDir }))).rejects.toThrow(/S3_BUCKET/);
  });
});
