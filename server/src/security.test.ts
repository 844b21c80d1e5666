import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DIALECTS, RETAILER, createTestContext, type TestContext } from '../test/helpers.ts';
import { API_ERRORS } from '@atelier/contract';
import { ACCESS_ROLES, type Access } from './lib/access.ts';

/**
 * Who may call what: each route declares its rule (`config.access`, lib/access.ts) and the server puts
 * the rule's guard in front of it; these tests walk the declared rules and check what the server does
 * for every role. The routes anyone may call are also listed here, so that a route declared public by
 * mistake fails a test (a rule that opens too much is the one that costs).
 */
const PUBLIC = new Set([
  'GET /api/health',
  // Its own token (METRICS_TOKEN), checked in platform/metrics.test.ts; not registered without it.
  'GET /metrics',
  'GET /api/openapi.json',
  'POST /api/auth/login',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'POST /api/auth/mfa',
  'POST /api/auth/passkey/options',
  'POST /api/auth/passkey/verify',
  'GET /api/stockists',
  'GET /api/products',
  'GET /api/products/:id',
  'GET /api/products/:id/similar',
  'GET /api/blog',
  'GET /api/blog/posts/:slug',
  'POST /api/retailers/contact',
  'POST /api/contact',
  'GET /robots.txt',
  'GET /sitemap.xml',
  // The site's pages (server-rendered for an anonymous visitor; signed-in screens fetch in the browser).
  'GET /*',
]);

/** What each part of the API must at least ask, whatever a route declares. */
const FLOOR: Array<[RegExp, Access]> = [
  [/^\/api\/admin\//, 'admin'],
  [/^\/api\/showroom\//, 'showroom'],
  [/^\/api\/(orders|invoices)(\/|$)/, 'retailer'],
];

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
    r.method === 'GET' && !r.url.startsWith('/api/') && /^\/[^*:]+\.[a-z0-9]+$/i.test(r.url) && !PUBLIC.has(`GET ${r.url}`);
  const routes = () =>
    t.app.routeTable.filter((r) => !['HEAD', 'OPTIONS'].includes(r.method) && r.url !== '/api/*' && !r.url.startsWith('/uploads') && !builtFile(r));

  it('every route declares who may call it, no more than its part of the API allows, and the server enforces it for each role', async () => {
    const wrong: string[] = [];
    // Signing out ends the walk's sessions: those routes come last, each with sessions of its own.
    const endsSessions = (url: string) => /\/auth\/logout$|\/account\/sessions/.test(url);
    const signIn = async () => ({
      retailer: t.auth(await t.login(RETAILER.email, RETAILER.password)),
      agent: t.auth(await t.login(AGENT.email, AGENT.password)),
      admin: t.auth(await t.login(ADMIN.email, ADMIN.password)),
    });
    let sessions = await signIn();
    const walk = [...routes().filter((r) => !endsSessions(r.url)), ...routes().filter((r) => endsSessions(r.url))];
    for (const route of walk) {
      const key = `${route.method} ${route.url}`;
      const access = route.access;
      if (!access) {
        wrong.push(`${key}: no access declared`);
        continue;
      }
      if ((access === 'public') !== PUBLIC.has(key)) wrong.push(`${key}: declared ${access}, ${PUBLIC.has(key) ? 'listed' : 'not listed'} as public`);
      for (const [pattern, floor] of FLOOR) if (pattern.test(route.url) && access !== floor) wrong.push(`${key}: declared ${access}, its part asks ${floor}`);
      const url = concrete(route.url);
      const payload = ['GET', 'DELETE'].includes(route.method) ? undefined : {};
      const answer = async (headers: Record<string, string>) => t.app.inject({ method: route.method as 'GET', url, payload, headers });
      const as = async (headers: Record<string, string>) => (await answer(headers)).statusCode;
      const anon = await as({});
      if (access === 'public') {
        if ([401, 403].includes(anon)) wrong.push(`${key}: public, anonymous got ${anon}`);
        continue;
      }
      if (anon !== 401) wrong.push(`${key}: anonymous got ${anon}`);
      if (endsSessions(route.url)) sessions = await signIn();
      for (const role of ['retailer', 'agent', 'admin'] as const) {
        const res = await answer(sessions[role]);
        const allowed = ACCESS_ROLES[access].includes(role);
        // Past the guard, a route may still refuse with its own sentence (an owner has no shop listing).
        const guardRefused = res.statusCode === 401 || (res.statusCode === 403 && res.json().code === API_ERRORS.forbidden);
        if (allowed ? guardRefused : res.statusCode !== 403) wrong.push(`${key}: ${access}, ${role} got ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
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
    // A route may end its caller's session (sign-out, a password change): each role's token is checked
    // before each route (a cheap call) and a refused one is signed in again. Signing in afresh for every
    // route cost an scrypt hash each, most of this test's 40 s.
    const sessions = new Map<string, Record<string, string>>();
    const session = async (email: string, password: string): Promise<Record<string, string>> => {
      const kept = sessions.get(email);
      if (kept && (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: kept })).statusCode === 200) return kept;
      const fresh = t.auth(await t.login(email, password));
      sessions.set(email, fresh);
      return fresh;
    };
    for (const route of routes()) {
      const key = `${route.method} ${route.url}`;
      const access = route.access;
      if (access === undefined || access === 'public') continue;
      const url = concrete(route.url);
      const methods = route.method === 'GET' ? ['GET', 'HEAD'] : [route.method];
      const shop = await session(RETAILER.email, RETAILER.password);
      const agent = await session(AGENT.email, AGENT.password);
      const roles = ACCESS_ROLES[access];
      const refused: Array<[string, Record<string, string>]> = [
        ...invalid,
        ...(roles.includes('retailer') ? [] : [['retailer', shop] as [string, Record<string, string>]]),
        ...(roles.includes('agent') ? [] : [['agent', agent] as [string, Record<string, string>]]),
      ];
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
      const allowed = roles.includes('retailer') ? shop : roles.includes('agent') ? agent : await session(ADMIN.email, ADMIN.password);
      const payload = ['GET', 'DELETE'].includes(route.method) ? undefined : {};
      const ok = await t.app.inject({ method: route.method as 'GET', url, headers: allowed, payload });
      if ([401, 403].includes(ok.statusCode) || ok.statusCode >= 500) failures.push(`allowed role: ${key} → ${ok.statusCode}`);
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(1000);
  }, 180_000);

  it('the API document says the security each operation needs, as the server enforces it (public: none; else the bearer token)', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    const wrong: string[] = [];
    for (const route of routes()) {
      const key = `${route.method} ${route.url}`;
      const access = route.access;
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
