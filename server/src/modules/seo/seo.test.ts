import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DIALECTS, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { sampleProduct } from '../../../test/fixtures.ts';

describe.each(DIALECTS)('search engines and caching on %s', (dialect) => {
  let t: TestContext;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestContext(dialect);
    admin = t.auth(await t.login(ADMIN.email, ADMIN.password));
  });
  afterAll(async () => t.close());

  it('robots.txt keeps crawlers out of private areas and names the sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    for (const path of ['/admin', '/account', '/login', '/reset-password', '/api']) expect(res.body).toContain(`Disallow: ${path}\n`);
    expect(res.body).toContain('Sitemap: http://shop.test/sitemap.xml');
  });

  it('the sitemap lists every public page in both languages with alternates, products and published posts only', async () => {
    const product = (await t.app.inject({ method: 'POST', url: '/api/admin/products', headers: admin, payload: sampleProduct() })).json();
    const section = (
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/blog/sections',
        headers: admin,
        payload: {
          translations: [
            { locale: 'fr', title: 'S' },
            { locale: 'en', title: 'S' },
          ],
        },
      })
    ).json();
    const post = (published: boolean, title: string) => ({
      published,
      sectionId: section.id,
      translations: [
        { locale: 'fr', title, content: 'c' },
        { locale: 'en', title, content: 'c' },
      ],
    });
    await t.app.inject({ method: 'POST', url: '/api/admin/blog', headers: admin, payload: post(true, 'Publié') });
    await t.app.inject({ method: 'POST', url: '/api/admin/blog', headers: admin, payload: post(false, 'Brouillon') });
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.headers['content-type']).toContain('application/xml');
    const xml = res.body;
    for (const path of [
      '/',
      '/collection',
      '/story',
      '/faq',
      '/retailers',
      '/blog',
      '/contact',
      '/privacy',
      '/legal',
      `/collection/${product.id}`,
      '/blog/publie',
    ]) {
      expect(xml, path).toContain(`<loc>http://shop.test${path}?lang=fr</loc>`);
      expect(xml, path).toContain(`<loc>http://shop.test${path}?lang=en</loc>`);
    }
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="http://shop.test/collection/${product.id}"/>`);
    expect(xml).toMatch(new RegExp(`collection/${product.id}\\?lang=fr</loc>.*?<lastmod>\\d{4}-\\d\\d-\\d\\d</lastmod>`, 's'));
    expect(xml).not.toContain('brouillon');
    expect(xml).not.toContain('/admin');
  });

  it('public reads carry an ETag and answer 304 to a matching If-None-Match', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/products?lang=fr' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    expect(first.headers['cache-control']).toContain('stale-while-revalidate');
    const again = await t.app.inject({ method: 'GET', url: '/api/products?lang=fr', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('an admin write is visible at once on the next public read (the cache is cleared)', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/products?lang=fr' })).json().length;
    await t.app.inject({ method: 'POST', url: '/api/admin/products', headers: admin, payload: sampleProduct() });
    expect((await t.app.inject({ method: 'GET', url: '/api/products?lang=fr' })).json().length).toBe(before + 1);
  });

  it('compresses JSON with brotli or gzip when asked (q=0 honoured), the same bytes and ETag once decoded', async () => {
    for (let i = 0; i < 3; i += 1) await t.app.inject({ method: 'POST', url: '/api/admin/products', headers: admin, payload: sampleProduct() });
    const plain = await t.app.inject({ method: 'GET', url: '/api/products?lang=fr' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await t.app.inject({ method: 'GET', url: '/api/products?lang=fr', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await t.app.inject({ method: 'GET', url: '/api/products?lang=fr', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    for (const response of [br, gz]) {
      expect(response.headers['etag']).toBe(plain.headers['etag']);
      expect(response.headers['vary']).toContain('Accept-Encoding');
    }
    const refused = await t.app.inject({ method: 'GET', url: '/api/products?lang=fr', headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
    const revalidated = await t.app.inject({
      method: 'GET',
      url: '/api/products?lang=fr',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(plain.headers['etag']) },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers['content-encoding']).toBeUndefined();
  });
});
