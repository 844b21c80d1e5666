import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/index.ts';
import { MALLOC_ASSIGNMENTS, NODE_FLAGS } from './runtime/node-flags.ts';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.SEED).toBe('demo');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PUBLIC_URL).toBe('http://localhost:3000');
    expect(config.dataDir).toMatch(/data$/);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PUBLIC_URL', 'not a url'],
    ['DATABASE_URL', 'mysql://x'],
    ['SMTP_URL', 'http://mail'],
    ['SEED', 'everything'],
    // Past 30 s a shared cache could show a page older than the minute the ADR promises.
    ['SHARED_CACHE_SECONDS', '31'],
    ['LOG_LEVEL', 'loud'],
    ['ADMIN_EMAIL', 'not-an-email'],
    ['BRAND_EMAIL', 'nope'],
    ['SOCIAL_INSTAGRAM_URL', 'instagram'],
    ['REDIS_URL', 'localhost:6379'],
    ['REDIS_URL', 'http://127.0.0.1:6379'],
    ['S3_ENDPOINT', 's3.example'],
    ['MEDIA_PUBLIC_URL', 'cdn'],
    ['METRICS_TOKEN', 'short'],
  ])('stops on a bad %s with one line naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value, ADMIN_PASSWORD: 'x' })).toThrow(new RegExp(`^Invalid configuration: ${name} `));
    try {
      loadConfig({ [name]: value, ADMIN_PASSWORD: 'x' });
    } catch (err) {
      expect((err as Error).message).not.toContain('\n');
    }
  });

  it.each([
    [{ S3_BUCKET: 'media' }, 'S3_REGION'],
    [{ S3_REGION: 'eu-west-3' }, 'S3_BUCKET'],
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'S3_BUCKET'],
    [{ S3_BUCKET: 'media', S3_REGION: 'eu-west-3', AWS_ACCESS_KEY_ID: 'AKIA' }, 'AWS_SECRET_ACCESS_KEY'],
    [{ S3_BUCKET: 'media', S3_REGION: 'eu-west-3', AWS_SECRET_ACCESS_KEY: 'secret' }, 'AWS_ACCESS_KEY_ID'],
  ])('stops on half an S3 configuration, naming what is missing (%o)', (env, name) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration: ${name} is required`));
  });

  it('takes a whole S3 configuration and a Redis URL', () => {
    const config = loadConfig({ S3_BUCKET: 'media', S3_REGION: 'eu-west-3', S3_ENDPOINT: 'http://127.0.0.1:9000', REDIS_URL: 'redis://127.0.0.1:6379/0' });
    expect(config.S3_BUCKET).toBe('media');
    expect(config.REDIS_URL).toBe('redis://127.0.0.1:6379/0');
  });

  it('needs ADMIN_PASSWORD with ADMIN_EMAIL', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.example' })).toThrow(/ADMIN_PASSWORD/);
  });

  it('reads the example file as it is', async () => {
    const fs = await import('node:fs');
    const path = await import('node:path');
    const text = fs.readFileSync(path.resolve(import.meta.dirname, '../../.env.example'), 'utf8');
    const env = Object.fromEntries(
      text
        .split('\n')
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    expect(() => loadConfig(env)).not.toThrow();
  });

  it('runs React in production mode when NODE_ENV is unset (npm start): main.ts sets it before React loads', () => {
    const main = fileURLToPath(new URL('./main.ts', import.meta.url));
    const script = `await import(${JSON.stringify(main)}); const react = await import('react'); console.log(process.env.NODE_ENV, typeof react.default.act);`;
    const env = { ...process.env };
    delete env.NODE_ENV;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { env, encoding: 'utf8' }).trim();
    // React's production build has no act(); its development build does.
    expect(out).toBe('production undefined');
  });
});

describe('memory', () => {
  const root = fileURLToPath(new URL('../../', import.meta.url));

  it("npm start and the operator's guide's systemd unit start the server with the heap bounds and the allocator settings, and node accepts them", () => {
    const start = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.start as string;
    const execStart = /^ExecStart=(.*)$/m.exec(fs.readFileSync(path.join(root, 'docs/operator-guide.md'), 'utf8'))![1]!;
    for (const line of [start, execStart]) expect(line).toContain(`node ${NODE_FLAGS.join(' ')} `);
    // And glibc's allocator settings (issue 32): in front of the command, and in the unit's environment.
    expect(start.startsWith(`${MALLOC_ASSIGNMENTS.join(' ')} node `)).toBe(true);
    const unitEnvironment = [...fs.readFileSync(path.join(root, 'docs/operator-guide.md'), 'utf8').matchAll(/^Environment=(.*)$/gm)]
      .map((m) => m[1]!)
      .join(' ');
    for (const assignment of MALLOC_ASSIGNMENTS) expect(unitEnvironment.split(' ')).toContain(assignment);
    const limitMb = execFileSync(process.execPath, [...NODE_FLAGS, '-p', 'require("node:v8").getHeapStatistics().heap_size_limit / 2 ** 20'], {
      encoding: 'utf8',
    });
    // The old generation's 192 MB plus the young generation's (three 8 MB semi-spaces).
    expect(Number(limitMb)).toBeGreaterThanOrEqual(192);
    expect(Number(limitMb)).toBeLessThanOrEqual(224);
  });

  it("the embedded database keeps at most SQLITE_CACHE_MB of its pages in the process (4 MB by default, not better-sqlite3's 16 MB)", async () => {
    expect(loadConfig({}).SQLITE_CACHE_MB).toBe(4);
    expect(loadConfig({ SQLITE_CACHE_MB: '32' }).SQLITE_CACHE_MB).toBe(32);
    expect(() => loadConfig({ SQLITE_CACHE_MB: '0' })).toThrow();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cache-size-'));
    try {
      for (const [given, kib] of [
        [undefined, 4096],
        [32, 32768],
      ] as const) {
        const handle = await openDatabase({ sqliteFile: path.join(dir, `site-${kib}.db`), ...(given ? { sqliteCacheMb: given } : {}) });
        const { rows } = await sql<{ cache_size: number }>`pragma cache_size`.execute(handle.db);
        expect(rows[0]!.cache_size).toBe(-kib);
        await handle.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a started server on SQLite has not loaded the S3, Redis, PostgreSQL, image, mail, QR code, metrics or passkey libraries it does not use yet', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'memory-'));
    const main = fileURLToPath(new URL('./main.ts', import.meta.url));
    const script = `
      import { registerHooks } from 'node:module';
      const loaded = [];
      registerHooks({ resolve(spec, ctx, next) { const r = next(spec, ctx); loaded.push(r.url); return r; } });
      const { start } = await import(${JSON.stringify(main)});
      const { stop } = await start({ DATA_DIR: ${JSON.stringify(dataDir)}, PORT: '0', HOST: '127.0.0.1', SEED: 'none', LOG_LEVEL: 'silent', ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'a long password 42' }, 'none');
      await stop();
      console.log(JSON.stringify(loaded.filter((u) => u.includes('/node_modules/')).map((u) => u.split('/node_modules/').at(-1).split('/').slice(0, 2).join('/'))));`;
    const packages = new Set(
      JSON.parse(
        execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env: { ...process.env, DATABASE_URL: '' } })
          .trim()
          .split('\n')
          .at(-1)!,
      ) as string[],
    );
    expect(packages.has('fastify/lib')).toBe(true);
    for (const name of [
      '@aws-sdk/client-s3',
      'ioredis/built',
      'nodemailer/dist',
      '@simplewebauthn/server',
      'sharp/dist',
      'qrcode/lib',
      'pg/esm',
      'prom-client/index.js',
    ])
      expect([...packages].filter((p) => p.startsWith(name.split('/')[0]!))).toEqual([]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
