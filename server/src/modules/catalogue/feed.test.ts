import { parse } from 'csv-parse/sync';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOPIFY_COLUMNS, type ProductFeed } from '@atelier/contract';
import {
  ADMIN,
  DIALECTS,
  RETAILER,
  countRows,
  createTestContext,
  fileForm,
  openWholesale,
  sendDraft,
  tradingShops,
  type TestContext,
} from '../../../test/helpers.ts';
import { sampleProduct } from '../../../test/fixtures.ts';

/**
 * The product feed a shop loads into its till (issue 60), on each database: Shopify's CSV read back by its
 * column names (a row a colour × size, the first of a style carrying its fields), the same as JSON, the
 * pictures as a ZIP; retail prices and EAN-13s, never a trade price; the season's or what the shop ordered.
 */
describe.each(DIALECTS)('the product feed on %s (issue 60)', (dialect) => {
  let t: TestContext;
  let admin: Record<string, string>;
  let shop: Record<string, string>;
  const ids: { dress: number; scarf: number; dressVariant: number } = { dress: 0, scarf: 0, dressVariant: 0 };

  beforeAll(async () => {
    t = await createTestContext(dialect);
    admin = t.auth(await t.login(ADMIN.email, ADMIN.password));
    shop = (await tradingShops(t, [{ email: RETAILER.email, password: RETAILER.password, name: 'Les Jours Lents' }])).headers[0]!;
    const jpeg = await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#b5573a' } })
      .jpeg()
      .toBuffer();
    const form = fileForm(jpeg, 'robe.jpg', 'image/jpeg');
    const image = (await t.app.inject({ method: 'POST', url: '/api/admin/uploads', headers: { ...admin, ...form.headers }, payload: form.payload })).json()
      .url as string;
    const make = async (reference: string, title: string, sizes: string[], price: number, retailPrice: number) => {
      const payload = sampleProduct({ reference });
      payload.translations = [
        { locale: 'fr', title, description: 'Lin lavé.\n\nFait à Montpellier.', mantra: '' },
        { locale: 'en', title: `${title} (en)`, description: 'Washed linen.', mantra: '' },
      ];
      payload.variants = [{ ...payload.variants[0]!, imageUrl: image, imageGallery: [], price, retailPrice, sizes }];
      const res = await t.app.inject({ method: 'POST', url: '/api/admin/products', payload, headers: admin });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: number; variants: Array<{ id: number }> };
    };
    const dress = await make('FD27-ROBE', 'Robe Lina', ['S', 'M'], 91.37, 229);
    const scarf = await make('FD27-ECHARPE', 'Écharpe Mer', ['ONESIZE'], 23.11, 59);
    Object.assign(ids, { dress: dress.id, scarf: scarf.id, dressVariant: dress.variants[0]!.id });
    await t.app.inject({ method: 'PUT', url: '/api/admin/settings/gs1', headers: admin, payload: { prefix: '3701234' } });
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/barcodes/assign', headers: admin })).json()).toMatchObject({ assigned: 3 });
    await openWholesale(t, admin);
  }, 120_000);
  afterAll(async () => t.close());

  const get = (url: string, headers: Record<string, string> = shop) => t.app.inject({ method: 'GET', url, headers });

  it('answers the CSV Shopify’s product import reads as it is, with each size’s EAN-13 and retail price, and no trade price', async () => {
    expect((await get('/api/feed/products.csv', {})).statusCode).toBe(401);
    const res = await get('/api/feed/products.csv?lang=fr');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const rows = parse(res.body.replace(/^\ufeff/, ''), { columns: true }) as Array<Record<(typeof SHOPIFY_COLUMNS)[number], string>>;
    expect(Object.keys(rows[0]!)).toEqual([...SHOPIFY_COLUMNS]);
    const dress = rows.filter((r) => r.Handle === 'robe-lina-fd27-robe');
    expect(dress.map((r) => [r['Option1 Value'], r['Option2 Value'], r['Variant Price']])).toEqual([
      ['Terracotta', 'S', '229.00'],
      ['Terracotta', 'M', '229.00'],
    ]);
    expect(dress[0]).toMatchObject({
      Title: 'Robe Lina',
      'Body (HTML)': '<p>Lin lavé.</p><p>Fait à Montpellier.</p>',
      Vendor: 'Maison Solène',
      'Option1 Name': 'Coloris',
      'Option2 Name': 'Taille',
      'Variant SKU': 'FD27-ROBE-TERRACOTTA-S',
    });
    expect(dress[0]!['Image Src']).toMatch(/^http:\/\/localhost:\d+\/uploads\/|^https?:\/\/.+\/uploads\//);
    // The next rows of a style carry only their variant's fields.
    expect(dress[1]).toMatchObject({ Title: '', Vendor: '', 'Option1 Name': '', 'Image Src': '' });
    expect(rows.every((r) => /^\d{13}$/.test(r['Variant Barcode']))).toBe(true);
    expect(res.body).not.toContain('91.37');
    expect(res.body).not.toContain('23.11');
  });

  it('answers the same as JSON, in English, and only what the shop ordered when asked; fresh when a style changes', async () => {
    const all = (await get('/api/feed/products.json?lang=en')).json<ProductFeed>();
    expect(all).toMatchObject({ currency: 'EUR', lang: 'en' });
    expect(all.products.map((p) => p.title).sort()).toEqual(['Robe Lina (en)', 'Écharpe Mer (en)']);
    expect(all.products.find((p) => p.reference === 'FD27-ECHARPE')!.variants).toEqual([
      expect.objectContaining({ size: 'ONESIZE', retailPrice: 59, gtin: expect.stringMatching(/^3701234\d{6}$/) }),
    ]);
    expect(JSON.stringify(all)).not.toContain('91.37');
    expect((await get('/api/feed/products.json?scope=ordered')).json<ProductFeed>().products).toEqual([]);
    await sendDraft(t, shop, [{ variantId: ids.dressVariant, size: 'M', quantity: 1 }], `feed-${dialect}`);
    expect((await get('/api/feed/products.json?scope=ordered')).json<ProductFeed>().products.map((p) => p.reference)).toEqual(['FD27-ROBE']);

    const product = (await t.app.inject({ method: 'GET', url: `/api/admin/products/${ids.scarf}`, headers: admin })).json();
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${ids.scarf}`,
      headers: admin,
      payload: {
        ...sampleProduct({ reference: 'FD27-ECHARPE' }),
        translations: product.translations.map((x: { locale: string }) => ({ ...x, title: x.locale === 'en' ? 'Sea scarf' : 'Écharpe Mer' })),
        variants: product.variants,
      },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await get('/api/feed/products.json?lang=en')).json<ProductFeed>().products.map((p) => p.title)).toContain('Sea scarf');
  });

  it('answers the pictures as a ZIP, full size, named by reference and colour', async () => {
    const res = await get('/api/feed/images.zip');
    expect(res.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files).sort()).toEqual(['fd27-echarpe-terracotta.webp', 'fd27-robe-terracotta.webp']);
    expect((await sharp(Buffer.from(files['fd27-robe-terracotta.webp']!)).metadata()).width).toBeGreaterThanOrEqual(900);
  });

  it('a shop’s own key, made under its account, reads its feed (header or address) and nothing else; revoked, it stops', async () => {
    const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
      t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    expect((await call('POST', '/api/account/feed-keys', {}, { name: 'Caisse' })).statusCode).toBe(401);
    const before = await countRows(t, 'api_keys');
    const unnamed = await call('POST', '/api/account/feed-keys', shop, { name: ' ' });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().error).toBe('Nommez la clé d’après l’outil qui s’en servira (1 à 80 caractères).');
    expect(await countRows(t, 'api_keys')).toBe(before);

    const made = await call('POST', '/api/account/feed-keys', shop, { name: 'Shopify POS' });
    expect(made.statusCode, made.body).toBe(201);
    const { key, id } = made.json() as { key: string; id: number };
    expect(made.json()).toMatchObject({ name: 'Shopify POS', access: 'read', revokedAt: null });
    expect((await call('GET', '/api/account/feed-keys', shop)).json().data.map((k: { id: number }) => k.id)).toEqual([id]);
    // The owner's integrations' list is hers alone: a shop's key is not in it.
    expect((await call('GET', '/api/admin/api-keys', admin)).json().data.map((k: { id: number }) => k.id)).not.toContain(id);

    const bySession = parse((await get('/api/feed/products.csv?lang=fr')).body.replace(/^\ufeff/, ''), { columns: true });
    const byKey = await get('/api/feed/products.csv?lang=fr', { authorization: `Bearer ${key}` });
    expect(byKey.statusCode).toBe(200);
    expect(parse(byKey.body.replace(/^\ufeff/, ''), { columns: true })).toEqual(bySession);
    expect(byKey.body).not.toContain('91.37');
    const inAddress = await get(`/api/feed/products.json?lang=en&key=${key}`, {});
    expect(inAddress.statusCode).toBe(200);
    expect(inAddress.json<ProductFeed>().products.length).toBeGreaterThan(0);
    expect((await get(`/api/feed/images.zip?key=${key}`, {})).statusCode).toBe(200);

    // Anywhere else the key is refused with a sentence: the shop's orders, its account, its own keys.
    for (const url of ['/api/orders', '/api/account/feed-keys', '/api/products']) {
      const refused = await get(url, { authorization: `Bearer ${key}` });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().error).toBe('La clé d’une boutique ne lit que son flux produits (/api/feed/…) : connectez-vous pour le reste.');
    }
    // Another shop neither sees nor revokes it.
    const other = (await tradingShops(t, [{ email: 'other-shop@test.example', password: 'other-pass-2026', name: 'La Grange' }])).headers[0]!;
    expect((await call('GET', '/api/account/feed-keys', other)).json().data).toEqual([]);
    expect((await call('DELETE', `/api/account/feed-keys/${id}`, other)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/admin/api-keys/${id}`, admin)).statusCode).toBe(404);
    expect((await get('/api/feed/products.json', { authorization: `Bearer ${key}` })).statusCode).toBe(200);

    const revoked = await call('DELETE', `/api/account/feed-keys/${id}`, shop);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revokedAt).not.toBeNull();
    expect((await get('/api/feed/products.csv', { authorization: `Bearer ${key}` })).statusCode).toBe(401);
    expect((await get(`/api/feed/products.csv?key=${key}`, {})).statusCode).toBe(401);
  });
});
