import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DIALECTS, RETAILER, createTestContext, type TestContext } from '../../../test/helpers.ts';

/** Issue 43: the contact form's messages are kept as the owner's inbox, newest first, a page at a time, searchable. */
describe.each(DIALECTS)('the owner’s inbox on %s', (dialect) => {
  let t: TestContext;
  let admin: Record<string, string>;
  const get = (url: string, headers: Record<string, string> = admin) => t.app.inject({ method: 'GET', url, headers });
  const names = (res: { json(): unknown }) => (res.json() as { data: Array<{ name: string }> }).data.map((m) => m.name);

  beforeAll(async () => {
    t = await createTestContext(dialect);
    admin = t.auth(await t.login(ADMIN.email, ADMIN.password));
    for (const [name, email, message, lang] of [
      ['Léonie Garnier', 'leonie@example.com', 'Avez-vous la Robe Soleil en XXL ?', 'fr'],
      ['Tom Baker', 'tom@example.co.uk', 'Do you ship to Edinburgh?', 'en'],
      ['Anaïs Roux', 'anais@example.fr', 'Une question sur l’entretien du lin lavé.', 'fr'],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: `/api/contact?lang=${lang}`, payload: { name, email, message, consent: true } });
      expect(res.statusCode, res.body).toBe(202);
      await new Promise((r) => setTimeout(r, 5)); // distinct instants: newest first is visible
    }
  });
  afterAll(async () => t.close());

  it('newest first with the total; found by name, e-mail or words with accents and case ignored; paged by cursor; admins only', async () => {
    const all = await get('/api/admin/messages');
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ total: 3, page: 1, limit: 50, nextCursor: null });
    expect(names(all)).toEqual(['Anaïs Roux', 'Tom Baker', 'Léonie Garnier']);
    expect(all.json().data[1]).toMatchObject({ email: 'tom@example.co.uk', message: 'Do you ship to Edinburgh?', locale: 'en', createdAt: expect.any(String) });
    expect(names(await get('/api/admin/messages?q=LEONIE'))).toEqual(['Léonie Garnier']);
    expect(names(await get('/api/admin/messages?q=lin%20lave'))).toEqual(['Anaïs Roux']);
    expect(names(await get('/api/admin/messages?q=example.co.uk'))).toEqual(['Tom Baker']);
    expect(names(await get('/api/admin/messages?q=%25_*%22'))).toEqual([]);
    const first = (await get('/api/admin/messages?limit=2')).json() as { data: unknown[]; nextCursor: string };
    expect(first.data).toHaveLength(2);
    expect(names(await get(`/api/admin/messages?limit=2&cursor=${first.nextCursor}`))).toEqual(['Léonie Garnier']);
    expect((await get('/api/admin/messages?limit=201')).statusCode).toBe(400);
    expect((await get('/api/admin/messages?cursor=forged')).statusCode).toBe(400);
    expect((await get('/api/admin/messages', t.auth(await t.login(RETAILER.email, RETAILER.password)))).statusCode).toBe(403);
    expect((await get('/api/admin/messages', {})).statusCode).toBe(401);
  });
});
