import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isEuVat, isFrenchVat } from '@atelier/contract';
import { ADMIN, DIALECTS, RETAILER, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { sampleProduct } from '../../../test/fixtures.ts';

const OTHER = { email: 'other@test.example', password: 'other-pass-2026' };

describe('VAT numbers', () => {
  it('checks the French key and the other EU formats', () => {
    expect(isFrenchVat('FR40303265045')).toBe(true);
    expect(isFrenchVat('FR41303265045')).toBe(false);
    expect(isEuVat('fr 40 303 265 045')).toBe(true);
    expect(isEuVat('DE123456789')).toBe(true);
    expect(isEuVat('NL123456789B01')).toBe(true);
    expect(isEuVat('DE12345678')).toBe(false);
    expect(isEuVat('US123456789')).toBe(false);
  });
});

describe.each(DIALECTS)('wholesale orders on %s', (dialect) => {
  let t: TestContext;
  let admin: Record<string, string>;
  let shop: Record<string, string>;
  let other: Record<string, string>;
  let productId: number;
  let dress: { id: number; sizes: string[] }; // 100 € excl. VAT, S M L
  let scarf: { id: number; sizes: string[] }; // 50 €, ONESIZE
  let keyCounter = 0;
  const key = () => `test-key-${Date.now()}-${(keyCounter += 1)}`;

  beforeAll(async () => {
    t = await createTestContext(dialect);
    admin = t.auth(await t.login(ADMIN.email, ADMIN.password));
    shop = t.auth(await t.login(RETAILER.email, RETAILER.password));
    await t.services.users.create({ email: OTHER.email, role: 'retailer', password: OTHER.password, locale: 'en' });
    other = t.auth(await t.login(OTHER.email, OTHER.password));
    const payload = sampleProduct({ reference: 'MS27-ORDER' });
    payload.variants[0] = { ...payload.variants[0]!, price: 100, sizes: ['S', 'M', 'L'] };
    payload.variants[1] = { ...payload.variants[1]!, price: 50, sizes: ['ONESIZE'] };
    const created = (await t.app.inject({ method: 'POST', url: '/api/admin/products', payload, headers: admin })).json();
    productId = created.id;
    dress = created.variants[0];
    scarf = created.variants[1];
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/wholesale/terms',
      headers: admin,
      payload: {
        validUntil: '2027-03-31',
        openingMinimum: 300,
        reorderMinimum: 100,
        orderEmail: 'orders@test.example',
        translations: [
          { locale: 'fr', seasonName: 'PE27' },
          { locale: 'en', seasonName: 'SS27' },
        ],
      },
    });
  });
  afterAll(async () => t.close());

  const putDraft = (lines: unknown[], headers = shop) => t.app.inject({ method: 'PUT', url: '/api/orders/draft?lang=en', payload: { lines }, headers });
  const getDraft = async (headers = shop) => (await t.app.inject({ method: 'GET', url: '/api/orders/draft?lang=en', headers })).json();
  const submit = (k: string | null, headers = shop, note?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/orders/draft/submit?lang=en',
      payload: note ? { note } : {},
      headers: { ...headers, ...(k ? { 'idempotency-key': k } : {}) },
    });
  const count = async (table: 'orders' | 'mail_outbox' | 'order_lines') =>
    Number(
      (
        await t.services.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const adminPost = (id: number, action: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url: `/api/admin/orders/${id}/${action}?lang=en`, payload, headers: admin });
  const place = async (lines: unknown[], headers = shop) => {
    expect((await putDraft(lines, headers)).statusCode).toBe(200);
    const res = await submit(key(), headers);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };

  it('anonymous gets 401 everywhere; an admin cannot order; a stockist cannot reach the admin routes', async () => {
    const anonymous: Array<[string, string]> = [
      ['GET', '/api/orders/draft'],
      ['PUT', '/api/orders/draft'],
      ['POST', '/api/orders/draft/submit'],
      ['GET', '/api/orders'],
      ['GET', '/api/orders/1'],
      ['POST', '/api/orders/1/cancel'],
      ['POST', '/api/orders/1/reorder'],
      ['GET', '/api/account/company'],
      ['PUT', '/api/account/company'],
      ['GET', '/api/admin/orders'],
      ['GET', '/api/admin/orders/1'],
      ['GET', '/api/admin/orders/1.csv'],
      ['GET', '/api/admin/orders.csv?from=2026-01-01&to=2027-12-31'],
      ['POST', '/api/admin/orders/1/confirm'],
    ];
    for (const [method, url] of anonymous) {
      const res = await t.app.inject({ method: method as 'GET', url, payload: method === 'GET' ? undefined : {} });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().error).toBeTruthy();
    }
    const adminDraft = await t.app.inject({ method: 'PUT', url: '/api/orders/draft?lang=en', payload: { lines: [] }, headers: admin });
    expect(adminDraft.statusCode).toBe(403);
    expect(adminDraft.json().error).toBe('Administrators cannot place orders.');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/orders', headers: shop })).statusCode).toBe(403);
  });

  it.each([
    ['a quantity of 0', { size: 'S', quantity: 0 }, 400, 'whole number from 1 to 999'],
    ['a quantity of 1000', { size: 'S', quantity: 1000 }, 400, 'whole number from 1 to 999'],
    ['a quantity of 1.5', { size: 'S', quantity: 1.5 }, 400, 'whole number from 1 to 999'],
    ['a size we do not make', { size: 'XXXL', quantity: 1 }, 400, 'not one we make'],
    ['a size this colour does not come in', { size: 'XL', quantity: 1 }, 422, 'no longer available'],
  ])('refuses a draft line with %s and keeps the draft as it was', async (_name, line, status, message) => {
    expect((await putDraft([{ variantId: dress.id, size: 'M', quantity: 1 }])).statusCode).toBe(200);
    const res = await putDraft([{ variantId: dress.id, ...line }]);
    expect(res.statusCode).toBe(status);
    expect(res.json().error).toContain(message);
    expect((await getDraft()).lines).toMatchObject([{ variantId: dress.id, size: 'M', quantity: 1 }]);
  });

  it('several draft saves at once (two tabs) all succeed and leave one whole draft', async () => {
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((quantity) =>
        putDraft([
          { variantId: dress.id, size: 'S', quantity },
          { variantId: scarf.id, size: 'ONESIZE', quantity },
        ]),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const draft = await getDraft();
    expect(draft.lines).toHaveLength(2);
    expect(draft.lines[0].quantity).toBe(draft.lines[1].quantity);
  });

  it('refuses an unknown variant', async () => {
    const res = await putDraft([{ variantId: 999999, size: 'S', quantity: 1 }]);
    expect(res.statusCode).toBe(422);
  });

  it('keeps the draft on the server, priced today, with the opening minimum and what is missing', async () => {
    await putDraft([
      { variantId: dress.id, size: 'S', quantity: 1 },
      { variantId: scarf.id, size: 'ONESIZE', quantity: 2 },
    ]);
    const draft = await getDraft();
    expect(draft).toMatchObject({
      pieces: 3,
      total: 200,
      minimum: { kind: 'opening', amount: 300, missing: 100 },
      lines: [
        { variantId: dress.id, productId, reference: 'MS27-ORDER', productTitle: 'Test dress', colorName: 'Terracotta', size: 'S', unitPrice: 100, total: 100 },
        { variantId: scarf.id, size: 'ONESIZE', quantity: 2, unitPrice: 50, total: 100 },
      ],
    });
    // Another retailer's draft is their own.
    expect((await getDraft(other)).lines).toEqual([]);
  });

  it('needs an Idempotency-Key, refuses an order below the minimum naming it, and writes nothing', async () => {
    const [orders, mails] = [await count('orders'), await count('mail_outbox')];
    expect((await submit(null)).statusCode).toBe(400);
    const below = await submit(key());
    expect(below.statusCode).toBe(422);
    expect(below.json().error).toBe('Your order is below the minimum. The opening order minimum is €300.00 excl. VAT; €100.00 to go.');
    const fr = await t.app.inject({ method: 'POST', url: '/api/orders/draft/submit?lang=fr', headers: { ...shop, 'idempotency-key': key() } });
    expect(fr.json().error).toBe('Votre commande n’atteint pas le minimum. Minimum de première commande : 300,00\u00a0€ HT ; il manque 100,00\u00a0€.');
    expect([await count('orders'), await count('mail_outbox')]).toEqual([orders, mails]);
    expect((await getDraft()).pieces).toBe(3);
  });

  it('submits once per key: frozen prices, a human number, an empty draft, one mail to the stockist and one to the brand', async () => {
    await putDraft([
      { variantId: dress.id, size: 'S', quantity: 2 },
      { variantId: scarf.id, size: 'ONESIZE', quantity: 2 },
    ]);
    const mails = await count('mail_outbox');
    const k = key();
    // A double click and two retries of one request: the same key and body.
    const results = await Promise.all([1, 2, 3, 4].map(() => submit(k, shop, 'Livraison le matin, merci.')));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.every((s) => s === 200 || s === 201)).toBe(true);
    const orders = results.map((r) => r.json());
    expect(new Set(orders.map((o) => o.id)).size).toBe(1);
    const order = orders[0];
    expect(order).toMatchObject({ status: 'submitted', pieces: 4, total: 300, shipDate: null, history: [{ status: 'submitted', by: 'stockist' }] });
    expect(order.number).toMatch(/^\d{4}-0001$/);
    expect(order.lines).toMatchObject([
      { productTitle: 'Test dress', reference: 'MS27-ORDER', size: 'S', quantity: 2, unitPrice: 100, total: 200 },
      { size: 'ONESIZE', quantity: 2, unitPrice: 50 },
    ]);
    expect(await count('mail_outbox')).toBe(mails + 2);
    expect((await getDraft()).lines).toEqual([]);
    await t.services.mail.runOnce();
    const toShop = t.sent.filter((m) => m.to === RETAILER.email).at(-1)!;
    expect(toShop.subject).toContain(`Commande ${order.number} reçue`);
    expect(toShop.text).toContain('Robe Test — Terracotta, S × 2 = 200,00');
    const toBrand = t.sent.filter((m) => m.to === t.config.BRAND_EMAIL).at(-1)!;
    expect(toBrand.subject).toContain(`Nouvelle commande ${order.number}`);
    expect(toBrand.text).toContain('Livraison le matin, merci.');

    // A retry after the draft emptied still answers the same order, and queues nothing.
    const retry = await submit(k);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().id).toBe(order.id);
    expect(await count('mail_outbox')).toBe(mails + 2);

    // A price changed afterwards never changes the order.
    const update = sampleProduct({ reference: 'MS27-ORDER' });
    update.variants[0] = { ...update.variants[0]!, id: dress.id, price: 140, sizes: ['S', 'M', 'L'] };
    update.variants[1] = { ...update.variants[1]!, id: scarf.id, price: 50, sizes: ['ONESIZE'] };
    expect((await t.app.inject({ method: 'PUT', url: `/api/admin/products/${productId}`, payload: update, headers: admin })).statusCode).toBe(200);
    const again = (await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}?lang=en`, headers: shop })).json();
    expect(again.lines[0].unitPrice).toBe(100);
    expect(again.total).toBe(300);
  });

  it('two submits of one draft with different keys make one order (the other finds the draft empty)', async () => {
    await putDraft([{ variantId: dress.id, size: 'M', quantity: 1 }]);
    const before = await count('orders');
    const results = await Promise.all([submit(key()), submit(key()), submit(key())]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422, 422]);
    expect(await count('orders')).toBe(before + 1);
  });

  it('after a first order the reorder minimum applies', async () => {
    expect((await getDraft()).minimum).toEqual({ kind: 'reorder', amount: 100, missing: 100 });
  });

  it('a stockist sees only their own orders: another’s is 404, not 403', async () => {
    const mine = (await t.app.inject({ method: 'GET', url: '/api/orders', headers: shop })).json().data;
    expect(mine.length).toBeGreaterThan(0);
    const theirs = (await t.app.inject({ method: 'GET', url: '/api/orders', headers: other })).json().data;
    expect(theirs).toEqual([]);
    for (const [method, url] of [
      ['GET', `/api/orders/${mine[0].id}`],
      ['POST', `/api/orders/${mine[0].id}/cancel`],
      ['POST', `/api/orders/${mine[0].id}/reorder`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: other });
      expect(res.statusCode, url).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/${mine[0].id}`, headers: shop })).json().status).toBe('submitted');
  });

  it('walks the status machine: allowed moves mail the stockist, every other move is 409 and changes nothing', async () => {
    const order = await place([
      { variantId: dress.id, size: 'L', quantity: 3 },
      { variantId: scarf.id, size: 'ONESIZE', quantity: 1 },
    ]);
    expect((await adminPost(order.id, 'ship')).statusCode).toBe(409);
    expect((await adminPost(order.id, 'confirm', { shipDate: '2027-02-30' })).statusCode).toBe(400);
    expect((await adminPost(order.id, 'confirm', { shipDate: '2027-03-01', lines: [{ id: 999999, quantity: 1 }] })).statusCode).toBe(400);

    // Confirm, lowering a quantity and removing a line: totals follow.
    const confirmed = await adminPost(order.id, 'confirm', { shipDate: '2027-03-01', lines: [{ id: order.lines[0].id, quantity: 2 }] });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'confirmed', shipDate: '2027-03-01', pieces: 2, total: 280, lines: [{ quantity: 2, unitPrice: 140 }] });
    await t.services.mail.runOnce();
    expect(t.sent.at(-1)!.text).toContain('Expédition prévue le 1 mars 2027');

    expect((await adminPost(order.id, 'confirm', { shipDate: '2027-03-01' })).statusCode).toBe(409);
    const retailerCancel = await t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/cancel`, headers: shop });
    expect(retailerCancel.statusCode).toBe(409);
    const shipped = await adminPost(order.id, 'ship', { carrier: 'Colissimo', tracking: '6A123' });
    // Colissimo is a known carrier: the order and its mail give the parcel's tracking page (issue 45 item 4).
    expect(shipped.json()).toMatchObject({
      status: 'shipped',
      carrier: 'Colissimo',
      tracking: '6A123',
      trackingUrl: 'https://www.laposte.fr/outils/suivre-vos-envois?code=6A123',
    });
    expect(shipped.json().history.map((h: { status: string }) => h.status)).toEqual(['submitted', 'confirmed', 'shipped']);
    for (const [action, body] of [
      ['ship', {}],
      ['cancel', { reason: 'late' }],
      ['confirm', { shipDate: '2027-03-02' }],
    ] as const) {
      expect((await adminPost(order.id, action, body)).statusCode, action).toBe(409);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/orders/${order.id}`, headers: admin })).json().status).toBe('shipped');
    await t.services.mail.runOnce();
    expect(t.sent.at(-1)!.text).toContain('Transporteur et suivi : Colissimo · 6A123');
    expect(t.sent.at(-1)!.text).toContain('Suivre le colis : https://www.laposte.fr/outils/suivre-vos-envois?code=6A123');
  });

  it('a shop reading its order, its list and a size’s availability again and again sees each change at once (issue 61: kept answers)', async () => {
    const read = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: shop })).json();
    const order = await place([{ variantId: dress.id, size: 'S', quantity: 3 }]);
    const mine = () => read(`/api/orders/${order.id}?lang=en`);
    const listed = async () => (await read('/api/orders?limit=5&lang=en')).data.find((o: { id: number }) => o.id === order.id);
    const sizeS = async () =>
      (await read(`/api/wholesale/availability/${productId}?lang=en`)).variants
        .find((v: { variantId: number }) => v.variantId === dress.id)
        .sizes.find((z: { size: string }) => z.size === 'S');
    for (let i = 0; i < 3; i += 1) expect((await mine()).status).toBe('submitted');
    expect((await listed()).status).toBe('submitted');
    const before = await sizeS();
    await sizeS();

    expect((await adminPost(order.id, 'confirm', { shipDate: '2027-03-01' })).statusCode).toBe(200);
    expect((await mine()).status).toBe('confirmed');
    expect((await listed()).status).toBe('confirmed');
    expect((await adminPost(order.id, 'ship', { carrier: 'Colissimo', tracking: '6B456' })).statusCode).toBe(200);
    // What the listeners do after the ship's commit runs too, each in a transaction of its own.
    while ((await t.services.events.runOnce()) > 0);
    const shipped = await mine();
    expect(shipped).toMatchObject({ status: 'shipped', tracking: '6B456', shipments: [{ tracking: '6B456', lines: [{ quantity: 3 }] }] });

    // The owner counts 7 pieces of the size in stock: the shop's next look says so.
    const stocked = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/stock',
      headers: admin,
      payload: { items: [{ variantId: dress.id, size: 'S', onHand: 7 }] },
    });
    expect(stocked.statusCode, stocked.body).toBeLessThan(300);
    const after = await sizeS();
    expect(after).not.toEqual(before);
  });

  it('ships with a carrier chosen by its code, or named freely: only a known one with a number gets a tracking link', async () => {
    const ship = async (body: Record<string, string>) => {
      const order = await place([{ variantId: dress.id, size: 'M', quantity: 3 }]);
      await adminPost(order.id, 'confirm', { shipDate: '2027-03-01' });
      return (await adminPost(order.id, 'ship', body)).json();
    };
    expect(await ship({ carrier: 'mondialRelay', tracking: '12 34' })).toMatchObject({
      carrier: 'mondialRelay',
      trackingUrl: 'https://www.mondialrelay.fr/suivi-de-colis/?NumeroExpedition=12%2034',
    });
    await t.services.mail.runOnce();
    expect(t.sent.at(-1)!.text).toContain('Transporteur et suivi : Mondial Relay · 12 34');
    expect(await ship({ carrier: 'La navette du village', tracking: 'N-7' })).toMatchObject({ carrier: 'La navette du village', trackingUrl: null });
    expect(await ship({ carrier: 'dhl' })).toMatchObject({ carrier: 'dhl', tracking: null, trackingUrl: null });
  });

  it('a stockist cancels a submitted order; the brand cancels with a reason the stockist reads', async () => {
    const mine = await place([{ variantId: dress.id, size: 'S', quantity: 1 }]);
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/orders/${mine.id}/cancel?lang=en`, headers: shop });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', history: [{ status: 'submitted' }, { status: 'cancelled', by: 'stockist' }] });
    const theirs = await place([{ variantId: dress.id, size: 'S', quantity: 1 }]);
    expect((await adminPost(theirs.id, 'cancel', { reason: ' ' })).statusCode).toBe(400);
    const byBrand = await adminPost(theirs.id, 'cancel', { reason: 'Fabric out of stock' });
    expect(byBrand.json()).toMatchObject({ status: 'cancelled', cancelReason: 'Fabric out of stock' });
    await t.services.mail.runOnce();
    expect(t.sent.at(-1)!.text).toContain('Motif : Fabric out of stock');
  });

  it('the owner’s confirm and the stockist’s cancel at the same moment leave exactly one outcome and one mail', async () => {
    const order = await place([{ variantId: dress.id, size: 'M', quantity: 1 }]);
    const mails = await count('mail_outbox');
    const [confirm, cancel] = await Promise.all([
      adminPost(order.id, 'confirm', { shipDate: '2027-03-05' }),
      t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/cancel`, headers: shop }),
    ]);
    expect([confirm.statusCode, cancel.statusCode].sort()).toEqual([200, 409]);
    const final = (await t.app.inject({ method: 'GET', url: `/api/admin/orders/${order.id}`, headers: admin })).json();
    expect(final.status).toBe(confirm.statusCode === 200 ? 'confirmed' : 'cancelled');
    expect(final.history).toHaveLength(2);
    expect(await count('mail_outbox')).toBe(mails + 1);
  });

  it('a move that lands while the cancel is between its read and its update wins; the cancel is 409 and changes nothing (the crash test found it on PostgreSQL)', async () => {
    const order = await place([{ variantId: dress.id, size: 'S', quantity: 1 }]);
    expect((await adminPost(order.id, 'confirm', { shipDate: '2027-03-05' })).statusCode).toBe(200);
    const events = async () =>
      Number(
        (
          await t.services.database.db
            .selectFrom('order_events')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('order_id', '=', order.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await events();
    // Another move holds the row: its update is made, not yet committed. The cancel reads "confirmed",
    // then waits on the row (PostgreSQL) or for the connection (SQLite) until that move commits "shipped".
    let cancel: ReturnType<typeof adminPost> | undefined;
    await t.services.database.db.transaction().execute(async (trx) => {
      await trx.updateTable('orders').set({ status: 'shipped' }).where('id', '=', order.id).execute();
      cancel = adminPost(order.id, 'cancel', { reason: 'Retour' });
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    const answer = await cancel!;
    expect(answer.statusCode, answer.body).toBe(409);
    const final = (await t.app.inject({ method: 'GET', url: `/api/admin/orders/${order.id}`, headers: admin })).json();
    expect(final.status).toBe('shipped');
    expect(await events()).toBe(before);
  });

  it('"order again" copies the lines at today’s prices and names what no longer exists', async () => {
    const old = await place([
      { variantId: dress.id, size: 'M', quantity: 2 },
      { variantId: scarf.id, size: 'ONESIZE', quantity: 1 },
    ]);
    // The scarf colour goes away.
    const update = sampleProduct({ reference: 'MS27-ORDER' });
    update.variants = [{ ...update.variants[0]!, id: dress.id, price: 150, sizes: ['S', 'M', 'L'] }];
    expect((await t.app.inject({ method: 'PUT', url: `/api/admin/products/${productId}`, payload: update, headers: admin })).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'POST', url: `/api/orders/${old.id}/reorder?lang=en`, headers: shop });
    expect(res.statusCode).toBe(200);
    expect(res.json().skipped).toEqual([{ productTitle: 'Test dress', colorName: 'Ecru', size: 'ONESIZE' }]);
    expect(res.json().draft.lines).toMatchObject([{ variantId: dress.id, size: 'M', quantity: 2, unitPrice: 150 }]);
  });

  it('company details: checked, saved, started from the application at accept, and frozen on each order', async () => {
    expect((await t.app.inject({ method: 'PUT', url: '/api/account/company', payload: { vatNumber: 'FR41303265045' }, headers: shop })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PUT', url: '/api/account/company', payload: { siret: '123' }, headers: shop })).statusCode).toBe(400);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/account/company',
      headers: shop,
      payload: {
        companyName: 'La Mercerie',
        siret: '123 456 789 00012',
        vatNumber: 'fr 40 303265045',
        billingAddress: '1 quai, Sète',
        deliveryAddress: '',
        phone: '04 67',
      },
    });
    // Today's fields exactly as before; since issue 24 the same answer also carries the structured
    // form of the addresses and what an invoice to these details still needs.
    expect(saved.json()).toEqual({
      companyName: 'La Mercerie',
      siret: '12345678900012',
      vatNumber: 'FR40303265045',
      billingAddress: '1 quai, Sète',
      deliveryAddress: null,
      phone: '04 67',
      siren: '123456789',
      billing: { line1: '1 quai, Sète', line2: '', postcode: '', town: '', country: '' },
      delivery: null,
      toComplete: ['billing'],
    });
    const order = await place([{ variantId: dress.id, size: 'S', quantity: 1 }]);
    expect(order.shop).toEqual({ email: RETAILER.email, company: saved.json(), userId: expect.any(Number) });

    // At accept, the application's details start the account's.
    await t.app.inject({
      method: 'POST',
      url: '/api/retailers/contact',
      payload: { name: 'Léo', email: 'leo@shop.example', message: 'Hi', consent: true, company: 'Léo & Co', siret: '98765432100019' },
    });
    const app = (await t.app.inject({ method: 'GET', url: '/api/admin/retailers/applications', headers: admin }))
      .json()
      .data.find((a: { email: string }) => a.email === 'leo@shop.example');
    await t.app.inject({ method: 'POST', url: `/api/admin/retailers/applications/${app.id}/accept`, headers: admin });
    const user = (await t.services.users.list()).find((u) => u.email === 'leo@shop.example')!;
    expect(await t.services.companies.company(user.id)).toMatchObject({ companyName: 'Léo & Co', siret: '98765432100019' });
  });

  it('exports one order and a period as CSV: UTF-8 with a header, one row per colour and size, formulas neutralised', async () => {
    const order = await place([
      { variantId: dress.id, size: 'S', quantity: 1 },
      { variantId: dress.id, size: 'L', quantity: 2 },
    ]);
    const one = await t.app.inject({ method: 'GET', url: `/api/admin/orders/${order.id}.csv?lang=fr`, headers: admin });
    expect(one.statusCode).toBe(200);
    expect(one.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(one.headers['content-disposition']).toBe(`attachment; filename="order-${order.number}.csv"`);
    const rows = one.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(one.body.startsWith('\ufeff')).toBe(true);
    expect(rows[0]).toBe(
      'Commande,Date,Statut,Boutique,E-mail,SIRET,TVA,Référence,Produit,Coloris,Taille,Quantité,Prix unitaire HT,Total HT,Expédition prévue,Devise',
    );
    expect(rows.slice(1)).toEqual([
      `${order.number},${order.createdAt.slice(0, 10)},submitted,La Mercerie,${RETAILER.email},12345678900012,FR40303265045,MS27-ORDER,Robe Test,Terracotta,S,1,150.00,150.00,,EUR`,
      `${order.number},${order.createdAt.slice(0, 10)},submitted,La Mercerie,${RETAILER.email},12345678900012,FR40303265045,MS27-ORDER,Robe Test,Terracotta,L,2,150.00,300.00,,EUR`,
    ]);
    const today = new Date().toISOString().slice(0, 10);
    const period = await t.app.inject({ method: 'GET', url: `/api/admin/orders.csv?from=2020-01-01&to=${today}&lang=en`, headers: admin });
    const lines = period.body.trim().split('\r\n');
    expect(lines[0]).toContain('Order,Date,Status');
    expect(lines.length - 1).toBe(
      Number(
        (
          await t.services.database.db
            .selectFrom('order_lines')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/orders.csv?from=2027-01-02&to=2027-01-01', headers: admin })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/orders/999999.csv', headers: admin })).statusCode).toBe(404);

    await t.app.inject({ method: 'PUT', url: '/api/account/company', headers: shop, payload: { companyName: '=HYPERLINK("x")' } });
    const risky = await place([{ variantId: dress.id, size: 'S', quantity: 1 }]);
    const csv = (await t.app.inject({ method: 'GET', url: `/api/admin/orders/${risky.id}.csv`, headers: admin })).body;
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
  });

  it('lists orders for the owner by status, submitted ones with shop, pieces and total', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/api/admin/orders?status=submitted', headers: admin })).json().data;
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((o: { status: string }) => o.status === 'submitted')).toBe(true);
    expect(list[0]).toMatchObject({
      shop: expect.any(String),
      pieces: expect.any(Number),
      total: expect.any(Number),
      number: expect.stringMatching(/^\d{4}-\d{4}$/),
    });
  });
});
