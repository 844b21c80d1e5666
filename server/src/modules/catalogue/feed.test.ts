import { parse } from 'csv-parse/sync';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOPIFY_COLUMNS, type ProductFeed } from '@atelier/contract';
import { ADMIN, DIALECTS, RETAILER, createTestContext, fileForm, openWholesale, sendDraft, tradingShops, type TestContext } from '../../../test/helpers.ts';
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
});
