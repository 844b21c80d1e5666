import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DIALECTS, RETAILER, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { sampleProduct, seasonFixture } from '../../../test/fixtures.ts';

/**
 * Issue 43 on the collection: the owner's products and the public collection answer the spec's array a
 * page at a time (total in X-Total-Count, the pages around in Link), in the collection's order, found by
 * reference or title in either language with accents and case ignored, filtered by season; a product
 * moves one place in the whole collection; bad paging is a 400 that says which.
 */
describe.each(DIALECTS)('the collection paged and searched on %s', (dialect) => {
  let t: TestContext;
  let admin: Record<string, string>;
  let shop: Record<string, string>;
  let seasonCode = '';
  const get = (url: string, headers: Record<string, string> = admin) => t.app.inject({ method: 'GET', url, headers });
  const ids = (res: { json(): unknown }) => (res.json() as Array<{ id: number }>).map((p) => p.id);
  /** Every product id in the collection's order, read page by page through the Link headers. */
  async function walk(first: string, headers: Record<string, string> = admin): Promise<number[]> {
    const seen: number[] = [];
    let url: string | null = first;
    for (let guard = 0; url && guard < 50; guard += 1) {
      const res = await get(url, headers);
      expect(res.statusCode, res.body).toBe(200);
      seen.push(...ids(res));
      const next = /<([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ''));
      url = next ? `/api${next[1]!.replace(/^\/api/, '')}` : null;
    }
    return seen;
  }

  beforeAll(async () => {
    t = await createTestContext(dialect);
    admin = t.auth(await t.login(ADMIN.email, ADMIN.password));
    shop = t.auth(await t.login(RETAILER.email, RETAILER.password));
    const season = await t.app.inject({
      method: 'POST',
      url: '/api/admin/seasons',
      headers: admin,
      payload: seasonFixture('AW28', { names: ['Automne-hiver 2028', 'Autumn-Winter 2028'] }),
    });
    expect(season.statusCode, season.body).toBe(201);
    const seasonId = (season.json() as { id: number }).id;
    seasonCode = 'AW28';
    // 70 styles: the 10 first of the season AW28, one a draft, one with an accented title.
    for (let i = 0; i < 70; i += 1) {
      const title = i === 3 ? 'Chemise Éléonore' : `Robe numéro ${i}`;
      const payload = sampleProduct({
        reference: `PG-${String(i).padStart(3, '0')}`,
        status: i === 5 ? 'draft' : 'published',
        seasonIds: i < 10 ? [seasonId] : [],
        translations: [
          { locale: 'fr', title, description: 'Une robe.', mantra: '' },
          { locale: 'en', title: i === 7 ? 'Sunflower shirt' : `Dress number ${i}`, description: 'A dress.', mantra: '' },
        ],
      });
      const res = await t.app.inject({ method: 'POST', url: '/api/admin/products', headers: admin, payload });
      expect(res.statusCode, res.body).toBe(201);
    }
  });
  afterAll(async () => t.close());

  it('the owner’s products: 50 in the collection’s order, the total and the next page in headers, every product once across pages', async () => {
    const all = await t.services.database.db.selectFrom('products').select('id').orderBy('position').orderBy('id').execute();
    const first = await get('/api/admin/products');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toHaveLength(50);
    expect(Number(first.headers['x-total-count'])).toBe(all.length);
    expect(String(first.headers.link)).toContain('rel="next"');
    expect(ids(first)).toEqual(all.slice(0, 50).map((p) => p.id));
    expect(await walk('/api/admin/products?limit=20')).toEqual(all.map((p) => p.id));
    // By cursor: the same products, none twice.
    expect(await walk('/api/admin/products?limit=30&cursor=' + (first.headers['x-next-cursor'] as string))).toEqual(all.slice(50).map((p) => p.id));
    const past = await get('/api/admin/products?page=90');
    expect(past.json()).toEqual([]);
    expect(String(past.headers.link)).toContain('rel="prev"');
    for (const bad of ['limit=201', 'limit=0', 'page=0', 'cursor=%27%3B', 'status=sold']) {
      const res = await get(`/api/admin/products?${bad}&lang=en`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error, bad).toMatch(/limit|page|cursor|status/);
    }
    expect((await get('/api/admin/products?season=ZZ99&lang=en')).statusCode).toBe(404);
  });

  it('finds a product by reference or title in either language, accents and case ignored; drafts and seasons filter', async () => {
    const found = async (q: string) => ids(await get(`/api/admin/products?limit=200&q=${encodeURIComponent(q)}`));
    const byRef = await found('pg-012');
    expect(byRef).toHaveLength(1);
    expect(await found('ELEONORE')).toHaveLength(1);
    expect(await found('sunflower')).toHaveLength(1);
    expect(await found('eleonore chemise')).toEqual(await found('ELEONORE'));
    for (const odd of ['%', '_', '*', '"', "' or 1=1 --", 'robe" OR "x'])
      expect((await get(`/api/admin/products?q=${encodeURIComponent(odd)}`)).statusCode, odd).toBe(200);
    expect((await get(`/api/admin/products?q=${'a'.repeat(101)}`)).statusCode).toBe(400);
    const drafts = (await get('/api/admin/products?status=draft&limit=200')).json() as Array<{ reference: string; status: string }>;
    expect(drafts.map((p) => p.reference)).toContain('PG-005');
    expect(drafts.every((p) => p.status === 'draft')).toBe(true);
    const season = await get(`/api/admin/products?season=${seasonCode.toLowerCase()}`);
    expect(season.headers['x-total-count']).toBe('10');
    // An edit's new title is what the search finds next.
    const id = byRef[0]!;
    const product = (await get(`/api/admin/products/${id}`)).json() as {
      reference: string;
      translations: Array<{ locale: string; title: string; description: string; mantra: string | null }>;
      variants: unknown[];
    };
    const renamed = sampleProduct({
      reference: product.reference,
      translations: [
        { locale: 'fr', title: 'Veste Mistral', description: 'x', mantra: '' },
        { locale: 'en', title: 'Mistral jacket', description: 'x', mantra: '' },
      ],
    });
    expect((await t.app.inject({ method: 'PUT', url: `/api/admin/products/${id}`, headers: admin, payload: renamed })).statusCode).toBe(200);
    expect(await found('mistral')).toEqual([id]);
  });

  it('the public collection: published styles only, a page at a time, by season; a shop sees prices on the same pages', async () => {
    const anonymous = await get('/api/products?limit=10&lang=fr', {});
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toHaveLength(10);
    expect(JSON.stringify(anonymous.json())).not.toContain('"price"');
    const published = await t.services.database.db
      .selectFrom('products')
      .select('id')
      .where('status', '=', 'published')
      .orderBy('position')
      .orderBy('id')
      .execute();
    expect(anonymous.headers['x-total-count']).toBe(String(published.length));
    expect(await walk('/api/products?limit=25', {})).toEqual(published.map((p) => p.id));
    const season = (await get(`/api/products?season=${seasonCode}&limit=50`, {})).json() as Array<{ id: number }>;
    const inSeason = await t.services.database.db
      .selectFrom('product_seasons as ps')
      .innerJoin('products as p', 'p.id', 'ps.product_id')
      .innerJoin('seasons as s', 's.id', 'ps.season_id')
      .select('p.id')
      .where('s.code', '=', seasonCode)
      .where('p.status', '=', 'published')
      .orderBy('p.position')
      .orderBy('p.id')
      .execute();
    expect(inSeason.length).toBeGreaterThanOrEqual(9); // ten styles, one a draft (and those the first season took in)
    expect(season.map((p) => p.id)).toEqual(inSeason.map((p) => p.id));
    const trade = (await get('/api/products?limit=10', shop)).json() as Array<{ variants: Array<{ price: number }> }>;
    expect(trade).toHaveLength(10);
    expect(trade[0]!.variants[0]!.price).toEqual(expect.any(Number));
    expect((await get('/api/products?limit=500', {})).statusCode).toBe(400);
  });

  it('a product moves one place in the whole collection, across a page’s edge; the first cannot go up', async () => {
    const before = ids(await get('/api/admin/products?limit=200'));
    const fiftieth = before[49]!;
    const move = (id: number, by: number) => t.app.inject({ method: 'POST', url: `/api/admin/products/${id}/move`, headers: admin, payload: { by } });
    expect((await move(fiftieth, 1)).statusCode).toBe(204);
    const after = ids(await get('/api/admin/products?limit=200'));
    expect(after[50]).toBe(fiftieth);
    expect(after[49]).toBe(before[50]);
    expect((await move(after[0]!, -1)).statusCode).toBe(204);
    expect(ids(await get('/api/admin/products?limit=200'))).toEqual(after);
    const refused = await t.app.inject({ method: 'POST', url: `/api/admin/products/${fiftieth}/move?lang=en`, headers: admin, payload: { by: 3 } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('by is -1 (up) or 1 (down).');
    expect((await move(999999, 1)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/products/${fiftieth}/move`, headers: shop, payload: { by: 1 } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/products/${fiftieth}/move`, payload: { by: 1 } })).statusCode).toBe(401);
  });

  it('the stock: a page of styles with their colours, a season’s, found by reference; one style’s rows; its file written in batches reads back whole', async () => {
    const first = (await get('/api/admin/stock?limit=10')).json() as {
      data: Array<{ productId: number; reference: string }>;
      total: number;
      limit: number;
      nextCursor: string | null;
    };
    const styles = await t.services.database.db.selectFrom('products').select('id').orderBy('position').orderBy('id').execute();
    expect(first.total).toBe(styles.length);
    expect([...new Set(first.data.map((r) => r.productId))]).toEqual(styles.slice(0, 10).map((p) => p.id));
    expect(first.nextCursor).toEqual(expect.any(String));
    const found = (await get('/api/admin/stock?q=PG-0%C3%A9%C3%A9')).json() as { total: number };
    expect(found.total).toBe(0);
    const one = (await get('/api/admin/stock?q=pg-012')).json() as { data: Array<{ reference: string }>; total: number };
    expect(one.total).toBe(1);
    expect(one.data.every((r) => r.reference === 'PG-012')).toBe(true);
    const season = (await get(`/api/admin/stock?season=${seasonCode}&limit=200`)).json() as { total: number };
    expect(season.total).toBeGreaterThanOrEqual(10);
    const product = (await get(`/api/admin/stock?product=${styles[60]!.id}`)).json() as { data: Array<{ productId: number }>; total: number };
    expect(product.total).toBe(1);
    expect(product.data.every((r) => r.productId === styles[60]!.id)).toBe(true);
    expect((await get('/api/admin/stock?product=abc')).statusCode).toBe(400);
    expect((await get('/api/admin/stock?limit=500')).statusCode).toBe(400);
    // The file: every style's every size, once, in the collection's order, across batches of 7 styles.
    const all = await t.services.stock.list('en');
    const batched: string[] = [];
    for await (const rows of t.services.stock.batches('en', {}, 7)) batched.push(...rows.map((r) => `${r.variantId}`));
    expect(batched).toEqual(all.map((r) => `${r.variantId}`));
    const file = await get('/api/admin/stock.csv?lang=en');
    expect(file.statusCode).toBe(200);
    const lines = file.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines.length - 1).toBe(all.reduce((n, r) => n + r.cells.length, 0));
  });
});
