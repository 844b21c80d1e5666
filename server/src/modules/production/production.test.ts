import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { CutSheet, Order, SalesFigures } from '@atelier/contract';
import { ADMIN, DIALECTS, RETAILER, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { seasonFixture } from '../../../test/fixtures.ts';
import { mondayOf } from '../sales/service.ts';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

function product(reference: string, title: string, colours: Array<[string, number]>, seasonIds: number[]) {
  return {
    reference,
    seasonIds,
    translations: [
      { locale: 'fr', title, description: 'Lin.' },
      { locale: 'en', title: `${title} (en)`, description: 'Linen.' },
    ],
    variants: colours.map(([colour, price], position) => ({
      colorCode: '#B5573A',
      imageUrl: '/uploads/aaaaaaaaaaaaaaaaaaaaaaaa-1200x1500.webp',
      position,
      price,
      sizes: ['S', 'M', 'L'],
      translations: [
        { locale: 'fr', colorName: colour },
        { locale: 'en', colorName: `${colour} (en)` },
      ],
    })),
  };
}

async function pdfText(bytes: Buffer): Promise<string> {
  const task = getDocument({ data: new Uint8Array(bytes), useSystemFonts: false });
  const doc = await task.promise;
  const parts: string[] = [];
  for (let i = 1; i <= doc.numPages; i += 1)
    parts.push((await (await doc.getPage(i)).getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' '));
  await task.destroy();
  return parts.join('\n');
}

describe.each(DIALECTS)('cut sheet and season at a glance on %s', (dialect) => {
  let t: TestContext;
  let admin: string;
  let shop: string;
  let other: string;
  let ss27: { id: number; deliveries: Array<{ id: number }> };
  let ss26: { id: number; deliveries: Array<{ id: number }> };
  let dress: { id: number; variants: Array<{ id: number }> };
  let shirt: { id: number; variants: Array<{ id: number }> };
  let old: { id: number; variants: Array<{ id: number }> };
  const req = (method: string, url: string, token?: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: method as 'GET',
      url,
      payload: payload as object,
      headers: { 'accept-language': 'en', ...(token ? t.auth(token) : {}), ...headers },
    });
  /** A retailer's draft, sent: the orders it made. */
  const order = async (token: string, lines: Array<{ variantId: number; size: string; quantity: number; deliveryId?: number; mode?: string }>, key: string) => {
    expect((await req('PUT', '/api/orders/draft', token, { lines })).statusCode).toBe(200);
    const res = await req('POST', '/api/orders/draft/submit', token, {}, { 'idempotency-key': `production-test-${key}` });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().orders as Array<{ id: number; number: string }>;
  };

  beforeAll(async () => {
    t = await createTestContext(dialect);
    admin = await t.login(ADMIN.email, ADMIN.password);
    shop = await t.login(RETAILER.email, RETAILER.password);
    await t.services.users.create({ email: 'second@test.example', role: 'retailer', password: 'second-pass-2026' });
    other = await t.login('second@test.example', 'second-pass-2026');
    ss26 = (
      await req(
        'POST',
        '/api/admin/seasons',
        admin,
        seasonFixture('SS26', { open: -200, close: 40, names: ['Printemps-été 2026', 'Spring-Summer 2026'], deliveries: [['Unique', 40]] }),
      )
    ).json();
    ss27 = (
      await req(
        'POST',
        '/api/admin/seasons',
        admin,
        seasonFixture('SS27', {
          open: -10,
          names: ['Printemps-été 2027', 'Spring-Summer 2027'],
          deliveries: [
            ['Livraison A', 60],
            ['Livraison B', 90],
          ],
        }),
      )
    ).json();
    old = (await req('POST', '/api/admin/products', admin, product('OLD-1', 'Robe ancienne', [['Sable', 50]], [ss26.id]))).json();
    dress = (
      await req(
        'POST',
        '/api/admin/products',
        admin,
        product(
          'DRS-1',
          'Robe Soleil',
          [
            ['Terracotta', 100],
            ['Indigo', 110],
          ],
          [ss27.id],
        ),
      )
    ).json();
    shirt = (await req('POST', '/api/admin/products', admin, product('SHI-1', 'Chemise Atelier', [['Écru', 80]], [ss27.id]))).json();
    // The returning retailer ordered last spring, in SS26.
    await order(shop, [{ variantId: old.variants[0]!.id, size: 'M', quantity: 4 }], 'k-old');
    // This season: two deliveries, one order confirmed, one cancelled, one at-once from stock.
    const [a, b] = await order(
      shop,
      [
        { variantId: dress.variants[0]!.id, size: 'S', quantity: 3, deliveryId: ss27.deliveries[0]!.id },
        { variantId: dress.variants[0]!.id, size: 'M', quantity: 5, deliveryId: ss27.deliveries[0]!.id },
        { variantId: dress.variants[1]!.id, size: 'M', quantity: 2, deliveryId: ss27.deliveries[1]!.id },
      ],
      'k-1',
    );
    expect(b).toBeTruthy();
    expect((await req('POST', `/api/admin/orders/${a!.id}/confirm`, admin, { shipDate: day(70) })).statusCode).toBe(200);
    await order(
      other,
      [
        { variantId: dress.variants[0]!.id, size: 'M', quantity: 7, deliveryId: ss27.deliveries[0]!.id },
        { variantId: shirt.variants[0]!.id, size: 'L', quantity: 1, deliveryId: ss27.deliveries[1]!.id },
      ],
      'k-2',
    );
    const [cancelled] = await order(other, [{ variantId: shirt.variants[0]!.id, size: 'S', quantity: 50, deliveryId: ss27.deliveries[0]!.id }], 'k-3');
    expect((await req('POST', `/api/admin/orders/${cancelled!.id}/cancel`, admin, { reason: 'Doublon' })).statusCode).toBe(200);
    expect((await req('PUT', '/api/admin/stock', admin, { items: [{ variantId: shirt.variants[0]!.id, size: 'M', onHand: 6 }] })).statusCode).toBe(200);
    await order(shop, [{ variantId: shirt.variants[0]!.id, size: 'M', quantity: 2, mode: 'atOnce' }], 'k-4');
    // A draft line never counts.
    expect(
      (
        await req('PUT', '/api/orders/draft', other, {
          lines: [{ variantId: dress.variants[0]!.id, size: 'L', quantity: 99, deliveryId: ss27.deliveries[0]!.id }],
        })
      ).statusCode,
    ).toBe(200);
    // A price changed after the orders changes none of their figures.
    const edited = product(
      'DRS-1',
      'Robe Soleil',
      [
        ['Terracotta', 999],
        ['Indigo', 999],
      ],
      [ss27.id],
    );
    expect(
      (
        await req('PUT', `/api/admin/products/${dress.id}`, admin, {
          ...edited,
          variants: edited.variants.map((v, i) => ({ ...v, id: dress.variants[i]!.id })),
        })
      ).statusCode,
    ).toBe(200);
  });
  afterAll(() => t.close());

  it('counts the pre-book pieces per style, colour and size for each filter; cancelled, at-once and draft lines never count', async () => {
    const all = (await req('GET', '/api/admin/production?season=SS27', admin)).json<CutSheet>();
    expect(all).toMatchObject({
      season: { code: 'SS27', name: 'Spring-Summer 2027' },
      delivery: null,
      status: 'both',
      sizes: ['S', 'M', 'L'],
      total: 18,
      orders: 4,
    });
    // In the collection's order (a new product comes first).
    expect(all.styles.map((s) => [s.reference, s.title, s.total])).toEqual([
      ['SHI-1', 'Chemise Atelier (en)', 1],
      ['DRS-1', 'Robe Soleil (en)', 17],
    ]);
    expect(all.styles[1]!.colors).toEqual([
      expect.objectContaining({ colorName: 'Terracotta (en)', sizes: { S: 3, M: 12 }, total: 15 }),
      expect.objectContaining({ colorName: 'Indigo (en)', sizes: { M: 2 }, total: 2 }),
    ]);
    expect(all.sizeTotals).toEqual({ S: 3, M: 14, L: 1 });
    expect(Object.values(all.sizeCurve).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
    expect(Object.values(all.styles[1]!.sizeCurve).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
    // The at-once side is beside it: the shirt's M is sold from stock (6 counted, 2 reserved by the at-once order).
    expect(all.styles[0]!.colors[0]!.stock).toEqual({ M: { onHand: 6, reserved: 2, available: 4 } });

    const deliveryA = (await req('GET', `/api/admin/production?season=SS27&delivery=${ss27.deliveries[0]!.id}`, admin)).json<CutSheet>();
    expect(deliveryA).toMatchObject({ delivery: { name: 'Livraison A' }, total: 15, sizeTotals: { S: 3, M: 12 } });
    const confirmed = (await req('GET', '/api/admin/production?season=SS27&status=confirmed', admin)).json<CutSheet>();
    expect(confirmed).toMatchObject({ total: 8, orders: 1 });
    const submitted = (await req('GET', '/api/admin/production?season=SS27&status=submitted', admin)).json<CutSheet>();
    expect(submitted.total + confirmed.total).toBe(all.total);
    // The default is the current season: SS27, the open one that closes first.
    expect((await req('GET', '/api/admin/production?lang=fr', admin)).json<CutSheet>()).toMatchObject({
      season: { code: 'SS27', name: 'Printemps-été 2027' },
      total: 18,
    });
  });

  it('gives the same figures as CSV and as a PDF the workshop can read', async () => {
    const sheet = (await req('GET', '/api/admin/production?season=SS27', admin)).json<CutSheet>();
    const csv = await req('GET', '/api/admin/production.csv?season=SS27&lang=fr', admin);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['cache-control']).toBe('private, no-store');
    const rows = csv.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]).toBe('Saison,Livraison,Référence,Style,Coloris,Code couleur,Taille,Pièces');
    const cells = rows.slice(1).map((r) => r.split(','));
    expect(cells.reduce((n, r) => n + Number(r.at(-1)), 0)).toBe(sheet.total);
    expect(cells).toContainEqual(['SS27', '', 'DRS-1', 'Robe Soleil', 'Terracotta', '#b5573a', 'M', '12']);
    expect(cells).toHaveLength(sheet.styles.flatMap((s) => s.colors.flatMap((c) => Object.keys(c.sizes))).length);

    const pdf = await req('GET', '/api/admin/production.pdf?season=SS27&lang=fr', admin);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('cut-sheet-SS27-both.pdf');
    const text = await pdfText(pdf.rawPayload);
    for (const word of ['Fiche de coupe', 'Printemps-été 2027', 'Robe Soleil', 'Chemise Atelier', 'Terracotta', 'Indigo', 'Écru', 'DRS-1'])
      expect(text).toContain(word);
    expect(text).toContain('Total de la saison : 18 pièces, 4 commandes');
    expect(text).toMatch(/Total\s+3\s+14\s+1\s+18/);
    // One page, numbered in its margin (a page number written there once made a blank page of its own).
    expect(text).toContain('Page 1 sur 1');
    expect(pdf.rawPayload.toString('latin1').match(/\/Type \/Page\b(?!s)/g)).toHaveLength(1);
  });

  it('refuses an unknown season or delivery (404) and a delivery of another season (422); the owner’s only', async () => {
    expect((await req('GET', '/api/admin/production?season=XX99', admin)).statusCode).toBe(404);
    expect((await req('GET', '/api/admin/production?season=SS27&delivery=99999', admin)).statusCode).toBe(404);
    const wrong = await req('GET', `/api/admin/production?season=SS27&delivery=${ss26.deliveries[0]!.id}`, admin);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error).toBe('This delivery window belongs to another season.');
    expect((await req('GET', '/api/admin/sales?season=XX99', admin)).statusCode).toBe(404);
    for (const url of ['/api/admin/production', '/api/admin/production.csv', '/api/admin/production.pdf', '/api/admin/sales']) {
      expect((await req('GET', url)).statusCode, url).toBe(401);
      expect((await req('GET', url, shop)).statusCode, url).toBe(403);
    }
  });

  it('sums the season from the orders’ frozen lines, against the previous season of the same kind', async () => {
    const res = await req('GET', '/api/admin/sales?season=SS27', admin);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const sales = res.json<SalesFigures>();
    // 5 orders (two submissions split in two deliveries each, one at-once; the cancelled one is out), 20 pieces (18 pre-book + 2 at-once): 3×100 + 5×100 + 2×110 + 7×100 + 1×80 + 2×80.
    expect(sales.previous).toEqual({ code: 'SS26', name: 'Spring-Summer 2026' });
    expect(sales.totals).toEqual({
      orders: { value: 5, previous: 1 },
      stockists: { value: 2, previous: 1 },
      newStockists: { value: 1, previous: 1 },
      returningStockists: { value: 1, previous: 0 },
      pieces: { value: 20, previous: 4 },
      revenue: { value: 1960, previous: 200 },
      // Nothing of it has shipped yet, nor come back.
      shipped: { value: 0, previous: 0 },
      returned: { value: 0, previous: 0 },
    });
    expect(sales.weeks.reduce((n, w) => n + w.pieces, 0)).toBe(20);
    expect(sales.weeks.at(-1)!.week).toBe(mondayOf(day(0)));
    expect(sales.weeks[0]!.week).toBe(mondayOf(day(-10)));
    expect(sales.topStyles[0]).toEqual({ label: 'Robe Soleil (en)', reference: 'DRS-1', pieces: 17, revenue: 1720 });
    expect(sales.topColors.map((c) => c.label)).toEqual(['Terracotta (en)', 'Écru (en)', 'Indigo (en)']);
    expect(sales.sizes.map((s) => s.size)).toEqual(['S', 'M', 'L']);
    expect(sales.sizes.reduce((n, s) => n + s.share, 0)).toBeCloseTo(1, 10);
    expect(sales.byStockist.reduce((n, s) => n + s.revenue, 0)).toBe(1960);
    expect(sales.byStockist.find((s) => s.label === RETAILER.email)).toMatchObject({ orders: 3, pieces: 12 });
    expect(sales.byCountry).toEqual([{ label: 'Not given', pieces: 20, revenue: 1960 }]);
    // Sell-through of the shirt: 2 sold at-once, 4 left to sell (6 on hand, 2 of them held by the order).
    expect(sales.sellThrough).toEqual([{ reference: 'SHI-1', label: 'Chemise Atelier (en)', sold: 2, left: 4, rate: 2 / 6 }]);
  });

  it('counts by town and country where the stockist’s listing says where the shop is', async () => {
    expect(
      (
        await req('PUT', '/api/account/listing', other, {
          listed: false,
          name: 'La Boutique',
          address: '1 rue',
          postcode: '34000',
          city: 'Montpellier',
          country: 'fr',
          website: '',
          instagram: '',
          descriptionFr: '',
          descriptionEn: '',
        })
      ).statusCode,
    ).toBeLessThan(300);
    const sales = (await req('GET', '/api/admin/sales?season=SS27', admin)).json<SalesFigures>();
    expect(sales.byTown).toContainEqual({ label: 'Montpellier', country: 'FR', pieces: 8, revenue: 780 });
    expect(sales.byCountry).toContainEqual({ label: 'FR', pieces: 8, revenue: 780 });
  });

  it('counts what left in parcels, and the cut sheet keeps counting what was ordered (issue 45)', async () => {
    const before = (await req('GET', '/api/admin/production?season=SS27', admin)).json<CutSheet>();
    const list = (await req('GET', '/api/admin/orders?season=SS27&status=confirmed', admin)).json<{ data: Array<{ id: number }> }>();
    const open =
      list.data[0] ?? (await req('GET', '/api/admin/orders?season=SS27&status=submitted', admin)).json<{ data: Array<{ id: number }> }>().data.find(() => true);
    expect(open).toBeDefined();
    const order = (await req('GET', `/api/admin/orders/${open!.id}`, admin)).json<Order>();
    if (order.status === 'submitted') expect((await req('POST', `/api/admin/orders/${order.id}/confirm`, admin, { shipDate: day(5) })).statusCode).toBe(200);
    const line = order.lines[0]!;
    const parcel = await req('POST', `/api/admin/orders/${order.id}/shipments`, admin, { lines: [{ lineId: line.id, quantity: 1 }] });
    expect(parcel.statusCode, parcel.body).toBe(201);
    const sales = (await req('GET', '/api/admin/sales?season=SS27', admin)).json<SalesFigures>();
    expect(sales.totals.shipped.value).toBe(1);
    expect(sales.totals.returned.value).toBe(0);
    expect(sales.totals.pieces.value).toBe(20);
    const after = (await req('GET', '/api/admin/production?season=SS27', admin)).json<CutSheet>();
    expect(after.total).toBe(before.total);

    // "Ship these" for all ready in a delivery window: its confirmed and partly shipped orders, each a parcel.
    const window = ss27.deliveries[0]!.id;
    const ready = (await req('GET', `/api/admin/orders?season=SS27&delivery=${window}&status=confirmed`, admin)).json<{ data: Array<{ id: number }> }>().data;
    const bulk = await req('POST', '/api/admin/orders/ship-bulk?lang=en', admin, { deliveryId: window });
    expect(bulk.statusCode, bulk.body).toBe(200);
    const results = bulk.json<{ results: Array<{ id: number; shipped: boolean }> }>().results;
    for (const o of ready) expect(results.find((r) => r.id === o.id)?.shipped, `order ${o.id}`).toBe(true);
    expect((await req('POST', '/api/admin/orders/ship-bulk', admin, { deliveryId: window, orderIds: [1] })).statusCode).toBe(400);
    expect((await req('POST', '/api/admin/orders/ship-bulk', admin, {})).statusCode).toBe(400);
  });
});
