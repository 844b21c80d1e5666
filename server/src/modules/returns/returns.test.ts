import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, ReturnRecord } from '@atelier/contract';
import { ADMIN, DIALECTS, RETAILER, createTestContext, openWholesale, fileForm, type TestContext } from '../../../test/helpers.ts';
import { FRENCH_SHOP, legalIdentity, sampleProduct } from '../../../test/fixtures.ts';
import { prepareValidators, validateFacturx } from '../../../test/facturx.ts';

const OTHER = { email: 'other-returns@test.example', password: 'other-pass-2026' };
const photo = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: '#9a4a2c' } })
    .jpeg()
    .toBuffer();

describe.each(DIALECTS)('returns on %s (issue 45)', (dialect) => {
  let t: TestContext;
  let admin: Record<string, string>;
  let shop: Record<string, string>;
  let other: Record<string, string>;
  let dress: { id: number };
  let keyCounter = 0;

  beforeAll(async () => {
    await prepareValidators();
    t = await createTestContext(dialect);
    admin = t.auth(await t.login(ADMIN.email, ADMIN.password));
    shop = t.auth(await t.login(RETAILER.email, RETAILER.password));
    await t.services.users.create({ email: OTHER.email, role: 'retailer', password: OTHER.password, locale: 'en' });
    other = t.auth(await t.login(OTHER.email, OTHER.password));
    await t.services.companies.saveCompany((await t.services.users.findByEmail(RETAILER.email))!.id, FRENCH_SHOP);
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/invoicing/settings', payload: legalIdentity(), headers: admin })).statusCode).toBe(200);
    const payload = sampleProduct({ reference: 'MS27-RETOUR' });
    payload.variants[0] = { ...payload.variants[0]!, price: 100, sizes: ['S', 'M', 'L'] };
    dress = (await t.app.inject({ method: 'POST', url: '/api/admin/products', payload, headers: admin })).json().variants[0];
    await openWholesale(t, admin);
    await t.services.stock.save([{ variantId: dress.id, size: 'S', onHand: 20 }], null);
  }, 240_000);
  afterAll(async () => t.close());

  const db = () => t.services.database.db;
  const upload = (body: Buffer, headers = shop, filename = 'photo.jpg') => {
    const form = fileForm(body, filename);
    return t.app.inject({ method: 'POST', url: '/api/returns/photos', payload: form.payload, headers: { ...headers, ...form.headers } });
  };
  /** An at-once order of 3 S and 1 M, shipped whole with its invoice. */
  const shipped = async (): Promise<Order> => {
    const lines = [
      { variantId: dress.id, size: 'S', quantity: 3, mode: 'atOnce' },
      { variantId: dress.id, size: 'M', quantity: 1 },
    ];
    expect((await t.app.inject({ method: 'PUT', url: '/api/orders/draft?lang=en', payload: { lines }, headers: shop })).statusCode).toBe(200);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders/draft/submit?lang=en',
      payload: {},
      headers: { ...shop, 'idempotency-key': `ret-${dialect}-${(keyCounter += 1)}` },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    for (const o of placed.json().orders as Order[]) {
      expect(
        (await t.app.inject({ method: 'POST', url: `/api/admin/orders/${o.id}/confirm`, payload: { shipDate: '2027-03-01' }, headers: admin })).statusCode,
      ).toBe(200);
      expect((await t.app.inject({ method: 'POST', url: `/api/admin/orders/${o.id}/ship`, payload: {}, headers: admin })).statusCode).toBe(200);
    }
    const order = (placed.json().orders as Order[]).find((o) => o.mode === 'atOnce')!;
    return (await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}?lang=en`, headers: shop })).json();
  };
  const lineOf = (order: Order, size: string) => order.lines.find((l) => l.size === size)!.id;
  const ask = (order: Order, payload: object, headers = shop) =>
    t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/returns?lang=en`, payload, headers });
  const owner = (id: number, action: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/admin/returns/${id}/${action}?lang=en`, payload, headers: admin });
  const onHand = async () =>
    (await db().selectFrom('stock_levels').select('on_hand').where('variant_id', '=', dress.id).where('size', '=', 'S').executeTakeFirstOrThrow()).on_hand;

  it('from request to credit note: a faulty piece with its photo, accepted in part, received back to stock, credited at once', async () => {
    const order = await shipped();
    const parcel = order.shipments![0]!;
    const uploaded = await upload(await photo());
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { url } = uploaded.json() as { url: string };
    const asked = await ask(order, {
      shipmentId: parcel.id,
      lines: [{ lineId: lineOf(order, 'S'), quantity: 2, reason: 'faulty', note: 'A seam opens at the hem', photos: [url] }],
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const record = asked.json() as ReturnRecord;
    expect(record).toMatchObject({ number: `${order.number}-R1`, status: 'requested', shipment: { number: parcel.number }, creditNote: null });
    expect(record.lines).toEqual([expect.objectContaining({ quantity: 2, reason: 'faulty', note: 'A seam opens at the hem', photos: [url], accepted: null })]);
    // The owner is told, the shop acknowledged (in French, its language).
    const mails = await db()
      .selectFrom('mail_outbox')
      .select(['dedupe_key', 'subject'])
      .where('dedupe_key', 'like', `return:${record.id}:%`)
      .orderBy('id')
      .execute();
    expect(mails.map((m) => m.dedupe_key)).toEqual([`return:${record.id}:requested:stockist`, `return:${record.id}:requested:brand`]);
    expect(mails[0]!.subject).toContain(`Retour ${record.number} bien reçu`);

    // Accepted for one piece, with instructions; accepting again is refused.
    const accepted = await owner(record.id, 'accept', {
      lines: [{ lineId: record.lines[0]!.id, quantity: 1 }],
      instructions: 'Colissimo retour, étiquette jointe',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'accepted', instructions: 'Colissimo retour, étiquette jointe', lines: [{ accepted: 1 }] });
    expect((await owner(record.id, 'accept', {})).statusCode).toBe(409);

    // Received: more than accepted is refused; one piece back to stock and its credit note at once.
    expect((await owner(record.id, 'receive', { lines: [{ lineId: record.lines[0]!.id, quantity: 2, resellable: true }] })).statusCode).toBe(422);
    const before = await onHand();
    const received = await owner(record.id, 'receive', { lines: [{ lineId: record.lines[0]!.id, quantity: 1, resellable: true }] });
    expect(received.statusCode, received.body).toBe(200);
    const done = received.json() as ReturnRecord;
    expect(done).toMatchObject({ status: 'received', lines: [{ received: 1, resellable: true }] });
    expect(await onHand()).toBe(before! + 1);
    const credit = await t.app.inject({ method: 'GET', url: `/api/admin/invoices/${done.creditNote!.id}?lang=fr`, headers: admin });
    expect(credit.json()).toMatchObject({ type: 'creditNote', totalExclVat: 100, totalInclVat: 120, invoiceNumber: parcel.invoice!.number });
    const xml = (await db().selectFrom('invoices').select('xml').where('id', '=', done.creditNote!.id).executeTakeFirstOrThrow()).xml;
    expect(xml).toContain(`Retour ${record.number}`);
    expect(await validateFacturx(xml)).toEqual([]);
    // Counted against what the shop owes: the invoice's due is 120 € less.
    const invoice = (await t.app.inject({ method: 'GET', url: `/api/admin/invoices/${parcel.invoice!.id}?lang=fr`, headers: admin })).json();
    expect(invoice.due).toBe(invoice.totalInclVat - 120);
    // The shop reads it on its order; the owner's list finds it by the shop's name.
    const mine = await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}/returns?lang=en`, headers: shop });
    expect(mine.json()).toMatchObject([{ number: record.number, status: 'received', creditNote: { number: done.creditNote!.number } }]);
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/returns?q=jours%20lents&status=received', headers: admin });
    expect(list.json()).toMatchObject({ total: 1, data: [{ number: record.number, pieces: 2 }] });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/returns?q=nobody', headers: admin })).json().total).toBe(0);
    const last = await db()
      .selectFrom('mail_outbox')
      .select(['text_body'])
      .where('dedupe_key', '=', `return:${record.id}:received:stockist`)
      .executeTakeFirstOrThrow();
    expect(last.text_body).toContain(done.creditNote!.number);
  }, 120_000);

  it('refuses with a reason; a refused return cannot be received', async () => {
    const order = await shipped();
    const asked = (
      await ask(order, { shipmentId: order.shipments![0]!.id, lines: [{ lineId: lineOf(order, 'S'), quantity: 1, reason: 'other' }] })
    ).json() as ReturnRecord;
    expect((await owner(asked.id, 'refuse', { reason: '' })).statusCode).toBe(400);
    const refused = await owner(asked.id, 'refuse', { reason: 'Worn, the label cut' });
    expect(refused.json()).toMatchObject({ status: 'refused', refusal: 'Worn, the label cut' });
    expect((await owner(asked.id, 'receive', { lines: [{ lineId: asked.lines[0]!.id, quantity: 1, resellable: true }] })).statusCode).toBe(409);
    // Refused pieces can be asked again.
    expect((await ask(order, { shipmentId: order.shipments![0]!.id, lines: [{ lineId: lineOf(order, 'S'), quantity: 3, reason: 'faulty' }] })).statusCode).toBe(
      201,
    );
  });

  it('refuses a bad request with a message naming the line, and writes nothing', async () => {
    const order = await shipped();
    const parcel = order.shipments![0]!;
    const count = async () =>
      Number(
        (
          await db()
            .selectFrom('returns')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const tooMany = await ask(order, { shipmentId: parcel.id, lines: [{ lineId: lineOf(order, 'S'), quantity: 4, reason: 'faulty' }] });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().error).toMatch(/^More than this parcel brought of this line, less what is already being returned: .* — .*, S \(3\)$/);
    const foreign = await ask(order, { shipmentId: parcel.id, lines: [{ lineId: 999_999, quantity: 1, reason: 'faulty' }] });
    expect(foreign.json().error).toBe('This line is not in that parcel: #999999');
    expect((await ask(order, { shipmentId: 999_999, lines: [{ lineId: lineOf(order, 'S'), quantity: 1, reason: 'faulty' }] })).statusCode).toBe(422);
    expect((await ask(order, { shipmentId: parcel.id, lines: [{ lineId: lineOf(order, 'S'), quantity: 1, reason: 'broken' }] })).statusCode).toBe(400);
    const photos = await ask(order, {
      shipmentId: parcel.id,
      lines: [{ lineId: lineOf(order, 'S'), quantity: 1, reason: 'faulty', photos: ['https://elsewhere.example/x.jpg'] }],
    });
    expect(photos.statusCode).toBe(422);
    expect((await ask(order, { shipmentId: parcel.id, lines: [{ lineId: lineOf(order, 'S'), quantity: 1, reason: 'faulty' }] }, other)).statusCode).toBe(404);
    // After the window (30 days after the parcel left): only a faulty piece.
    await db()
      .updateTable('shipments')
      .set({ shipped_at: new Date(Date.now() - 40 * 86_400_000).toISOString() })
      .where('id', '=', parcel.id)
      .execute();
    const late = await ask(order, { shipmentId: parcel.id, lines: [{ lineId: lineOf(order, 'S'), quantity: 1, reason: 'wrongPiece' }] });
    expect(late.statusCode).toBe(422);
    expect(late.json().error).toMatch(/^The return window has closed for this line/);
    expect(await count()).toBe(before);
    expect((await ask(order, { shipmentId: parcel.id, lines: [{ lineId: lineOf(order, 'S'), quantity: 1, reason: 'faulty' }] })).statusCode).toBe(201);
    // Photos: an image of 10 MB at most, and an image.
    const notImage = await upload(Buffer.from('not an image at all'), shop, 'x.jpg');
    expect(notImage.statusCode).toBeGreaterThanOrEqual(400);
    expect(notImage.statusCode).toBeLessThan(500);
    const huge = await upload(Buffer.alloc(10 * 1024 * 1024 + 10, 1));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error).toBe('Une photo fait 10 Mo au plus.');
    expect((await upload(await photo(), admin)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/returns', headers: shop })).statusCode).toBe(403);
  });
});
