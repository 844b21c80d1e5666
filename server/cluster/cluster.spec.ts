/**
 * The proof that the site runs as several instances (npm run test:cluster): two processes of the
 * built site on two ports, one PostgreSQL schema, one redis-server and one S3-compatible server
 * (s3rver), all on loopback, each instance with a data directory of its own (nothing local is shared).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSearchPath } from '../src/db/index.ts';
import { freePort, pause, spawnServer, type ServerProcess } from '../harness/server-process.ts';
import { startRedis, type RedisProcess } from '../test/redis.ts';
import { startS3, type S3Process } from '../test/s3.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../test/smtp.ts';
import { startNginx, type NginxProcess } from '../test/nginx.ts';
import { TEST_CA_FILE, startReceiver, type Receiver } from '../test/receiver.ts';
import { Webhook } from 'standardwebhooks';
import { fileForm } from '../test/helpers.ts';
import { sampleProduct } from '../test/fixtures.ts';

const ADMIN = { email: 'owner@cluster.test', password: 'cluster-pass-2026' };
const LIMIT = 10;
// How long nginx may keep an anonymous page, and serve it stale while it fetches the new one (30 in production).
const SHARED = 3;

interface Instance {
  base: string;
  env: Record<string, string>;
  process: ServerProcess;
}

async function call(
  base: string,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string>; raw?: Buffer } = {},
) {
  const res = await fetch(base + url, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: options.raw ?? (options.body !== undefined ? JSON.stringify(options.body) : undefined),
    signal: AbortSignal.timeout(10_000),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  const text = bytes.toString('utf8');
  let json: any = null;
  if ((res.headers.get('content-type') ?? '').includes('json')) json = JSON.parse(text);
  return { status: res.status, json, text, bytes, headers: res.headers };
}

/** Polls until `probe` holds, at most `ms`; returns the time it took. */
async function within(ms: number, probe: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await probe()) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await pause(25);
  }
}

const product = (title: string) =>
  sampleProduct({
    translations: [
      { locale: 'fr', title, description: 'Lin lavé.', mantra: '' },
      { locale: 'en', title, description: 'Washed linen.', mantra: '' },
    ],
  });

describe('two instances on PostgreSQL, Redis and S3', () => {
  const baseUrl = process.env.DATABASE_URL;
  const schema = `cluster_${randomBytes(5).toString('hex')}`;
  let redis: RedisProcess;
  let s3: S3Process;
  let smtp: SmtpCatcher;
  let hooks: Receiver;
  let received: string[] = [];
  const dirs: string[] = [];
  let a: Instance;
  let b: Instance;
  let token: string;
  let database: pg.Client;

  const startInstance = async (shared: Record<string, string>): Promise<Instance> => {
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-cluster-'));
    dirs.push(dataDir);
    const base = `http://127.0.0.1:${port}`;
    const env = { ...shared, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: base };
    const process = spawnServer(base, env);
    await process.ready(60_000);
    return { base, env, process };
  };

  beforeAll(async () => {
    if (!baseUrl) throw new Error('The cluster test runs on PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test).');
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    database = new pg.Client({ connectionString: baseUrl, options: `-c search_path=${schema}` });
    await database.connect();

    redis = await startRedis();
    s3 = await startS3();
    smtp = await startSmtpCatcher();
    received = smtp.received;
    hooks = await startReceiver();

    const shared: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      SEED: 'none',
      DATABASE_URL: withSearchPath(baseUrl, schema),
      REDIS_URL: redis.url,
      ...s3.env,
      SMTP_URL: smtp.url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOGIN_MAX_PER_EMAIL: String(LIMIT),
      LOGIN_MAX_PER_IP: '100000',
      FORMS_MAX_PER_IP: '100000',
      METRICS_TOKEN: 'cluster-metrics-token-0000',
      SHARED_CACHE_SECONDS: String(SHARED),
      // The webhook receiver of the test listens on 127.0.0.1 with the test certificate.
      OUTBOUND_ALLOW_LOOPBACK: 'true',
      OUTBOUND_CA_FILE: TEST_CA_FILE,
    };
    // A first: it migrates the empty schema; B then starts on it.
    a = await startInstance(shared);
    b = await startInstance(shared);
    const login = await call(a.base, 'POST', '/api/auth/login', { body: ADMIN });
    expect(login.status).toBe(200);
    token = login.json.access_token;
  }, 180_000);

  afterAll(async () => {
    await Promise.allSettled([a?.process.kill(), b?.process.kill()]);
    await database?.end().catch(() => {});
    if (baseUrl) {
      const admin = new pg.Client({ connectionString: baseUrl });
      await admin.connect();
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    }
    await redis?.stop();
    await s3?.stop();
    await smtp?.stop();
    await hooks?.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a product saved through A is served by B within a second, in the API and in the pages', async () => {
    // B has both in its caches before the save.
    expect((await call(b.base, 'GET', '/api/products?lang=fr')).status).toBe(200);
    expect((await call(b.base, 'GET', '/collection?lang=fr')).text).not.toContain('Robe Camargue');
    const saved = await call(a.base, 'POST', '/api/admin/products', { token, body: product('Robe Camargue') });
    expect(saved.status).toBe(201);
    const api = await within(1000, async () =>
      (await call(b.base, 'GET', '/api/products?lang=fr')).json.some((p: { title: string }) => p.title === 'Robe Camargue'),
    );
    const html = await within(1000, async () => (await call(b.base, 'GET', '/collection?lang=fr')).text.includes('Robe Camargue'));
    expect(api).toBeLessThan(1000);
    expect(html).toBeLessThan(1000);
    // The product's own page, on B, in English, the first time it is asked.
    const page = await call(b.base, 'GET', `/collection/${saved.json.id}?lang=en`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Robe Camargue');
  });

  it('each webhook event is delivered exactly once, though both instances send from the one outbox', async () => {
    const endpoint = await call(a.base, 'POST', '/api/admin/webhooks', { token, body: { url: hooks.url, events: ['stock.changed'] } });
    expect(endpoint.status, endpoint.text).toBe(201);
    const made = await call(a.base, 'POST', '/api/admin/products', { token, body: product('Robe Sansouïre') });
    const variantId = made.json.variants[0].id as number;
    // Twenty changes, half through each instance, each with its own event.
    const N = 20;
    for (let i = 0; i < N; i += 1) {
      const res = await call(i % 2 ? a.base : b.base, 'PUT', '/api/admin/stock', { token, body: { items: [{ variantId, size: 'M', onHand: i + 1 }] } });
      expect(res.status, res.text).toBe(200);
    }
    await within(15_000, async () => hooks.received.length >= N);
    // Both workers ran the while: a second copy would have come within their next runs.
    await pause(4500);
    expect(hooks.received).toHaveLength(N);
    const ids = hooks.received.map((r) => r.headers['webhook-id']);
    expect(new Set(ids).size).toBe(N);
    const counts = hooks.received.map(
      (r) =>
        (
          new Webhook(endpoint.json.secret).verify(r.body, r.headers) as { data: { rows: Array<{ cells: Array<{ size: string; onHand: number }> }> } }
        ).data.rows[0]!.cells.find((c) => c.size === 'M')!.onHand,
    );
    expect(new Set(counts)).toEqual(new Set(Array.from({ length: N }, (_, i) => i + 1)));
    const { rows } = await database.query<{ status: string; attempts: number }>('select status, attempts from webhook_deliveries');
    expect(rows.every((r) => r.status === 'delivered' && r.attempts === 1)).toBe(true);
  });

  it('an image uploaded through A is served by B (from the bucket)', async () => {
    const jpeg = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#9a4a2c' } })
      .jpeg()
      .toBuffer();
    const form = fileForm(jpeg);
    const up = await call(a.base, 'POST', '/api/admin/uploads', { token, headers: form.headers, raw: form.payload });
    expect(up.status).toBe(201);
    const fromA = await call(a.base, 'GET', up.json.url);
    const fromB = await call(b.base, 'GET', up.json.url);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toBe('image/webp');
    expect(fromB.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(fromB.bytes.equals(fromA.bytes)).toBe(true);
    // Nothing on either instance's disk.
    const local = (instance: Instance) =>
      fs.existsSync(path.join(instance.env.DATA_DIR!, 'uploads')) ? fs.readdirSync(path.join(instance.env.DATA_DIR!, 'uploads')) : [];
    expect([...local(a), ...local(b)]).toEqual([]);
  });

  describe('through nginx, configured as the operator’s guide says (proxy_cache)', () => {
    let nginx: NginxProcess;
    const cache = (res: { headers: Headers }) => res.headers.get('x-cache-status');
    beforeAll(async () => {
      nginx = await startNginx([a.base, b.base]);
    });
    afterAll(async () => {
      await nginx?.stop();
    });

    it(`anonymous pages come from the cache, and an owner's edit shows through it within ${2 * SHARED} s (twice SHARED_CACHE_SECONDS)`, async () => {
      const first = await call(nginx.base, 'GET', '/collection?lang=fr');
      expect(first.status).toBe(200);
      expect(first.headers.get('cache-control')).toBe(`public, max-age=0, s-maxage=${SHARED}, stale-while-revalidate=${SHARED}`);
      const again = await call(nginx.base, 'GET', '/collection?lang=fr');
      expect(cache(again)).toBe('HIT');
      expect(again.text).toBe(first.text);
      expect(again.text).not.toContain('Robe Gardian');
      // The owner saves through nginx (her token: straight to an instance).
      const saved = await call(nginx.base, 'POST', '/api/admin/products', { token, body: product('Robe Gardian') });
      expect(saved.status).toBe(201);
      const shown = await within(2 * SHARED * 1000 + 1000, async () => (await call(nginx.base, 'GET', '/collection?lang=fr')).text.includes('Robe Gardian'));
      expect(shown).toBeLessThanOrEqual(2 * SHARED * 1000 + 1000);
    });

    it('a request with a token or the edit cookie never gets or leaves an entry; an anonymous one never gets a personal answer', async () => {
      const stamp = Date.now();
      // A bearer token on a new address: answered privately, and nothing kept for the next visitor.
      const url = `/story?lang=fr&utm_source=cluster-${stamp}`;
      const signedIn = await call(nginx.base, 'GET', url, { token });
      expect(cache(signedIn)).toBe('BYPASS');
      expect(signedIn.headers.get('cache-control')).toBe('private, no-cache');
      expect(cache(await call(nginx.base, 'GET', url))).toBe('MISS');
      expect(cache(await call(nginx.base, 'GET', url))).toBe('HIT');
      // Once kept, still not handed to a request that carries a token or the edit cookie.
      expect(cache(await call(nginx.base, 'GET', url, { token }))).toBe('BYPASS');
      const edited = { cookie: `lang=fr; atelier_edit=${Date.now()}` };
      expect(cache(await call(nginx.base, 'GET', url, { headers: edited }))).toBe('BYPASS');
      const other = `/story?lang=fr&utm_source=edit-${stamp}`;
      expect((await call(nginx.base, 'GET', other, { headers: edited })).headers.get('cache-control')).toBe('private, no-cache');
      expect(cache(await call(nginx.base, 'GET', other))).toBe('MISS');

      // The trade catalogue (references, prices) asked with a token first: the anonymous answer never carries it.
      const trade = await call(nginx.base, 'GET', `/api/products?lang=en&utm_source=trade-${stamp}`, { token });
      expect(trade.headers.get('cache-control')).toBe('private, no-store');
      expect(trade.text).toContain('"reference"');
      for (let i = 0; i < 2; i += 1) {
        const anonymous = await call(nginx.base, 'GET', `/api/products?lang=en&utm_source=trade-${stamp}`);
        expect(anonymous.status).toBe(200);
        expect(anonymous.text).not.toContain('"reference"');
        expect(cache(anonymous)).toBe(i === 0 ? 'MISS' : 'HIT');
      }
      // Signed-in screens are never kept, even asked anonymously.
      for (let i = 0; i < 2; i += 1) expect(cache(await call(nginx.base, 'GET', '/account/orders?lang=fr'))).toBe('MISS');
    });
  });

  it(`1,000 sign-in attempts on one account, spread over both instances, evaluate at most ${LIMIT} passwords`, async () => {
    const statuses = new Map<number, number>();
    for (let round = 0; round < 20; round += 1) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          call(i % 2 ? b.base : a.base, 'POST', '/api/auth/login', { body: { email: 'target@cluster.test', password: `guess-${round}-${i}` } }),
        ),
      );
      for (const res of answers) statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }
    // An evaluated guess answers 401, a refused one 429: nothing else.
    expect(statuses.get(401)).toBe(LIMIT);
    expect(statuses.get(429)).toBe(1000 - LIMIT);
  });

  it('each outbox mail is sent once while both instances run their workers', async () => {
    const before = received.length;
    const sends = Array.from({ length: 30 }, (_, i) =>
      call(i % 2 ? b.base : a.base, 'POST', '/api/retailers/contact', {
        body: { name: `Boutique ${i}`, email: `shop-${i}@cluster.test`, message: 'Bonjour', consent: true },
      }),
    );
    for (const res of await Promise.all(sends)) expect(res.status).toBe(202);
    await within(30_000, async () => {
      const pending = await database.query(`select count(*)::int as n from mail_outbox where status <> 'sent'`);
      return pending.rows[0].n === 0;
    });
    const rows = await database.query(`select count(*)::int as n from mail_outbox`);
    const ids = received.slice(before).map((mail) => /^Message-ID: (.+)$/im.exec(mail)?.[1]?.trim());
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(received.length).toBe(rows.rows[0].n);
    expect(ids.length).toBeGreaterThanOrEqual(30);
  });

  it('Redis stopped: sign-in is refused with a sentence, pages keep serving; Redis back: the site recovers without a restart', async () => {
    await redis.stop();
    const refused = await call(b.base, 'POST', '/api/auth/login', { body: ADMIN });
    expect(refused.status).toBe(503);
    expect(typeof refused.json.error).toBe('string');
    for (const instance of [a, b]) {
      expect((await call(instance.base, 'GET', '/?lang=fr')).status).toBe(200);
      expect((await call(instance.base, 'GET', '/api/products')).status).toBe(200);
    }
    await redis.start();
    for (const instance of [a, b]) await within(10_000, async () => (await call(instance.base, 'POST', '/api/auth/login', { body: ADMIN })).status === 200);
    // Changes travel again.
    await call(b.base, 'GET', '/api/products?lang=fr');
    expect((await call(a.base, 'POST', '/api/admin/products', { token, body: product('Robe Aigues-Mortes') })).status).toBe(201);
    await within(1000, async () => (await call(b.base, 'GET', '/api/products?lang=fr')).json.some((p: { title: string }) => p.title === 'Robe Aigues-Mortes'));
  });

  it('A killed with SIGKILL during writes loses nothing it acknowledged, and B keeps serving', async () => {
    const acknowledged: number[] = [];
    let writing = true;
    const writer = (async () => {
      for (let n = 0; writing; n += 1) {
        try {
          const res = await call(a.base, 'POST', '/api/admin/products', { token, body: product(`Robe ${n}`) });
          if (res.status === 201) acknowledged.push(res.json.id);
        } catch {
          return; // the connection died with A
        }
      }
    })();
    const served: number[] = [];
    const reader = (async () => {
      while (writing) {
        served.push((await call(b.base, 'GET', '/collection?lang=fr')).status);
        await pause(20);
      }
    })();
    await within(20_000, async () => acknowledged.length >= 5);
    await a.process.kill();
    await pause(300);
    writing = false;
    await Promise.all([writer, reader]);
    expect(served.every((status) => status === 200)).toBe(true);
    expect(acknowledged.length).toBeGreaterThanOrEqual(5);
    // B answers for all of them (the owner's list is never cached).
    const list = await call(b.base, 'GET', '/api/admin/products', { token });
    expect(list.status).toBe(200);
    const ids = new Set((list.json.data ?? list.json).map((p: { id: number }) => p.id));
    expect(acknowledged.filter((id) => !ids.has(id))).toEqual([]);
    // The metrics of the survivor still count, behind their token.
    const metrics = await call(b.base, 'GET', '/metrics', { headers: { authorization: 'Bearer cluster-metrics-token-0000' } });
    expect(metrics.text).toMatch(/^http_requests_total\{.*route="\/\*".*\} \d+/m);
  });
});
