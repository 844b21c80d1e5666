import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { ADMIN, RETAILER, createPeer, createTestContext, DIALECTS, FR, type Peer, type TestContext } from '../../test/helpers.ts';
import { startRedis, type RedisProcess } from '../../test/redis.ts';
import { sampleProduct } from '../../test/fixtures.ts';
import { totpCode } from '../../test/authenticator.ts';
import { pause } from '../../harness/server-process.ts';
import { sql } from 'kysely';
import type { PostgresBus } from './bus.ts';

/** Polls `probe` until it is true, at most `ms`; returns how long it took. */
async function within(ms: number, probe: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < ms) {
    if (await probe()) return Date.now() - started;
    await pause(20);
  }
  throw new Error(`not within ${ms} ms`);
}

const titles = async (app: Peer['app']) => {
  const res = await app.inject({ method: 'GET', url: '/api/products?lang=fr' });
  return (res.json() as Array<{ title: string }>).map((p) => p.title);
};

// Two instances of the site on one database and one Redis, as behind a load balancer.
describe.each(DIALECTS)('two instances sharing Redis on %s', (dialect) => {
  let redis: RedisProcess;
  let t: TestContext;
  let b: Peer;
  const bLog: Array<{ event?: string; msg: string }> = [];
  const env = { LOGIN_MAX_PER_EMAIL: '10', LOGIN_MAX_PER_IP: '30', FORMS_MAX_PER_IP: '5' };

  beforeAll(async () => {
    redis = await startRedis();
    t = await createTestContext(dialect, { ...env, REDIS_URL: redis.url });
    const log = pino({ level: 'info' }, { write: (line: string) => void bLog.push(JSON.parse(line)) });
    b = await createPeer(t, { ...env, REDIS_URL: redis.url }, log);
  });
  afterAll(async () => {
    await b?.close();
    await t?.close();
    await redis?.stop();
  });

  it('1,000 sign-in attempts on one account, spread over both instances and sent 50 at a time, evaluate 10 passwords in all', async () => {
    const apps = [t.app, b.app];
    const statuses = new Map<number, number>();
    const before = t.services.auth.evaluations + b.services.auth.evaluations;
    for (let round = 0; round < 20; round += 1) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          apps[i % 2]!.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email: RETAILER.email, password: `guess-${round}-${i}` },
            remoteAddress: `198.51.100.${i}`,
          }),
        ),
      );
      for (const res of answers) statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
    }
    expect(t.services.auth.evaluations + b.services.auth.evaluations - before).toBe(10);
    expect(statuses.get(401)).toBe(10);
    expect(statuses.get(429)).toBe(990);
    // The shop owner waits for the window on both instances alike; other accounts do not.
    for (const app of apps)
      expect((await app.inject({ method: 'POST', url: '/api/auth/login', payload: RETAILER, remoteAddress: '198.51.100.200' })).statusCode).toBe(429);
    expect((await b.app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN, remoteAddress: '198.51.100.201' })).statusCode).toBe(200);
  });

  it('the second step’s budget is shared: a password on one instance and a guessed code on the other, alternately, are stopped after 5 guesses on both (fails on the main of 2026-11-25)', async () => {
    const email = 'factor@test.example';
    const password = 'factor-pass-2026';
    await t.services.users.create({ email, role: 'retailer', password });
    const token = await t.login(email, password);
    const { secret } = (await t.app.inject({ method: 'POST', url: '/api/account/totp', headers: t.auth(token) })).json();
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/account/totp/confirm',
      headers: t.auth(token),
      payload: { code: totpCode(secret, Date.now()) },
    });
    expect(confirmed.statusCode).toBe(200);
    const guesses: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const [first, second] = i % 2 ? [b.app, t.app] : [t.app, b.app];
      const ip = `198.51.100.${120 + i}`;
      const step = await first.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });
      expect(step.json().mfa_required).toBe(true);
      guesses.push(
        (await second.inject({ method: 'POST', url: '/api/auth/mfa', payload: { mfa_token: step.json().mfa_token, code: `zzzz-${i}yyy` }, remoteAddress: ip }))
          .statusCode,
      );
    }
    expect(guesses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    // A right recovery code is refused too, on either instance.
    for (const app of [t.app, b.app]) {
      const step = (await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: '198.51.100.140' })).json();
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/mfa',
        payload: { mfa_token: step.mfa_token, code: confirmed.json().recoveryCodes[0] },
        remoteAddress: '198.51.100.140',
      });
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('the per-IP limits of sign-in and of the forms count the requests of both instances together', async () => {
    const logins: number[] = [];
    for (let i = 0; i < 34; i += 1) {
      const app = i % 2 ? b.app : t.app;
      logins.push(
        (
          await app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email: `nobody${i}@test.example`, password: 'nope-1234' },
            remoteAddress: '203.0.113.7',
          })
        ).statusCode,
      );
    }
    expect(logins.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(logins.slice(30)).toEqual([429, 429, 429, 429]);

    const forms: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const app = i % 2 ? b.app : t.app;
      const res = await app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { name: 'Ana', email: 'ana@test.example', message: 'Bonjour, une question.', consent: true },
        remoteAddress: '203.0.113.8',
      });
      forms.push(res.statusCode);
    }
    expect(forms).toEqual([202, 202, 202, 202, 202, 429, 429, 429]);
  });

  it('a product saved on one instance is on the other within a second (its cached API read is cleared through Redis)', async () => {
    expect(t.services.platform.bus.kind).toBe('redis');
    const token = await t.login(ADMIN.email, ADMIN.password);
    expect(await titles(b.app)).not.toContain('Robe Sète'); // b now has the list in its cache
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: t.auth(token),
      payload: sampleProduct({
        translations: [
          { locale: 'fr', title: 'Robe Sète', description: 'Lin.', mantra: '' },
          { locale: 'en', title: 'Sète dress', description: 'Linen.', mantra: '' },
        ],
      }),
    });
    expect(created.statusCode).toBe(201);
    const ms = await within(1000, async () => (await titles(b.app)).includes('Robe Sète'));
    expect(ms).toBeLessThan(1000);
  });

  it('Redis gone: sign-in and forms are refused with a sentence (logged once), pages and public reads go on; Redis back: all works again without a restart', async () => {
    bLog.length = 0;
    await redis.stop();
    const refused = [];
    for (let i = 0; i < 3; i += 1) refused.push(await b.app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN, remoteAddress: '192.0.2.1' }));
    for (const res of refused) {
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: FR.limitsUnavailable, code: 'api.limitsUnavailable' });
      expect(res.headers['retry-after']).toBe('5');
    }
    const form = await b.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Ana', email: 'ana@test.example', message: 'Bonjour.', consent: true },
      remoteAddress: '192.0.2.2',
    });
    expect(form.statusCode).toBe(503);
    expect((await b.app.inject({ method: 'GET', url: '/api/products' })).statusCode).toBe(200);
    expect(bLog.filter((l) => l.event === 'redis_down')).toHaveLength(1);
    // Nothing in the log says where Redis lives with its password (none here) or who tried.
    expect(JSON.stringify(bLog)).not.toContain(ADMIN.password);

    await redis.start();
    await within(
      5000,
      async () => (await b.app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN, remoteAddress: '192.0.2.1' })).statusCode === 200,
    );
    expect(bLog.filter((l) => l.event === 'redis_up')).toHaveLength(1);
    // The change channel is back too: a save on one instance clears the other's cache.
    const token = await t.login(ADMIN.email, ADMIN.password);
    await within(5000, async () => t.services.platform.redis!.isUp());
    await titles(b.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: t.auth(token),
      payload: sampleProduct({
        translations: [
          { locale: 'fr', title: 'Robe Uzès', description: 'Lin.', mantra: '' },
          { locale: 'en', title: 'Uzès dress', description: 'Linen.', mantra: '' },
        ],
      }),
    });
    expect(created.statusCode).toBe(201);
    await within(1000, async () => (await titles(b.app)).includes('Robe Uzès'));
  });
});

describe.each(DIALECTS)('read your own writes on %s', (dialect) => {
  it('a signed-in write that went through marks the browser (for its next pages); reads, refusals and anonymous forms do not', async () => {
    const t = await createTestContext(dialect);
    try {
      const token = await t.login(ADMIN.email, ADMIN.password);
      const saved = await t.app.inject({ method: 'POST', url: '/api/admin/products', headers: t.auth(token), payload: sampleProduct() });
      expect(saved.statusCode).toBe(201);
      const cookie = String(saved.headers['set-cookie']);
      expect(cookie).toMatch(/^atelier_edit=\d+; Path=\/; Max-Age=120; SameSite=Lax; HttpOnly$/);
      expect(Math.abs(Number(/=(\d+)/.exec(cookie)![1]) - Date.now())).toBeLessThan(5000);
      const refused = await t.app.inject({ method: 'POST', url: '/api/admin/products', headers: t.auth(token), payload: {} });
      expect(refused.statusCode).toBe(400);
      expect(refused.headers['set-cookie']).toBeUndefined();
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/products', headers: t.auth(token) })).headers['set-cookie']).toBeUndefined();
      const form = await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { name: 'Ana', email: 'ana@test.example', message: 'Bonjour.', consent: true },
      });
      expect(form.statusCode).toBe(202);
      expect(form.headers['set-cookie']).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});

describe('a Redis URL with a password', () => {
  it('never reaches the log, even when every connection fails', async () => {
    const lines: string[] = [];
    const t = await createTestContext('sqlite');
    const port = 1 + (await import('../../harness/server-process.ts').then((m) => m.freePort()));
    const peer = await createPeer(
      t,
      { REDIS_URL: `redis://default:secret-redis-pass@127.0.0.1:${port}/0` },
      pino({ level: 'debug' }, { write: (line: string) => void lines.push(line) }),
    );
    try {
      const res = await peer.app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN });
      expect(res.statusCode).toBe(503);
      expect(lines.some((l) => l.includes('redis_down'))).toBe(true);
      expect(lines.join('\n')).not.toContain('secret-redis-pass');
    } finally {
      await peer.close();
      await t.close();
    }
  });
});

// Without Redis, PostgreSQL carries the change from one instance to the other (LISTEN/NOTIFY).
describe.each(DIALECTS.filter((d) => d === 'postgres'))('two instances without Redis on %s', (dialect) => {
  let t: TestContext;
  let b: Peer;
  beforeAll(async () => {
    t = await createTestContext(dialect);
    b = await createPeer(t);
  });
  afterAll(async () => {
    await b?.close();
    await t?.close();
  });

  it('a product saved on one instance is on the other within a second (NOTIFY), and the channel outlives a lost connection', async () => {
    expect(b.services.platform.bus.kind).toBe('postgres');
    const token = await t.login(ADMIN.email, ADMIN.password);
    const save = async (title: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/products',
        headers: t.auth(token),
        payload: sampleProduct({
          translations: [
            { locale: 'fr', title, description: 'Lin.', mantra: '' },
            { locale: 'en', title, description: 'Linen.', mantra: '' },
          ],
        }),
      });
      expect(res.statusCode).toBe(201);
    };
    await titles(b.app);
    await save('Robe Agde');
    expect(await within(1000, async () => (await titles(b.app)).includes('Robe Agde'))).toBeLessThan(1000);

    // The database ends b's listening connection (as a restart or a failover would).
    const channel = (b.services.platform.bus as PostgresBus).channelName;
    const ended = await sql<{ ok: boolean }>`select pg_terminate_backend(pid) as ok from pg_stat_activity where query = ${`listen ${channel}`}`.execute(
      t.services.database.db,
    );
    expect(ended.rows.length).toBeGreaterThan(0);
    await titles(b.app);
    await pause(1500);
    await save('Robe Pézenas');
    await within(1000, async () => (await titles(b.app)).includes('Robe Pézenas'));
  });
});
