import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DIALECTS, RETAILER, createTestContext, type TestContext } from '../../../test/helpers.ts';

// Issue 35: an API key per integration, instead of the owner's password: shown once, kept hashed,
// read-only or read-write, revocable, never a way into accounts, sign-in or keys.
describe.each(DIALECTS)('API keys on %s', (dialect) => {
  let t: TestContext;
  let owner: Record<string, string>;
  beforeAll(async () => {
    t = await createTestContext(dialect);
    owner = t.auth(await t.login(ADMIN.email, ADMIN.password));
  });
  afterAll(() => t?.close());

  const make = async (name: string, access: 'read' | 'write') => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/api-keys', headers: owner, payload: { name, access } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; key: string; prefix: string; name: string; access: string; lastUsedAt: string | null };
  };
  const as = (key: string) => ({ authorization: `Bearer ${key}` });

  it('shows the key once and keeps only its hash; the list never shows it again', async () => {
    const made = await make('Logiciel comptable', 'read');
    expect(made.key).toMatch(/^ak_[A-Za-z0-9_-]{43}$/);
    expect(made.prefix).toBe(made.key.slice(0, 13));
    expect(made).toMatchObject({ name: 'Logiciel comptable', access: 'read', lastUsedAt: null, revokedAt: null, createdBy: ADMIN.email });
    const list = (await t.app.inject({ method: 'GET', url: '/api/admin/api-keys', headers: owner })).body;
    expect(list).toContain(made.prefix);
    expect(list).not.toContain(made.key);
    const rows = await t.services.database.db.selectFrom('api_keys').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(made.key.slice(3));
    // The log says who made it, not the key.
    const log = (await t.app.inject({ method: 'GET', url: '/api/admin/activity?kind=security', headers: owner })).body;
    expect(log).toContain('Logiciel comptable');
    expect(log).not.toContain(made.key);
  });

  it('a read-only key reads the back-office API and is refused any write, with the reason; its use is dated', async () => {
    const { key, id } = await make('Tableau de bord', 'read');
    const read = await t.app.inject({ method: 'GET', url: `/api/admin/invoices?from=2026-01-01&to=2026-12-31`, headers: as(key) });
    expect(read.statusCode, read.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/orders', headers: as(key) })).statusCode).toBe(200);
    const write = await t.app.inject({ method: 'POST', url: '/api/admin/seasons?lang=en', headers: as(key), payload: {} });
    expect(write.statusCode).toBe(403);
    expect(write.json().error).toBe('This API key may only read: ask the owner for a key that may write.');
    const listed = (await t.app.inject({ method: 'GET', url: '/api/admin/api-keys', headers: owner })).json().data.find((k: { id: number }) => k.id === id);
    expect(listed.lastUsedAt).not.toBeNull();
  });

  it('a read-write key writes as the owner who made it (the log names her)', async () => {
    const { key } = await make('Synchronisation du stock', 'write');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/wholesale/terms',
      headers: as(key),
      payload: {
        validUntil: '2099-03-31',
        openingMinimum: 300,
        reorderMinimum: 150,
        orderEmail: 'orders@test.example',
        translations: [
          { locale: 'fr', seasonName: 'PE27' },
          { locale: 'en', seasonName: 'SS27' },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const entries = (await t.app.inject({ method: 'GET', url: '/api/admin/activity?kind=terms', headers: owner })).json().data as Array<{ by: string | null }>;
    expect(entries[0]?.by).toBe(ADMIN.email);
  });

  it('never opens accounts, sign-in or keys, whatever its rights', async () => {
    const { key } = await make('Intégration', 'write');
    for (const [method, url] of [
      ['GET', '/api/auth/me'],
      ['POST', '/api/auth/logout'],
      ['GET', '/api/account/security'],
      ['DELETE', '/api/account/sessions'],
      ['PUT', '/api/auth/password'],
      ['GET', '/api/admin/api-keys'],
      ['POST', '/api/admin/api-keys'],
    ] as const) {
      const res = await t.app.inject({ method, url: `${url}?lang=en`, headers: as(key), payload: method === 'GET' ? undefined : {} });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error).toBe('An API key cannot manage accounts, sign-in or keys: sign in as the owner for that.');
    }
    expect(await t.services.database.db.selectFrom('api_keys').select('id').where('name', '=', 'Intégration').execute()).toHaveLength(1);
  });

  it('a revoked, unknown or malformed key is no key (401); revoking is for the owner only, and a key of a retailer does not exist', async () => {
    const { key, id } = await make('Ancien outil', 'write');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/orders', headers: as(key) })).statusCode).toBe(200);
    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/admin/api-keys/${id}`, headers: owner });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revokedAt).not.toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/orders', headers: as(key) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/orders', headers: as(`ak_${'x'.repeat(43)}`) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/orders', headers: as('ak_short') })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/admin/api-keys/999999?lang=en', headers: owner })).json().error).toBe(
      'This API key does not exist (introuvable).',
    );
    const shop = t.auth(await t.login(RETAILER.email, RETAILER.password));
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/api-keys', headers: shop, payload: { name: 'x', access: 'write' } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/api-keys', headers: {} })).statusCode).toBe(401);
  });

  it('refuses a nameless key or an unknown right with the reason, in the caller’s language, and makes nothing', async () => {
    const before = (await t.services.database.db.selectFrom('api_keys').select('id').execute()).length;
    const nameless = await t.app.inject({ method: 'POST', url: '/api/admin/api-keys', headers: owner, payload: { name: ' ', access: 'read' } });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().error).toContain('Nommez la clé d’après l’outil qui s’en servira (1 à 80 caractères).');
    const rights = await t.app.inject({ method: 'POST', url: '/api/admin/api-keys?lang=en', headers: owner, payload: { name: 'Outil', access: 'admin' } });
    expect(rights.statusCode).toBe(400);
    expect(rights.json().error).toContain('A key either reads only, or reads and writes.');
    expect((await t.services.database.db.selectFrom('api_keys').select('id').execute()).length).toBe(before);
  });
});
