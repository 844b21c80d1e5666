import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestContext, type TestContext } from '../../test/helpers.ts';
import { sampleProduct } from '../../test/fixtures.ts';
import { backup, restore } from './backup.ts';

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
