import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceDocument, Order } from '@atelier/contract';
import { ADMIN, DIALECTS, RETAILER, atMigration, createTestContext, openWholesale, type TestContext } from '../../../test/helpers.ts';
import { FRENCH_SHOP, legalIdentity, sampleProduct } from '../../../test/fixtures.ts';
import { prepareValidators, validateFacturx } from '../../../test/facturx.ts';
import { migrate } from '../../db/index.ts';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

async function pdfText(bytes: Buffer): Promise<string> {
  const task = getDocument({ data: new Uint8Array(bytes), useSystemFonts: false });
  const doc = await task.promise;
  const parts: string[] = [];
  for (let i = 1; i <= doc.numPages; i += 1)
    parts.push((await (await doc.getPage(i)).getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' '));
  await task.destroy();
  return parts.join('\n').replace(/\s+/g, ' ');
}

const OTHER = { email: 'other-ship@test.example', password: 'other-pass-2026' };

describe.each(DIALECTS)('shipping an order in parts on %s (issue 45)', (dialect) => {
  let t: TestContext;
  let admin: Record<string, string>;
  let shop: Record<string, string>;
  let other: Record<string, string>;
  let dress: { id: number }; // 100 € excl. VAT, S M L
  let keyCounter = 0;

  beforeAll(async () => {
    await prepareValidators();
    t = await createTestContext(dialect);
    admin = t.auth(await t.login(ADMIN.email, ADMIN.password));
    shop = t.auth(await t.login(RETAILER.email, RETAILER.password));
    await t.services.users.create({ email: OTHER.email, role: 'retailer', password: OTHER.password, locale: 'en' });
    other = t.auth(await t.login(OTHER.email, OTHER.password));
    const user = (await t.services.users.findByEmail(RETAILER.email))!;
    await t.services.companies.saveCompany(user.id, FRENCH_SHOP);
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/invoicing/settings', payload: legalIdentity(), headers: admin })).statusCode).toBe(200);
    const payload = sampleProduct({ reference: 'MS27-PARTS' });
    payload.variants[0] = { ...payload.variants[0]!, price: 100, sizes: ['S', 'M', 'L'] };
    dress = (await t.app.inject({ method: 'POST', url: '/api/admin/products', payload, headers: admin })).json().variants[0];
    await openWholesale(t, admin);
  }, 240_000);
  afterAll(async () => t.close());

  const db = () => t.services.database.db;
  const confirmed = async (quantities: Record<string, number>, headers = shop, mode?: 'atOnce'): Promise<Order> => {
    const lines = Object.entries(quantities).map(([size, quantity]) => ({ variantId: dress.id, size, quantity, ...(mode ? { mode } : {}) }));
    expect((await t.app.inject({ method: 'PUT', url: '/api/orders/draft?lang=en', payload: { lines }, headers })).statusCode).toBe(200);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders/draft/submit?lang=en',
      payload: {},
      headers: { ...headers, 'idempotency-key': `ship-${dialect}-${(keyCounter += 1)}` },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${placed.json().id}/confirm?lang=en`,
      payload: { shipDate: '2027-03-01' },
      headers: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const line = (order: Order, size: string) => order.lines.find((l) => l.size === size)!.id;
  const post = (id: number, action: string, payload: object = {}, lang = 'en') =>
    t.app.inject({ method: 'POST', url: `/api/admin/orders/${id}/${action}?lang=${lang}`, payload, headers: admin });
  const invoice = async (id: number): Promise<InvoiceDocument> =>
    (await t.app.inject({ method: 'GET', url: `/api/admin/invoices/${id}?lang=en`, headers: admin })).json();
  const count = async (table: 'shipments' | 'shipment_lines' | 'invoices' | 'mail_outbox', orderId?: number) => {
    let query = db()
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'));
    if (orderId !== undefined && (table === 'shipments' || table === 'invoices')) query = query.where('order_id', '=', orderId);
    return Number((await query.executeTakeFirstOrThrow()).n);
  };
  const xmlOf = async (id: number) => (await db().selectFrom('invoices').select('xml').where('id', '=', id).executeTakeFirstOrThrow()).xml;

  it('ships part of an order, then the rest: two parcels, two valid invoices whose sum is the order, the shop told each time', async () => {
    const order = await confirmed({ S: 2, M: 3, L: 1 });
    const first = await post(order.id, 'shipments', {
      lines: [
        { lineId: line(order, 'S'), quantity: 2 },
        { lineId: line(order, 'M'), quantity: 1 },
      ],
      carrier: 'colissimo',
      tracking: '6A12345678901',
      shippingCharge: 12.5,
      followDate: '2027-04-02',
    });
    expect(first.statusCode, first.body).toBe(201);
    const part = first.json() as Order;
    expect(part.status).toBe('partlyShipped');
    expect(part.followDate).toBe('2027-04-02');
    expect(part.lines.map((l) => [l.size, l.quantity, l.shipped])).toEqual([
      ['S', 2, 2],
      ['M', 3, 1],
      ['L', 1, 0],
    ]);
    expect(part.shipments).toHaveLength(1);
    const parcel = part.shipments![0]!;
    expect(parcel).toMatchObject({ number: `${order.number}-1`, carrier: 'colissimo', tracking: '6A12345678901', shippingCharge: 12.5 });
    expect(parcel.trackingUrl).toContain('6A12345678901');
    expect(parcel.lines).toEqual([
      { lineId: line(order, 'S'), quantity: 2 },
      { lineId: line(order, 'M'), quantity: 1 },
    ]);
    expect(parcel.invoice).not.toBeNull();
    const one = await invoice(parcel.invoice!.id);
    // 3 pieces × 100 € + 12.50 € shipping, 20 % VAT.
    expect(one).toMatchObject({ totalExclVat: 312.5, totalVat: 62.5, totalInclVat: 375, orderNumber: order.number });
    expect(one.lines.map((l) => [l.size, l.quantity])).toEqual([
      ['S', 2],
      ['M', 1],
      [null, 1],
    ]);
    // The shop sees its parcel, the rest to follow and when; the mail says what is in it and what follows.
    const mine = (await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}?lang=en`, headers: shop })).json() as Order;
    expect(mine).toMatchObject({ status: 'partlyShipped', followDate: '2027-04-02' });
    expect(mine.shipments![0]!.invoice!.number).toBe(one.number);
    const mail = await db()
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body'])
      .where('dedupe_key', '=', `order:${order.id}:shipment:${order.number}-1:stockist`)
      .executeTakeFirstOrThrow();
    // In the shop's language (French).
    expect(mail.subject).toContain(`colis ${order.number}-1 expédié`);
    expect(mail.text_body).toContain('M × 1');
    expect(mail.text_body).toMatch(/Suivra, prévu le .*2027/);
    expect(mail.text_body).toContain('M × 2');
    expect(mail.text_body).toContain('L × 1');

    // Its delivery note, in the shop's language (French): what is in the parcel and what follows, no prices;
    // the owner and the shop download it, another shop does not find it, and it went with the mail.
    const noteUrl = `/api/orders/${order.id}/shipments/${parcel.id}/delivery-note.pdf`;
    const note = await t.app.inject({ method: 'GET', url: noteUrl, headers: shop });
    expect(note.statusCode).toBe(200);
    expect(note.headers['content-type']).toBe('application/pdf');
    expect(note.headers['content-disposition']).toContain(`${order.number}-1.pdf`);
    const text = await pdfText(note.rawPayload);
    expect(text).toContain(`Bon de livraison ${order.number}-1`);
    expect(text).toContain(`Commande ${order.number}`);
    for (const words of [
      'Dans ce colis',
      'À suivre',
      'MS27-PARTS',
      'Colissimo',
      '6A12345678901',
      'Le reste suit, prévu le 2 avril 2027',
      FRENCH_SHOP.companyName!,
    ])
      expect(text).toContain(words);
    expect(text).not.toMatch(/€|100,00/);
    const asOwner = await t.app.inject({ method: 'GET', url: `/api/admin/orders/${order.id}/shipments/${parcel.id}/delivery-note.pdf`, headers: admin });
    expect(asOwner.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: noteUrl, headers: other })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: noteUrl })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}/shipments/999999/delivery-note.pdf`, headers: shop })).statusCode).toBe(404);
    const attached = await db()
      .selectFrom('mail_outbox')
      .select('attachments')
      .where('dedupe_key', '=', `order:${order.id}:shipment:${order.number}-1:stockist`)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(attached.attachments!)).toMatchObject([{ filename: `${order.number}-1.pdf`, contentType: 'application/pdf' }]);

    // "Mark as shipped" ships what is left: the second parcel and its invoice.
    const rest = await post(order.id, 'ship', { carrier: 'DHL Express' });
    expect(rest.statusCode, rest.body).toBe(200);
    const whole = rest.json() as Order;
    expect(whole.status).toBe('shipped');
    expect(whole.followDate).toBeNull();
    expect(whole.lines.every((l) => l.shipped === l.quantity)).toBe(true);
    expect(whole.shipments!.map((s) => s.number)).toEqual([`${order.number}-1`, `${order.number}-2`]);
    expect(whole.shipments![1]!.lines).toEqual([
      { lineId: line(order, 'M'), quantity: 2 },
      { lineId: line(order, 'L'), quantity: 1 },
    ]);
    expect(whole.invoice!.number).toBe(whole.shipments![1]!.invoice!.number);
    const two = await invoice(whole.shipments![1]!.invoice!.id);
    expect(two).toMatchObject({ totalExclVat: 300, totalInclVat: 360 });
    // Together they are the order (600 € excl. VAT) and the one shipping charge.
    expect(one.totalExclVat + two.totalExclVat).toBe(order.total + 12.5);
    for (const doc of [one, two]) expect(await validateFacturx(await xmlOf(doc.id))).toEqual([]);
    const history = whole.history.map((h) => [h.status, h.note]);
    expect(history.slice(-2)).toEqual([
      ['partlyShipped', `${order.number}-1`],
      ['shipped', `${order.number}-2`],
    ]);
    // Nothing is left: a third parcel is refused, and nothing is written.
    const before = await count('shipments');
    const none = await post(order.id, 'shipments', { lines: [{ lineId: line(order, 'S'), quantity: 1 }] });
    expect(none.statusCode).toBe(409);
    expect(await count('shipments')).toBe(before);
  }, 120_000);

  it('refuses what cannot ship with a message naming the line, and writes nothing', async () => {
    const order = await confirmed({ S: 2, M: 1 });
    const elsewhere = await confirmed({ L: 1 });
    const before = { shipments: await count('shipments'), invoices: await count('invoices'), mails: await count('mail_outbox') };
    const tooMany = await post(order.id, 'shipments', { lines: [{ lineId: line(order, 'S'), quantity: 3 }] });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error).toMatch(/^More than is left to ship on this line: .* — .*, S: 2 left$/);
    const tooManyFr = await post(order.id, 'shipments', { lines: [{ lineId: line(order, 'S'), quantity: 3 }] }, 'fr');
    expect(tooManyFr.json().error).toMatch(/^Plus que ce qui reste à expédier sur cette ligne : .*, S : 2 restante\(s\)$/);
    const foreign = await post(order.id, 'shipments', { lines: [{ lineId: line(elsewhere, 'L'), quantity: 1 }] });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().error).toBe(`This line is not one of this order’s: #${line(elsewhere, 'L')}`);
    const zero = await post(order.id, 'shipments', { lines: [{ lineId: line(order, 'S'), quantity: 0 }] });
    expect(zero.statusCode).toBe(422);
    expect(zero.json().error).toBe('Choose at least one piece to ship.');
    const twice = await post(order.id, 'shipments', {
      lines: [
        { lineId: line(order, 'S'), quantity: 1 },
        { lineId: line(order, 'S'), quantity: 1 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error).toBe('Each line to ship is given once, with a quantity from 1 to 999.');
    const badDate = await post(order.id, 'shipments', { lines: [{ lineId: line(order, 'S'), quantity: 1 }], followDate: '2027-02-30' });
    expect(badDate.statusCode).toBe(400);
    // A shop cannot ship; a submitted or cancelled order cannot either.
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/shipments`, payload: { lines: [] }, headers: shop })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/shipments`, payload: { lines: [] } })).statusCode).toBe(401);
    expect((await post(order.id, 'cancel', { reason: 'Doublon' })).statusCode).toBe(200);
    const cancelled = await post(order.id, 'shipments', { lines: [{ lineId: line(order, 'S'), quantity: 1 }] });
    expect(cancelled.statusCode).toBe(409);
    expect((await post(999_999, 'shipments', { lines: [{ lineId: 1, quantity: 1 }] })).statusCode).toBe(404);
    expect({ shipments: await count('shipments'), invoices: await count('invoices'), mails: await count('mail_outbox') }).toEqual({
      ...before,
      mails: before.mails + 1, // the cancellation's
    });
    expect((await db().selectFrom('order_lines').select('shipped').where('order_id', '=', order.id).execute()).every((l) => l.shipped === 0)).toBe(true);
  });

  it('cancels the rest: the order closes as shipped, the rest counts cancelled, the shop is told; nothing more ships', async () => {
    const order = await confirmed({ S: 1, M: 2 });
    expect((await post(order.id, 'shipments', { lines: [{ lineId: line(order, 'S'), quantity: 1 }] })).statusCode).toBe(201);
    const date = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/orders/${order.id}/follow-date?lang=en`,
      payload: { followDate: '2027-05-10' },
      headers: admin,
    });
    expect(date.statusCode, date.body).toBe(200);
    expect(date.json().followDate).toBe('2027-05-10');
    const empty = await post(order.id, 'cancel-rest', { reason: '' });
    expect(empty.statusCode).toBe(400);
    const res = await post(order.id, 'cancel-rest', { reason: 'The linen for M did not come' });
    expect(res.statusCode, res.body).toBe(200);
    const closed = res.json() as Order;
    expect(closed).toMatchObject({ status: 'shipped', followDate: null });
    expect(closed.lines.map((l) => [l.size, l.shipped, l.cancelled])).toEqual([
      ['S', 1, 0],
      ['M', 0, 2],
    ]);
    expect(closed.history.at(-1)).toMatchObject({ status: 'shipped', note: 'The linen for M did not come' });
    const mail = await db()
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body'])
      .where('dedupe_key', '=', `order:${order.id}:rest-cancelled:stockist`)
      .executeTakeFirstOrThrow();
    expect(mail.subject).toContain('le reste ne suivra pas');
    expect(mail.text_body).toContain('M × 2');
    expect(await count('invoices', order.id)).toBe(1);
    expect((await post(order.id, 'cancel-rest', { reason: 'again' })).statusCode).toBe(409);
    expect((await post(order.id, 'ship')).statusCode).toBe(409);
    // Cancelling it whole afterwards credits its one invoice.
    const cancel = await post(order.id, 'cancel', { reason: 'Returned' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const credit = await db().selectFrom('invoices').select(['total_incl_cents']).where('order_id', '=', order.id).where('type', '=', 'creditNote').execute();
    expect(credit.map((c) => c.total_incl_cents)).toEqual([12000]);
  });

  it('two shipments of the last pieces at once: one wins, the other finds nothing left; no second invoice, stock never below zero', async () => {
    await t.services.stock.save([{ variantId: dress.id, size: 'L', onHand: 3 }], null);
    const order = await confirmed({ L: 3 }, shop, 'atOnce');
    expect(order.mode).toBe('atOnce');
    const payload = { lines: [{ lineId: line(order, 'L'), quantity: 3 }] };
    const [a, b] = await Promise.all([post(order.id, 'shipments', payload), post(order.id, 'shipments', payload)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect(await count('shipments', order.id)).toBe(1);
    expect(await count('invoices', order.id)).toBe(1);
    const level = await db()
      .selectFrom('stock_levels')
      .select(['on_hand', 'reserved'])
      .where('variant_id', '=', dress.id)
      .where('size', '=', 'L')
      .executeTakeFirstOrThrow();
    expect(level).toEqual({ on_hand: 0, reserved: 0 });

    // A shipment of all that is left and "cancel the rest" at once: one of them, never both halves.
    await t.services.stock.save([{ variantId: dress.id, size: 'L', onHand: 4 }], null);
    const second = await confirmed({ L: 4 }, shop, 'atOnce');
    expect((await post(second.id, 'shipments', { lines: [{ lineId: line(second, 'L'), quantity: 1 }] })).statusCode).toBe(201);
    const [ship, cancel] = await Promise.all([
      post(second.id, 'shipments', { lines: [{ lineId: line(second, 'L'), quantity: 3 }] }),
      post(second.id, 'cancel-rest', { reason: 'No more linen' }),
    ]);
    // Shipped first: nothing is left to cancel; cancelled first: nothing is left to ship.
    expect([
      [201, 409],
      [409, 200],
    ]).toContainEqual([ship.statusCode, cancel.statusCode]);
    const l = await db().selectFrom('order_lines').select(['quantity', 'shipped', 'cancelled']).where('order_id', '=', second.id).executeTakeFirstOrThrow();
    expect(l.shipped + l.cancelled).toBe(4);
    expect([1, 4]).toContain(l.shipped);
    const after = await db()
      .selectFrom('stock_levels')
      .select(['on_hand', 'reserved'])
      .where('variant_id', '=', dress.id)
      .where('size', '=', 'L')
      .executeTakeFirstOrThrow();
    // What shipped left the shelf; what was cancelled went back to it.
    expect(after).toEqual({ on_hand: 4 - l.shipped, reserved: 0 });
    expect(await count('invoices', second.id)).toBe(l.shipped === 4 ? 2 : 1);
  });

  it('the pick list gathers what is left of the chosen orders by piece, with their total and orders; CSV and PDF', async () => {
    const a = await confirmed({ S: 2, M: 1 });
    const b = await confirmed({ S: 3 });
    expect((await post(b.id, 'shipments', { lines: [{ lineId: line(b, 'S'), quantity: 1 }] })).statusCode).toBe(201);
    const get = (query: string, headers = admin) => t.app.inject({ method: 'GET', url: `/api/admin/orders/pick-list.csv?${query}`, headers });
    const csv = await get(`ids=${a.id},${b.id}&lang=en`);
    expect(csv.statusCode, csv.body).toBe(200);
    const rows = csv.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]).toBe('Ref.,Item,Colour,Size,Total,Orders');
    expect(rows.slice(1)).toEqual([
      `MS27-PARTS,Test dress,Terracotta,S,4,"${a.number} × 2, ${b.number} × 2"`,
      `MS27-PARTS,Test dress,Terracotta,M,1,${a.number} × 1`,
    ]);
    const pdf = await t.app.inject({ method: 'GET', url: `/api/admin/orders/pick-list.pdf?ids=${a.id},${b.id}&lang=fr`, headers: admin });
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Liste de préparation');
    expect(text).toContain('5 pièce(s) à préparer');
    expect(text).toContain(`${a.number} × 2, ${b.number} × 2`);
    for (const bad of ['', 'ids=', 'ids=1,x', `ids=${a.id}&delivery=1`, `ids=${Array.from({ length: 201 }, (_, i) => i + 1).join(',')}`]) {
      const res = await get(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error).toBe('Choisissez de 1 à 200 commandes, ou une période de livraison.');
    }
    expect((await get('delivery=999999')).statusCode).toBe(404);
    expect((await get(`ids=${a.id}`, shop)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/orders/pick-list.csv?ids=${a.id}` })).statusCode).toBe(401);
  });

  it('ships in bulk: each order what stock allows in its own transaction; one refused does not stop the others, and the answer says why', async () => {
    await t.services.stock.save([{ variantId: dress.id, size: 'S', onHand: 10 }], null);
    const short = await confirmed({ S: 3 }, shop, 'atOnce');
    const partial = await confirmed({ S: 4 }, shop, 'atOnce');
    const preBook = await confirmed({ M: 2 });
    const waiting = (await t.app.inject({ method: 'GET', url: `/api/admin/orders/${preBook.id}?lang=en`, headers: admin })).json() as Order;
    expect(waiting.mode).toBe('preBook');
    // The shelf now holds 2 (a count): the first order takes them, the second finds nothing.
    await t.services.stock.save([{ variantId: dress.id, size: 'S', onHand: 2 }], null);
    const before = await count('invoices');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/orders/ship-bulk?lang=en',
      payload: { orderIds: [partial.id, short.id, preBook.id, 999_999], carrier: 'colissimo' },
      headers: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json().results as Array<Record<string, unknown>>;
    expect(results).toEqual([
      {
        id: partial.id,
        number: partial.number,
        shipped: true,
        shipment: `${partial.number}-1`,
        invoice: expect.stringMatching(/^F\d{4}-\d{5}$/),
        status: 'partlyShipped',
        error: null,
      },
      { id: short.id, number: short.number, shipped: false, shipment: null, invoice: null, status: null, error: 'Nothing of this order is on hand to ship.' },
      {
        id: preBook.id,
        number: preBook.number,
        shipped: true,
        shipment: `${preBook.number}-1`,
        invoice: expect.stringMatching(/^F\d{4}-\d{5}$/),
        status: 'shipped',
        error: null,
      },
      { id: 999_999, number: null, shipped: false, shipment: null, invoice: null, status: null, error: 'This order does not exist (introuvable).' },
    ]);
    expect(await count('invoices')).toBe(before + 2);
    const left = (await t.app.inject({ method: 'GET', url: `/api/admin/orders/${partial.id}?lang=en`, headers: admin })).json() as Order;
    expect(left.lines[0]).toMatchObject({ quantity: 4, shipped: 2 });
    const level = await db()
      .selectFrom('stock_levels')
      .select(['on_hand'])
      .where('variant_id', '=', dress.id)
      .where('size', '=', 'S')
      .executeTakeFirstOrThrow();
    expect(level.on_hand).toBe(0);
    const bad = await t.app.inject({ method: 'POST', url: '/api/admin/orders/ship-bulk', payload: { orderIds: [] }, headers: admin });
    expect(bad.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/orders/ship-bulk', payload: { orderIds: [1] }, headers: shop })).statusCode).toBe(403);
  });

  it('a shop sees its own parcels only', async () => {
    const order = await confirmed({ S: 1 });
    expect((await post(order.id, 'ship', { carrier: 'colissimo', tracking: '6A99' })).statusCode).toBe(200);
    const own = (await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}?lang=en`, headers: shop })).json() as Order;
    expect(own.shipments).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}?lang=en`, headers: other })).statusCode).toBe(404);
  });
});

describe.each(DIALECTS)('upgrading orders shipped whole by the previous version on %s', (dialect) => {
  it('reads each as one shipment of all its lines, with its carrier, charge, day and invoice; an order not shipped has none', async () => {
    await atMigration(dialect, '023-retailer-word', async (database) => {
      const db = database.db;
      const at = '2026-10-01T09:00:00.000Z';
      const user = await db
        .insertInto('users')
        .values({ email: 'old@old.example', role: 'retailer', password_hash: null, locale: 'fr', created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      const order = (number: string, status: 'shipped' | 'confirmed') =>
        db
          .insertInto('orders')
          .values({
            number,
            user_id: user.id,
            retailer_email: 'old@old.example',
            locale: 'fr',
            status,
            idempotency_key: number,
            note: null,
            company: '{}',
            total_cents: 50000,
            pieces: 5,
            ship_date: '2026-10-20',
            carrier: status === 'shipped' ? 'colissimo' : null,
            tracking: status === 'shipped' ? '6A1' : null,
            cancel_reason: null,
            created_at: at,
            updated_at: at,
            season_id: null,
            delivery_id: null,
            shipping_cents: status === 'shipped' ? 1800 : null,
          } as never)
          .returning('id')
          .executeTakeFirstOrThrow();
      const shipped = await order('2026-0001', 'shipped');
      const open = await order('2026-0002', 'confirmed');
      for (const o of [shipped, open]) {
        await db
          .insertInto('order_lines')
          .values(
            [2, 3].map((quantity, i) => ({
              order_id: o.id,
              position: i,
              variant_id: null,
              product_id: null,
              product_title: '{"fr":"Robe","en":"Dress"}',
              color_name: '{"fr":"Rouille","en":"Rust"}',
              color_code: null,
              reference: 'R1',
              size: i ? 'M' : 'S',
              quantity,
              unit_price_cents: 10000,
            })) as never,
          )
          .execute();
      }
      await db
        .insertInto('order_events')
        .values([
          { order_id: shipped.id, status: 'submitted', by_role: 'retailer', note: null, at },
          { order_id: shipped.id, status: 'shipped', by_role: 'brand', note: null, at: '2026-10-21T15:00:00.000Z' },
          { order_id: open.id, status: 'confirmed', by_role: 'brand', note: null, at },
        ])
        .execute();
      const invoice = await db
        .insertInto('invoices')
        .values({
          number: 'F2026-00001',
          type: 'invoice',
          year: 2026,
          seq: 1,
          order_id: shipped.id,
          invoiced_order_id: shipped.id,
          invoice_id: null,
          user_id: user.id,
          locale: 'fr',
          issue_date: '2026-10-21',
          delivery_date: '2026-10-21',
          due_date: '2026-11-20',
          reason: null,
          seller: '{}',
          buyer: '{}',
          vat_breakdown: '[]',
          total_excl_cents: 51800,
          total_vat_cents: 10360,
          total_incl_cents: 62160,
          xml: '<x/>',
          pdf: Buffer.from('%PDF'),
          created_at: at,
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();

      await migrate(database);

      const shipments = await db.selectFrom('shipments').selectAll().execute();
      expect(shipments).toHaveLength(1);
      expect(shipments[0]).toMatchObject({
        order_id: shipped.id,
        seq: 1,
        number: '2026-0001-1',
        carrier: 'colissimo',
        tracking: '6A1',
        shipping_cents: 1800,
        shipped_at: '2026-10-21T15:00:00.000Z',
      });
      const lines = await db.selectFrom('shipment_lines').select(['quantity']).where('shipment_id', '=', shipments[0]!.id).orderBy('id').execute();
      expect(lines.map((l) => l.quantity)).toEqual([2, 3]);
      const counted = await db.selectFrom('order_lines').select(['order_id', 'quantity', 'shipped', 'cancelled']).orderBy('id').execute();
      expect(counted.map((l) => [l.order_id, l.shipped, l.cancelled])).toEqual([
        [shipped.id, 2, 0],
        [shipped.id, 3, 0],
        [open.id, 0, 0],
        [open.id, 0, 0],
      ]);
      const upgraded = await db.selectFrom('invoices').select(['shipment_id']).where('id', '=', invoice.id).executeTakeFirstOrThrow();
      expect(upgraded.shipment_id).toBe(shipments[0]!.id);
    });
  });
});
