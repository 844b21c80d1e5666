import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { formatDay, type SeasonInputRaw } from '@atelier/contract';
import { ADMIN, DIALECTS, RETAILER, atMigration, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { sampleProduct } from '../../../test/fixtures.ts';
import pino from 'pino';
import { loadConfig } from '../../config.ts';
import { createServices } from '../../services.ts';
import { migrate } from '../../db/index.ts';
import { seasonCodeFrom } from '../../db/migrations/009-seasons-stock.ts';
import { pickCurrent } from './service.ts';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

function seasonPayload(overrides: Partial<SeasonInputRaw> = {}): SeasonInputRaw {
  return {
    code: 'SS27',
    ordersOpen: day(-30),
    ordersClose: day(30),
    translations: [
      { locale: 'fr', name: 'Printemps-été 2027' },
      { locale: 'en', name: 'Spring-Summer 2027' },
    ],
    deliveries: [
      {
        from: day(60),
        to: day(90),
        translations: [
          { locale: 'fr', name: 'Livraison 1' },
          { locale: 'en', name: 'Delivery 1' },
        ],
      },
      {
        from: day(100),
        to: day(130),
        translations: [
          { locale: 'fr', name: 'Livraison 2' },
          { locale: 'en', name: 'Delivery 2' },
        ],
      },
    ],
    terms: {
      validUntil: day(30),
      openingMinimum: 0,
      reorderMinimum: 0,
      orderEmail: 'orders@test.example',
      translations: [
        { locale: 'fr', paymentTerms: '30 jours', deliveryWindow: 'Printemps', shippingNotes: 'Franco dès 800 €' },
        { locale: 'en', paymentTerms: '30 days', deliveryWindow: 'Spring', shippingNotes: 'Free from €800' },
      ],
    },
    ...overrides,
  };
}

describe('seasons: helpers', () => {
  it('derives a season code from its name, and picks the current season', () => {
    expect(seasonCodeFrom('Spring-Summer 2027')).toBe('SS27');
    expect(seasonCodeFrom('Printemps-été 2027')).toBe('PE27');
    expect(seasonCodeFrom('')).toBe('S1');
    const rows = [
      { id: 1, orders_open: '2026-01-01', orders_close: '2026-03-01' },
      { id: 2, orders_open: '2026-10-01', orders_close: '2027-02-01' },
      { id: 3, orders_open: '2026-11-01', orders_close: '2027-01-15' },
      { id: 4, orders_open: '2027-02-01', orders_close: null },
    ];
    expect(pickCurrent(rows, '2026-12-01')?.id).toBe(3); // open, closes first
    expect(pickCurrent(rows, '2026-06-01')?.id).toBe(4); // none open: the latest
  });
});

describe.each(DIALECTS)('seasons, stock and ordering by mode on %s', (dialect) => {
  let t: TestContext;
  let admin: Record<string, string>;
  let shop: Record<string, string>;
  let product: { id: number; variants: Array<{ id: number; sizes: string[] }> };
  let season: { id: number; code: string; deliveries: Array<{ id: number }> };
  let counter = 0;
  const key = () => `season-key-${Date.now()}-${(counter += 1)}`;
  const req = (method: string, url: string, headers: Record<string, string> | undefined, payload?: unknown) =>
    t.app.inject({ method: method as 'GET', url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const count = async (table: 'orders' | 'seasons' | 'stock_movements' | 'stock_levels') =>
    Number(
      (
        await t.services.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const putDraft = (lines: unknown[], headers = shop) => req('PUT', '/api/orders/draft?lang=en', headers, { lines });
  const submit = (headers = shop, k = key()) =>
    t.app.inject({ method: 'POST', url: '/api/orders/draft/submit?lang=en', headers: { ...headers, 'idempotency-key': k }, payload: {} });
  const stockOf = async (variantId: number, size: string) =>
    (await req('GET', '/api/admin/stock?lang=en', admin))
      .json()
      .data.find((r: { variantId: number }) => r.variantId === variantId)
      .cells.find((c: { size: string }) => c.size === size);
  const setStock = (items: unknown[]) => req('PUT', '/api/admin/stock', admin, { items });

  beforeAll(async () => {
    t = await createTestContext(dialect);
    admin = t.auth(await t.login(ADMIN.email, ADMIN.password));
    shop = t.auth(await t.login(RETAILER.email, RETAILER.password));
    const payload = sampleProduct({ reference: 'SEA-1' });
    payload.variants[0] = { ...payload.variants[0]!, price: 100, sizes: ['S', 'M', 'L'] };
    payload.variants[1] = { ...payload.variants[1]!, price: 50, sizes: ['ONESIZE'] };
    product = (await req('POST', '/api/admin/products', admin, payload)).json();
  });
  afterAll(async () => t.close());

  it('keeps every seasons and stock route for the owner: 401 anonymous, 403 stockist', async () => {
    const adminRoutes: Array<[string, string]> = [
      ['GET', '/api/admin/seasons'],
      ['POST', '/api/admin/seasons'],
      ['PUT', '/api/admin/seasons/1'],
      ['DELETE', '/api/admin/seasons/1'],
      ['GET', '/api/admin/stock'],
      ['GET', '/api/admin/stock.csv'],
      ['PUT', '/api/admin/stock'],
      ['POST', '/api/admin/stock/import'],
    ];
    for (const [method, url] of adminRoutes) {
      expect((await req(method, url, undefined, method === 'GET' || method === 'DELETE' ? undefined : {})).statusCode, `${method} ${url}`).toBe(401);
      expect((await req(method, url, shop, method === 'GET' || method === 'DELETE' ? undefined : {})).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await req('GET', '/api/wholesale/seasons', undefined)).statusCode).toBe(401);
    expect((await req('GET', `/api/wholesale/availability/${product.id}`, undefined)).statusCode).toBe(401);
  });

  it('with no season at all, orders exactly as before: every line pre-booked with no delivery window', async () => {
    expect((await putDraft([{ variantId: product.variants[0]!.id, size: 'S', quantity: 1 }])).json().lines[0]).toMatchObject({
      mode: 'preBook',
      delivery: null,
      season: null,
    });
    const res = await submit();
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ mode: 'preBook', season: null, delivery: null, orders: [{ id: res.json().id }] });
    // Cancelled so it never counts in a season.
    await req('POST', `/api/admin/orders/${res.json().id}/cancel`, admin, { reason: 'test' });
  });

  it.each([
    ['a bad code', { code: 'ss 27!' }, 'A season code is 2 to 20 capitals', 'Un code de saison'],
    ['a day that does not exist', { ordersOpen: '2027-02-30' }, 'Dates must be real days', 'Les dates doivent être de vrais jours'],
    [
      'a close before the open',
      { ordersOpen: day(10), ordersClose: day(1) },
      'The order window must open on or before',
      'La période de commande doit s’ouvrir',
    ],
    [
      'a delivery window ending before it starts',
      {
        deliveries: [
          {
            from: day(20),
            to: day(10),
            translations: [
              { locale: 'fr', name: 'L' },
              { locale: 'en', name: 'D' },
            ],
          },
        ],
      },
      'A delivery window must start on or before',
      'Une période de livraison doit commencer',
    ],
    ['no delivery window', { deliveries: [] }, 'A season needs at least one delivery window', 'Une saison a besoin'],
    ['a name in one language only', { translations: [{ locale: 'fr', name: 'PE27' }] }, 'The season name is required', 'Le nom de la saison est requis'],
  ])('refuses a season with %s, in both languages, and writes nothing', async (_name, override, en, fr) => {
    const body = seasonPayload(override as Partial<SeasonInputRaw>);
    const resEn = await req('POST', '/api/admin/seasons?lang=en', admin, body);
    expect(resEn.statusCode).toBe(400);
    expect(resEn.json().error).toContain(en);
    const resFr = await req('POST', '/api/admin/seasons?lang=fr', admin, body);
    expect(resFr.json().error).toContain(fr);
    expect(await count('seasons')).toBe(0);
  });

  it('creates the first season with two delivery windows; it takes every product and becomes the current terms', async () => {
    const res = await req('POST', '/api/admin/seasons', admin, seasonPayload());
    expect(res.statusCode, res.body).toBe(201);
    season = res.json();
    expect(season).toMatchObject({
      code: 'SS27',
      state: 'open',
      current: true,
      products: 1,
      orders: 0,
      deliveries: [
        {
          translations: [
            { locale: 'fr', name: 'Livraison 1' },
            { locale: 'en', name: 'Delivery 1' },
          ],
        },
        {},
      ],
    });
    expect((await req('POST', '/api/admin/seasons', admin, seasonPayload())).statusCode).toBe(409);
    // The terms of today act on the current season.
    const terms = (await req('GET', '/api/wholesale/terms?lang=en', shop)).json();
    expect(terms).toMatchObject({ seasonName: 'Spring-Summer 2027', paymentTerms: '30 days', orderEmail: 'orders@test.example', openingMinimum: 0 });
    const adminTerms = (await req('GET', '/api/admin/wholesale/terms', admin)).json();
    const saved = await req('PUT', '/api/admin/wholesale/terms', admin, {
      ...adminTerms,
      validUntil: day(30),
      openingMinimum: 0,
      reorderMinimum: 0,
      translations: adminTerms.translations.map((x: { locale: string }) => ({ ...x, paymentTerms: x.locale === 'en' ? '45 days' : '45 jours' })),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await req('GET', `/api/admin/seasons`, admin)).json().data[0].terms.translations[1]).toMatchObject({ locale: 'en', paymentTerms: '45 days' });
    // Retailers read the open and upcoming seasons in their language.
    const upcoming = await req(
      'POST',
      '/api/admin/seasons',
      admin,
      seasonPayload({
        code: 'AW27',
        ordersOpen: day(40),
        ordersClose: day(80),
        translations: [
          { locale: 'fr', name: 'Automne-hiver 2027' },
          { locale: 'en', name: 'Autumn-Winter 2027' },
        ],
      }),
    );
    expect(upcoming.json()).toMatchObject({ state: 'upcoming', current: false, products: 0 });
    const listed = (await req('GET', '/api/wholesale/seasons?lang=fr', shop)).json().data;
    expect(listed.map((s: { code: string; state: string }) => [s.code, s.state])).toEqual([
      ['SS27', 'open'],
      ['AW27', 'upcoming'],
    ]);
    expect(listed[0]).toMatchObject({
      name: 'Printemps-été 2027',
      deliveries: [{ name: 'Livraison 1' }, { name: 'Livraison 2' }],
      terms: { paymentTerms: '45 jours' },
    });
    expect((await req('DELETE', `/api/admin/seasons/${upcoming.json().id}`, admin)).statusCode).toBe(204);
  });

  it('puts products in seasons: none given joins the current season, an unknown season is refused', async () => {
    const created = (await req('POST', '/api/admin/products', admin, sampleProduct({ reference: 'SEA-2' }))).json();
    expect(created.seasonIds).toEqual([season.id]);
    const bad = await req('PUT', `/api/admin/products/${created.id}`, admin, { ...sampleProduct({ reference: 'SEA-2' }), seasonIds: [999999] });
    expect(bad.statusCode).toBe(422);
    const none = await req('PUT', `/api/admin/products/${created.id}`, admin, { ...sampleProduct({ reference: 'SEA-2' }), seasonIds: [] });
    expect(none.json().seasonIds).toEqual([]);
    // A later save without seasonIds keeps what it has (an old client never moves a style).
    const kept = await req('PUT', `/api/admin/products/${created.id}`, admin, sampleProduct({ reference: 'SEA-2' }));
    expect(kept.json().seasonIds).toEqual([season.id]);
    await req('DELETE', `/api/admin/products/${created.id}`, admin);
  });

  it.each([
    ['a negative count', { onHand: -1 }, 400],
    ['a fractional count', { onHand: 1.5 }, 400],
    ['a size the colour does not come in', { size: 'XL', onHand: 3 }, 422],
    ['an incoming quantity without a real day', { onHand: 1, incoming: [{ quantity: 2, availableFrom: '2027-13-01' }] }, 400],
  ])('refuses stock with %s and writes nothing', async (_name, item, status) => {
    const before = await count('stock_movements');
    const res = await setStock([{ variantId: product.variants[0]!.id, size: 'S', ...item }]);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().error).toBeTruthy();
    expect(await count('stock_movements')).toBe(before);
  });

  it('sets stock per colour and size, with incoming pieces, and shows on hand, reserved and available', async () => {
    const [dress] = product.variants;
    const res = await setStock([
      { variantId: dress!.id, size: 'S', onHand: 5 },
      { variantId: dress!.id, size: 'M', onHand: 0, incoming: [{ quantity: 4, availableFrom: day(20) }] },
      { variantId: dress!.id, size: 'L', onHand: null },
    ]);
    expect(res.json()).toEqual({ changed: 2 });
    expect(await stockOf(dress!.id, 'S')).toEqual({ size: 'S', onHand: 5, reserved: 0, available: 5, incoming: [] });
    expect(await stockOf(dress!.id, 'M')).toEqual({ size: 'M', onHand: 0, reserved: 0, available: 0, incoming: [{ quantity: 4, availableFrom: day(20) }] });
    const grid = (await req('GET', `/api/wholesale/availability/${product.id}?lang=en`, shop)).json();
    const sizes = grid.variants[0].sizes;
    expect(sizes.find((s: { size: string }) => s.size === 'S')).toMatchObject({ state: 'inStock', available: 5 });
    // No stock on M, but the season is open: pre-order in its first delivery.
    expect(sizes.find((s: { size: string }) => s.size === 'M')).toMatchObject({ state: 'preBook', delivery: { name: 'Delivery 1' }, season: { code: 'SS27' } });
  });

  it('imports stock from a CSV: a preview first, a bad line names itself and writes nothing, then one transaction', async () => {
    const [dress, scarf] = product.variants;
    const csv = [
      'Reference;Colour;Size;On hand',
      'SEA-1;Terracotta;S;7',
      'sea-1;terracotta;m;2',
      'SEA-1;Rust;S;3',
      'SEA-9;Ecru;ONESIZE;1',
      'SEA-1;Écru;ONESIZE;-2',
    ].join('\n');
    const preview = await req('POST', '/api/admin/stock/import?lang=en', admin, { csv });
    expect(preview.statusCode, preview.body).toBe(200);
    const body = preview.json();
    expect(body.confirmed).toBe(false);
    expect(body.changes).toEqual([
      { line: 2, reference: 'SEA-1', colorName: 'Terracotta', size: 'S', variantId: dress!.id, from: 5, to: 7 },
      { line: 3, reference: 'SEA-1', colorName: 'Terracotta', size: 'M', variantId: dress!.id, from: 0, to: 2 },
    ]);
    expect(body.errors.map((e: { line: number; error: string }) => [e.line, e.error])).toEqual([
      [4, 'this style has no colour “Rust”'],
      [5, 'no style has the reference “SEA-9”'],
      [6, '“-2” is not a whole number of pieces (0 or more, empty: not from stock)'],
    ]);
    const refused = await req('POST', '/api/admin/stock/import?lang=fr', admin, { csv, confirm: true });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe('Certaines lignes du fichier sont illisibles ; rien n’a été enregistré : 4, 5, 6');
    expect((await stockOf(dress!.id, 'S')).onHand).toBe(5);

    const good = 'SEA-1,Terracotta,S,7\nSEA-1,Terracotta,M,2\nSEA-1,Ecru,ONESIZE,3\n';
    const done = await req('POST', '/api/admin/stock/import', admin, { csv: good, confirm: true });
    expect(done.json()).toMatchObject({ confirmed: true, errors: [] });
    expect((await stockOf(dress!.id, 'S')).onHand).toBe(7);
    expect((await stockOf(scarf!.id, 'ONESIZE')).onHand).toBe(3);
    // The export reads back: header, then reference, colour, size, on hand first.
    const exported = (await req('GET', '/api/admin/stock.csv?lang=en&season=SS27', admin)).body.replace(/^\ufeff/, '').split('\r\n');
    expect(exported[0]).toBe('Reference,Colour,Size,On hand,Reserved,Available,Incoming,EAN');
    expect(exported).toContain('SEA-1,Terracotta,S,7,0,7,,');
    expect((await req('GET', '/api/admin/stock?season=NOPE', admin)).statusCode).toBe(404);
  });

  it('splits a mixed draft into one order per delivery, reserves the at-once pieces, and answers a retry the same', async () => {
    const [dress, scarf] = product.variants;
    const draft = (
      await putDraft([
        { variantId: dress!.id, size: 'S', quantity: 2, mode: 'atOnce' },
        { variantId: scarf!.id, size: 'ONESIZE', quantity: 1, mode: 'atOnce' },
        { variantId: dress!.id, size: 'M', quantity: 3 },
        { variantId: dress!.id, size: 'L', quantity: 1, mode: 'preBook', deliveryId: season.deliveries[1]!.id },
      ])
    ).json();
    expect(draft.orders).toMatchObject([
      { mode: 'atOnce', pieces: 3, total: 250 },
      { mode: 'preBook', delivery: { name: 'Delivery 1' }, pieces: 3, total: 300 },
      { mode: 'preBook', delivery: { name: 'Delivery 2' }, pieces: 1, total: 100 },
    ]);
    const k = key();
    const res = await submit(shop, k);
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json();
    expect(placed.orders).toHaveLength(3);
    expect(placed.id).toBe(placed.orders[0].id);
    expect(placed).toMatchObject({ mode: 'atOnce', season: { code: 'SS27', name: 'Spring-Summer 2027' }, pieces: 3 });
    expect(placed.orders[1]).toMatchObject({ mode: 'preBook', delivery: { name: 'Delivery 1' }, lines: [{ size: 'M', quantity: 3 }] });
    expect(new Set(placed.orders.map((o: { number: string }) => o.number)).size).toBe(3);
    expect(await stockOf(dress!.id, 'S')).toMatchObject({ onHand: 7, reserved: 2, available: 5 });
    const again = await submit(shop, k);
    expect(again.statusCode).toBe(200);
    expect(again.json().orders.map((o: { id: number }) => o.id)).toEqual(placed.orders.map((o: { id: number }) => o.id));
    // The owner filters by season and delivery; the retailer's list shows them.
    const byDelivery = (await req('GET', `/api/admin/orders?season=SS27&delivery=${season.deliveries[1]!.id}`, admin)).json().data;
    expect(byDelivery.map((o: { id: number }) => o.id)).toEqual([placed.orders[2].id]);
    expect((await req('GET', '/api/admin/orders?season=XX99', admin)).statusCode).toBe(404);
    const mine = (await req('GET', '/api/orders?lang=fr', shop)).json().data.find((o: { id: number }) => o.id === placed.orders[1].id);
    expect(mine).toMatchObject({ mode: 'preBook', season: { name: 'Printemps-été 2027' }, delivery: { name: 'Livraison 1' } });
    // A delivery window that orders use cannot go.
    const current = (await req('GET', '/api/admin/seasons', admin)).json().data.find((s: { id: number }) => s.id === season.id);
    const shrink = await req('PUT', `/api/admin/seasons/${season.id}`, admin, {
      ...seasonPayload(),
      deliveries: [{ ...seasonPayload().deliveries[0], id: current.deliveries[0].id }],
    });
    expect(shrink.statusCode).toBe(409);
    expect((await req('DELETE', `/api/admin/seasons/${season.id}`, admin)).statusCode).toBe(409);
  });

  it('one piece for two delivery windows is two lines: two orders, and the cut sheet and the sales count every piece (fails on the main of 2026-11-25)', async () => {
    const [dress] = product.variants;
    const [first, second] = season.deliveries;
    const cut = async () => (await req('GET', '/api/admin/production?season=SS27&lang=en', admin)).json();
    const sold = async () => (await req('GET', '/api/admin/sales?season=SS27&lang=en', admin)).json().totals.pieces.value as number;
    const before = { cut: await cut(), sold: await sold() };
    const grid = (await req('GET', `/api/wholesale/availability/${product.id}?lang=en`, shop)).json();
    expect(grid.deliveries.map((d: { id: number; name: string }) => [d.id, d.name])).toEqual([
      [first!.id, 'Delivery 1'],
      [second!.id, 'Delivery 2'],
    ]);

    const saved = await putDraft([
      { variantId: dress!.id, size: 'M', quantity: 3, mode: 'preBook', deliveryId: first!.id },
      { variantId: dress!.id, size: 'M', quantity: 1, mode: 'preBook', deliveryId: second!.id },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().lines.map((l: { size: string; quantity: number; delivery: { name: string } }) => [l.size, l.quantity, l.delivery.name])).toEqual([
      ['M', 3, 'Delivery 1'],
      ['M', 1, 'Delivery 2'],
    ]);
    expect(saved.json()).toMatchObject({
      pieces: 4,
      orders: [
        { delivery: { name: 'Delivery 1' }, pieces: 3 },
        { delivery: { name: 'Delivery 2' }, pieces: 1 },
      ],
    });
    // Read again, it is the same draft.
    expect((await req('GET', '/api/orders/draft?lang=en', shop)).json().pieces).toBe(4);

    const placed = await submit();
    expect(placed.statusCode, placed.body).toBe(201);
    expect(
      placed
        .json()
        .orders.map((o: { delivery: { name: string }; lines: Array<{ size: string; quantity: number }> }) => [
          o.delivery.name,
          o.lines.map((l) => `${l.size}×${l.quantity}`),
        ]),
    ).toEqual([
      ['Delivery 1', ['M×3']],
      ['Delivery 2', ['M×1']],
    ]);
    const after = await cut();
    const mOf = (sheet: { sizeTotals: Record<string, number> }) => sheet.sizeTotals.M ?? 0;
    expect(mOf(after) - mOf(before.cut)).toBe(4);
    expect(after.total - before.cut.total).toBe(4);
    expect((await sold()) - before.sold).toBe(4);
    const perDelivery = async (id: number) => mOf((await req('GET', `/api/admin/production?season=SS27&delivery=${id}`, admin)).json());
    expect(await perDelivery(second!.id)).toBeGreaterThanOrEqual(1);
  });

  it('the same piece twice for the same window is refused with 422 naming both lines, and the draft stays as it was', async () => {
    const [dress] = product.variants;
    const [first] = season.deliveries;
    const kept = await putDraft([{ variantId: dress!.id, size: 'S', quantity: 2, mode: 'preBook', deliveryId: first!.id }]);
    expect(kept.statusCode).toBe(200);
    const twice = await putDraft([
      { variantId: dress!.id, size: 'L', quantity: 2, mode: 'preBook', deliveryId: first!.id },
      { variantId: dress!.id, size: 'L', quantity: 5, mode: 'preBook', deliveryId: first!.id },
    ]);
    expect(twice.statusCode).toBe(422);
    expect(twice.json().error).toBe(
      'The same piece appears twice for the same delivery; give it one line with the whole quantity: line 1: Test dress, Terracotta, L, Delivery 1; line 2: Test dress, Terracotta, L, Delivery 1',
    );
    // Without a window given, a pre-book goes to the first: the same place as an explicit first window.
    const implicit = await req('PUT', '/api/orders/draft?lang=fr', shop, {
      lines: [
        { variantId: dress!.id, size: 'L', quantity: 2 },
        { variantId: dress!.id, size: 'L', quantity: 5, mode: 'preBook', deliveryId: first!.id },
      ],
    });
    expect(implicit.statusCode).toBe(422);
    expect(implicit.json().error).toMatch(
      /^La même pièce figure deux fois pour la même livraison ; donnez-lui une seule ligne avec toute la quantité : ligne 1 : .*, L, Livraison 1; ligne 2 : /,
    );
    expect((await req('GET', '/api/orders/draft?lang=en', shop)).json().lines.map((l: { size: string; quantity: number }) => [l.size, l.quantity])).toEqual([
      ['S', 2],
    ]);
    expect((await putDraft([])).statusCode).toBe(200);
  });

  it('moves stock with the order: a lower quantity at confirm and a cancel give pieces back, shipping takes them off the shelf', async () => {
    const [dress] = product.variants;
    await putDraft([{ variantId: dress!.id, size: 'S', quantity: 3, mode: 'atOnce' }]);
    const order = (await submit()).json();
    expect(await stockOf(dress!.id, 'S')).toMatchObject({ onHand: 7, reserved: 5, available: 2 });
    const confirmed = await req('POST', `/api/admin/orders/${order.id}/confirm`, admin, { shipDate: day(2), lines: [{ id: order.lines[0].id, quantity: 1 }] });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await stockOf(dress!.id, 'S')).toMatchObject({ onHand: 7, reserved: 3, available: 4 });
    const shipped = await req('POST', `/api/admin/orders/${order.id}/ship`, admin, {});
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(await stockOf(dress!.id, 'S')).toMatchObject({ onHand: 6, reserved: 2, available: 4 });
    // The first submission's at-once order is cancelled: its two pieces come back.
    const first = (await req('GET', '/api/admin/orders?status=submitted&season=SS27', admin))
      .json()
      .data.find((o: { mode: string; pieces: number }) => o.mode === 'atOnce' && o.pieces === 3);
    await req('POST', `/api/admin/orders/${first.id}/cancel`, admin, { reason: 'Changed her mind' });
    expect(await stockOf(dress!.id, 'S')).toMatchObject({ onHand: 6, reserved: 0, available: 6 });
    // Every level equals the sum of its movements.
    const db = t.services.database.db;
    const levels = await db.selectFrom('stock_levels').selectAll().execute();
    for (const level of levels) {
      const sums = await db
        .selectFrom('stock_movements')
        .select([sql<number>`coalesce(sum(on_hand_delta), 0)`.as('onHand'), sql<number>`coalesce(sum(reserved_delta), 0)`.as('reserved')])
        .where('variant_id', '=', level.variant_id)
        .where('size', '=', level.size)
        .executeTakeFirstOrThrow();
      expect([Number(sums.onHand), Number(sums.reserved)], `${level.variant_id}/${level.size}`).toEqual([level.on_hand ?? 0, level.reserved]);
    }
  });

  it('shipping without the pieces on hand is refused and changes nothing', async () => {
    const [dress] = product.variants;
    // M: 2 on hand and 4 incoming; 5 promised at once.
    await putDraft([{ variantId: dress!.id, size: 'M', quantity: 5, mode: 'atOnce' }]);
    const order = (await submit()).json();
    expect(order.mode).toBe('atOnce');
    await req('POST', `/api/admin/orders/${order.id}/confirm`, admin, { shipDate: day(25) });
    const refused = await req('POST', `/api/admin/orders/${order.id}/ship?lang=en`, admin, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('Not enough pieces on hand to ship this order: Test dress — Terracotta, M: 5 to ship, 2 on hand');
    expect((await req('GET', `/api/admin/orders/${order.id}`, admin)).json().status).toBe('confirmed');
    expect(await stockOf(dress!.id, 'M')).toMatchObject({ onHand: 2, reserved: 5, available: 0 });
    await req('POST', `/api/admin/orders/${order.id}/cancel`, admin, { reason: 'test' });
  });

  it('a count saved while a shipment holds the level keeps every movement: the level equals the sum of its movements (the crash test found it on PostgreSQL)', async () => {
    const [dress] = product.variants;
    await setStock([{ variantId: dress!.id, size: 'S', onHand: 10 }]);
    const db = t.services.database.db;
    const movements = async () =>
      Number(
        (
          await db
            .selectFrom('stock_movements')
            .select((eb) => eb.fn.sum<number>('on_hand_delta').as('n'))
            .where('variant_id', '=', dress!.id)
            .where('size', '=', 'S')
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await movements()).toBe(10);
    // A shipment takes 1 off the shelf, not yet committed, while the owner saves a count of 12.
    let saved: ReturnType<typeof setStock> | undefined;
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('stock_levels')
        .set({ on_hand: sql<number>`on_hand - 1` })
        .where('variant_id', '=', dress!.id)
        .where('size', '=', 'S')
        .execute();
      await trx
        .insertInto('stock_movements')
        .values({
          variant_id: dress!.id,
          size: 'S',
          order_id: null,
          on_hand_delta: -1,
          reserved_delta: 0,
          reason: 'ship',
          user_id: null,
          at: new Date().toISOString(),
        })
        .execute();
      saved = setStock([{ variantId: dress!.id, size: 'S', onHand: 12 }]);
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    expect((await saved!).statusCode).toBe(200);
    expect(await stockOf(dress!.id, 'S')).toMatchObject({ onHand: 12 });
    expect(await movements()).toBe(12);
  });

  it('20 stockists racing for the last 5 pieces: exactly 5 are sold, the others are told what is left', async () => {
    const [dress] = product.variants;
    await setStock([{ variantId: dress!.id, size: 'L', onHand: 5 }]);
    const stockists = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const email = `racer${i}@test.example`;
        await t.services.users.create({ email, role: 'retailer', password: 'racer-pass-2026', locale: 'en' });
        const headers = t.auth(await t.login(email, 'racer-pass-2026'));
        expect((await putDraft([{ variantId: dress!.id, size: 'L', quantity: 1, mode: 'atOnce' }], headers)).statusCode).toBe(200);
        return headers;
      }),
    );
    const before = await count('orders');
    const results = await Promise.all(stockists.map((h) => submit(h)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 422)).toHaveLength(15);
    expect(results.find((r) => r.statusCode === 422)!.json().error).toBe(
      'Some pieces are no longer in stock; nothing was ordered: Test dress — Terracotta, L: 0 left',
    );
    expect(await count('orders')).toBe(before + 5);
    expect(await stockOf(dress!.id, 'L')).toMatchObject({ onHand: 5, reserved: 5, available: 0 });
    const grid = (await req('GET', `/api/wholesale/availability/${product.id}`, shop)).json();
    // Sold out from stock, but the season is open: L can still be pre-ordered.
    expect(grid.variants[0].sizes.find((s: { size: string }) => s.size === 'L').state).toBe('preBook');
  });

  it('refuses pre-book lines of a closed season, naming it and its close date, and writes nothing', async () => {
    const closed = (
      await req(
        'POST',
        '/api/admin/seasons',
        admin,
        seasonPayload({
          code: 'AW26',
          ordersOpen: day(-90),
          ordersClose: day(-1),
          translations: [
            { locale: 'fr', name: 'Automne-hiver 2026' },
            { locale: 'en', name: 'Autumn-Winter 2026' },
          ],
        }),
      )
    ).json();
    const style = sampleProduct({ reference: 'SEA-OLD', seasonIds: [closed.id] });
    style.variants = [{ ...style.variants[0]!, sizes: ['S'] }];
    const old = (await req('POST', '/api/admin/products', admin, style)).json();
    const draft = await putDraft([{ variantId: old.variants[0].id, size: 'S', quantity: 1, mode: 'preBook' }]);
    expect(draft.json().lines[0]).toMatchObject({ mode: 'preBook', season: { code: 'AW26' } });
    const before = await count('orders');
    const res = await submit();
    expect(res.statusCode).toBe(422);
    const closeDay = formatDay(day(-1), 'en');
    expect(res.json().error).toBe(`Pre-orders for this season are closed: Autumn-Winter 2026: closed on ${closeDay}`);
    expect(await count('orders')).toBe(before);
    const grid = (await req('GET', `/api/wholesale/availability/${old.id}`, shop)).json();
    expect(grid.variants[0].sizes[0]).toMatchObject({ state: 'soldOut' });
    await putDraft([]);
    // The line sheet of that season lists its styles only; an unknown code is 404.
    expect((await req('GET', '/api/wholesale/linesheet.pdf?lang=en&season=AW26', shop)).statusCode).toBe(200);
    expect((await req('GET', '/api/wholesale/linesheet.pdf?season=ZZ99', shop)).statusCode).toBe(404);
  });

  it('a delivery window of a season the product is not in is refused in the draft', async () => {
    const other = (await req('GET', '/api/admin/seasons', admin)).json().data.find((s: { code: string }) => s.code === 'AW26');
    const res = await putDraft([{ variantId: product.variants[0]!.id, size: 'S', quantity: 1, mode: 'preBook', deliveryId: other.deliveries[0].id }]);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toContain('does not belong to a season this product is sold in');
    const wrong = await req('GET', `/api/admin/orders?season=SS27&delivery=${other.deliveries[0].id}`, admin);
    expect(wrong.statusCode).toBe(422);
  });
});

describe.each(DIALECTS)('upgrading a site made by the previous version on %s', (dialect) => {
  it('moves the terms, every product and every order into a first season; the terms API answers as before', async () => {
    await atMigration(dialect, '008-media-covers', async (database, dataDir) => {
      const db = database.db;
      const now = '2026-10-02T09:00:00.000Z';
      await db
        .insertInto('wholesale_terms')
        .values({
          id: 1,
          valid_until: '2027-03-31',
          opening_minimum_cents: 60000,
          reorder_minimum_cents: 25000,
          order_email: 'orders@old.example',
          updated_at: now,
          updated_by: null,
        })
        .execute();
      await db
        .insertInto('wholesale_term_translations')
        .values([
          {
            terms_id: 1,
            locale: 'fr',
            season_name: 'Printemps-été 2027',
            payment_terms: 'Virement',
            delivery_window: 'Livraisons de février à avril. Atelier de Montpellier.',
            shipping_notes: 'Franco',
          },
          {
            terms_id: 1,
            locale: 'en',
            season_name: 'Spring-Summer 2027',
            payment_terms: 'Transfer',
            delivery_window: 'Deliveries February to April. Montpellier workshop.',
            shipping_notes: 'Free',
          },
        ])
        .execute();
      const productId = (
        await db.insertInto('products').values({ reference: 'OLD-1', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()
      ).id;
      const orderId = (
        await db
          .insertInto('orders')
          // The previous version's column name (015 renames it).
          .values({
            number: '2026-0001',
            user_id: null,
            shop_email: 'shop@old.example',
            locale: 'fr',
            status: 'submitted',
            idempotency_key: 'k-old-1',
            note: null,
            company: '{}',
            total_cents: 1000,
            pieces: 1,
            ship_date: null,
            carrier: null,
            tracking: null,
            cancel_reason: null,
            created_at: now,
            updated_at: now,
          } as never)
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      await migrate(database);

      const season = await db.selectFrom('seasons').selectAll().executeTakeFirstOrThrow();
      expect(season).toMatchObject({
        code: 'SS27',
        orders_open: '2026-10-02',
        orders_close: '2027-03-31',
        valid_until: '2027-03-31',
        opening_minimum_cents: 60000,
        order_email: 'orders@old.example',
      });
      const names = await db.selectFrom('season_translations').selectAll().orderBy('locale').execute();
      expect(names.map((n) => [n.locale, n.name, n.payment_terms])).toEqual([
        ['en', 'Spring-Summer 2027', 'Transfer'],
        ['fr', 'Printemps-été 2027', 'Virement'],
      ]);
      const delivery = await db.selectFrom('season_delivery_translations').selectAll().where('locale', '=', 'en').executeTakeFirstOrThrow();
      expect(delivery.name).toBe('Deliveries February to April.');
      expect(await db.selectFrom('product_seasons').selectAll().execute()).toEqual([{ product_id: productId, season_id: season.id }]);
      expect(await db.selectFrom('orders').select(['id', 'season_id', 'mode']).execute()).toEqual([{ id: orderId, season_id: season.id, mode: 'preBook' }]);
      // The terms API reads the same terms from the season.
      const config = loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        PUBLIC_URL: 'http://shop.test',
        SEED: 'none',
        ...(dialect === 'postgres' ? { DATABASE_URL: process.env.DATABASE_URL! } : {}),
      });
      const services = createServices(config, database, pino({ level: 'silent' }), { send: async () => {} });
      expect(await services.wholesale.terms('en')).toMatchObject({
        seasonName: 'Spring-Summer 2027',
        validUntil: '2027-03-31',
        openingMinimum: 600,
        reorderMinimum: 250,
        orderEmail: 'orders@old.example',
        paymentTerms: 'Transfer',
        deliveryWindow: 'Deliveries February to April. Montpellier workshop.',
        shippingNotes: 'Free',
      });
      await services.mail.stop();
    });
  });
});

describe.each(DIALECTS)('upgrading the draft lines of the previous version on %s', (dialect) => {
  it('keeps every draft line, its quantity, mode, delivery and order; a second window for the same piece can then be added', async () => {
    await atMigration(dialect, '013-invoices', async (database) => {
      const db = database.db;
      const now = '2026-11-20T09:00:00.000Z';
      const users = await db
        .insertInto('users')
        .values(
          ['a@old.example', 'b@old.example'].map((email) => ({
            email,
            role: 'retailer' as const,
            password_hash: null,
            locale: 'fr',
            created_at: now,
            updated_at: now,
          })),
        )
        .returning('id')
        .execute();
      const rows = [
        { user_id: users[0]!.id, variant_id: 11, size: 'M', quantity: 3, position: 0, mode: 'preBook', delivery_id: 4 },
        { user_id: users[0]!.id, variant_id: 11, size: 'S', quantity: 2, position: 1, mode: 'atOnce', delivery_id: null },
        { user_id: users[0]!.id, variant_id: 12, size: 'ONESIZE', quantity: 7, position: 2, mode: null, delivery_id: null },
        { user_id: users[1]!.id, variant_id: 11, size: 'M', quantity: 1, position: 0, mode: 'preBook', delivery_id: 5 },
      ];
      await db.insertInto('order_draft_lines').values(rows).execute();
      await migrate(database);
      const kept = await db
        .selectFrom('order_draft_lines')
        .select(['user_id', 'variant_id', 'size', 'quantity', 'position', 'mode', 'delivery_id'])
        .orderBy('user_id')
        .orderBy('position')
        .execute();
      expect(kept).toEqual(rows);
      // The same piece for another window is a line of its own now.
      await db
        .insertInto('order_draft_lines')
        .values({ ...rows[0]!, position: 3, delivery_id: 5, quantity: 1 })
        .execute();
      expect(await db.selectFrom('order_draft_lines').select('id').where('user_id', '=', users[0]!.id).execute()).toHaveLength(4);
    });
  });
});
