import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DIALECTS, RETAILER, createTestContext, type TestContext } from '../test/helpers.ts';

/**
 * Who may call what. Every route Fastify registers must be listed here: a new
 * route without an entry fails the test, so nobody adds an endpoint without
 * deciding its access.
 */
const ACCESS: Record<string, 'public' | 'signed-in' | 'admin' | 'showroom'> = {
  'GET /api/health': 'public',
  // Its own token (METRICS_TOKEN), checked in platform/metrics.test.ts; not registered without it.
  'GET /metrics': 'public',
  'GET /api/openapi.json': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/forgot-password': 'public',
  'POST /api/auth/reset-password': 'public',
  'GET /api/auth/me': 'signed-in',
  'PUT /api/auth/password': 'signed-in',
  'POST /api/auth/mfa': 'public',
  'POST /api/auth/passkey/options': 'public',
  'POST /api/auth/passkey/verify': 'public',
  'POST /api/auth/reauth': 'signed-in',
  'GET /api/account/security': 'signed-in',
  'POST /api/account/passkeys/options': 'signed-in',
  'POST /api/account/passkeys': 'signed-in',
  'PATCH /api/account/passkeys/:id': 'signed-in',
  'DELETE /api/account/passkeys/:id': 'signed-in',
  'POST /api/account/totp': 'signed-in',
  'POST /api/account/totp/confirm': 'signed-in',
  'DELETE /api/account/totp': 'signed-in',
  'POST /api/account/recovery-codes': 'signed-in',
  'DELETE /api/account/sessions/:id': 'signed-in',
  'DELETE /api/account/sessions': 'signed-in',
  'GET /api/wholesale/terms': 'signed-in',
  'GET /api/wholesale/linesheet.pdf': 'signed-in',
  // Orders: signed-in retailers (an admin's 403 is checked in orders.test.ts).
  'GET /api/orders/draft': 'signed-in',
  'PUT /api/orders/draft': 'signed-in',
  'POST /api/orders/draft/submit': 'signed-in',
  'GET /api/orders': 'signed-in',
  'GET /api/orders/:id': 'signed-in',
  'POST /api/orders/:id/cancel': 'signed-in',
  'POST /api/orders/:id/reorder': 'signed-in',
  'GET /api/account/company': 'signed-in',
  // Invoices: signed-in retailers, each their own (another's 404 and an admin's 403: invoices.test.ts).
  'GET /api/invoices': 'signed-in',
  'GET /api/invoices/:id': 'signed-in',
  'GET /api/invoices/:id.pdf': 'signed-in',
  'GET /api/wholesale/seasons': 'signed-in',
  'GET /api/wholesale/availability/:id': 'signed-in',
  'PUT /api/account/company': 'signed-in',
  'GET /api/account/listing': 'signed-in',
  'PUT /api/account/listing': 'signed-in',
  'POST /api/account/listing/logo': 'signed-in',
  'GET /api/stockists': 'public',
  // The showroom (issue 34): the owner and her agents; a stockist 403.
  'GET /api/showroom/snapshot': 'showroom',
  'POST /api/showroom/orders': 'showroom',
  'GET /api/showroom/orders/:key': 'showroom',
  'POST /api/auth/logout': 'signed-in',
  'GET /api/products': 'public',
  'GET /api/products/:id': 'public',
  'GET /api/products/:id/similar': 'public',
  'GET /api/blog': 'public',
  'GET /api/blog/posts/:slug': 'public',
  'POST /api/retailers/contact': 'public',
  'POST /api/contact': 'public',
  'GET /robots.txt': 'public',
  'GET /sitemap.xml': 'public',
  // The site's pages (server-rendered for an anonymous visitor; signed-in screens fetch in the browser).
  'GET /*': 'public',
};

function concrete(url: string): string {
  return url.replace(/:(\w+)/g, (_m, name: string) => (name === 'slug' ? 'a-slug' : '1')).replace(/\*$/, 'x');
}

const AGENT = { email: 'agent@test.example', password: 'agent-pass-2026' };

describe.each(DIALECTS)('security on %s', (dialect) => {
  let t: TestContext;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestContext(dialect, { LOGIN_MAX_PER_IP: '100000', FORMS_MAX_PER_IP: '100000' }, { web: 'production' });
    admin = t.auth(await t.login(ADMIN.email, ADMIN.password));
    // A sales agent (issue 34): trade reads, never the back-office.
    await t.services.users.create({ email: AGENT.email, role: 'agent', password: AGENT.password });
  });
  afterAll(async () => t.close());

  // The built site's files (scripts, styles, fonts, icons: GET only, the same for everyone) are not walked.
  const builtFile = (r: { method: string; url: string }) =>
    r.method === 'GET' && !r.url.startsWith('/api/') && /^\/[^*:]+\.[a-z0-9]+$/i.test(r.url) && !(`GET ${r.url}` in ACCESS);
  const routes = () =>
    t.app.routeTable.filter((r) => !['HEAD', 'OPTIONS'].includes(r.method) && r.url !== '/api/*' && !r.url.startsWith('/uploads') && !builtFile(r));

  it('every registered route has a declared access, and the server enforces it', async () => {
    const missing: string[] = [];
    for (const route of routes()) {
      const key = `${route.method} ${route.url}`;
      const access = route.url.startsWith('/api/admin') ? 'admin' : ACCESS[key];
      if (!access) {
        missing.push(key);
        continue;
      }
      const url = concrete(route.url);
      const payload = ['GET', 'DELETE'].includes(route.method) ? undefined : {};
      const anon = await t.app.inject({ method: route.method as 'GET', url, payload });
      // A fresh retailer session each time: a logout in the walk must not end the next checks.
      const shopHeaders = t.auth(await t.login(RETAILER.email, RETAILER.password));
      const shop = await t.app.inject({ method: route.method as 'GET', url, payload, headers: shopHeaders });
      if (access === 'public') {
        expect([401, 403], key).not.toContain(anon.statusCode);
      } else if (access === 'signed-in') {
        expect(anon.statusCode, key).toBe(401);
        expect(shop.statusCode, key).not.toBe(401);
      } else if (access === 'showroom') {
        expect(anon.statusCode, key).toBe(401);
        expect(shop.statusCode, key).toBe(403);
        const agent = await t.app.inject({ method: route.method as 'GET', url, payload, headers: t.auth(await t.login(AGENT.email, AGENT.password)) });
        expect([401, 403], `agent: ${key}`).not.toContain(agent.statusCode);
      } else {
        expect(anon.statusCode, key).toBe(401);
        expect(shop.statusCode, key).toBe(403);
        const agent = await t.app.inject({ method: route.method as 'GET', url, payload, headers: t.auth(await t.login(AGENT.email, AGENT.password)) });
        expect(agent.statusCode, `agent: ${key}`).toBe(403);
        expect([401, 403], key).not.toContain((await t.app.inject({ method: route.method as 'GET', url, payload, headers: admin })).statusCode);
      }
    }
    expect(missing, 'routes without a declared access').toEqual([]);
  });

  it('the matrix: every route × {anonymous, malformed, expired, revoked token, retailer, agent, admin} × path variants; no 2xx where the role must not pass', async () => {
    // Admin tokens that are no longer valid must open nothing.
    const expiredAdmin = 'expired-admin@test.example';
    const revokedAdmin = 'revoked-admin@test.example';
    for (const email of [expiredAdmin, revokedAdmin]) await t.services.users.create({ email, role: 'admin', password: 'pass-2026-pass' });
    const expired = await t.login(expiredAdmin, 'pass-2026-pass');
    const expiredUser = await t.services.database.db.selectFrom('users').select('id').where('email', '=', expiredAdmin).executeTakeFirstOrThrow();
    await t.services.database.db
      .updateTable('auth_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', expiredUser.id)
      .execute();
    const revoked = await t.login(revokedAdmin, 'pass-2026-pass');
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: t.auth(revoked) })).statusCode).toBeLessThan(300);

    const invalid: Array<[string, Record<string, string>]> = [
      ['anonymous', {}],
      ['malformed token', { authorization: 'Bearer not-a-real-token' }],
      ['oversized token', { authorization: `Bearer ${'A'.repeat(5000)}` }],
      ['wrong scheme', { authorization: `Basic ${Buffer.from(`${ADMIN.email}:${ADMIN.password}`).toString('base64')}` }],
      ['expired admin token', t.auth(expired)],
      ['revoked admin token', t.auth(revoked)],
    ];
    const variants = (url: string): string[] => [
      url,
      `${url}/`,
      url.replace('/api/', '/api//'),
      url.replace(/\/([a-z])/, (_m, c: string) => `/%${c.charCodeAt(0).toString(16)}`),
      url.toUpperCase(),
      `${url}?lang=en&role=admin`,
      `${url}%2f..%2f`,
    ];
    const failures: string[] = [];
    let checked = 0;
    for (const route of routes()) {
      const key = `${route.method} ${route.url}`;
      const access = route.url.startsWith('/api/admin') ? 'admin' : ACCESS[key];
      if (access === undefined || access === 'public') continue;
      const url = concrete(route.url);
      const methods = route.method === 'GET' ? ['GET', 'HEAD'] : [route.method];
      const shop = t.auth(await t.login(RETAILER.email, RETAILER.password));
      const agent = t.auth(await t.login(AGENT.email, AGENT.password));
      const refused: Array<[string, Record<string, string>]> =
        access === 'admin' ? [...invalid, ['retailer', shop], ['agent', agent]] : access === 'showroom' ? [...invalid, ['retailer', shop]] : invalid;
      for (const [who, headers] of refused) {
        for (const method of [...methods, 'OPTIONS']) {
          for (const variant of variants(url)) {
            const payload = ['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(method) ? undefined : {};
            const res = await t.app.inject({ method: method as 'GET', url: variant, headers, payload });
            checked += 1;
            if (res.statusCode < 300 || res.statusCode >= 500) failures.push(`${who}: ${method} ${variant} → ${res.statusCode}`);
          }
        }
      }
      // The exact route, as the right role: it passes the guard.
      const allowed = access === 'admin' ? t.auth(await t.login(ADMIN.email, ADMIN.password)) : access === 'showroom' ? agent : shop;
      const payload = ['GET', 'DELETE'].includes(route.method) ? undefined : {};
      const ok = await t.app.inject({ method: route.method as 'GET', url, headers: allowed, payload });
      if ([401, 403].includes(ok.statusCode) || ok.statusCode >= 500) failures.push(`allowed role: ${key} → ${ok.statusCode}`);
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(1000);
  }, 60_000);

  it('the API document says the security each operation needs, as the server enforces it (public: none; else the bearer token)', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    const wrong: string[] = [];
    for (const route of routes()) {
      const key = `${route.method} ${route.url}`;
      const access = route.url.startsWith('/api/admin') ? 'admin' : ACCESS[key];
      const operation = document.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
      if (!operation) continue; // hidden from the document (pages, robots.txt, the document itself)
      const declared = operation.security?.length ? 'token' : 'none';
      if (declared !== (access === 'public' ? 'none' : 'token')) wrong.push(`${key}: ${access}, documented ${declared}`);
    }
    expect(wrong).toEqual([]);
  });

  it('path and query parameters: junk in any of them gets a 4xx {error} or a normal answer, never a 5xx', async () => {
    const segment = fc.oneof(
      fc.string({ maxLength: 40, unit: 'grapheme' }),
      fc.constantFrom('0', '-1', '1.5', '99999999999', '1e3', '__proto__', 'constructor', '..', '%00', "1' or '1'='1", '<script>'),
      fc.integer().map(String),
    );
    const query = fc.dictionary(
      fc.oneof(fc.constantFrom('lang', 'status', '__proto__', 'constructor'), fc.string({ maxLength: 10 })),
      fc.string({ maxLength: 30 }),
      { maxKeys: 4 },
    );
    const reads = routes().filter((r) => r.method === 'GET');
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...reads), segment, query, async (route, junk, params) => {
        const path = route.url.replace(/:(\w+)/g, () => encodeURIComponent(junk)).replace(/\*$/, encodeURIComponent(junk));
        const search = new URLSearchParams(params as Record<string, string>).toString();
        const res = await t.app.inject({ method: 'GET', url: `${path}${search ? `?${search}` : ''}`, headers: admin });
        if (res.statusCode >= 500) failures.push(`${path}?${search} → ${res.statusCode}`);
        else if (res.statusCode >= 400 && res.headers['content-type']?.toString().includes('json') && typeof res.json().error !== 'string')
          failures.push(`${path} → no {error}`);
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 100) * 3 },
    );
    expect(failures).toEqual([]);
  });

  describe('schema-driven fuzzing: any body gets a 4xx {error} (never a 5xx) and writes nothing', () => {
    const junk = fc.oneof(
      fc.anything({ maxDepth: 3, withObjectString: true, withNullPrototype: true }),
      fc.dictionary(
        fc.constantFrom('__proto__', 'constructor', 'prototype', 'email', 'password', 'translations', 'variants', 'sectionId', 'name', 'message', 'consent'),
        fc.anything({ maxDepth: 2 }),
      ),
      fc.string({ maxLength: 300, unit: 'grapheme' }),
      fc.constant('x'.repeat(200_000)),
    );
    const counts = async () => {
      const db = t.services.database.db;
      const tables = ['users', 'products', 'variants', 'journal_sections', 'journal_posts', 'retailer_applications', 'contact_messages'] as const;
      return Promise.all(
        tables.map(async (table) =>
          Number(
            (
              await db
                .selectFrom(table)
                .select((eb) => eb.fn.countAll<number>().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          ),
        ),
      );
    };
    const targets: Array<[string, string, Record<string, string> | 'admin']> = [
      ['POST', '/api/auth/login', {}],
      ['POST', '/api/auth/forgot-password', {}],
      ['POST', '/api/auth/reset-password', {}],
      ['POST', '/api/contact', {}],
      ['POST', '/api/retailers/contact', {}],
      ['POST', '/api/admin/products', 'admin'],
      ['PUT', '/api/admin/products/1', 'admin'],
      ['POST', '/api/admin/blog', 'admin'],
      ['POST', '/api/admin/blog/sections', 'admin'],
      ['PUT', '/api/admin/blog/sections/1', 'admin'],
    ];
    for (const [method, url, who] of targets) {
      it(`${method} ${url}`, async () => {
        const before = await counts();
        await fc.assert(
          fc.asyncProperty(junk, async (body) => {
            const headers = { ...(who === 'admin' ? admin : who), 'content-type': 'application/json' };
            let payload: string;
            try {
              payload = JSON.stringify(body) ?? 'null';
            } catch {
              payload = '{}';
            }
            const res = await t.app.inject({ method: method as 'POST', url, headers, payload });
            expect(res.statusCode, payload.slice(0, 200)).toBeLessThan(500);
            if (res.statusCode >= 400) expect(typeof res.json().error).toBe('string');
            // A rejected body writes nothing; an accepted one is impossible from junk (except the
            // honeypot-looking or generic answers, which write nothing either).
            expect(res.statusCode === 201, payload.slice(0, 200)).toBe(false);
          }),
          { numRuns: Number(process.env.FUZZ_RUNS ?? 100) },
        );
        expect(await counts()).toEqual(before);
      });
    }
  });
});
