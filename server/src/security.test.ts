import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DIALECTS, RETAILER, createTestContext, type TestContext } from '../test/helpers.ts';

/**
 * Who may call what. Every route Fastify registers must be listed here: a new
 * route without an entry fails the test, so nobody adds an endpoint without
 * deciding its access.
 */
const ACCESS: Record<string, 'public' | 'signed-in' | 'admin'> = {
  'GET /api/health': 'public',
  'GET /api/openapi.json': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/forgot-password': 'public',
  'POST /api/auth/reset-password': 'public',
  'GET /api/auth/me': 'signed-in',
  'PUT /api/auth/password': 'signed-in',
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
};

function concrete(url: string): string {
  return url.replace(/:(\w+)/g, (_m, name: string) => (name === 'slug' ? 'a-slug' : '1')).replace(/\*$/, 'x');
}

describe.each(DIALECTS)('security on %s', (dialect) => {
  let t: TestContext;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestContext(dialect, { LOGIN_MAX_PER_IP: '100000', FORMS_MAX_PER_IP: '100000' });
    admin = t.auth(await t.login(ADMIN.email, ADMIN.password));
  });
  afterAll(async () => t.close());

  const routes = () =>
    t.app.routeTable.filter((r) => !['HEAD', 'OPTIONS'].includes(r.method) && r.url !== '/api/*' && !r.url.startsWith('/uploads'));

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
      // A fresh stockist session each time: a logout in the walk must not end the next checks.
      const shopHeaders = t.auth(await t.login(RETAILER.email, RETAILER.password));
      const shop = await t.app.inject({ method: route.method as 'GET', url, payload, headers: shopHeaders });
      if (access === 'public') {
        expect([401, 403], key).not.toContain(anon.statusCode);
      } else if (access === 'signed-in') {
        expect(anon.statusCode, key).toBe(401);
        expect(shop.statusCode, key).not.toBe(401);
      } else {
        expect(anon.statusCode, key).toBe(401);
        expect(shop.statusCode, key).toBe(403);
        expect([401, 403], key).not.toContain((await t.app.inject({ method: route.method as 'GET', url, payload, headers: admin })).statusCode);
      }
    }
    expect(missing, 'routes without a declared access').toEqual([]);
  });

  it('1,000 responses carry 1,000 distinct CSP nonces, never unsafe-inline for scripts', async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 1000; i += 1) {
      const csp = String((await t.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy']);
      const scriptSrc = csp.split(';').find((d) => d.startsWith('script-src'))!;
      expect(scriptSrc).not.toContain('unsafe-inline');
      nonces.add(/'nonce-([^']+)'/.exec(scriptSrc)![1]!);
    }
    expect(nonces.size).toBe(1000);
  });

  describe('schema-driven fuzzing: any body gets a 4xx {error} (never a 5xx) and writes nothing', () => {
    const junk = fc.oneof(
      fc.anything({ maxDepth: 3, withObjectString: true, withNullPrototype: true }),
      fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'prototype', 'email', 'password', 'translations', 'variants', 'sectionId', 'name', 'message', 'consent'), fc.anything({ maxDepth: 2 })),
      fc.string({ maxLength: 300, unit: 'grapheme' }),
      fc.constant('x'.repeat(200_000)),
    );
    const counts = async () => {
      const db = t.services.database.db;
      const tables = ['users', 'products', 'variants', 'journal_sections', 'journal_posts', 'stockist_applications', 'contact_messages'] as const;
      return Promise.all(tables.map(async (table) => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)));
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
