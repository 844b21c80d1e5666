import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AllocationProposal, Order } from '@atelier/contract';
import { ADMIN, DIALECTS, RETAILER, createTestContext, openWholesale, sendDraft, tradingShops, type TestContext } from '../../../test/helpers.ts';
import { sampleProduct, seasonFixture } from '../../../test/fixtures.ts';

const SHOPS = [
  { email: RETAILER.email, password: RETAILER.password, name: 'Les Jours Lents' },
  { email: 'second-alloc@test.example', password: 'second-pass-2026', name: 'La Grange' },
  { email: 'third-alloc@test.example', password: 'third-pass-2026', name: 'Atelier Nord' },
];

/**
 * Short production shared out (issue 58), through the API on each database: the three rules on the same
 * shortage, to the piece; the owner's own cells; what is refused (nothing written); two applies at once;
 * "Ship these" shipping what was allocated, the rest following or cancelled; a second batch.
 */
describe.each(DIALECTS)('allocating short production on %s (issue 58)', (dialect) => {
  let t: TestContext;
  let admin: Record<string, string>;
  const shop: Array<Record<string, string>> = [];
  const companyIds: number[] = [];
  let deliveries: number[] = [];
  let dress: number; // S M L, by the piece
  let pairs: number; // S M, by twos
  let keys = 0;

  beforeAll(async () => {
    t = await createTestContext(dialect);
    admin = t.auth(await t.login(ADMIN.email, ADMIN.password));
    const traders = await tradingShops(t, SHOPS);
    shop.push(...traders.headers);
    companyIds.push(...traders.companyIds);
    const season = await t.app.inject({
      method: 'POST',
      url: '/api/admin/seasons',
      headers: admin,
      payload: seasonFixture('AL27', {
        deliveries: [
          ['Février', 60],
          ['Mars', 90],
        ],
      }),
    });
    expect(season.statusCode, season.body).toBe(201);
    deliveries = (season.json().deliveries as Array<{ id: number }>).map((d) => d.id);
    const style = async (reference: string, sizes: string[], orderMultiple = 1) => {
      const payload = sampleProduct({ reference, seasonIds: [season.json().id], orderMultiple });
      payload.variants = [{ ...payload.variants[0]!, price: 100, sizes }];
      const res = await t.app.inject({ method: 'POST', url: '/api/admin/products', payload, headers: admin });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().variants[0].id as number;
    };
    dress = await style('AL27-LIN', ['S', 'M', 'L']);
    pairs = await style('AL27-PAIRE', ['S', 'M'], 2);
    await openWholesale(t, admin);
  }, 240_000);
  afterAll(async () => t.close());

  const db = () => t.services.database.db;
  /** A confirmed pre-order of one shop for a window: `lines` as [variant, size, quantity]. */
  const preOrder = async (who: number, delivery: number, lines: Array<[number, string, number]>): Promise<Order> => {
    const sent = await sendDraft(
      t,
      shop[who]!,
      lines.map(([variantId, size, quantity]) => ({ variantId, size, quantity, mode: 'preBook', deliveryId: delivery })),
      `alloc-${dialect}-${(keys += 1)}`,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${sent.id}/confirm?lang=en`,
      payload: { shipDate: '2027-02-01' },
      headers: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const count = async (variantId: number, size: string, onHand: number) => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/admin/stock', headers: admin, payload: { items: [{ variantId, size, onHand }] } });
    expect(res.statusCode, res.body).toBe(200);
  };
  const proposal = async (delivery: number, rule: string): Promise<AllocationProposal> => {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/allocations/proposal?delivery=${delivery}&rule=${rule}&lang=en`, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const apply = (payload: object) => t.app.inject({ method: 'POST', url: '/api/admin/allocations?lang=en', payload, headers: admin });
  const level = async (variantId: number, size: string) =>
    db().selectFrom('stock_levels').select(['on_hand', 'reserved']).where('variant_id', '=', variantId).where('size', '=', size).executeTakeFirstOrThrow();
  /** Per shop (by index) what the rule gives of a piece. */
  const gives = (p: AllocationProposal, variantId: number, size: string) =>
    Object.fromEntries(p.sizes.find((s) => s.variantId === variantId && s.size === size)!.lines.map((l) => [companyIds.indexOf(l.company.id!), l.gets]));
  const asLines = (p: AllocationProposal) => p.sizes.flatMap((s) => s.lines.map((l) => ({ lineId: l.lineId, quantity: l.gets })));

  let orders: Order[] = [];

  it('gives each rule’s result to the piece on the same shortage, and refuses a wrong priority', async () => {
    // Sent in this order: the first shop, the second, the third.
    orders = [
      await preOrder(0, deliveries[0]!, [
        [dress, 'M', 10],
        [pairs, 'S', 4],
      ]),
      await preOrder(1, deliveries[0]!, [
        [dress, 'M', 6],
        [pairs, 'S', 4],
      ]),
      await preOrder(2, deliveries[0]!, [
        [dress, 'M', 8],
        [pairs, 'S', 2],
        [dress, 'L', 3],
      ]),
    ];
    await count(dress, 'M', 13); // 24 asked
    await count(pairs, 'S', 5); // 10 asked, by twos
    await count(dress, 'L', 3); // enough
    // The third shop is served first "by priority", the second next; the first keeps the default (3).
    for (const [who, priority] of [
      [2, 1],
      [1, 2],
    ] as const) {
      const res = await t.app.inject({ method: 'PUT', url: `/api/admin/companies/${companyIds[who]}/priority`, payload: { priority }, headers: admin });
      expect(res.statusCode, res.body).toBe(200);
    }
    const wrong = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/companies/${companyIds[0]}/priority?lang=en`,
      payload: { priority: 6 },
      headers: admin,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: expect.stringMatching(/priority from 1/), errors: [expect.objectContaining({ field: '/priority' })] });
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/companies/999999/priority', payload: { priority: 2 }, headers: admin })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/admin/companies/${companyIds[0]}/priority`, payload: { priority: 2 }, headers: shop[0]! })).statusCode,
    ).toBe(403);

    const arrival = await proposal(deliveries[0]!, 'arrival');
    expect(arrival).toMatchObject({ orders: 3, asked: 24 + 10 + 3, shelf: 13 + 5 + 3 });
    expect(gives(arrival, dress, 'M')).toEqual({ 0: 10, 1: 3, 2: 0 });
    expect(gives(arrival, pairs, 'S')).toEqual({ 0: 4, 1: 0, 2: 0 }); // one left over: not a whole two
    expect(gives(arrival, dress, 'L')).toEqual({ 2: 3 });
    const shortM = arrival.sizes.find((s) => s.variantId === dress && s.size === 'M')!;
    expect(shortM).toMatchObject({ shelf: 13, asked: 24, gets: 13, short: 11, productTitle: 'Test dress', colorName: 'Terracotta' });

    // In proportion: 13/24 of each, rounded down (5, 3, 4), the one left to the first sent.
    const proportion = await proposal(deliveries[0]!, 'proportion');
    expect(gives(proportion, dress, 'M')).toEqual({ 0: 6, 1: 3, 2: 4 });
    expect(gives(proportion, pairs, 'S')).toEqual({ 0: 2, 1: 2, 2: 0 });

    const priority = await proposal(deliveries[0]!, 'priority');
    expect(gives(priority, dress, 'M')).toEqual({ 0: 0, 1: 5, 2: 8 });
    expect(priority.sizes.find((s) => s.variantId === dress && s.size === 'M')!.lines.map((l) => l.priority)).toEqual([1, 2, 3]);
    expect(arrival.basis).toBe(priority.basis);
    // The owner looks for one style: its pieces only, computed on the same basis.
    const one = await proposal(deliveries[0]!, 'arrival&q=paire');
    expect(one.sizes.map((z) => [z.reference, z.size])).toEqual([['AL27-PAIRE', 'S']]);
    expect(one).toMatchObject({ basis: arrival.basis, asked: 10, shelf: 5 });

    // Nothing of it leaves the server for a shop or an anonymous visitor.
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/allocations/proposal?delivery=${deliveries[0]}`, headers: shop[0]! })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/allocations/proposal?delivery=${deliveries[0]}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/allocations/proposal?delivery=999999&lang=en`, headers: admin })).statusCode).toBe(422);
  });

  it('refuses an allocation that gives more than asked or than the shelf, breaks a multiple or names another line, and writes nothing', async () => {
    const p = await proposal(deliveries[0]!, 'proportion');
    const lines = asLines(p);
    const lineOf = (who: number, variantId: number) =>
      p.sizes.flatMap((s) => s.lines).find((l) => l.company.id === companyIds[who] && p.sizes.find((s) => s.lines.includes(l))!.variantId === variantId)!;
    const first = lineOf(0, dress);
    const before = await level(dress, 'M');
    const refused = async (changed: Array<{ lineId: number; quantity: number }>, status: number, pattern: RegExp) => {
      const res = await apply({ delivery: deliveries[0], basis: p.basis, rule: 'proportion', lines: changed });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().error).toMatch(pattern);
    };
    await refused(
      lines.map((l) => (l.lineId === first.lineId ? { ...l, quantity: 11 } : l)),
      422,
      /more than it still asks/,
    );
    await refused(
      lines.map((l) => (l.lineId === first.lineId ? { ...l, quantity: 10 } : l)),
      422,
      /than the shelf holds/,
    );
    await refused(
      lines.map((l) => (l.lineId === lineOf(0, pairs).lineId ? { ...l, quantity: 1 } : l)),
      422,
      /whole packs or multiples/,
    );
    await refused([...lines, { lineId: 999999, quantity: 1 }], 422, /not a confirmed pre-order of this delivery/);
    await refused(
      lines.map((l) => ({ ...l, quantity: 0 })),
      422,
      /gives no piece/,
    );
    expect(await level(dress, 'M')).toEqual(before);
    expect(await db().selectFrom('allocations').select('id').execute()).toEqual([]);
  });

  it('applies the owner’s cells once when two applies race, and answers 409 once stock changed', async () => {
    const p = await proposal(deliveries[0]!, 'proportion');
    // She gives the second shop one more M and the first one less.
    const m = p.sizes.find((s) => s.variantId === dress && s.size === 'M')!;
    const firstM = m.lines.find((l) => l.company.id === companyIds[0])!;
    const secondM = m.lines.find((l) => l.company.id === companyIds[1])!;
    const lines = asLines(p).map((l) => (l.lineId === firstM.lineId ? { ...l, quantity: 5 } : l.lineId === secondM.lineId ? { ...l, quantity: 4 } : l));
    const payload = { delivery: deliveries[0], basis: p.basis, rule: 'proportion', lines, rest: 'follow', followDate: '2027-03-15' };
    const [a, b] = await Promise.all([apply(payload), apply(payload)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const done = (a.statusCode === 201 ? a : b).json();
    expect(done).toMatchObject({ rule: 'proportion', rest: 'follow', followDate: '2027-03-15', pieces: 13 + 4 + 3 });
    expect(
      Object.fromEntries(done.orders.map((o: { id: number; gets: number; short: number }) => [orders.findIndex((x) => x.id === o.id), [o.gets, o.short]])),
    ).toEqual({
      0: [5 + 2, 5 + 2],
      1: [4 + 2, 2 + 2],
      2: [4 + 3, 4 + 2],
    });
    // The pieces are held on the shelf for their lines, once.
    expect(await level(dress, 'M')).toEqual({ on_hand: 13, reserved: 13 });
    expect(await level(pairs, 'S')).toEqual({ on_hand: 5, reserved: 4 });
    const mine = (await t.app.inject({ method: 'GET', url: `/api/orders/${orders[1]!.id}?lang=en`, headers: shop[1]! })).json() as Order;
    expect(mine.lines.map((l) => [l.size, l.quantity, l.allocated ?? 0])).toEqual([
      ['M', 6, 4],
      ['S', 4, 2],
    ]);
    expect(mine.followDate).toBe('2027-03-15');

    // Each shop is told what comes and what follows, in its language.
    while ((await t.services.events.runOnce()) > 0);
    const mails = await db()
      .selectFrom('mail_outbox')
      .select(['to_address', 'subject', 'text_body'])
      .where('dedupe_key', 'like', 'allocation:%')
      .orderBy('id')
      .execute();
    expect(mails.map((m) => m.to_address).sort()).toEqual(SHOPS.map((s) => s.email).sort());
    const second = mails.find((m) => m.to_address === SHOPS[1]!.email)!;
    expect(second.subject).toContain(orders[1]!.number);
    expect(second.text_body).toMatch(/M: 4\/6/);
    expect(second.text_body).toMatch(/follows around/);

    // A second computation on the same basis is refused: the stock it was made on has changed.
    const again = await apply(payload);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(/compute it again/);
  });

  it('ships what was allocated with "Ship these"; a second batch later shares only what is new', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/orders/ship-bulk?lang=en',
      payload: { deliveryId: deliveries[0], carrier: 'colissimo' },
      headers: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results.map((r: { shipped: boolean; status: string }) => [r.shipped, r.status])).toEqual([
      [true, 'partlyShipped'],
      [true, 'partlyShipped'],
      [true, 'partlyShipped'],
    ]);
    // The allocated pieces left the shelf; the rest is to follow.
    expect(await level(dress, 'M')).toEqual({ on_hand: 0, reserved: 0 });
    expect(await level(pairs, 'S')).toEqual({ on_hand: 1, reserved: 0 });
    const second = (await t.app.inject({ method: 'GET', url: `/api/orders/${orders[1]!.id}?lang=en`, headers: shop[1]! })).json() as Order;
    expect(second.lines.map((l) => [l.size, l.shipped, l.allocated ?? 0])).toEqual([
      ['M', 4, 0],
      ['S', 2, 0],
    ]);

    // Six more M come from the workshop: the proposal asks only what is still missing (11 M), and shares 6.
    await count(dress, 'M', 6);
    const next = await proposal(deliveries[0]!, 'arrival');
    const m = next.sizes.find((s) => s.variantId === dress && s.size === 'M')!;
    expect(m).toMatchObject({ shelf: 6, asked: 5 + 2 + 4, gets: 6 });
    expect(gives(next, dress, 'M')).toEqual({ 0: 5, 1: 1, 2: 0 });
    const applied = await apply({ delivery: deliveries[0], basis: next.basis, lines: asLines(next) });
    expect(applied.statusCode, applied.body).toBe(201);
    expect(await level(dress, 'M')).toEqual({ on_hand: 6, reserved: 6 });
  });

  it('cancels what an allocation did not give once the rest shipped, and an order that got nothing', async () => {
    const late = [await preOrder(0, deliveries[1]!, [[dress, 'S', 4]]), await preOrder(1, deliveries[1]!, [[dress, 'S', 4]])];
    await count(dress, 'S', 3);
    const p = await proposal(deliveries[1]!, 'arrival');
    expect(gives(p, dress, 'S')).toEqual({ 0: 3, 1: 0 });
    const res = await apply({ delivery: deliveries[1], basis: p.basis, lines: asLines(p), rest: 'cancel' });
    expect(res.statusCode, res.body).toBe(201);
    while ((await t.services.events.runOnce()) > 0);
    const told = await db()
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('dedupe_key', '=', `allocation:${res.json().id}:order:${late[1]!.id}`)
      .executeTakeFirstOrThrow();
    expect(told.text_body).toMatch(/cancelled and will not be invoiced/);

    const shipped = await t.app.inject({
      method: 'POST',
      url: '/api/admin/orders/ship-bulk?lang=en',
      payload: { deliveryId: deliveries[1], carrier: 'colissimo' },
      headers: admin,
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json().results.map((r: { shipped: boolean; status: string }) => [r.shipped, r.status])).toEqual([
      [true, 'shipped'],
      [false, 'cancelled'],
    ]);
    const first = (await t.app.inject({ method: 'GET', url: `/api/orders/${late[0]!.id}?lang=en`, headers: shop[0]! })).json() as Order;
    expect(first.lines.map((l) => [l.shipped, l.cancelled])).toEqual([[3, 1]]);
    expect(await level(dress, 'S')).toEqual({ on_hand: 0, reserved: 0 });
  });

  it('gives back held pieces when an allocated line is lowered, and when its order is cancelled', async () => {
    const order = await preOrder(2, deliveries[1]!, [[dress, 'L', 3]]);
    await count(dress, 'L', 3);
    const p = await proposal(deliveries[1]!, 'arrival');
    expect((await apply({ delivery: deliveries[1], basis: p.basis, lines: asLines(p) })).statusCode).toBe(201);
    expect(await level(dress, 'L')).toEqual({ on_hand: 3, reserved: 3 });
    // The owner lowers the line to 2 herself: the piece it no longer needs goes back to the shelf.
    const changed = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/changes?lang=en`,
      payload: { items: [{ lineId: order.lines[0]!.id, quantity: 2 }], apply: true },
      headers: admin,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((changed.json() as Order).lines[0]).toMatchObject({ quantity: 2, allocated: 2 });
    expect(await level(dress, 'L')).toEqual({ on_hand: 3, reserved: 2 });
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/cancel?lang=en`,
      payload: { reason: 'Closed' },
      headers: admin,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await level(dress, 'L')).toEqual({ on_hand: 3, reserved: 0 });
  });

  it('says per style on the season at a glance what allocations gave and what the latest could not give', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/sales?season=AL27&lang=en', headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    // Cancelled orders do not count; a line's shortfall is its latest allocation's.
    expect(
      Object.fromEntries(res.json().shortfall.map((r: { reference: string; allocated: number; short: number }) => [r.reference, [r.allocated, r.short]])),
    ).toEqual({
      'AL27-LIN': [10 + 5 + 4 + 3 + 3, 0 + 1 + 4 + 0 + 1],
      'AL27-PAIRE': [4, 6],
    });
  });

  it('shares one shelf between two windows: what one window was given, the other no longer sees', async () => {
    const later = await preOrder(0, deliveries[1]!, [[dress, 'L', 2]]);
    const earlier = await preOrder(1, deliveries[0]!, [[dress, 'L', 2]]);
    await count(dress, 'L', 3);
    const before = await proposal(deliveries[0]!, 'arrival');
    expect(before.sizes.find((z) => z.variantId === dress && z.size === 'L')).toMatchObject({ shelf: 3, gets: 2 });
    const second = await proposal(deliveries[1]!, 'arrival');
    const secondL = second.sizes.find((z) => z.variantId === dress && z.size === 'L')!;
    expect(secondL.lines.map((x) => [x.orderId, x.gets])).toEqual([[later.id, 2]]);
    expect((await apply({ delivery: deliveries[1], basis: second.basis, lines: asLines(second) })).statusCode).toBe(201);
    // The first window's allocation, computed before the second was applied, is refused: the shelf changed.
    const stale = await apply({ delivery: deliveries[0], basis: before.basis, lines: asLines(before) });
    expect(stale.statusCode).toBe(409);
    const first = await proposal(deliveries[0]!, 'arrival');
    const firstL = first.sizes.find((z) => z.variantId === dress && z.size === 'L')!;
    expect(firstL).toMatchObject({ shelf: 1, asked: 2, gets: 1, short: 1 });
    expect(firstL.lines.map((x) => x.orderId)).toEqual([earlier.id]);
    expect(await level(dress, 'L')).toEqual({ on_hand: 3, reserved: 2 });
  });
});
