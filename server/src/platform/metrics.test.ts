import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestContext, DIALECTS, FR, type TestContext } from '../../test/helpers.ts';

const TOKEN = 'metrics-token-0123456789abcdef';

/** The value of one sample line (`name{labels} value`), or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[3]);
  }
  return undefined;
}

describe.each(DIALECTS)('GET /metrics on %s', (dialect) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(dialect, { METRICS_TOKEN: TOKEN, LOGIN_MAX_PER_EMAIL: '2' });
  });
  afterAll(async () => t.close());

  const scrape = (authorization?: string) => t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  it('answers only the request that carries the token', async () => {
    for (const header of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, TOKEN, `Basic ${TOKEN}`]) {
      const res = await scrape(header);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: FR.unauthenticated, code: 'api.unauthenticated' });
    }
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('counts requests by route and status, rate-limit denials and the outbox, with the process figures, and never a secret', async () => {
    for (let i = 0; i < 2; i += 1) await t.app.inject({ method: 'GET', url: '/api/products?lang=en&utm_source=x' });
    await t.app.inject({ method: 'GET', url: '/api/products/424242' });
    for (let i = 0; i < 3; i += 1)
      await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: ADMIN.email, password: `secret-guess-${i}` } });
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/retailers/contact',
      payload: { name: 'Boutique Lune', email: 'lune@test.example', message: 'Bonjour', consent: true },
    });
    expect(applied.statusCode).toBe(202);
    const pending = await t.services.database.db.selectFrom('mail_outbox').select('id').where('status', '=', 'pending').execute();

    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(sample(text, 'http_requests_total', { method: 'GET', route: '/api/products', status: '200' })).toBe(2);
    expect(sample(text, 'http_requests_total', { method: 'GET', route: '/api/products/:id', status: '404' })).toBe(1);
    expect(sample(text, 'http_requests_total', { method: 'POST', route: '/api/auth/login', status: '401' })).toBe(2);
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/products', status: '200' })).toBe(2);
    expect(sample(text, 'rate_limit_denials_total', { route: '/api/auth/login' })).toBe(1);
    expect(sample(text, 'mail_outbox_messages', { status: 'pending' })).toBe(pending.length);
    expect(sample(text, 'mail_outbox_messages', { status: 'failed' })).toBe(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    // Route patterns only: no query, e-mail, password or token in any label.
    for (const secret of [TOKEN, 'utm_source', 'secret-guess', ADMIN.email, 'lune@test.example', '424242']) expect(text).not.toContain(secret);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext('sqlite');
  });
  afterAll(async () => t.close());

  it('does not exist', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer anything-at-all-0000' } });
    expect(res.statusCode).toBe(404);
  });
});
