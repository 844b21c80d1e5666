import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DIALECTS, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { sampleProduct } from '../../../test/fixtures.ts';

type Ld = Record<string, unknown> & { hasVariant?: Array<Record<string, unknown>> };

/**
 * The codes in the public product page's structured data (issue 60, ADR 0033), on each database, on the
 * built site: absent until the owner publishes them; then each colour's EAN-13s as a ProductGroup's
 * variants, never with a size, a price or a reference; withdrawn when she says so, the cached page with them.
 */
describe.each(DIALECTS)('the codes on the public product page on %s (issue 60)', (dialect) => {
  let t: TestContext;
  let admin: Record<string, string>;
  let productId = 0;
  let gtins: string[] = [];

  beforeAll(async () => {
    t = await createTestContext(dialect, {}, { web: 'production' });
    admin = t.auth(await t.login(ADMIN.email, ADMIN.password));
    const payload = sampleProduct({ reference: 'FD27-GTIN' });
    payload.variants = [{ ...payload.variants[0]!, price: 91.37, retailPrice: 229, sizes: ['S', 'M', 'L'] }];
    const made = await t.app.inject({ method: 'POST', url: '/api/admin/products', payload, headers: admin });
    expect(made.statusCode, made.body).toBe(201);
    productId = made.json().id;
    await t.app.inject({ method: 'PUT', url: '/api/admin/settings/gs1', headers: admin, payload: { prefix: '3701234' } });
    await t.app.inject({ method: 'POST', url: '/api/admin/barcodes/assign', headers: admin });
    const list = (await t.app.inject({ method: 'GET', url: '/api/admin/barcodes?limit=100', headers: admin })).json();
    type Row = { productId: number; sizes: Array<{ gtin: string | null }> };
    gtins = (list.data as Row[]).filter((b) => b.productId === productId).flatMap((b) => b.sizes.map((s) => s.gtin!));
    expect(gtins).toHaveLength(3);
  }, 120_000);
  afterAll(async () => t.close());

  const productLd = async (): Promise<{ ld: Ld; html: string }> => {
    const res = await t.app.inject({ method: 'GET', url: `/collection/${productId}` });
    expect(res.statusCode).toBe(200);
    const blocks = [...res.body.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].flatMap((m) => JSON.parse(m[1]!) as Ld[]);
    return { ld: blocks.find((b) => b['@type'] === 'Product' || b['@type'] === 'ProductGroup')!, html: res.body };
  };
  // Saved, then the page as it is rendered again (a visitor may get the previous one while that render runs).
  const publish = async (value: boolean) => {
    const saved = await t.app.inject({ method: 'PUT', url: '/api/admin/settings/gs1', headers: admin, payload: { prefix: '3701234', publish: value } });
    await t.services.pageCache?.settled();
    return saved;
  };

  it('keeps the codes off the page until the owner publishes them, then gives each one with its colour and no size; withdraws them', async () => {
    const before = await productLd();
    expect(before.ld['@type']).toBe('Product');
    for (const gtin of gtins) expect(before.html).not.toContain(gtin);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/settings/gs1', headers: admin })).json()).toMatchObject({ publish: false });

    const bad = await t.app.inject({ method: 'PUT', url: '/api/admin/settings/gs1', headers: admin, payload: { prefix: '3701234', publish: 'yes' } });
    expect(bad.statusCode).toBe(400);
    expect((await productLd()).ld['@type']).toBe('Product');

    expect((await publish(true)).json()).toMatchObject({ prefix: '3701234', publish: true });
    const { ld, html } = await productLd();
    expect(ld).toMatchObject({ '@type': 'ProductGroup', offers: { availability: 'https://schema.org/InStock' } });
    expect(ld.hasVariant!.map((v) => v.gtin13)).toEqual(gtins);
    // Each variant: its colour and its code, nothing a visitor may not see (no size, price or reference).
    for (const variant of ld.hasVariant!) expect(Object.keys(variant).sort()).toEqual(['@type', 'color', 'gtin13', 'name']);
    expect(html).not.toContain('FD27-GTIN');
    expect(html).not.toContain('91.37');

    await publish(false);
    expect((await productLd()).ld['@type']).toBe('Product');
  });
});
