import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyTerms, Draft, InvoiceDocument, Order } from '@atelier/contract';
import {
  ADMIN,
  DIALECTS,
  RETAILER,
  atMigration,
  createTestContext,
  insertOldOrder,
  insertOldRetailer,
  openWholesale,
  type TestContext,
} from '../../../test/helpers.ts';
import { migrate } from '../../db/index.ts';
import { FRENCH_SHOP, legalIdentity, sampleProduct } from '../../../test/fixtures.ts';
import { prepareValidators, validateFacturx } from '../../../test/facturx.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { dueDate } from '../invoices/service.ts';

const OTHER = { email: 'terms-other@test.example', password: 'terms-other-2026' };
/** A 1×1 PNG: the smallest signature there is. */
const SIGNATURE = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNk+A8AAQUBAScY42YAAAAASUVORK5CYII=';
const OWN = { paymentDays: 60, endOfMonth: false, discount: 5, openingMinimum: 500, reorderMinimum: 200 };

// Issue 47, first part: a company's own payment terms, discount and minimums, and where they apply.
describe.each(DIALECTS)('a company’s own terms on %s (issue 47)', (dialect) => {
  let t: TestContext;
  let owner: Record<string, string>;
  let shop: Record<string, string>;
  let other: Record<string, string>;
  let companyId: number;
  let productId: number;
  let variantId: number;
  let keys = 0;

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url, headers: { 'accept-language': 'en', ...headers }, ...(payload ? { payload } : {}) });
  const termsOf = async () => (await call('GET', `/api/admin/companies/${companyId}/terms`, owner)).json() as CompanyTerms;

  beforeAll(async () => {
    await prepareValidators();
    t = await createTestContext(dialect);
    owner = t.auth(await t.login(ADMIN.email, ADMIN.password));
    shop = t.auth(await t.login(RETAILER.email, RETAILER.password));
    await t.services.users.create({ email: OTHER.email, role: 'retailer', password: OTHER.password, locale: 'en' });
    other = t.auth(await t.login(OTHER.email, OTHER.password));
    companyId = (await t.services.users.findByEmail(RETAILER.email))!.id;
    expect((await call('PUT', '/api/account/company', shop, FRENCH_SHOP)).statusCode).toBe(200);
    expect((await call('PUT', '/api/admin/invoicing/settings', owner, legalIdentity())).statusCode).toBe(200);
    const payload = sampleProduct({ reference: 'TE27-REMISE' });
    payload.variants[0] = { ...payload.variants[0]!, price: 40.3, sizes: ['S', 'M', 'L'] };
    const made = (await call('POST', '/api/admin/products', owner, payload)).json();
    productId = made.id;
    variantId = made.variants[0].id;
    await openWholesale(t, owner);
  }, 120_000);
  afterAll(async () => t.close());

  it('starts with the label’s terms; the owner sets its own; a value out of bounds is 422 naming the field and changes nothing', async () => {
    expect(await termsOf()).toEqual({
      paymentDays: null,
      endOfMonth: null,
      discount: 0,
      openingMinimum: null,
      reorderMinimum: null,
      creditLimit: null,
      deposit: null,
      depositHold: false,
      currency: 'EUR',
      updatedAt: null,
      applied: {
        paymentDays: 30,
        endOfMonth: false,
        discount: 0,
        openingMinimum: 10,
        reorderMinimum: 10,
        creditLimit: null,
        deposit: 0,
        depositHold: false,
        currency: 'EUR',
      },
    });
    const bad: Array<[object, string]> = [
      [{ discount: 50.01 }, 'discount: the discount is a percentage from 0 to 50, with at most 2 decimals.'],
      [{ discount: 5.005 }, 'discount: the discount is a percentage from 0 to 50, with at most 2 decimals.'],
      [{ discount: -1 }, 'discount: the discount is a percentage from 0 to 50, with at most 2 decimals.'],
      [{ paymentDays: 61 }, 'paymentDays: payment terms are 0 to 60 days (45 at most from the end of the month), or none to keep the label’s.'],
      [
        { paymentDays: 50, endOfMonth: true },
        'paymentDays: payment terms are 0 to 60 days (45 at most from the end of the month), or none to keep the label’s.',
      ],
      [{ openingMinimum: -5 }, 'openingMinimum, reorderMinimum: a minimum is an amount of 0 or more with at most 2 decimals, or none to keep the season’s.'],
    ];
    for (const [change, message] of bad) {
      const res = await call('PUT', `/api/admin/companies/${companyId}/terms`, owner, { ...OWN, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(422);
      expect(res.json().error).toBe(message);
    }
    const french = await call('PUT', `/api/admin/companies/${companyId}/terms`, { ...owner, 'accept-language': 'fr' }, { ...OWN, discount: 60 });
    expect(french.json().error).toBe('discount : la remise est un pourcentage de 0 à 50, avec 2 décimales au plus.');
    // Every wrong value with its field, its stable code and its sentence in the caller's language (issue 56).
    const several = await call(
      'PUT',
      `/api/admin/companies/${companyId}/terms`,
      { ...owner, 'accept-language': 'fr' },
      { ...OWN, discount: 60, reorderMinimum: -1, deposit: 30.5 },
    );
    expect(several.statusCode).toBe(422);
    expect(several.json()).toEqual({
      error: 'discount : la remise est un pourcentage de 0 à 50, avec 2 décimales au plus.',
      code: 'terms.discountInvalid',
      errors: [
        { field: '/discount', code: 'terms.discountInvalid', message: 'discount : la remise est un pourcentage de 0 à 50, avec 2 décimales au plus.' },
        { field: '/reorderMinimum', code: 'terms.minimumInvalid', message: expect.stringMatching(/^openingMinimum, reorderMinimum : un minimum/) },
        { field: '/deposit', code: 'terms.depositInvalid', message: 'deposit : un acompte est un pourcentage entier de 0 à 100 d’une précommande, ou aucun.' },
      ],
    });
    // A body of the wrong shape: each field the schema refused, with the validator's code.
    const shape = await call('PUT', `/api/admin/companies/${companyId}/terms`, owner, { ...OWN, discount: 'five', paymentDays: 'thirty' });
    expect(shape.statusCode).toBe(400);
    expect(
      shape
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['/discount', '/paymentDays']);
    expect(shape.json().errors.every((e: { code: string; message: string }) => e.code && e.message)).toBe(true);
    expect((await call('PUT', '/api/admin/companies/999999/terms', owner, OWN)).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/companies/999999/terms', owner)).statusCode).toBe(404);
    expect((await call('PUT', `/api/admin/companies/${companyId}/terms`, shop, OWN)).statusCode).toBe(403);
    expect((await termsOf()).updatedAt).toBeNull();

    const saved = await call('PUT', `/api/admin/companies/${companyId}/terms`, owner, OWN);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ ...OWN, applied: OWN });
    // The company reads them; another company reads its own (the label's).
    expect((await call('GET', '/api/account/terms', shop)).json()).toMatchObject({ applied: OWN });
    expect((await call('GET', '/api/account/terms', other)).json()).toMatchObject({ applied: { discount: 0, paymentDays: 30, openingMinimum: 10 } });
    // Cleared, a value goes back to the label's.
    const cleared = await call('PUT', `/api/admin/companies/${companyId}/terms`, owner, { ...OWN, paymentDays: null, endOfMonth: null });
    expect(cleared.json().applied).toMatchObject({ paymentDays: 30, endOfMonth: false });
    expect((await call('PUT', `/api/admin/companies/${companyId}/terms`, owner, OWN)).statusCode).toBe(200);
  });

  it('the shop sees, orders and is invoiced at its prices: gross, discount and net on each line, its minimum, its due date; the document valid', async () => {
    // The collection: the shop's price after 5 % (40.30 → 38.29), the trade price beside it; others and the owner see the trade price.
    const seen = (await call('GET', `/api/products/${productId}?lang=en`, shop)).json();
    expect(seen.variants[0]).toMatchObject({ price: 38.29, listPrice: 40.3 });
    expect((await call('GET', `/api/products/${productId}?lang=en`, other)).json().variants[0].price).toBe(40.3);
    expect((await call('GET', `/api/products/${productId}?lang=en`, owner)).json().variants[0]).not.toHaveProperty('listPrice');

    // The draft: at its prices, against its own opening minimum (500).
    const draft = (await call('PUT', '/api/orders/draft?lang=en', shop, { lines: [{ variantId, size: 'M', quantity: 3 }] })).json() as Draft;
    expect(draft.lines[0]).toMatchObject({ unitPrice: 38.29, listPrice: 40.3, total: 114.87 });
    expect(draft).toMatchObject({ total: 114.87, discount: 5, minimum: { kind: 'opening', amount: 500, missing: 385.13 } });
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/orders/draft/submit?lang=en',
        headers: { ...shop, 'accept-language': 'en', 'idempotency-key': `terms-${dialect}-${(keys += 1)}` },
      });
    expect((await send()).statusCode).toBe(422);
    await call('PUT', '/api/orders/draft?lang=en', shop, { lines: [{ variantId, size: 'M', quantity: 14 }] });
    const placed = await send();
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json() as Order;
    expect(order).toMatchObject({ total: 536.06, discount: 5 });
    expect(order.lines[0]).toMatchObject({ unitPrice: 38.29, listPrice: 40.3, quantity: 14 });
    // A discount changed later leaves the order as it was sent.
    await call('PUT', `/api/admin/companies/${companyId}/terms`, owner, { ...OWN, discount: 10 });
    expect(((await call('GET', `/api/orders/${order.id}?lang=en`, shop)).json() as Order).lines[0]!.unitPrice).toBe(38.29);
    await call('PUT', `/api/admin/companies/${companyId}/terms`, owner, OWN);

    // Shipped: the invoice shows gross, discount and net, falls due at 60 days, and is valid EN 16931.
    expect((await call('POST', `/api/admin/orders/${order.id}/confirm?lang=en`, owner, { shipDate: '2027-03-01' })).statusCode).toBe(200);
    expect((await call('POST', `/api/admin/orders/${order.id}/ship?lang=en`, owner, {})).statusCode).toBe(200);
    const invoiceId = ((await call('GET', `/api/admin/orders/${order.id}?lang=en`, owner)).json() as Order).invoice!.id;
    const doc = (await call('GET', `/api/admin/invoices/${invoiceId}?lang=en`, owner)).json() as InvoiceDocument;
    expect(doc.lines[0]).toMatchObject({ unitPrice: 38.29, listPrice: 40.3, quantity: 14, total: 536.06 });
    expect(doc.totalExclVat).toBe(536.06);
    expect(doc.dueDate).toBe(dueDate(doc.issueDate, { paymentDays: 60, endOfMonth: false } as Parameters<typeof dueDate>[1]));
    const { text, attachments } = await pdfText((await call('GET', `/api/invoices/${invoiceId}.pdf?lang=en`, shop)).rawPayload);
    const xml = Buffer.from(attachments['factur-x.xml']!.content).toString('utf8');
    expect(xml).toMatch(/<ram:GrossPriceProductTradePrice>\s*<ram:ChargeAmount>40.30<\/ram:ChargeAmount>/);
    expect(xml).toMatch(/<ram:ActualAmount>2.01<\/ram:ActualAmount>/);
    expect(xml).toMatch(/<ram:NetPriceProductTradePrice>\s*<ram:ChargeAmount>38.29<\/ram:ChargeAmount>/);
    expect(xml).toContain('Paiement à 60 jours à compter de la date de facture');
    expect(await validateFacturx(xml)).toEqual([]);
    expect(text).toContain('PU brut');
    expect(text).toContain('Remise');
    expect(text).toContain('−2,01');

    // A credit note of two pieces keeps the line's gross and net, and stays valid.
    const credit = await call('POST', `/api/admin/invoices/${invoiceId}/credit-notes?lang=en`, owner, {
      reason: 'Deux pièces abîmées',
      lines: [{ lineId: doc.lines[0]!.id, quantity: 2 }],
    });
    expect(credit.statusCode, credit.body).toBe(200);
    const note = credit.json() as InvoiceDocument;
    expect(note.lines[0]).toMatchObject({ unitPrice: 38.29, listPrice: 40.3, quantity: 2, total: 76.58 });
    const noteXml = Buffer.from(
      (await pdfText((await call('GET', `/api/admin/invoices/${note.id}.pdf`, owner)).rawPayload)).attachments['factur-x.xml']!.content,
    ).toString('utf8');
    expect(await validateFacturx(noteXml)).toEqual([]);
  }, 180_000);

  it('the line sheet and the showroom carry the shop’s prices and minimums', async () => {
    const sheet = await call('GET', '/api/wholesale/linesheet.pdf?lang=fr', shop);
    expect(sheet.statusCode).toBe(200);
    const { text } = await pdfText(sheet.rawPayload);
    expect(text).toContain('38,29');
    expect(text).not.toContain('40,30');
    expect(text).toContain('500');
    const theirs = (await pdfText((await call('GET', '/api/wholesale/linesheet.pdf?lang=fr', other)).rawPayload)).text;
    expect(theirs).toContain('40,30');
    const snapshot = (await call('GET', '/api/showroom/snapshot', owner)).json();
    expect(snapshot.stockists.find((s: { id: number }) => s.id === companyId).terms).toEqual({ discount: 5, openingMinimum: 500, reorderMinimum: 200 });
    expect(snapshot.stockists.find((s: { email: string }) => s.email === OTHER.email)).not.toHaveProperty('terms');
    // A showroom order is priced at the shop's prices: the trade price sent is a price that changed; the shop's goes.
    const take = (unitPrice: number, key: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/showroom/orders?lang=en',
        headers: { ...owner, 'accept-language': 'en', 'idempotency-key': key },
        payload: {
          stockistId: companyId,
          lines: [{ variantId, size: 'L', quantity: 14, unitPrice }],
          signature: SIGNATURE,
          takenAt: '2026-11-26T10:30:00.000Z',
        },
      });
    const gross = await take(40.3, `terms-showroom-${dialect}-1`);
    expect(gross.statusCode).toBe(422);
    expect(gross.json().reasons[0]).toMatchObject({ reason: 'priceChanged' });
    const net = await take(38.29, `terms-showroom-${dialect}-2`);
    expect(net.statusCode, net.body).toBe(201);
    const made = (await call('GET', `/api/admin/orders/${net.json().orders[0].id}?lang=en`, owner)).json() as Order;
    expect(made).toMatchObject({ discount: 5, total: 536.06 });
    expect(made.lines[0]).toMatchObject({ unitPrice: 38.29, listPrice: 40.3 });
  });
});

describe.each(DIALECTS)('the upgrade to company terms on %s', (dialect) => {
  it('orders and invoices written before keep their prices, without a discount; companies follow the label’s terms', async () => {
    await atMigration(dialect, '026-companies', async (database) => {
      const db = database.db;
      const userId = await insertOldRetailer(db, 'before-terms@old.example');
      const orderId = await insertOldOrder(db, { userId, email: 'before-terms@old.example', key: 'old-terms-1', totalCents: 8060, pieces: 2 });
      await db
        .insertInto('order_lines')
        .values({
          order_id: orderId,
          position: 0,
          variant_id: null,
          product_id: null,
          product_title: '{"fr":"Robe"}',
          color_name: '{"fr":"Rouille"}',
          color_code: null,
          reference: 'OLD-1',
          size: 'M',
          quantity: 2,
          unit_price_cents: 4030,
        } as never)
        .execute();
      await migrate(database);
      expect(await db.selectFrom('orders').select('discount_bp').where('id', '=', orderId).executeTakeFirstOrThrow()).toEqual({ discount_bp: 0 });
      expect(await db.selectFrom('order_lines').select(['unit_price_cents', 'list_price_cents']).executeTakeFirstOrThrow()).toEqual({
        unit_price_cents: 4030,
        list_price_cents: null,
      });
      expect(await db.selectFrom('company_terms').selectAll().execute()).toEqual([]);
    });
  });
});

// Issue 47, credit control: over its limit or with an invoice overdue too long, an order waits in review.
describe.each(DIALECTS)('credit control on %s (issue 47)', (dialect) => {
  let t: TestContext;
  let owner: Record<string, string>;
  let shop: Record<string, string>;
  let colleague: Record<string, string>;
  let companyId: number;
  let variantId: number;
  let keys = 0;

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url, headers: { 'accept-language': 'en', ...headers }, ...(payload ? { payload } : {}) });
  /** A draft of 14 pieces at 40.30 (564.20 excl. VAT), sent. */
  const order = async (headers: Record<string, string>) => {
    expect((await call('PUT', '/api/orders/draft?lang=en', headers, { lines: [{ variantId, size: 'M', quantity: 14 }] })).statusCode).toBe(200);
    return t.app.inject({
      method: 'POST',
      url: '/api/orders/draft/submit?lang=en',
      headers: { ...headers, 'accept-language': 'en', 'idempotency-key': `credit-${dialect}-${(keys += 1)}` },
    });
  };
  const setTerms = (creditLimit: number | null) =>
    call('PUT', `/api/admin/companies/${companyId}/terms`, owner, {
      paymentDays: null,
      endOfMonth: null,
      discount: 0,
      openingMinimum: null,
      reorderMinimum: null,
      creditLimit,
    });

  beforeAll(async () => {
    t = await createTestContext(dialect);
    owner = t.auth(await t.login(ADMIN.email, ADMIN.password));
    shop = t.auth(await t.login(RETAILER.email, RETAILER.password));
    companyId = (await t.services.users.findByEmail(RETAILER.email))!.id;
    expect((await call('PUT', '/api/account/company', shop, FRENCH_SHOP)).statusCode).toBe(200);
    expect((await call('PUT', '/api/admin/invoicing/settings', owner, legalIdentity())).statusCode).toBe(200);
    const payload = sampleProduct({ reference: 'CC27-PLAFOND' });
    payload.variants[0] = { ...payload.variants[0]!, price: 40.3, sizes: ['S', 'M', 'L'] };
    variantId = (await call('POST', '/api/admin/products', owner, payload)).json().variants[0].id;
    await openWholesale(t, owner);
    // A colleague of the same company, ordering from their own draft.
    await t.services.users.create({ email: 'colleague@test.example', role: 'retailer', password: 'colleague-2026', locale: 'en' });
    await t.services.database.db
      .updateTable('users')
      .set({ company_id: companyId, company_role: 'admin' })
      .where('email', '=', 'colleague@test.example')
      .execute();
    colleague = t.auth(await t.login('colleague@test.example', 'colleague-2026'));
  }, 120_000);
  afterAll(async () => t.close());

  it('over the credit limit the order waits in review: it cannot be confirmed until accepted; refused, it is cancelled with its reason', async () => {
    expect((await setTerms(-1)).json().error).toBe('creditLimit: a credit limit is an amount of 0 or more with at most 2 decimals, or none.');
    expect((await setTerms(1000)).statusCode).toBe(200);
    const first = (await order(shop)).json() as Order;
    expect(first.review ?? null).toBeNull();
    const second = await order(shop);
    expect(second.statusCode, second.body).toBe(201);
    const held = second.json() as Order;
    expect(held.status).toBe('submitted');
    expect(held.review).toMatchObject({ state: 'pending', reasons: ['creditLimit'], exposure: 1128.4, limit: 1000, overdue: [] });
    expect((await call('GET', '/api/admin/home', owner)).json()).toMatchObject({ toConfirm: 1, inReview: 1 });
    const listed = (await call('GET', '/api/admin/orders?review=pending&lang=en', owner)).json().data as Array<{ id: number; inReview?: boolean }>;
    expect(listed.map((o) => [o.id, o.inReview])).toEqual([[held.id, true]]);
    const confirm = await call('POST', `/api/admin/orders/${held.id}/confirm?lang=en`, owner, { shipDate: '2027-03-01' });
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().error).toBe('This order is in review: accept it before confirming it.');
    // The shop sees it held; the owner accepts it, then confirms it.
    expect(((await call('GET', `/api/orders/${held.id}?lang=en`, shop)).json() as Order).review?.state).toBe('pending');
    const accepted = await call('POST', `/api/admin/orders/${held.id}/review?lang=en`, owner, { decision: 'accept' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((accepted.json() as Order).review?.state).toBe('accepted');
    expect((await call('POST', `/api/admin/orders/${held.id}/review?lang=en`, owner, { decision: 'accept' })).statusCode).toBe(409);
    expect((await call('POST', `/api/admin/orders/${held.id}/confirm?lang=en`, owner, { shipDate: '2027-03-01' })).statusCode).toBe(200);
    // A third goes to review too, and is refused: cancelled with the reason, the shop told.
    const third = (await order(shop)).json() as Order;
    expect(third.review?.state).toBe('pending');
    expect((await call('POST', `/api/admin/orders/${third.id}/review?lang=en`, owner, { decision: 'refuse', reason: '' })).statusCode).toBe(400);
    const refused = await call('POST', `/api/admin/orders/${third.id}/review?lang=en`, owner, { decision: 'refuse', reason: 'Please settle March first.' });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json()).toMatchObject({ status: 'cancelled', cancelReason: 'Please settle March first.', review: { state: 'refused' } });
    await t.services.mail.runOnce();
    expect(t.sent.some((m) => m.to === RETAILER.email && m.text.includes('Please settle March first.'))).toBe(true);
  });

  it('two orders at once that together pass the limit: the second waits in review', async () => {
    // What is owed now: the first two orders (1128.40); a limit leaving room for one more only.
    expect((await setTerms(1128.4 + 600)).statusCode).toBe(200);
    const [a, b] = await Promise.all([order(shop), order(colleague)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const states = [a.json() as Order, b.json() as Order].map((o) => o.review?.state ?? null).sort();
    expect(states).toEqual(['pending', null].sort());
  });

  it('an invoice unpaid more than 15 days past its due date sends the next order to review, whatever the limit', async () => {
    expect((await setTerms(null)).statusCode).toBe(200);
    const orders = (await call('GET', '/api/admin/orders?lang=en&q=Les%20Jours', owner)).json().data as Array<{ id: number; status: string }>;
    const confirmed = orders.find((o) => o.status === 'confirmed')!;
    expect((await call('POST', `/api/admin/orders/${confirmed.id}/ship?lang=en`, owner, {})).statusCode).toBe(200);
    const invoice = await t.services.database.db.selectFrom('invoices').select(['id', 'number']).where('type', '=', 'invoice').executeTakeFirstOrThrow();
    await t.services.database.db.updateTable('invoices').set({ due_date: '2026-01-01' }).where('id', '=', invoice.id).execute();
    const held = (await order(shop)).json() as Order;
    expect(held.review).toMatchObject({ state: 'pending', reasons: ['overdue'], limit: null });
    expect(held.review!.overdue.map((i) => i.number)).toEqual([invoice.number]);
  });
});
