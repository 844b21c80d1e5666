import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ADMIN, DIALECTS, FR, RETAILER, createTestContext, type TestContext } from '../test/helpers.ts';
import { redactUrl } from './app.ts';

describe.each(DIALECTS)('platform on %s', (dialect) => {
  let t: TestContext;
  let adminToken: string;
  let retailerToken: string;
  let revokedToken: string;
  let expiredToken: string;

  beforeAll(async () => {
    t = await createTestContext(dialect, {}, { web: 'production' });
    adminToken = await t.login(ADMIN.email, ADMIN.password);
    retailerToken = await t.login(RETAILER.email, RETAILER.password);
    revokedToken = await t.login(ADMIN.email, ADMIN.password);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: t.auth(revokedToken) });
    expiredToken = await t.login(ADMIN.email, ADMIN.password);
    const { sha256 } = await import('./lib/crypto.ts');
    await t.services.database.db
      .updateTable('auth_tokens')
      .set({ expires_at: new Date(Date.now() - 60_000).toISOString() })
      .where('token_hash', '=', sha256(expiredToken))
      .execute();
  });
  afterAll(async () => t.close());

  it('guards every registered /api/admin route: 401 without a valid token, 403 for a retailer, never 2xx', async () => {
    const adminRoutes = t.app.routeTable.filter((r) => r.url.startsWith('/api/admin') && r.method !== 'OPTIONS');
    expect(adminRoutes.length).toBeGreaterThan(0);
    const concrete = (url: string) => url.replace(/:(\w+)/g, '1').replace(/\*$/, 'x');
    for (const route of adminRoutes) {
      const path = concrete(route.url);
      const variants = [path, `${path}/`, path.replace('/api/admin', '/api//admin'), path.replace('/api/', '//api/')];
      for (const url of variants) {
        for (const [who, headers, expected] of [
          ['anonymous', {}, 401],
          ['malformed', { authorization: 'Bearer <script>' }, 401],
          ['unknown', { authorization: 'Bearer aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' }, 401],
          ['expired', t.auth(expiredToken), 401],
          ['revoked', t.auth(revokedToken), 401],
          ['retailer', t.auth(retailerToken), 403],
        ] as const) {
          const res = await t.app.inject({
            method: route.method as 'GET',
            url,
            headers,
            payload: route.method === 'GET' || route.method === 'HEAD' ? undefined : {},
          });
          expect(res.statusCode, `${who} ${route.method} ${url}`).toBe(expected);
          if (route.method !== 'HEAD') expect(res.json().error).toBe(expected === 401 ? FR.unauthenticated : FR.forbidden);
        }
      }
      // Upper-case paths are other paths: never a 2xx (on the shipped assembly a GET of an unknown
      // path is the site's redirect to the home page, as the spec says).
      const upper = await t.app.inject({ method: route.method as 'GET', url: path.toUpperCase() });
      expect(upper.statusCode >= 200 && upper.statusCode < 300, `${route.method} ${path.toUpperCase()} → ${upper.statusCode}`).toBe(false);
      expect(upper.body).not.toContain(ADMIN.email);
      const asAdmin = await t.app.inject({ method: route.method as 'GET', url: path, headers: t.auth(adminToken) });
      expect([401, 403]).not.toContain(asAdmin.statusCode);
    }
  });

  it('lists accounts for an admin', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: t.auth(adminToken) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((u: { email: string }) => u.email)).toEqual([ADMIN.email, RETAILER.email]);
    expect(res.headers['cache-control']).toContain('private');
  });

  it('answers an unknown API path with a 404 {error}', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: FR.notFound, code: 'api.notFound' });
  });

  it('reports health', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: dialect });
  });

  it('sends the security headers: scripts from the site itself only, never an inline one', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/api/health' });
    const b = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(a.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'))!;
    expect(scriptSrc).toBe("script-src 'self'");
    // The same policy for every answer (a page names its own inline scripts by hash: the e2e shell test).
    expect(b.headers['content-security-policy']).toBe(csp);
    expect(a.headers['x-content-type-options']).toBe('nosniff');
    expect(a.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(a.headers['strict-transport-security']).toBeUndefined();
  });

  it('refuses a body over the size limit with 413 {error}', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
    expect(typeof res.json().error).toBe('string');
  });

  it('serves an OpenAPI document generated from the contract schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of ['/api/auth/login', '/api/auth/me', '/api/auth/password', '/api/auth/logout', '/api/admin/users', '/api/health']) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    const ref = doc.paths['/api/auth/login'].post.requestBody.content['application/json'].schema.$ref as string;
    const schema = doc.components.schemas[ref.split('/').pop()!];
    expect(schema.required).toEqual(expect.arrayContaining(['email', 'password']));
  });
});

describe('HTTPS deployment', () => {
  it('sends HSTS when PUBLIC_URL is https', async () => {
    const t = await createTestContext('sqlite', { PUBLIC_URL: 'https://shop.example' });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
    } finally {
      await t.close();
    }
  });
});

describe('log redaction', () => {
  it('removes tokens and passwords from logged URLs', () => {
    expect(redactUrl('/reset-password?token=abc123&lang=fr')).toBe('/reset-password?token=[redacted]&lang=fr');
    expect(redactUrl('/x?a=1&access_token=zzz')).toBe('/x?a=1&access_token=[redacted]');
    expect(redactUrl('/blog?lang=en')).toBe('/blog?lang=en');
  });
});
