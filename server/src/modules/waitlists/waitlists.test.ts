import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminWaitlistList, Order, WaitlistEntry, WaitlistOffer } from '@atelier/contract';
import { ADMIN, DIALECTS, RETAILER, createTestContext, openWholesale, sendDraft, tradingShops, type TestContext } from '../../../test/helpers.ts';
import { sampleProduct, seasonFixture } from '../../../test/fixtures.ts';

const SHOPS = [
  { email: RETAILER.email, password: RETAILER.password, name: 'Les Jours Lents' },
  { email: 'first-wait@test.example', password: 'first-pass-2026', name: 'Première' },
  { email: 'second-wait@test.example', password: 'second-pass-2026', name: 'Deuxième' },
  { email: 'third-wait@test.example', password: 'third-pass-2026', name: 'Troisième' },
];

/**
 * Waitlists (issue 58), through the API on each database: a sold-out size remembers who asked, in turn;
 * pieces that come back are held for the first shop for a time, then pass on; an offer is confirmed once,
 * never after its time, and the same pieces are never offered to two shops.
 */
describe.each(DIALECTS)('waitlists on %s (issue 58)', (dialect) => {
  let t: TestContext;
  let admin: Record<string, string>;
  const shop: Array<Record<string, string>> = [];
  const companyIds: number[] = [];
  let dress: number;
  let keys = 0;

  beforeAll(async () => {
    t = await createTestContext(dialect);
    admin = t.auth(await t.login(ADMIN.email, ADMIN.password));
    const traders = await tradingShops(t, SHOPS);
    shop.push(...traders.headers);
    companyIds.push(...traders.companyIds);
    const season = await t.app.inject({ method: 'POST', url: '/api/admin/seasons', headers: admin, payload: seasonFixture('WL27') });
    expect(season.statusCode, season.body).toBe(201);
    const payload = sampleProduct({ reference: 'WL27-ROBE', seasonIds: [season.json().id] });
    payload.variants = [{ ...payload.variants[0]!, price: 100, sizes: ['S', 'M', 'L'] }];
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/products', payload, headers: admin });
    expect(res.statusCode, res.body).toBe(201);
    dress = res.json().variants[0].id;
    await openWholesale(t, admin);
    const stock = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/stock',
      headers: admin,
      payload: {
        items: [
          { variantId: dress, size: 'M', onHand: 2 },
          { variantId: dress, size: 'S', onHand: 5 },
        ],
      },
    });
    expect(stock.statusCode, stock.body).toBe(200);
  }, 240_000);
  afterAll(async () => t.close());

  const db = () => t.services.database.db;
  const settle = async () => {
    while ((await t.services.events.runOnce()) > 0);
  };
  const join = (who: number, body: object) => t.app.inject({ method: 'POST', url: '/api/waitlist?lang=en', payload: body, headers: shop[who]! });
  const offersOf = async (who: number): Promise<WaitlistOffer[]> =>
    (await t.app.inject({ method: 'GET', url: '/api/account/offers?lang=en', headers: shop[who]! })).json().data;
  const waitsOf = async (who: number): Promise<WaitlistEntry[]> =>
    (await t.app.inject({ method: 'GET', url: '/api/account/waitlist?lang=en', headers: shop[who]! })).json().data;
  const confirm = (who: number, offerId: number) =>
    t.app.inject({ method: 'POST', url: `/api/offers/${offerId}/confirm?lang=en`, payload: {}, headers: shop[who]! });
  const level = async (size: string) =>
    db().selectFrom('stock_levels').select(['on_hand', 'reserved']).where('variant_id', '=', dress).where('size', '=', size).executeTakeFirstOrThrow();
  const atOnce = (who: number, size: string, quantity: number) =>
    sendDraft(t, shop[who]!, [{ variantId: dress, size, quantity, mode: 'atOnce' }], `wait-${dialect}-${(keys += 1)}`);

  let sold: Order;

  it('lets shops wait for a sold-out size, in turn, and refuses a size in stock, one not made, or twice', async () => {
    sold = await atOnce(0, 'M', 2); // the last two M
    expect((await join(1, { variantId: dress, size: 'S', quantity: 1 })).json().error).toMatch(/in stock: order it now/);
    expect((await join(1, { variantId: dress, size: 'L', quantity: 1 })).statusCode).toBe(422); // not sold from stock
    expect((await join(1, { variantId: dress, size: 'XL', quantity: 1 })).statusCode).toBe(422);
    expect((await join(1, { variantId: dress, size: 'M', quantity: 0 })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/waitlist', payload: { variantId: dress, size: 'M', quantity: 1 } })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/waitlist', payload: { variantId: dress, size: 'M', quantity: 1 }, headers: admin })).statusCode,
    ).toBe(403);

    const first = await join(1, { variantId: dress, size: 'M', quantity: 2 });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ status: 'waiting', position: 1, quantity: 2, productTitle: 'Test dress', size: 'M' });
    expect((await join(2, { variantId: dress, size: 'M', quantity: 1 })).json()).toMatchObject({ position: 2 });
    expect((await join(3, { variantId: dress, size: 'M', quantity: 1 })).json()).toMatchObject({ position: 3 });
    const twice = await join(3, { variantId: dress, size: 'M', quantity: 3 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toMatch(/already waits/);

    // The owner sees who waits, in turn, and her home counts them; another shop sees only its own.
    const list = (await t.app.inject({ method: 'GET', url: '/api/admin/waitlists?lang=en', headers: admin })).json() as AdminWaitlistList;
    expect(list.data.map((w) => [w.company.name, w.position, w.quantity])).toEqual([
      ['Première', 1, 2],
      ['Deuxième', 2, 1],
      ['Troisième', 3, 1],
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/waitlists?q=deux', headers: admin })).json().total).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/waitlists/pieces?variants=${dress}`, headers: admin })).json().data).toEqual([
      { variantId: dress, size: 'M', shops: 3, pieces: 4 },
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/home', headers: admin })).json().waitlist).toEqual({ shops: 3, sizes: 1 });
    expect((await waitsOf(0)).length).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/waitlists', headers: shop[1]! })).statusCode).toBe(403);
  });

  it('offers pieces that come back to the first shop; past its time they pass to the next two', async () => {
    // The order holding the last two M is cancelled: they come back.
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${sold.id}/cancel?lang=en`,
      payload: { reason: 'Shop closed' },
      headers: admin,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await settle();
    const [offer] = await offersOf(1);
    expect(offer).toMatchObject({ status: 'open', quantity: 2, size: 'M' });
    const hours = (Date.parse(offer!.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(47.9);
    expect(hours).toBeLessThanOrEqual(48);
    expect(await level('M')).toEqual({ on_hand: 2, reserved: 2 }); // held for it, nobody else can take them
    expect(await offersOf(2)).toEqual([]);
    const told = await db()
      .selectFrom('mail_outbox')
      .select(['to_address', 'subject', 'text_body'])
      .where('dedupe_key', '=', `waitlist-offer:${offer!.id}`)
      .executeTakeFirstOrThrow();
    expect(told).toMatchObject({ to_address: SHOPS[1]!.email, subject: expect.stringContaining('Back in stock for you: Test dress — Terracotta, M') });
    expect(told.text_body).toContain(`/account/waitlist?offer=${offer!.id}&lang=en`);
    // Another shop can neither see nor confirm it.
    expect((await confirm(2, offer!.id)).statusCode).toBe(404);
    // An at-once order cannot take the held pieces either.
    await expect(atOnce(0, 'M', 1)).rejects.toThrow(/1 left|0 left|restante/);

    // It lets it expire: the two pieces pass to the second and the third shop, one each.
    expect(await t.services.waitlists.expireOffers(new Date(Date.now() + 49 * 3_600_000).toISOString())).toBe(1);
    await settle();
    expect((await offersOf(1))[0]).toMatchObject({ status: 'expired' });
    expect((await waitsOf(1))[0]).toMatchObject({ status: 'lapsed', position: null });
    const [second] = await offersOf(2);
    const [third] = await offersOf(3);
    expect([second?.quantity, third?.quantity]).toEqual([1, 1]);
    const late = await confirm(1, offer!.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toMatch(/past its time/);

    // The second confirms: an at-once order like any other (under the minimum), its pieces handed over once.
    const ordered = await confirm(2, second!.id);
    expect(ordered.statusCode, ordered.body).toBe(201);
    expect(ordered.json()).toMatchObject({ status: 'submitted', pieces: 1, total: 100 });
    expect((await confirm(2, second!.id)).statusCode).toBe(409);
    expect((await offersOf(2))[0]).toMatchObject({ status: 'confirmed', order: { id: ordered.json().id } });
    expect((await waitsOf(2))[0]).toMatchObject({ status: 'served' });
    expect(await level('M')).toEqual({ on_hand: 2, reserved: 2 });
    // The third declines: the piece goes back to the shelf (nobody else waits).
    const declined = await t.app.inject({ method: 'POST', url: `/api/offers/${third!.id}/decline?lang=en`, headers: shop[3]! });
    expect(declined.json()).toMatchObject({ status: 'declined' });
    await settle();
    expect(await level('M')).toEqual({ on_hand: 2, reserved: 1 });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/home', headers: admin })).json().waitlist).toEqual({ shops: 0, sizes: 0 });
    // The season at a glance counts the offer that became an order.
    const figures = (await t.app.inject({ method: 'GET', url: '/api/admin/sales?season=WL27&lang=en', headers: admin })).json();
    expect(figures.shortfall).toEqual([{ reference: 'WL27-ROBE', label: 'Test dress', allocated: 0, short: 0, offersOrdered: 1 }]);
  });

  it('confirms an offer at the instant of its expiry once: either the order or the pieces passed on', async () => {
    await atOnce(0, 'S', 5); // S sold out
    expect((await join(1, { variantId: dress, size: 'S', quantity: 1 })).statusCode).toBe(201);
    expect((await join(2, { variantId: dress, size: 'S', quantity: 1 })).statusCode).toBe(201);
    const count = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/stock',
      headers: admin,
      payload: { items: [{ variantId: dress, size: 'S', onHand: 6 }] },
    });
    expect(count.statusCode).toBe(200); // one more S received
    await settle();
    const [offer] = await offersOf(1);
    expect(offer).toMatchObject({ status: 'open', quantity: 1 });
    const ofS = async (who: number) => (await offersOf(who)).filter((o) => o.size === 'S');
    expect(await ofS(2)).toEqual([]); // one piece: one offer
    const [confirmed, expired] = await Promise.all([
      confirm(1, offer!.id),
      t.services.waitlists.expireOffers(new Date(Date.now() + 49 * 3_600_000).toISOString()),
    ]);
    await settle();
    const second = await ofS(2);
    if (confirmed.statusCode === 201) {
      expect(expired).toBe(0);
      expect(second).toEqual([]);
    } else {
      expect(confirmed.statusCode).toBe(409);
      expect(expired).toBe(1);
      expect(second.map((o) => o.status)).toEqual(['open']);
    }
    // Whichever won, the piece is held once: by the order or by the next offer.
    expect(await level('S')).toEqual({ on_hand: 6, reserved: 6 });
  });

  it('lets a shop leave its own wait, once; another shop cannot', async () => {
    const waiting = await join(3, { variantId: dress, size: 'S', quantity: 2 });
    expect(waiting.statusCode, waiting.body).toBe(201);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/waitlist/${waiting.json().id}`, headers: shop[2]! })).statusCode).toBe(404);
    const left = await t.app.inject({ method: 'DELETE', url: `/api/waitlist/${waiting.json().id}?lang=en`, headers: shop[3]! });
    expect(left.json()).toMatchObject({ status: 'left', position: null });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/waitlist/${waiting.json().id}?lang=en`, headers: shop[3]! })).statusCode).toBe(409);
  });
});
