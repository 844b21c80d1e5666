import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestContext, type TestContext } from '../../test/helpers.ts';
import { sampleProduct } from '../../test/fixtures.ts';
import { pgSchemaOf, withSearchPath } from '../db/index.ts';
import { backup, bucketNote, restore } from './backup.ts';
import { execFileSync } from 'node:child_process';

describe('backup and restore (SQLite, while the site runs)', () => {
  let t: TestContext;
  let out: string;
  beforeAll(async () => {
    t = await createTestContext('sqlite');
    out = fs.mkdtempSync(path.join(os.tmpdir(), 'backups-'));
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(out, { recursive: true, force: true });
  });

  it('snapshots the database and the uploads into one archive and brings them back', async () => {
    const admin = t.auth(await t.login(ADMIN.email, ADMIN.password));
    await t.app.inject({ method: 'POST', url: '/api/admin/products', headers: admin, payload: sampleProduct() });
    fs.writeFileSync(path.join(t.config.dataDir, 'uploads', 'aaaaaaaaaaaaaaaaaaaaaaaa-10x10.webp'), 'image bytes');
    const before = (await t.app.inject({ method: 'GET', url: '/api/products' })).json();

    const file = await backup(t.config, out);
    expect(fs.statSync(file).size).toBeGreaterThan(0);

    // Everything changes after the backup…
    await t.app.inject({ method: 'DELETE', url: `/api/admin/products/${before[0].id}`, headers: admin });
    fs.rmSync(path.join(t.config.dataDir, 'uploads', 'aaaaaaaaaaaaaaaaaaaaaaaa-10x10.webp'));
    await t.services.database.close();

    // …and the restore brings the snapshot back.
    await restore(t.config, file);
    const { openDatabase } = await import('../db/index.ts');
    const reopened = await openDatabase({ sqliteFile: path.join(t.config.dataDir, 'site.db') });
    const titles = await reopened.db.selectFrom('product_translations').select('title').execute();
    expect(titles.map((r) => r.title)).toContain('Robe Test');
    const integrity = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(reopened.db);
    expect(integrity.rows[0]?.integrity_check).toBe('ok');
    await reopened.close();
    expect(fs.readFileSync(path.join(t.config.dataDir, 'uploads', 'aaaaaaaaaaaaaaaaaaaaaaaa-10x10.webp'), 'utf8')).toBe('image bytes');
    // The test context closes its own handle again: give it a live one.
    t.services.database.close = async () => {};
  });
});

describe('backup of a site whose uploads live in a bucket', () => {
  let t: TestContext;
  let out: string;
  beforeAll(async () => {
    t = await createTestContext('sqlite', { S3_BUCKET: 'media', S3_REGION: 'eu-west-3', S3_ENDPOINT: 'http://127.0.0.1:9' });
    out = fs.mkdtempSync(path.join(os.tmpdir(), 'backups-'));
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(out, { recursive: true, force: true });
  });

  it('says in the archive that the pictures are in the bucket, holds the database only, and a restore leaves local files alone', async () => {
    const file = await backup(t.config, out);
    const listing = execFileSync('tar', ['-tzf', file], { encoding: 'utf8' });
    expect(listing).toContain('./site.db');
    expect(listing).toContain('./MEDIA.txt');
    expect(listing).not.toContain('./uploads');
    const note = execFileSync('tar', ['-xOzf', file, './MEDIA.txt'], { encoding: 'utf8' });
    expect(note).toContain('bucket media (http://127.0.0.1:9)');
    expect(note).toContain('database only');
    expect(bucketNote(t.config)).toBe(note.trim());
    const meta = JSON.parse(execFileSync('tar', ['-xOzf', file, './backup.json'], { encoding: 'utf8' }));
    expect(meta.media).toEqual({ bucket: 'media', endpoint: 'http://127.0.0.1:9' });

    const kept = path.join(t.config.dataDir, 'uploads', 'cccccccccccccccccccccccc-10x10.webp');
    fs.mkdirSync(path.dirname(kept), { recursive: true });
    fs.writeFileSync(kept, 'local bytes');
    await t.services.database.close();
    await restore(t.config, file);
    expect(fs.readFileSync(kept, 'utf8')).toBe('local bytes');
    t.services.database.close = async () => {};
  });
});

describe.runIf(process.env.DATABASE_URL)('backup and restore (PostgreSQL, pg_dump while the site runs)', () => {
  let t: TestContext;
  let out: string;
  beforeAll(async () => {
    t = await createTestContext('postgres');
    out = fs.mkdtempSync(path.join(os.tmpdir(), 'backups-'));
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(out, { recursive: true, force: true });
  });

  it('reads the schema from DATABASE_URL', () => {
    expect(pgSchemaOf('postgres://u@h/db')).toBe('public');
    expect(pgSchemaOf('postgres://u@h/db?options=-c%20search_path%3Dshop_a')).toBe('shop_a');
    expect(withSearchPath('postgres://u:p@h:5433/db?sslmode=disable', 'shop_a')).toBe(
      'postgres://u:p@h:5433/db?sslmode=disable&options=-c%20search_path%3Dshop_a',
    );
    expect(pgSchemaOf(withSearchPath('postgres://u@h/db', 'shop_b'))).toBe('shop_b');
  });

  it('snapshots the schema and the uploads, and a restore brings back exactly what the site showed', async () => {
    const config = { ...t.config, DATABASE_URL: withSearchPath(process.env.DATABASE_URL!, t.schema!) };
    const admin = t.auth(await t.login(ADMIN.email, ADMIN.password));
    await t.app.inject({ method: 'POST', url: '/api/admin/products', headers: admin, payload: sampleProduct() });
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: admin,
      payload: sampleProduct({
        translations: [
          { locale: 'fr', title: 'Jupe', description: 'Une jupe.', mantra: '' },
          { locale: 'en', title: 'Skirt', description: 'A skirt.', mantra: '' },
        ],
      }),
    });
    fs.writeFileSync(path.join(t.config.dataDir, 'uploads', 'bbbbbbbbbbbbbbbbbbbbbbbb-10x10.webp'), 'image bytes');
    const before = (await t.app.inject({ method: 'GET', url: '/api/admin/products', headers: admin })).json();

    const file = await backup(config, out);

    // Everything changes after the backup: a product deleted, another added, an upload gone.
    await t.app.inject({ method: 'DELETE', url: `/api/admin/products/${before[0].id}`, headers: admin });
    await t.app.inject({ method: 'POST', url: '/api/admin/products', headers: admin, payload: sampleProduct() });
    fs.rmSync(path.join(t.config.dataDir, 'uploads', 'bbbbbbbbbbbbbbbbbbbbbbbb-10x10.webp'));

    await restore(config, file);
    t.services.onContentChange();
    const after = (await t.app.inject({ method: 'GET', url: '/api/admin/products', headers: admin })).json();
    expect(after).toEqual(before);
    // Sessions, accounts and sequences came back too: the admin token still works and a new product gets a new id.
    const created = await t.app.inject({ method: 'POST', url: '/api/admin/products', headers: admin, payload: sampleProduct() });
    expect(created.statusCode).toBe(201);
    expect(before.map((p: { id: number }) => p.id)).not.toContain(created.json().id);
    expect(fs.readFileSync(path.join(t.config.dataDir, 'uploads', 'bbbbbbbbbbbbbbbbbbbbbbbb-10x10.webp'), 'utf8')).toBe('image bytes');
  });
});
