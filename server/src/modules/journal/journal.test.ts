import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DIALECTS, RETAILER, createTestContext, type TestContext } from '../../../test/helpers.ts';

const section = (fr = 'Carnet', en = 'Notebook') => ({
  translations: [
    { locale: 'fr', title: fr, description: ' ' },
    { locale: 'en', title: en },
  ],
});
const post = (sectionId: number, published: boolean, fr = 'Été à l’atelier', extra: Record<string, unknown> = {}) => ({
  published,
  sectionId,
  translations: [
    { locale: 'fr', title: fr, content: '## Titre\nTexte' },
    { locale: 'en', title: 'Summer in the workshop', content: '## Title\nText' },
  ],
  ...extra,
});

describe.each(DIALECTS)('journal API on %s', (dialect) => {
  let t: TestContext;
  let admin: Record<string, string>;
  let retailer: Record<string, string>;

  beforeAll(async () => {
    t = await createTestContext(dialect);
    admin = t.auth(await t.login(ADMIN.email, ADMIN.password));
    retailer = t.auth(await t.login(RETAILER.email, RETAILER.password));
  });
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = admin) =>
    t.app.inject({ method, url, headers, payload: payload as object });
  const newSection = async (fr?: string, en?: string) => (await call('POST', '/api/admin/blog/sections', section(fr, en))).json();

  it('creates sections with a slug from the French title and returns postCount, createdAt and translations', async () => {
    const res = await call('POST', '/api/admin/blog/sections', section('Carnet d’atelier', 'Workshop notebook'));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ title: 'Carnet d’atelier', slug: 'carnet-datelier', postCount: 0, description: null });
    expect(res.json().createdAt).toMatch(/^\d{4}-/);
    expect(res.json().translations).toHaveLength(2);
    const again = await call('POST', '/api/admin/blog/sections', section('Carnet d’atelier', 'Again'));
    expect(again.json().slug).toBe('carnet-datelier-2');
  });

  it('refuses a section without both titles, writing nothing', async () => {
    const before = (await call('GET', '/api/admin/blog/sections')).json().length;
    for (const payload of [section('', 'x'), section('x', '  '), { translations: [{ locale: 'fr', title: 'x' }] }, {}]) {
      const res = await call('POST', '/api/admin/blog/sections', payload);
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().error).toBe('string');
    }
    expect((await call('GET', '/api/admin/blog/sections')).json().length).toBe(before);
  });

  it('creates posts with unique slugs, validates them, and keeps drafts from anonymous readers', async () => {
    const s = await newSection('Matières', 'Materials');
    const first = await call('POST', '/api/admin/blog', post(s.id, true));
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ slug: 'ete-a-latelier', published: true, sectionId: s.id, section: 'Matières' });
    const second = await call('POST', '/api/admin/blog', post(s.id, false));
    expect(second.json().slug).toBe('ete-a-latelier-2');
    const custom = await call('POST', '/api/admin/blog', post(s.id, true, 'Autre', { slug: 'mon-billet-2026' }));
    expect(custom.json().slug).toBe('mon-billet-2026');
    const taken = await call('POST', '/api/admin/blog', post(s.id, true, 'Encore', { slug: 'mon-billet-2026' }));
    expect(taken.statusCode).toBe(409);
    for (const slug of ['Mon Billet', 'a--b', '-a', 'é', 'a_b']) {
      expect((await call('POST', '/api/admin/blog', post(s.id, true, 'X', { slug }))).statusCode, slug).toBe(400);
    }

    const journal = (await t.app.inject({ method: 'GET', url: '/api/blog?lang=en' })).json();
    const mine = journal.find((x: { id: number }) => x.id === s.id);
    expect(mine.title).toBe('Materials');
    expect(mine.posts.map((p: { slug: string }) => p.slug)).toEqual(['ete-a-latelier', 'mon-billet-2026']);
    expect(mine.posts[0]).toMatchObject({ title: 'Summer in the workshop', content: '## Title\nText' });
    expect(JSON.stringify(journal)).not.toContain('ete-a-latelier-2');

    expect((await t.app.inject({ method: 'GET', url: '/api/blog/posts/ete-a-latelier' })).statusCode).toBe(200);
    const draft = await t.app.inject({ method: 'GET', url: '/api/blog/posts/ete-a-latelier-2' });
    expect(draft.statusCode).toBe(404);
    expect(draft.json().error).toContain('introuvable');
    // Even a signed-in retailer does not see drafts on the public routes.
    expect((await t.app.inject({ method: 'GET', url: '/api/blog/posts/ete-a-latelier-2', headers: retailer })).statusCode).toBe(404);
    // The admin sees them.
    const all = (await call('GET', '/api/admin/blog')).json();
    expect(all.some((p: { slug: string; published: boolean }) => p.slug === 'ete-a-latelier-2' && !p.published)).toBe(true);
  });

  it('orders posts by creation date then id', async () => {
    const s = await newSection('Ordre', 'Order');
    const ids: number[] = [];
    for (const title of ['Un', 'Deux', 'Trois']) ids.push((await call('POST', '/api/admin/blog', post(s.id, true, title))).json().id);
    await t.services.database.db.updateTable('journal_posts').set({ created_at: '2020-01-01T00:00:00.000Z' }).where('id', 'in', [ids[1]!, ids[2]!]).execute();
    const journal = (await t.app.inject({ method: 'GET', url: '/api/blog' })).json();
    expect(journal.find((x: { id: number }) => x.id === s.id).posts.map((p: { id: number }) => p.id)).toEqual([ids[1], ids[2], ids[0]]);
  });

  it.each([
    ['no section', { sectionId: undefined }],
    ['a section id as text', { sectionId: '1' }],
    ['an unknown section', { sectionId: 999999 }],
    [
      'a missing English title',
      {
        translations: [
          { locale: 'fr', title: 'T', content: 'C' },
          { locale: 'en', title: '', content: 'C' },
        ],
      },
    ],
    [
      'a missing French content',
      {
        translations: [
          { locale: 'fr', title: 'T', content: ' ' },
          { locale: 'en', title: 'T', content: 'C' },
        ],
      },
    ],
  ])('refuses a post with %s, writing nothing', async (_name, change) => {
    const s = await newSection('Refus', 'Refusal');
    const before = (await call('GET', '/api/admin/blog')).json().length;
    const res = await call('POST', '/api/admin/blog', { ...post(s.id, true), ...change });
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().error).toBe('string');
    expect((await call('GET', '/api/admin/blog')).json().length).toBe(before);
  });

  it('says "Add a section before publishing a post" when there is no section id', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/blog?lang=en',
      headers: { ...admin, 'accept-language': 'en' },
      payload: { published: true, translations: [] },
    });
    expect(res.json().error).toBe('Add a section before publishing a post');
  });

  it('updates and deletes posts; publishing makes a draft public', async () => {
    const s = await newSection('Cycle', 'Cycle');
    const created = (await call('POST', '/api/admin/blog', post(s.id, false, 'Cycle de vie'))).json();
    expect((await t.app.inject({ method: 'GET', url: `/api/blog/posts/${created.slug}` })).statusCode).toBe(404);
    const published = await call('PUT', `/api/admin/blog/${created.id}`, post(s.id, true, 'Cycle de vie'));
    expect(published.statusCode).toBe(200);
    expect(published.json().slug).toBe(created.slug);
    expect((await t.app.inject({ method: 'GET', url: `/api/blog/posts/${created.slug}` })).statusCode).toBe(200);
    expect((await call('PUT', '/api/admin/blog/999999', post(s.id, true))).statusCode).toBe(404);
    expect((await call('DELETE', `/api/admin/blog/${created.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/admin/blog/${created.id}`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/blog/posts/${created.slug}` })).statusCode).toBe(404);
  });

  it('deleting a section deletes its posts with it (the confirmation says so)', async () => {
    const s = await newSection('Éphémère', 'Ephemeral');
    await call('POST', '/api/admin/blog', post(s.id, true, 'Premier'));
    await call('POST', '/api/admin/blog', post(s.id, false, 'Second'));
    const listed = (await call('GET', '/api/admin/blog/sections')).json().find((x: { id: number }) => x.id === s.id);
    expect(listed.postCount).toBe(2);
    expect((await call('DELETE', `/api/admin/blog/sections/${s.id}`)).statusCode).toBe(204);
    const remaining = await t.services.database.db.selectFrom('journal_posts').select('id').where('section_id', '=', s.id).execute();
    expect(remaining).toEqual([]);
    expect((await call('DELETE', `/api/admin/blog/sections/${s.id}`)).statusCode).toBe(404);
  });

  it('a post may have a cover with its description in each language; a save without the fields keeps them', async () => {
    const s = await newSection('Couvertures', 'Covers');
    const cover = '/uploads/0123456789abcdef01234567-1200x1500.webp';
    const withCover = post(s.id, true, 'Portrait de la teinturière', { coverImageUrl: cover });
    withCover.translations[0] = { ...withCover.translations[0]!, coverAlt: 'Des écheveaux bleus au soleil.' } as never;
    const created = await call('POST', '/api/admin/blog', withCover);
    expect(created.statusCode).toBe(201);
    expect(created.json().coverImageUrl).toBe(cover);
    expect(created.json().translations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ locale: 'fr', coverAlt: 'Des écheveaux bleus au soleil.' }),
        expect.objectContaining({ locale: 'en', coverAlt: null }),
      ]),
    );
    const { id, slug } = created.json();

    // Public: the cover, and its description in the reader's language (the other one's when missing).
    const fr = (await t.app.inject({ method: 'GET', url: `/api/blog/posts/${slug}?lang=fr` })).json();
    expect(fr).toMatchObject({ coverImageUrl: cover, coverAlt: 'Des écheveaux bleus au soleil.' });
    const en = (await t.app.inject({ method: 'GET', url: `/api/blog/posts/${slug}?lang=en` })).json();
    expect(en.coverAlt).toBe('Des écheveaux bleus au soleil.');
    const listed = (await t.app.inject({ method: 'GET', url: '/api/blog?lang=fr' })).json().flatMap((x: { posts: unknown[] }) => x.posts);
    expect(listed.find((p: { id: number }) => p.id === id)).toMatchObject({ coverImageUrl: cover });

    // A client of the original API (no cover fields) edits the post: the cover stays.
    const edited = await call('PUT', `/api/admin/blog/${id}`, post(s.id, true, 'Portrait, suite'));
    expect(edited.statusCode).toBe(200);
    expect(edited.json().coverImageUrl).toBe(cover);
    expect(edited.json().translations.find((tr: { locale: string }) => tr.locale === 'fr').coverAlt).toBe('Des écheveaux bleus au soleil.');

    // Null (or empty) removes it; the public payload says null.
    const removed = await call('PUT', `/api/admin/blog/${id}`, post(s.id, true, 'Portrait, suite', { coverImageUrl: null }));
    expect(removed.json().coverImageUrl).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: `/api/blog/posts/${slug}` })).json()).toMatchObject({ coverImageUrl: null, coverAlt: null });
    // A post without a cover at all (the spec's payload) reads null.
    const plain = await call('POST', '/api/admin/blog', post(s.id, true, 'Sans image'));
    expect(plain.json().coverImageUrl).toBeNull();
  });

  it('refuses a cover that is not an upload of ours, or a description over 300 characters, in both languages, and changes nothing', async () => {
    const s = await newSection('Refus', 'Refusals');
    const before = (await call('GET', '/api/admin/blog')).json().length;
    const outside = await call('POST', '/api/admin/blog?lang=fr', post(s.id, true, 'Externe', { coverImageUrl: 'https://tracker.example/pixel.gif' }));
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error).toContain('L’image de couverture doit être une image téléversée ici.');
    const climb = await call('POST', '/api/admin/blog?lang=en', post(s.id, true, 'Chemin', { coverImageUrl: '/uploads/../site.db' }));
    expect(climb.statusCode).toBe(400);
    expect(climb.json().error).toContain('The cover must be an image uploaded here.');
    const long = post(s.id, true, 'Longue');
    long.translations[1] = { ...long.translations[1]!, coverAlt: 'x'.repeat(301) } as never;
    const tooLong = await call('POST', '/api/admin/blog?lang=fr', long);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error).toContain('300 caractères au plus');
    expect((await call('GET', '/api/admin/blog')).json().length).toBe(before);
  });

  it('refuses every admin journal route to a stockist (403) and to anonymous callers (401)', async () => {
    const routes: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string]> = [
      ['GET', '/api/admin/blog'],
      ['POST', '/api/admin/blog'],
      ['PUT', '/api/admin/blog/1'],
      ['DELETE', '/api/admin/blog/1'],
      ['GET', '/api/admin/blog/sections'],
      ['POST', '/api/admin/blog/sections'],
      ['PUT', '/api/admin/blog/sections/1'],
      ['DELETE', '/api/admin/blog/sections/1'],
    ];
    for (const [method, url] of routes) {
      expect((await call(method, url, {}, retailer)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(method, url, {}, {})).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
