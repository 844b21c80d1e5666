import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DIALECTS, RETAILER, createTestContext, type TestContext } from '../../../test/helpers.ts';

/** Issue 43 on the journal: the owner's posts list is the spec's array, a page at a time, searched and filtered by section. */
describe.each(DIALECTS)('the journal’s posts paged and searched on %s', (dialect) => {
  let t: TestContext;
  let admin: Record<string, string>;
  const sections: number[] = [];
  const get = (url: string, headers: Record<string, string> = admin) => t.app.inject({ method: 'GET', url, headers });
  const titles = (res: { json(): unknown }) => (res.json() as Array<{ title: string }>).map((p) => p.title);

  beforeAll(async () => {
    t = await createTestContext(dialect);
    admin = t.auth(await t.login(ADMIN.email, ADMIN.password));
    for (const [fr, en] of [
      ['Carnet', 'Notebook'],
      ['Rencontres', 'Meetings'],
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/blog/sections',
        headers: admin,
        payload: {
          translations: [
            { locale: 'fr', title: fr },
            { locale: 'en', title: en },
          ],
        },
      });
      sections.push((res.json() as { id: number }).id);
    }
    // 65 posts, one a draft, one about an Île; the last five in the second section.
    for (let i = 1; i <= 65; i += 1) {
      const fr = i === 33 ? 'Une journée sur l’Île de Ré' : `Lettre numéro ${i}`;
      const payload = {
        published: i !== 2,
        sectionId: sections[i > 60 ? 1 : 0],
        translations: [
          { locale: 'fr', title: fr, content: 'Texte' },
          { locale: 'en', title: `Letter number ${i}`, content: 'Text' },
        ],
      };
      const res = await t.app.inject({ method: 'POST', url: '/api/admin/blog', headers: admin, payload });
      expect(res.statusCode, res.body).toBe(201);
    }
  });
  afterAll(async () => t.close());

  it('50 posts by creation date with drafts, the total and the next page in headers; searched by title in either language or slug; one section’s', async () => {
    const first = await get('/api/admin/blog?lang=fr');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toHaveLength(50);
    expect(first.headers['x-total-count']).toBe('65');
    expect(titles(first)[0]).toBe('Lettre numéro 1');
    expect(titles(first)).toContain('Lettre numéro 2'); // the draft
    const next = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))![1]!;
    const second = await get(next);
    expect(titles(second)).toHaveLength(15);
    expect(titles(second).at(-1)).toBe('Lettre numéro 65');
    expect(titles(await get('/api/admin/blog?q=ILE%20de%20re'))).toEqual(['Une journée sur l’Île de Ré']);
    expect(titles(await get('/api/admin/blog?q=letter%20number%2064&lang=en'))).toEqual(['Letter number 64']);
    expect(titles(await get('/api/admin/blog?q=lettre-numero-7'))).toEqual(['Lettre numéro 7']);
    const bySection = await get(`/api/admin/blog?section=${sections[1]}`);
    expect(bySection.headers['x-total-count']).toBe('5');
    for (const bad of ['limit=201', 'page=0', 'section=abc', `q=${'x'.repeat(101)}`]) expect((await get(`/api/admin/blog?${bad}`)).statusCode, bad).toBe(400);
    expect((await get('/api/admin/blog?q=%25_*%22')).json()).toEqual([]);
    // A renamed post is found by its new title.
    const id = (first.json() as Array<{ id: number }>)[9]!.id;
    const renamed = {
      published: true,
      sectionId: sections[0],
      translations: [
        { locale: 'fr', title: 'Carnet de lin', content: 'x' },
        { locale: 'en', title: 'Linen notebook', content: 'x' },
      ],
    };
    expect((await t.app.inject({ method: 'PUT', url: `/api/admin/blog/${id}`, headers: admin, payload: renamed })).statusCode).toBe(200);
    expect((await get('/api/admin/blog?q=linen')).json()).toMatchObject([{ id }]);
    const shop = t.auth(await t.login(RETAILER.email, RETAILER.password));
    expect((await get('/api/admin/blog', shop)).statusCode).toBe(403);
  });
});
