import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkShipResult, Order } from '@atelier/contract';
import { ADMIN, DIALECTS, RETAILER, createTestContext, openWholesale, sendDraft, type TestContext } from '../../../test/helpers.ts';
import { FRENCH_SHOP, legalIdentity, sampleProduct } from '../../../test/fixtures.ts';
import { INVOICE_LISTENERS } from '../invoices/listeners.ts';

const ACCOUNTS = 'compta-after@test.example';

/**
 * A parcel's slow work after its commit (issue 56): the shipment holds the order only while it writes its
 * lines and parcel; its invoice, the shop's mail with the delivery note and the accounts person's mail with
 * the invoice's Factur-X PDF are the listeners' of `shipment.created` and `invoice.issued`.
 */
describe.each(DIALECTS)('a parcel after its commit on %s (issue 56)', (dialect) => {
  let t: TestContext;
  let admin: Record<string, string>;
  let shop: Record<string, string>;
  let dress: { id: number };
  let keys = 0;

  beforeAll(async () => {
    t = await createTestContext(dialect);
    admin = t.auth(await t.login(ADMIN.email, ADMIN.password));
    shop = t.auth(await t.login(RETAILER.email, RETAILER.password));
    const user = (await t.services.users.findByEmail(RETAILER.email))!;
    await t.services.companies.saveCompany(user.id, FRENCH_SHOP);
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/invoicing/settings', payload: legalIdentity(), headers: admin })).statusCode).toBe(200);
    const payload = sampleProduct({ reference: 'MS27-AFTER' });
    payload.variants[0] = { ...payload.variants[0]!, price: 80, sizes: ['S', 'M', 'L'] };
    dress = (await t.app.inject({ method: 'POST', url: '/api/admin/products', payload, headers: admin })).json().variants[0];
    await openWholesale(t, admin);
    // The shop's accounts person: the one its invoices are mailed to.
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/account/people',
      headers: shop,
      payload: { email: ACCOUNTS, name: 'Compta', role: 'accounts', doorIds: [], locale: 'fr' },
    });
    expect(invited.statusCode, invited.body).toBe(201);
  }, 240_000);
  afterAll(async () => t.close());

  const db = () => t.services.database.db;
  const confirmed = async (quantities: Record<string, number>): Promise<Order> => {
    const lines = Object.entries(quantities).map(([size, quantity]) => ({ variantId: dress.id, size, quantity }));
    const placed = await sendDraft(t, shop, lines, `after-${dialect}-${(keys += 1)}`);
    const res = await post(placed.id, 'confirm', { shipDate: '2027-03-01' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const post = (id: number, action: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url: `/api/admin/orders/${id}/${action}?lang=en`, payload, headers: admin });
  const invoicesOf = (orderId: number) =>
    db().selectFrom('invoices').select(['id', 'number', 'type', 'shipment_id']).where('order_id', '=', orderId).orderBy('id').execute();
  const mailsFor = async (orderNumber: string) => {
    // What the listeners' worker does next (a loaded machine may end the answer's 2 s settling first), then the
    // outbox: a pass their kick started may be under way, begun before their last mail was queued: one more after it.
    while ((await t.services.events.runOnce()) > 0);
    await t.services.mail.runOnce();
    while ((await t.services.mail.runOnce()) > 0);
    return t.sent.filter((m) => m.subject.includes(orderNumber));
  };
  const storedPdf = async (invoiceId: number) =>
    Buffer.from((await db().selectFrom('invoices').select('pdf').where('id', '=', invoiceId).executeTakeFirstOrThrow()).pdf);

  it('mails the shop its parcel with the delivery note, and the accounts person the parcel’s invoice with its Factur-X PDF', async () => {
    const order = await confirmed({ S: 1, M: 2 });
    const res = await post(order.id, 'ship', { carrier: 'colissimo', tracking: '6A00000000001' });
    expect(res.statusCode, res.body).toBe(200);
    const shipped = res.json() as Order;
    const parcel = shipped.shipments![0]!;
    // Issued right after the commit: the answer names it.
    expect(parcel.invoice).not.toBeNull();
    expect(parcel.invoicePending).toBeUndefined();
    const mails = await mailsFor(order.number);
    const parcelMail = mails.find((m) => m.to === RETAILER.email && m.attachments?.some((a) => a.filename === `${order.number}-1.pdf`));
    expect(parcelMail, mails.map((m) => `${m.to}: ${m.subject}`).join('\n')).toBeDefined();
    const invoiceMail = mails.find((m) => m.to === ACCOUNTS);
    expect(invoiceMail).toBeDefined();
    // In the accounts person's language, naming the parcel, the amount and the IBAN.
    expect(invoiceMail!.subject).toContain(`Facture ${parcel.invoice!.number} de votre commande ${order.number}`);
    expect(invoiceMail!.text).toContain(`Le colis ${order.number}-1`);
    expect(invoiceMail!.text).toContain('288,00');
    expect(invoiceMail!.text).toContain(legalIdentity().iban.replaceAll(' ', ''));
    const attached = invoiceMail!.attachments!.find((a) => a.filename === `${parcel.invoice!.number}.pdf`)!;
    expect(attached.contentType).toBe('application/pdf');
    expect(attached.content.equals(await storedPdf(parcel.invoice!.id))).toBe(true);
    expect(attached.content.includes(Buffer.from('factur-x.xml'))).toBe(true);
  });

  it('answers a parcel whose invoice could not be issued yet as being issued; the retry issues and mails it once', async () => {
    const order = await confirmed({ L: 2 });
    const issueDay = t.services.invoices.issueDay;
    let failures = 0;
    t.services.invoices.issueDay = () => {
      failures += 1;
      throw new Error('the fonts are not loaded yet');
    };
    let res;
    try {
      res = await post(order.id, 'ship', {});
    } finally {
      t.services.invoices.issueDay = issueDay;
    }
    // The parcel left (its commit does not wait for its invoice) and says its invoice is on its way.
    expect(res.statusCode, res.body).toBe(200);
    expect(failures).toBe(1);
    const parcel = (res.json() as Order).shipments![0]!;
    expect(parcel).toMatchObject({ invoice: null, invoicePending: true });
    const mine = (await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}?lang=en`, headers: shop })).json() as Order;
    expect(mine.shipments![0]).toMatchObject({ invoice: null, invoicePending: true });
    expect(await invoicesOf(order.id)).toEqual([]);
    // The shop's parcel mail did not wait for the invoice.
    expect((await mailsFor(order.number)).filter((m) => m.to === RETAILER.email && m.attachments?.length)).toHaveLength(1);

    // Its next try (the worker's, once due) issues it; the tries after change nothing.
    await db()
      .updateTable('event_runs')
      .set({ next_attempt_at: new Date(Date.now() - 1000).toISOString() })
      .where('listener', '=', INVOICE_LISTENERS.issue)
      .where('status', '=', 'pending')
      .execute();
    await t.services.events.runOnce();
    await t.services.events.runOnce();
    await t.services.events.runOnce();
    const invoices = await invoicesOf(order.id);
    expect(invoices).toHaveLength(1);
    const after = (await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}?lang=en`, headers: shop })).json() as Order;
    expect(after.shipments![0]).toMatchObject({ invoice: { id: invoices[0]!.id } });
    expect(after.shipments![0]!.invoicePending).toBeUndefined();
    const toAccounts = (await mailsFor(order.number)).filter((m) => m.to === ACCOUNTS);
    expect(toAccounts).toHaveLength(1);
    expect(toAccounts[0]!.subject).toContain(invoices[0]!.number);
  });

  it('issues a pending parcel invoice inside a cancellation, so the credit note has it and the listener then writes nothing', async () => {
    const order = await confirmed({ S: 1 });
    const issueDay = t.services.invoices.issueDay;
    t.services.invoices.issueDay = () => {
      throw new Error('not now');
    };
    try {
      expect((await post(order.id, 'ship', {})).statusCode).toBe(200);
    } finally {
      t.services.invoices.issueDay = issueDay;
    }
    expect(await invoicesOf(order.id)).toEqual([]);
    const cancelled = await post(order.id, 'cancel', { reason: 'Retour complet du colis' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const documents = await invoicesOf(order.id);
    expect(documents.map((d) => d.type)).toEqual(['invoice', 'creditNote']);
    await db()
      .updateTable('event_runs')
      .set({ next_attempt_at: new Date(Date.now() - 1000).toISOString() })
      .where('status', '=', 'pending')
      .execute();
    await t.services.events.runOnce();
    await t.services.events.runOnce();
    expect(await invoicesOf(order.id)).toEqual(documents);
    // Its one invoice was mailed once.
    expect((await mailsFor(order.number)).filter((m) => m.to === ACCOUNTS && m.subject.includes(documents[0]!.number))).toHaveLength(1);
  });

  it('ships in bulk with each answer naming its parcel’s invoice, each invoice mailed once', async () => {
    const orders = [await confirmed({ S: 1 }), await confirmed({ M: 1 }), await confirmed({ L: 1 })];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/orders/ship-bulk?lang=en',
      payload: { orderIds: orders.map((o) => o.id), carrier: 'dpd' },
      headers: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { results } = res.json() as BulkShipResult;
    expect(results.map((r) => [r.shipped, r.status])).toEqual(orders.map(() => [true, 'shipped']));
    for (const [i, r] of results.entries()) {
      const [invoice] = await invoicesOf(orders[i]!.id);
      expect(r.invoice).toBe(invoice!.number);
      expect((await mailsFor(orders[i]!.number)).filter((m) => m.to === ACCOUNTS)).toHaveLength(1);
    }
  });
});
