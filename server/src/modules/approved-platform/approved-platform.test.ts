import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceDocument, InvoiceSummary } from '@atelier/contract';
import { ADMIN, DIALECTS, RETAILER, createTestContext, readyToInvoice, type TestContext } from '../../../test/helpers.ts';
import { TEST_CA_FILE } from '../../../test/receiver.ts';
import { startFakePlatform, type FakePlatform } from '../../../test/einvoicing-platform.ts';
import { cdar } from './xpz12013.ts';

describe('the CDAR of a payment', () => {
  it('says 212 Encaissée about the invoice, with the amount and who says it; escapes what it is given', () => {
    const xml = cdar({
      flowId: 'FL-1',
      number: 'F2027-00012',
      issueDate: '2027-03-02',
      paidOn: '2027-04-01',
      amountCents: 24066,
      seller: { siren: '732829320', name: 'Maison <Solène> & Cie' },
      buyer: { siren: '552081317', name: 'Les Jours Lents' },
    });
    expect(xml).toContain('<ram:ProcessConditionCode>212</ram:ProcessConditionCode>');
    expect(xml).toContain('<ram:ProcessCondition>Encaissée</ram:ProcessCondition>');
    expect(xml).toContain('<ram:IssuerAssignedID>F2027-00012</ram:IssuerAssignedID>');
    expect(xml).toContain('<ram:ValueAmount currencyID="EUR">240.66</ram:ValueAmount>');
    expect(xml).toContain('Maison &lt;Solène&gt; &amp; Cie');
    expect(xml).toContain('<udt:DateTimeString format="102">20270302</udt:DateTimeString>');
  });
});

// Issue 35: every new invoice and credit note reaches the approved platform (XP Z12-013), is followed there,
// and its platform status shows beside its payment status; the document itself never changes.
describe.each(DIALECTS)('the approved e-invoicing platform on %s', (dialect) => {
  let t: TestContext;
  let owner: Record<string, string>;
  let shop: Record<string, string>;
  let platform: FakePlatform;
  let variantId: number;
  let keys = 0;

  beforeAll(async () => {
    t = await createTestContext(dialect, { OUTBOUND_ALLOW_LOOPBACK: 'true', OUTBOUND_CA_FILE: TEST_CA_FILE });
    owner = t.auth(await t.login(ADMIN.email, ADMIN.password));
    shop = t.auth(await t.login(RETAILER.email, RETAILER.password));
    platform = await startFakePlatform();
    variantId = await readyToInvoice(t, owner, 'PA-ROBE');
  }, 120_000);
  afterAll(async () => {
    await platform?.close();
    await t?.close();
  });

  const settings = (payload: object) => t.app.inject({ method: 'PUT', url: '/api/admin/invoicing/platform?lang=en', headers: owner, payload });
  const on = () => ({
    enabled: true,
    url: platform.url,
    tokenUrl: platform.tokenUrl,
    clientId: platform.clientId,
    secret: platform.clientSecret,
    sendCashed: true,
  });
  /** An order placed, confirmed and shipped: its invoice is issued with the shipment. */
  const shippedInvoice = async (): Promise<number> => {
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/orders/draft', payload: { lines: [{ variantId, size: 'M', quantity: 2 }] }, headers: shop })).statusCode,
    ).toBe(200);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders/draft/submit',
      payload: {},
      headers: { ...shop, 'idempotency-key': `pa-${dialect}-${(keys += 1)}` },
    });
    const id = placed.json().id as number;
    await t.app.inject({ method: 'POST', url: `/api/admin/orders/${id}/confirm`, payload: { shipDate: '2027-03-01' }, headers: owner });
    const shipped = await t.app.inject({ method: 'POST', url: `/api/admin/orders/${id}/ship`, payload: {}, headers: owner });
    expect(shipped.statusCode, shipped.body).toBe(200);
    return shipped.json().invoice.id as number;
  };
  const doc = async (id: number): Promise<InvoiceDocument> => (await t.app.inject({ method: 'GET', url: `/api/admin/invoices/${id}`, headers: owner })).json();
  const stored = async (id: number) => {
    const row = await t.services.database.db
      .selectFrom('invoices')
      .select(['pdf', 'xml', 'total_incl_cents', 'number'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return createHash('sha256').update(Buffer.from(row.pdf)).update(row.xml).update(String(row.total_incl_cents)).update(row.number).digest('hex');
  };
  const run = () => t.services.approvedPlatformWorker.runOnce();
  /** The next run follows every submitted document again (not in 5 minutes). */
  const followNow = () => t.services.database.db.updateTable('invoice_submissions').set({ checked_at: null }).execute();
  const retryNow = () =>
    t.services.database.db
      .updateTable('invoice_submissions')
      .set({ next_attempt_at: new Date(0).toISOString() })
      .where('status', '=', 'pending')
      .execute();

  let before: number;

  it('is off by default, refuses settings that cannot work, and never shows the secret again', async () => {
    before = await shippedInvoice();
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/invoicing/platform', headers: owner })).json()).toEqual({
      enabled: false,
      url: '',
      tokenUrl: '',
      clientId: '',
      secretSet: false,
      sendCashed: true,
      enabledAt: null,
    });
    for (const [payload, error] of [
      [{ ...on(), url: 'http://platform.example/flows' }, 'The platform’s addresses are full https:// addresses (2,000 characters at most).'],
      [{ ...on(), url: '' }, 'To turn the platform on, give its flow service address.'],
      [{ ...on(), secret: '' }, 'To turn the platform on, give its credentials (a client id and secret, or an API key).'],
      [
        { ...on(), url: 'https://10.1.2.3/flow-service' },
        'This address leads inside a private network (loopback, private or link-local): the site sends nothing there.',
      ],
    ] as const) {
      const res = await settings(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toBe(error);
    }
    expect(await t.services.database.db.selectFrom('einvoicing_platform').selectAll().execute()).toEqual([]);
    // Off, nothing is sent and "send again" says why.
    await run();
    expect(platform.requests).toHaveLength(0);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/invoicing/platform/check?lang=en', headers: owner })).json().error).toBe(
      'The e-invoicing platform is turned off: turn it on in the invoicing settings first.',
    );

    const saved = await settings(on());
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ enabled: true, url: platform.url, clientId: platform.clientId, secretSet: true });
    expect(saved.body).not.toContain(platform.clientSecret);
    // Saved again without a secret, it keeps the one it has.
    expect((await settings({ ...on(), secret: undefined })).json().secretSet).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/invoicing/platform', headers: owner })).body).not.toContain(platform.clientSecret);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/activity', headers: owner })).body).not.toContain(platform.clientSecret);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/invoicing/platform', headers: shop })).statusCode).toBe(403);
  });

  it('checks the connection and looks a SIREN up in the directory', async () => {
    const check = await t.app.inject({ method: 'POST', url: '/api/admin/invoicing/platform/check?lang=fr', headers: owner });
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json().message).toBe('La plateforme a répondu : la connexion fonctionne.');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/invoicing/platform/siren?siren=552081317', headers: owner })).json()).toEqual({
      siren: '552081317',
      found: true,
      name: 'Les Jours Lents SARL',
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/invoicing/platform/siren?siren=732829320', headers: owner })).json()).toEqual({
      siren: '732829320',
      found: false,
      name: null,
    });
    const bad = await t.app.inject({ method: 'GET', url: '/api/admin/invoicing/platform/siren?siren=12345&lang=en', headers: owner });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('A SIREN is 9 digits.');
    // OAuth2: one token for the calls while it is valid.
    expect(platform.tokensIssued).toBe(1);
  });

  let first: number;

  it('submits each new invoice after it is issued, the stored file as it is; one issued before it was on stays out', async () => {
    first = await shippedInvoice();
    const bytes = await stored(first);
    expect((await doc(first)).platform).toBeNull();
    await run();
    const submitted = await doc(first);
    expect(submitted.platform).toMatchObject({ status: 'submitted', reason: null });
    const flow = platform.flows.get(submitted.platform!.flowId!)!;
    expect(flow).toMatchObject({ trackingId: submitted.number, flowSyntax: 'Factur-X', processingRule: 'B2B', name: `${submitted.number}.pdf` });
    const pdf = await t.services.database.db.selectFrom('invoices').select('pdf').where('id', '=', first).executeTakeFirstOrThrow();
    expect(flow.bytes.equals(Buffer.from(pdf.pdf))).toBe(true);
    expect(flow.sha256).toBe(createHash('sha256').update(flow.bytes).digest('hex'));
    expect(await stored(first)).toBe(bytes);
    // The one issued while the platform was off is never sent.
    expect((await doc(before)).platform).toBeNull();
    expect([...platform.flows.values()].filter((f) => f.flowSyntax === 'Factur-X')).toHaveLength(1);
    // The list shows it beside the payment status.
    const list = (await t.app.inject({ method: 'GET', url: '/api/admin/invoices', headers: owner })).json().data as InvoiceSummary[];
    expect(list.find((d) => d.id === first)).toMatchObject({ status: 'unpaid', platform: { status: 'submitted' } });
    // The retailer's own view has no platform field.
    const mine = (await t.app.inject({ method: 'GET', url: `/api/invoices/${first}`, headers: shop })).json();
    expect(mine).not.toHaveProperty('platform');
  });

  it('a rejection shows the platform’s reason; sent again, the same file is taken', async () => {
    platform.rejectNext = 'Le SIREN de l’acheteur est absent de l’annuaire';
    const id = await shippedInvoice();
    const bytes = await stored(id);
    // Deposited, then followed in the same run: the platform's acknowledgement says it is rejected.
    await run();
    const rejected = (await doc(id)).platform!;
    expect(rejected.status).toBe('rejected');
    expect(rejected.reason).toContain('Le SIREN de l’acheteur est absent de l’annuaire');
    // Only a rejected document is sent again.
    const notRejected = await t.app.inject({ method: 'POST', url: `/api/admin/invoices/${first}/platform/resubmit?lang=en`, headers: owner });
    expect(notRejected.statusCode).toBe(409);
    expect(notRejected.json().error).toBe('Only a document the platform rejected, or could not take, is sent again.');
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/invoices/999999/platform/resubmit', headers: owner })).statusCode).toBe(404);
    const again = await t.app.inject({ method: 'POST', url: `/api/admin/invoices/${id}/platform/resubmit`, headers: owner });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().platform).toMatchObject({ status: 'pending', reason: null, flowId: null });
    await run();
    const resubmitted = (await doc(id)).platform!;
    expect(resubmitted.status).toBe('submitted');
    expect(resubmitted.flowId).not.toBe(rejected.flowId);
    await followNow();
    await run();
    expect((await doc(id)).platform!.status).toBe('submitted');
    expect(await stored(id)).toBe(bytes);
  });

  it('a payment in full is sent as “Encaissée” and the invoice shows paid; a buyer’s refusal shows with its reason', async () => {
    const invoice = await doc(first);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/admin/invoices/${first}/payments`,
      payload: { date: new Date().toISOString().slice(0, 10), amount: invoice.due, method: 'transfer' },
      headers: owner,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await run();
    const after = await doc(first);
    expect(after.status).toBe('paid');
    expect(after.platform).toMatchObject({ status: 'paid' });
    const status = [...platform.flows.values()].find((f) => f.flowSyntax === 'CDAR' && f.trackingId === invoice.platform!.flowId)!;
    expect(status.bytes.toString('utf8')).toContain(`<ram:IssuerAssignedID>${invoice.number}</ram:IssuerAssignedID>`);
    expect(status.bytes.toString('utf8')).toContain(`<ram:ValueAmount currencyID="EUR">${invoice.due.toFixed(2)}</ram:ValueAmount>`);

    const refusedId = await shippedInvoice();
    await run();
    const number = (await doc(refusedId)).number;
    platform.refuse(number, 'Marchandise non commandée');
    await followNow();
    await run();
    expect((await doc(refusedId)).platform).toMatchObject({ status: 'refused', reason: 'Marchandise non commandée' });
    // A credit note is a document of its own on the platform.
    const credit = await t.app.inject({
      method: 'POST',
      url: `/api/admin/invoices/${refusedId}/credit-notes`,
      payload: { reason: 'Refusée par l’acheteur', amount: 10 },
      headers: owner,
    });
    expect(credit.statusCode, credit.body).toBe(200);
    await run();
    expect((await doc(credit.json().id)).platform).toMatchObject({ status: 'submitted' });
  });

  it('a platform that answers garbage or is down keeps the document waiting, says why, and takes it later; the shipment never waits', async () => {
    platform.garbageNext = true;
    const started = Date.now();
    const id = await shippedInvoice();
    expect(Date.now() - started).toBeLessThan(5000);
    const bytes = await stored(id);
    await run();
    let state = (await doc(id)).platform!;
    expect(state).toMatchObject({ status: 'pending', flowId: null });
    expect(state.reason).toMatch(/^garbage: /);
    const row = await t.services.database.db
      .selectFrom('invoice_submissions')
      .select(['attempts', 'next_attempt_at'])
      .where('invoice_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(1);
    expect(Date.parse(row.next_attempt_at!)).toBeGreaterThan(Date.now());
    // Not before its time; then the platform is down (503): still waiting, with that reason.
    await run();
    expect((await doc(id)).platform!.status).toBe('pending');
    platform.failNext = 1;
    await retryNow();
    await run();
    state = (await doc(id)).platform!;
    expect(state.status).toBe('pending');
    expect(state.reason).toMatch(/^unreachable: /);
    await retryNow();
    await run();
    expect((await doc(id)).platform!.status).toBe('submitted');
    expect(await stored(id)).toBe(bytes);
    // Submitted once: no flow twice for it.
    const number = (await doc(id)).number;
    expect([...platform.flows.values()].filter((f) => f.flowSyntax === 'Factur-X' && f.trackingId === number)).toHaveLength(1);
  });

  it('turned off, it sends nothing more and “send again” says so', async () => {
    expect((await settings({ ...on(), enabled: false, secret: undefined })).json().enabled).toBe(false);
    const requests = platform.requests.length;
    await shippedInvoice();
    await run();
    expect(platform.requests).toHaveLength(requests);
    const refused = await t.app.inject({ method: 'POST', url: `/api/admin/invoices/${first}/platform/resubmit?lang=fr`, headers: owner });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('La plateforme de facturation électronique est désactivée : activez-la d’abord dans les réglages de facturation.');
  });
});
