import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, OrderChange, OrderChangeList } from '@atelier/contract';
import { ADMIN, DIALECTS, RETAILER, createTestContext, openWholesale, type TestContext } from '../../../test/helpers.ts';
import { FRENCH_SHOP, legalIdentity, sampleProduct } from '../../../test/fixtures.ts';

const OTHER = { email: 'other-change@test.example', password: 'other-pass-2026' };

/**
 * A sent order that changes (issue 57), through the API on each database: the shop asks line by line, the
 * order stays as it was until the label decides each line; accepted lines make the next revision; every
 * refusal names the line and writes nothing.
 */
describe.each(DIALECTS)('changing a sent order on %s (issue 57)', (dialect) => {
  let t: TestContext;
  let admin: Record<string, string>;
  let shop: Record<string, string>;
  let other: Record<string, string>;
  let dress: { id: number }; // 100 € excl. VAT, S M L
  let blouse: { id: number }; // 50 € excl. VAT, S M
  let keyCounter = 0;
  let deliveries: number[] = [];

  beforeAll(async () => {
    t = await createTestContext(dialect);
    admin = t.auth(await t.login(ADMIN.email, ADMIN.password));
    shop = t.auth(await t.login(RETAILER.email, RETAILER.password));
    await t.services.users.create({ email: OTHER.email, role: 'retailer', password: OTHER.password, locale: 'en' });
    other = t.auth(await t.login(OTHER.email, OTHER.password));
    await t.services.companies.saveCompany((await t.services.users.findByEmail(RETAILER.email))!.id, FRENCH_SHOP);
    // A season open for pre-orders, whose window the last test closes.
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    const season = await t.app.inject({
      method: 'POST',
      url: '/api/admin/seasons',
      headers: admin,
      payload: {
        code: 'CH27',
        ordersOpen: day(-30),
        ordersClose: day(30),
        translations: [
          { locale: 'fr', name: 'Été 2027' },
          { locale: 'en', name: 'Summer 2027' },
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
            from: day(91),
            to: day(120),
            translations: [
              { locale: 'fr', name: 'Livraison 2' },
              { locale: 'en', name: 'Delivery 2' },
            ],
          },
        ],
        terms: {
          validUntil: day(30),
          openingMinimum: 10,
          reorderMinimum: 10,
          orderEmail: 'orders@test.example',
          translations: [
            { locale: 'fr', paymentTerms: '30 jours', deliveryWindow: 'Été', shippingNotes: '' },
            { locale: 'en', paymentTerms: '30 days', deliveryWindow: 'Summer', shippingNotes: '' },
          ],
        },
      },
    });
    expect(season.statusCode, season.body).toBe(201);
    const seasonIds = [season.json().id as number];
    deliveries = (season.json().deliveries as Array<{ id: number }>).map((d) => d.id);
    const product = async (reference: string, price: number, sizes: string[]) => {
      const payload = sampleProduct({ reference, seasonIds });
      payload.variants = [{ ...payload.variants[0]!, price, sizes }];
      const res = await t.app.inject({ method: 'POST', url: '/api/admin/products', payload, headers: admin });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().variants[0] as { id: number };
    };
    dress = await product('MS27-CHANGE', 100, ['S', 'M', 'L']);
    blouse = await product('MS27-BLOUSE', 50, ['S', 'M']);
    await openWholesale(t, admin);
  }, 240_000);
  afterAll(async () => t.close());

  const db = () => t.services.database.db;
  const sent = async (quantities: Record<string, number>, headers = shop, confirm = true, mode?: 'atOnce'): Promise<Order> => {
    const lines = Object.entries(quantities).map(([size, quantity]) => ({ variantId: dress.id, size, quantity, mode: mode ?? 'preBook' }));
    expect((await t.app.inject({ method: 'PUT', url: '/api/orders/draft?lang=en', payload: { lines }, headers })).statusCode).toBe(200);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders/draft/submit?lang=en',
      payload: {},
      headers: { ...headers, 'idempotency-key': `change-${dialect}-${(keyCounter += 1)}` },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    if (!confirm) return placed.json();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${placed.json().id}/confirm?lang=en`,
      payload: { shipDate: '2027-03-01' },
      headers: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const line = (order: Order, size: string) => order.lines.find((l) => l.size === size && l.variantId === dress.id)!.id;
  const ask = (orderId: number, payload: object, headers = shop) =>
    t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/changes?lang=en`, payload, headers });
  const mine = async (orderId: number): Promise<Order> => (await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}?lang=en`, headers: shop })).json();
  const decide = (orderId: number, changeId: number, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/changes/${changeId}/decision?lang=en`, payload, headers: admin });
  const changes = async () =>
    Number(
      (
        await db()
          .selectFrom('order_changes')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const shape = (order: Order) => order.lines.map((l) => [l.size, l.quantity]);

  it('a change asked by the shop waits, the order unchanged; the label accepts two lines of three: revision 2, the shop told what was refused and why', async () => {
    const order = await sent({ S: 2, M: 3, L: 1 });
    const asked = await ask(order.id, {
      items: [
        { lineId: line(order, 'M'), quantity: 5 },
        { lineId: line(order, 'L'), quantity: 0 },
        { variantId: blouse.id, size: 'S', quantity: 2 },
      ],
      message: 'Two more M for the window, please.',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const change = asked.json() as OrderChange;
    expect(change).toMatchObject({ status: 'pending', by: 'stockist', message: 'Two more M for the window, please.', revision: null });
    expect(change.items.map((i) => [i.size, i.before, i.after, i.decision])).toEqual([
      ['M', 3, 5, 'pending'],
      ['L', 1, 0, 'pending'],
      ['S', 0, 2, 'pending'],
    ]);
    // Nothing moves until the label decides; the order says what waits.
    const waiting = await mine(order.id);
    expect(shape(waiting)).toEqual(shape(order));
    expect(waiting).toMatchObject({ revision: 1, total: 600, pendingChange: { id: change.id, status: 'pending' } });
    // One change at a time.
    const second = await ask(order.id, { items: [{ lineId: line(order, 'S'), quantity: 4 }] });
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toMatch(/already waits/);
    // Another shop does not see it exist.
    expect((await ask(order.id, { items: [{ lineId: line(order, 'S'), quantity: 4 }] }, other)).statusCode).toBe(404);

    // The label's list: pending, found by the order's number.
    const list = (
      await t.app.inject({ method: 'GET', url: `/api/admin/order-changes?status=pending&q=${order.number}`, headers: admin })
    ).json() as OrderChangeList;
    expect(list.data.map((c) => [c.id, c.orderNumber, c.lines, c.by])).toEqual([[change.id, order.number, 3, 'stockist']]);
    // Her home counts what waits for her decision.
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/home', headers: admin })).json()).toMatchObject({ orderChanges: 1 });

    const mails = await db().selectFrom('mail_outbox').select('id').execute();
    const decided = await decide(order.id, change.id, { accept: [0, 2], reason: 'The L stays: it is already cut.' });
    expect(decided.statusCode, decided.body).toBe(200);
    const now = decided.json() as Order;
    expect(now.revision).toBe(2);
    expect(now.lines.map((l) => [l.productTitle, l.size, l.quantity])).toEqual([
      ['Test dress', 'S', 2],
      ['Test dress', 'M', 5],
      ['Test dress', 'L', 1],
      ['Test dress', 'S', 2],
    ]);
    // 9 dresses at 100 € and 2 blouses at 50 €.
    expect(now).toMatchObject({ total: 900, pieces: 10, pendingChange: null });
    expect(now.changes![0]).toMatchObject({ id: change.id, status: 'partlyAccepted', revision: 2, reason: 'The L stays: it is already cut.' });
    expect(now.changes![0]!.items.map((i) => i.decision)).toEqual(['accepted', 'refused', 'accepted']);
    // The shop reads the same, and its mail says what was accepted, what was refused and why, in its language.
    expect((await mine(order.id)).revision).toBe(2);
    const mail = await db()
      .selectFrom('mail_outbox')
      .select(['to_address', 'subject', 'text_body'])
      .where(
        'id',
        'not in',
        mails.map((m) => m.id),
      )
      .execute();
    const told = mail.find((m) => m.subject.includes(order.number))!;
    expect(told.subject).toContain(`Votre modification de la commande ${order.number} : notre réponse`);
    expect(told.text_body).toContain('Accepté : Robe Test — Terracotta, M : 3 → 5 ; Robe Test — Terracotta, S : 0 → 2.');
    expect(told.text_body).toContain('Non accepté : Robe Test — Terracotta, L : 1 → 0.');
    expect(told.text_body).toContain('The L stays: it is already cut.');
    // Decided: not again.
    expect((await decide(order.id, change.id, { accept: [] })).statusCode).toBe(409);
  });

  it('refuses a bad change with a message naming the line, and writes nothing', async () => {
    const order = await sent({ S: 2, M: 3 });
    const before = await changes();
    const refused = async (items: object[], status: number, message: RegExp) => {
      const res = await ask(order.id, { items });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().error).toMatch(message);
    };
    const [otherOrder] = [await sent({ L: 2 })];
    await refused([{ lineId: line(otherOrder, 'L'), quantity: 3 }], 422, /not one of this order’s/);
    await refused([{ variantId: dress.id, size: 'XL', quantity: 2 }], 422, /not offered in this size.*Test dress — Terracotta, XL/);
    await refused([{ variantId: dress.id, size: 'S', quantity: 2 }], 422, /already a line of the order/);
    await refused([{ lineId: line(order, 'S'), quantity: 2 }], 422, /leaves the order as it is/);
    await refused(
      [
        { lineId: line(order, 'S'), quantity: 0 },
        { lineId: line(order, 'M'), quantity: 0 },
      ],
      422,
      /cannot remove every line/,
    );
    await refused(
      [
        { lineId: line(order, 'S'), quantity: 1 },
        { lineId: line(order, 'S'), quantity: 3 },
      ],
      422,
      /each once/,
    );
    await refused([{ lineId: line(order, 'S'), quantity: 1000 }], 400, /quantity|999/i);
    // Below the reorder minimum (10 €) is not reachable here; below what left is.
    const part = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/shipments?lang=en`,
      payload: { lines: [{ lineId: line(order, 'M'), quantity: 2 }] },
      headers: admin,
    });
    expect(part.statusCode, part.body).toBe(201);
    await refused([{ lineId: line(order, 'M'), quantity: 1 }], 422, /below what has already left.*Test dress — Terracotta, M/);
    expect(await changes()).toBe(before);
  });

  it('a line shipped after the change was asked: accepting it is refused, the change still waits; withdrawn, another can be asked', async () => {
    const order = await sent({ S: 2, M: 3 });
    const change = (await ask(order.id, { items: [{ lineId: line(order, 'M'), quantity: 1 }] })).json() as OrderChange;
    const shipped = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/shipments?lang=en`,
      payload: { lines: [{ lineId: line(order, 'M'), quantity: 3 }] },
      headers: admin,
    });
    expect(shipped.statusCode, shipped.body).toBe(201);
    const late = await decide(order.id, change.id, { accept: [0] });
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json().error).toMatch(/below what has already left/);
    const still = await mine(order.id);
    expect(still).toMatchObject({ revision: 1, pendingChange: { id: change.id } });
    expect(shape(still)).toEqual(shape(order));
    // The shop takes it back, and asks another.
    const back = await t.app.inject({ method: 'DELETE', url: `/api/orders/${order.id}/changes/${change.id}?lang=en`, headers: shop });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ status: 'withdrawn' });
    expect((await ask(order.id, { items: [{ lineId: line(order, 'S'), quantity: 4 }] })).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/orders/${order.id}/changes/${change.id}?lang=en`, headers: shop })).statusCode).toBe(409);
  });

  it('the label changes an order itself: a revision at once, the shop told; a closed window refuses every change', async () => {
    const order = await sent({ S: 2, M: 3 });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/changes?lang=en`,
      payload: { items: [{ lineId: line(order, 'S'), quantity: 4 }], message: 'As said on the phone.', apply: true },
      headers: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ revision: 2, total: 700, changes: [{ status: 'accepted', by: 'brand', revision: 2 }] });
    const mail = await db().selectFrom('mail_outbox').select('subject').where('subject', 'like', `%Votre commande ${order.number} a été modifiée`).execute();
    expect(mail).toHaveLength(1);
    // The season's window closes: no change any more, asked or made.
    const seasonId = (await db().selectFrom('orders').select('season_id').where('id', '=', order.id).executeTakeFirstOrThrow()).season_id;
    expect(seasonId).not.toBeNull();
    // A change waits when the window closes: the periodic work refuses it with that reason, and tells the shop.
    const waiting = (await ask(order.id, { items: [{ lineId: line(order, 'M'), quantity: 5 }] })).json() as OrderChange;
    await db().updateTable('seasons').set({ orders_close: '2020-01-01' }).where('id', '=', seasonId!).execute();
    try {
      const closed = await ask(order.id, { items: [{ lineId: line(order, 'M'), quantity: 4 }] });
      expect(closed.statusCode, closed.body).toBe(409);
      expect(closed.json().error).toMatch(/window is closed|already waits/);
      expect((await decide(order.id, waiting.id, { accept: [0] })).statusCode).toBe(409);
      expect(await t.services.orders.changes.closeLapsed()).toBeGreaterThanOrEqual(1);
      const after = await mine(order.id);
      expect(after.changes![0]).toMatchObject({ id: waiting.id, status: 'refused' });
      expect(after.changes![0]!.reason).toMatch(/fenêtre de commande de sa saison est close/);
      expect(after.changes![0]!.items.map((i) => i.decision)).toEqual(['refused']);
      expect(shape(after)).toEqual([
        ['S', 4],
        ['M', 3],
      ]);
      // Now nothing waits: a new request is refused for the window itself.
      const again = await ask(order.id, { items: [{ lineId: line(order, 'M'), quantity: 4 }] });
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toMatch(/window is closed/);
      expect(await t.services.orders.changes.closeLapsed()).toBe(0);
    } finally {
      await db().updateTable('seasons').set({ orders_close: null }).where('id', '=', seasonId!).execute();
    }
  });

  it('an at-once order: more pieces are reserved when accepted, never more than the shelf holds; fewer give pieces back; two decisions at once, one wins', async () => {
    const level = async () =>
      db().selectFrom('stock_levels').select(['on_hand', 'reserved']).where('variant_id', '=', dress.id).where('size', '=', 'S').executeTakeFirstOrThrow();
    await t.services.stock.save([{ variantId: dress.id, size: 'S', onHand: 5 }], null);
    const order = await sent({ S: 2 }, shop, true, 'atOnce');
    expect(order.mode).toBe('atOnce');
    expect(await level()).toEqual({ on_hand: 5, reserved: 2 });
    // Six asked where five are on the shelf: refused when decided, nothing reserved, the change still waits.
    const tooMany = (await ask(order.id, { items: [{ lineId: line(order, 'S'), quantity: 6 }] })).json() as OrderChange;
    const short = await decide(order.id, tooMany.id, { accept: [0] });
    expect(short.statusCode, short.body).toBe(409);
    expect(await level()).toEqual({ on_hand: 5, reserved: 2 });
    expect((await decide(order.id, tooMany.id, { accept: [] })).json()).toMatchObject({ revision: 1, pendingChange: null });
    // Four: two more reserved. Then one: three given back.
    const up = (await ask(order.id, { items: [{ lineId: line(order, 'S'), quantity: 4 }] })).json() as OrderChange;
    const [a, b] = await Promise.all([decide(order.id, up.id, { accept: [0] }), decide(order.id, up.id, { accept: [0] })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await level()).toEqual({ on_hand: 5, reserved: 4 });
    const down = (await ask(order.id, { items: [{ lineId: line(order, 'S'), quantity: 1 }] })).json() as OrderChange;
    const done = await decide(order.id, down.id, { accept: [0] });
    expect(done.json()).toMatchObject({ revision: 3, pieces: 1 });
    expect(await level()).toEqual({ on_hand: 5, reserved: 1 });
    // Once a parcel has left, an at-once order no longer changes.
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/ship?lang=en`, payload: {}, headers: admin })).statusCode).toBe(200);
    expect((await ask(order.id, { items: [{ lineId: line(order, 'S'), quantity: 2 }] })).statusCode).toBe(409);
  });

  it('moves a line to the second delivery (an order of its own, keeping its place) and sends the order to another door, each line decided; every line moved moves the order', async () => {
    const order = await sent({ S: 2, M: 3, L: 1 });
    const doors = (await t.app.inject({ method: 'GET', url: '/api/account/doors', headers: shop })).json().data as Array<{ id: number }>;
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/account/doors',
      headers: shop,
      payload: { name: 'Les Jours Lents Montpellier', address: { line1: '2 rue Foch', postcode: '34000', town: 'Montpellier', country: 'FR' } },
    });
    expect(added.statusCode, added.body).toBe(201);
    const montpellier = added.json().id as number;
    expect(doors.map((d) => d.id)).not.toContain(montpellier);
    const asked = await ask(order.id, {
      items: [
        { lineId: line(order, 'L'), deliveryId: deliveries[1] },
        { variantId: blouse.id, size: 'M', quantity: 2, deliveryId: deliveries[1] },
        { lineId: line(order, 'S'), quantity: 4 },
      ],
      doorId: montpellier,
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const change = asked.json() as OrderChange;
    expect(change.items.map((i) => [i.kind, i.size, i.from, i.to])).toEqual([
      ['delivery', 'L', 'Delivery 1', 'Delivery 2'],
      ['add', 'M', null, 'Delivery 2'],
      ['quantity', 'S', null, null],
      ['door', null, 'Les Jours Lents, Sète', 'Les Jours Lents Montpellier, Montpellier'],
    ]);
    // Nothing moved yet.
    expect((await mine(order.id)).delivery?.id).toBe(deliveries[0]);
    const decided = await decide(order.id, change.id, { accept: [0, 1, 3], reason: 'S is cut already.' });
    expect(decided.statusCode, decided.body).toBe(200);
    const now = decided.json() as Order;
    expect(now).toMatchObject({ revision: 2, total: 500, door: { id: montpellier } });
    expect(shape(now)).toEqual([
      ['S', 2],
      ['M', 3],
    ]);
    expect(now.shop.company.delivery?.town).toBe('Montpellier');
    // The L and the blouses are an order of their own for the second delivery, sent when the first was, to the same door.
    const moved = now.changes![0]!.items[0]!;
    const number = /(\d{4}-\d{4})$/.exec(moved.to!)![1]!;
    expect(moved.to).toBe(`Delivery 2 · order ${number}`);
    const split = await db().selectFrom('orders').selectAll().where('number', '=', number).executeTakeFirstOrThrow();
    const splitOrder = await mine(split.id);
    expect(splitOrder).toMatchObject({
      delivery: { id: deliveries[1] },
      status: 'confirmed',
      total: 200,
      createdAt: order.createdAt,
      door: { id: montpellier },
    });
    expect(splitOrder.lines.map((l) => [l.productTitle, l.size, l.quantity])).toEqual([
      ['Test dress', 'L', 1],
      ['Test dress', 'M', 2],
    ]);
    // Moving every line left moves the order itself.
    const all = (await ask(split.id, { items: splitOrder.lines.map((l) => ({ lineId: l.id, deliveryId: deliveries[0] })) })).json() as OrderChange;
    const back = (await decide(split.id, all.id, { accept: [0, 1] })).json() as Order;
    expect(back).toMatchObject({ id: split.id, delivery: { id: deliveries[0] }, revision: 2, total: 200 });
    expect(await db().selectFrom('orders').select('id').where('created_at', '=', order.createdAt).execute()).toHaveLength(2);
    // The door goes (the next tests order with one door); the orders keep it.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/account/doors/${montpellier}`, headers: shop })).statusCode).toBeLessThan(300);
    expect((await mine(order.id)).door?.id).toBe(montpellier);
  });

  it('refuses a move or a door that cannot be, naming it, and writes nothing', async () => {
    const order = await sent({ S: 2, M: 3 });
    const before = await changes();
    const refused = async (payload: object, status: number, message: RegExp) => {
      const res = await ask(order.id, payload);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().error).toMatch(message);
    };
    await refused({ items: [{ lineId: line(order, 'S'), deliveryId: 999_999 }] }, 422, /not one of the order’s season.*Test dress — Terracotta, S/);
    const otherDoor = await t.app.inject({
      method: 'POST',
      url: '/api/account/doors',
      headers: other,
      payload: { name: 'Elsewhere', address: { line1: '1 High St', postcode: 'E1 6AN', town: 'London', country: 'GB' } },
    });
    expect(otherDoor.statusCode, otherDoor.body).toBe(201);
    await refused({ items: [], doorId: otherDoor.json().id }, 422, /not one the order may go to/);
    await refused({ items: [], doorId: 999_999 }, 422, /not one the order may go to/);
    await refused({ items: [] }, 400, /List from 1 to 100 lines/);
    const part = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/shipments?lang=en`,
      payload: { lines: [{ lineId: line(order, 'M'), quantity: 1 }] },
      headers: admin,
    });
    expect(part.statusCode, part.body).toBe(201);
    await refused({ items: [{ lineId: line(order, 'M'), deliveryId: deliveries[1] }] }, 422, /stays in its delivery.*Test dress — Terracotta, M/);
    // An at-once order has no delivery window to move to.
    await t.services.stock.save([{ variantId: dress.id, size: 'M', onHand: 10 }], null);
    const atOnce = await sent({ M: 1 }, shop, true, 'atOnce');
    const res = await ask(atOnce.id, { items: [{ lineId: line(atOnce, 'M'), deliveryId: deliveries[1] }] });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error).toMatch(/Only a pre-order’s lines move/);
    expect(await changes()).toBe(before);
  });

  it('a change that takes the company over its credit limit sends the order to review: not shipped until the owner accepts it', async () => {
    const order = await sent({ S: 1 });
    const companyId = (await db().selectFrom('orders').select('company_id').where('id', '=', order.id).executeTakeFirstOrThrow()).company_id!;
    const terms = (await t.app.inject({ method: 'GET', url: `/api/admin/companies/${companyId}/terms`, headers: admin })).json();
    const own = terms;
    const limit = async (creditLimit: number | null) => {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/companies/${companyId}/terms`,
        headers: admin,
        payload: {
          paymentDays: own.paymentDays ?? null,
          endOfMonth: own.endOfMonth ?? null,
          discount: own.discount ?? 0,
          openingMinimum: own.openingMinimum ?? null,
          reorderMinimum: own.reorderMinimum ?? null,
          creditLimit,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    // What the company owes now, plus a little: the change of 50 dresses passes it.
    const exposure = Number(
      (
        await db()
          .selectFrom('orders')
          .innerJoin('order_lines', 'order_lines.order_id', 'orders.id')
          .select((eb) => eb.fn.sum<number>(eb('order_lines.quantity', '*', eb.ref('order_lines.unit_price_cents'))).as('cents'))
          .where('orders.company_id', '=', companyId)
          .where('orders.status', 'in', ['submitted', 'confirmed', 'partlyShipped'])
          .executeTakeFirstOrThrow()
      ).cents,
    );
    await limit(Math.ceil(exposure / 100) + 100);
    try {
      const change = (await ask(order.id, { items: [{ lineId: line(order, 'S'), quantity: 50 }] })).json() as OrderChange;
      const decided = (await decide(order.id, change.id, { accept: [0] })).json() as Order;
      expect(decided).toMatchObject({ revision: 2, status: 'confirmed', review: { state: 'pending', reasons: ['creditLimit'] } });
      const ship = await t.app.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/ship?lang=en`, payload: {}, headers: admin });
      expect(ship.statusCode, ship.body).toBe(409);
      expect(ship.json().error).toMatch(/in review since its last change/);
      const list = (await t.app.inject({ method: 'GET', url: '/api/admin/orders?review=pending', headers: admin })).json();
      expect(list.data.map((o: { id: number }) => o.id)).toContain(order.id);
      const accepted = await t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${order.id}/review?lang=en`,
        payload: { decision: 'accept' },
        headers: admin,
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect((await t.app.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/ship?lang=en`, payload: {}, headers: admin })).statusCode).toBe(200);
    } finally {
      await limit(null);
    }
  });

  it('a sales agent changes an order they took at the showroom, as the label does; not another’s, and a shop not at all', async () => {
    const agent = await t.services.users.create({ email: 'agent-change@test.example', role: 'agent', password: 'agent-change-2026' });
    const agentAuth = t.auth(await t.login('agent-change@test.example', 'agent-change-2026'));
    const theirs = await sent({ S: 2 });
    const notTheirs = await sent({ M: 2 });
    await db().updateTable('orders').set({ channel: 'showroom', taken_by: agent.id, taken_by_name: 'Agent' }).where('id', '=', theirs.id).execute();
    const change = (orderId: number, headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/showroom/orders/${orderId}/changes?lang=en`,
        payload: { items: [{ lineId: theirs.lines[0]!.id, quantity: 3 }], apply: true },
        headers,
      });
    const done = await change(theirs.id, agentAuth);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ revision: 2, pieces: 3, changes: [{ by: 'brand', status: 'accepted' }] });
    expect((await change(notTheirs.id, agentAuth)).statusCode).toBe(404);
    expect((await change(theirs.id, shop)).statusCode).toBe(403);
    expect((await mine(notTheirs.id)).revision).toBe(1);
  });

  it('a change removing a line and a shipment of that line at once: one wins, never a line both shipped and removed', async () => {
    for (let round = 0; round < 3; round += 1) {
      const order = await sent({ S: 2, M: 3 });
      const m = line(order, 'M');
      const change = (await ask(order.id, { items: [{ lineId: m, quantity: 0 }] })).json() as OrderChange;
      const [decided, shipped] = await Promise.all([
        decide(order.id, change.id, { accept: [0] }),
        t.app.inject({
          method: 'POST',
          url: `/api/admin/orders/${order.id}/shipments?lang=en`,
          payload: { lines: [{ lineId: m, quantity: 3 }] },
          headers: admin,
        }),
      ]);
      const row = await db().selectFrom('order_lines').select(['shipped']).where('id', '=', m).executeTakeFirst();
      if (decided.statusCode === 200) {
        expect(row, 'removed').toBeUndefined();
        expect(shipped.statusCode, shipped.body).toBeGreaterThanOrEqual(400);
      } else {
        expect(decided.statusCode, decided.body).toBe(409);
        expect(shipped.statusCode, shipped.body).toBe(201);
        expect(row?.shipped).toBe(3);
        expect((await mine(order.id)).pendingChange?.id).toBe(change.id);
      }
    }
  });

  it('a deposit order whose line moves to the second delivery: the order of its own is asked its deposit, the first one’s is credited the difference', async () => {
    const companyId = (await t.services.users.findByEmail(RETAILER.email))!.id;
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/invoicing/settings', headers: admin, payload: legalIdentity() })).statusCode).toBe(200);
    const terms = (deposit: number | null) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/companies/${companyId}/terms`,
        headers: admin,
        payload: { paymentDays: null, endOfMonth: null, discount: 0, openingMinimum: null, reorderMinimum: null, creditLimit: null, deposit },
      });
    expect((await terms(30)).statusCode).toBe(200);
    try {
      // 2 S, 3 M, 1 L at 100 €: 30 % of 600 € is 180 € excl. VAT.
      const order = await sent({ S: 2, M: 3, L: 1 });
      expect(order.deposit).toMatchObject({ percent: 30, amount: 216 });
      const change = (await ask(order.id, { items: [{ lineId: line(order, 'L'), deliveryId: deliveries[1] }] })).json() as OrderChange;
      const decided = await decide(order.id, change.id, { accept: [0] });
      expect(decided.statusCode, decided.body).toBe(200);
      // The first order is 500 €: its deposit 150 €, so 30 € credited; the L's order of its own asks 30 €.
      const documents = (orderId: number) =>
        db().selectFrom('invoices').select(['id', 'type', 'purpose', 'total_excl_cents', 'invoice_id']).where('order_id', '=', orderId).orderBy('id').execute();
      const [deposit, note] = await documents(order.id);
      expect(deposit).toMatchObject({ type: 'invoice', purpose: 'deposit', total_excl_cents: 18_000 });
      // A credit note on the deposit invoice (credit notes carry no purpose of their own).
      expect(note).toMatchObject({ type: 'creditNote', total_excl_cents: 3_000, invoice_id: deposit!.id });
      const split = /(\d{4}-\d{4})$/.exec((decided.json() as Order).changes![0]!.items[0]!.to!)![1]!;
      const splitId = (await db().selectFrom('orders').select('id').where('number', '=', split).executeTakeFirstOrThrow()).id;
      expect(await documents(splitId)).toEqual([expect.objectContaining({ type: 'invoice', purpose: 'deposit', total_excl_cents: 3_000 })]);
      expect((await mine(splitId)).deposit).toMatchObject({ percent: 30, amount: 36 });
    } finally {
      expect((await terms(null)).statusCode).toBe(200);
    }
  });
});
