import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import iconv from 'iconv-lite';
import type { InvoiceDocument, Order } from '@atelier/contract';
import {
  ADMIN,
  DIALECTS,
  RETAILER,
  atMigration,
  createTestContext,
  insertOldOrder,
  insertOldRetailer,
  openWholesale,
  sendDraft,
  type TestContext,
} from '../../../test/helpers.ts';
import { sql } from 'kysely';
import { migrate } from '../../db/index.ts';
import { FRENCH_SHOP, legalIdentity, sampleProduct } from '../../../test/fixtures.ts';
import { prepareValidators, validateFacturx } from '../../../test/facturx.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { depositStanding, exclFor } from './deposits.ts';
import { totals, vatFor } from './rules.ts';

const TERMS = { paymentDays: null, endOfMonth: null, discount: 0, openingMinimum: null, reorderMinimum: null, creditLimit: null };
const TODAY = new Date().toISOString().slice(0, 10);

describe('the amount excl. VAT of an amount incl. VAT (a deposit credited in part)', () => {
  it('gives back exactly what it can, and never more', () => {
    const france = vatFor('FR', null);
    for (let incl = 1; incl < 5000; incl += 7) {
      const excl = exclFor(incl, 20);
      const back = totals([{ totalCents: excl }], france).totalInclCents;
      expect(back).toBeLessThanOrEqual(incl);
      expect(incl - back).toBeLessThanOrEqual(1);
    }
    expect(exclFor(36000, 20)).toBe(30000);
    expect(exclFor(12345, 0)).toBe(12345);
  });
});

// Issue 47, deposits: a deposit invoice when a pre-order is confirmed, parcels held until it is paid,
// each parcel's invoice deducting what was paid, the accountant's file, cancellations and returns after.
describe.each(DIALECTS)('deposits on %s (issue 47)', (dialect) => {
  let t: TestContext;
  let owner: Record<string, string>;
  let shop: Record<string, string>;
  let companyId: number;
  let variantId: number;
  let keys = 0;

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url, headers: { 'accept-language': 'en', ...headers }, ...(payload ? { payload } : {}) });
  const setTerms = (change: object) => call('PUT', `/api/admin/companies/${companyId}/terms`, owner, { ...TERMS, ...change });
  const orderOf = async (id: number) => (await call('GET', `/api/admin/orders/${id}?lang=en`, owner)).json() as Order;
  const documentOf = async (id: number) => (await call('GET', `/api/admin/invoices/${id}?lang=en`, owner)).json() as InvoiceDocument;
  const xmlOf = async (id: number) =>
    Buffer.from((await pdfText((await call('GET', `/api/admin/invoices/${id}.pdf`, owner)).rawPayload)).attachments['factur-x.xml']!.content).toString('utf8');
  /** A pre-order of `quantity` pieces at 100.00 excl. VAT, sent by the shop. */
  async function preOrder(quantity: number): Promise<Order> {
    const order = await sendDraft(t, shop, [{ variantId, size: 'M', quantity, mode: 'preBook' }], `deposit-${dialect}-${(keys += 1)}`);
    expect(order.mode).toBe('preBook');
    return order;
  }
  const pay = (invoiceId: number, amount: number) =>
    call('POST', `/api/admin/invoices/${invoiceId}/payments?lang=en`, owner, { date: TODAY, amount, method: 'transfer', reference: 'VIR' });

  beforeAll(async () => {
    await prepareValidators();
    t = await createTestContext(dialect);
    owner = t.auth(await t.login(ADMIN.email, ADMIN.password));
    shop = t.auth(await t.login(RETAILER.email, RETAILER.password));
    companyId = (await t.services.users.findByEmail(RETAILER.email))!.id;
    expect((await call('PUT', '/api/account/company', shop, FRENCH_SHOP)).statusCode).toBe(200);
    expect((await call('PUT', '/api/admin/invoicing/settings', owner, legalIdentity())).statusCode).toBe(200);
    const payload = sampleProduct({ reference: 'TE27-ACOMPTE' });
    payload.variants[0] = { ...payload.variants[0]!, price: 100, sizes: ['S', 'M', 'L'] };
    variantId = (await call('POST', '/api/admin/products', owner, payload)).json().variants[0].id;
    await openWholesale(t, owner);
  }, 120_000);
  afterAll(async () => t.close());

  it('a deposit is a whole percentage from 0 to 100: anything else is 422 naming the field and changes nothing', async () => {
    for (const deposit of [101, -1, 30.5]) {
      const res = await setTerms({ deposit });
      expect(res.statusCode, String(deposit)).toBe(422);
      expect(res.json().error).toBe('deposit: a deposit is a whole percentage from 0 to 100 of a pre-order, or none.');
    }
    const french = await call('PUT', `/api/admin/companies/${companyId}/terms`, { ...owner, 'accept-language': 'fr' }, { ...TERMS, deposit: 120 });
    expect(french.json().error).toBe('deposit : un acompte est un pourcentage entier de 0 à 100 d’une précommande, ou aucun.');
    expect((await call('GET', '/api/account/terms', shop)).json()).toMatchObject({ deposit: null, depositHold: false, applied: { deposit: 0 } });
    const saved = await setTerms({ deposit: 30, depositHold: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call('GET', '/api/account/terms', shop)).json()).toMatchObject({
      deposit: 30,
      depositHold: true,
      applied: { deposit: 30, depositHold: true },
    });
  });

  it('draws the deposit invoice’s PDF once, before the confirmation holds the order (issue 56)', async () => {
    await setTerms({ deposit: 30, depositHold: false });
    const order = await preOrder(2);
    const invoices = t.services.invoices as unknown as { drawPdf: (...args: unknown[]) => Promise<Buffer> };
    const draw = invoices.drawPdf;
    const seen: string[] = [];
    invoices.drawPdf = async (...args: unknown[]) => {
      // Held by a confirmation, the order could not be read now (SQLite: its one connection is in the
      // transaction) nor locked (PostgreSQL: its row is).
      const db = t.services.database.db;
      const probe =
        dialect === 'sqlite'
          ? db
              .selectFrom('orders')
              .select('status')
              .where('id', '=', order.id)
              .executeTakeFirstOrThrow()
              .then((r) => r.status as string)
          : sql<{ status: string }>`select status from orders where id = ${order.id} for update nowait`
              .execute(db)
              .then((r) => r.rows[0]!.status)
              .catch(() => 'held');
      seen.push(await Promise.race([probe, new Promise<string>((resolve) => setTimeout(() => resolve('held'), 1000))]));
      return draw.apply(invoices, args);
    };
    try {
      const confirmed = await call('POST', `/api/admin/orders/${order.id}/confirm?lang=en`, owner, { shipDate: '2027-03-01' });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect((confirmed.json() as Order).deposit).toMatchObject({ percent: 30, amount: 72 });
    } finally {
      invoices.drawPdf = draw;
    }
    expect(seen).toEqual(['submitted']);
  });

  it('a deposit order that changes (issue 57): bigger, a complementary deposit invoice; smaller, a credit note on the deposit; each valid, and the parcel deducts them all', async () => {
    await setTerms({ deposit: 30, depositHold: false });
    const order = await preOrder(10);
    const confirmed = (await call('POST', `/api/admin/orders/${order.id}/confirm?lang=en`, owner, { shipDate: '2027-03-01' })).json() as Order;
    const first = confirmed.deposit!;
    expect(first).toMatchObject({ amount: 360, due: 360 });
    const lineId = confirmed.lines[0]!.id;
    const change = (quantity: number) => call('POST', `/api/admin/orders/${order.id}/changes?lang=en`, owner, { items: [{ lineId, quantity }], apply: true });
    const depositsOf = async () =>
      t.services.database.db
        .selectFrom('invoices')
        .select(['id', 'number', 'type', 'purpose', 'total_excl_cents', 'invoice_id'])
        .where('order_id', '=', order.id)
        .orderBy('id')
        .execute();

    // 15 pieces: 30 % of 1,500.00 is 450.00; 300.00 was invoiced, so a complement of 150.00 + 30.00 VAT.
    const up = await change(15);
    expect(up.statusCode, up.body).toBe(200);
    expect((up.json() as Order).deposit).toMatchObject({ amount: 540, due: 540 });
    const [, complement] = (await depositsOf()).filter((d) => d.purpose === 'deposit' && d.type === 'invoice');
    expect(complement).toMatchObject({ total_excl_cents: 15_000 });
    const complementDoc = await documentOf(complement!.id);
    expect(complementDoc.lines[0]!.product).toBe(`Acompte complémentaire de 30 % sur la commande ${order.number} (révision 2)`);
    const complementXml = await xmlOf(complement!.id);
    expect(complementXml).toMatch(/<ram:TypeCode>386<\/ram:TypeCode>/);
    expect(await validateFacturx(complementXml)).toEqual([]);
    expect(
      await t.services.database.db.selectFrom('mail_outbox').select('id').where('dedupe_key', '=', `invoice:${complement!.id}:deposit`).execute(),
    ).toHaveLength(1);

    // 12 pieces: 360.00 is asked now, 450.00 was: a credit note of 90.00 excl. VAT on the complement.
    const down = await change(12);
    expect(down.statusCode, down.body).toBe(200);
    expect((down.json() as Order).deposit).toMatchObject({ amount: 540, due: 432 });
    const note = (await depositsOf()).find((d) => d.type === 'creditNote')!;
    expect(note).toMatchObject({ invoice_id: complement!.id, total_excl_cents: 9_000 });
    const noteXml = await xmlOf(note.id);
    expect(noteXml).toMatch(/<ram:TypeCode>381<\/ram:TypeCode>/);
    expect(await validateFacturx(noteXml)).toEqual([]);
    // The same size again: nothing more is issued.
    expect((await change(12)).statusCode).toBe(422);

    // Paid, then shipped whole: the parcel's invoice (1,440.00 incl. VAT) takes off the 432.00 paid and names both deposit invoices.
    expect((await pay(first.invoiceId, 360)).statusCode).toBe(200);
    expect((await pay(complement!.id, 72)).statusCode).toBe(200);
    const shipped = await call('POST', `/api/admin/orders/${order.id}/ship?lang=en`, owner, {});
    expect(shipped.statusCode, shipped.body).toBe(200);
    const invoiceId = (shipped.json() as Order).shipments!.at(-1)!.invoice!.id;
    expect(await documentOf(invoiceId)).toMatchObject({ totalInclVat: 1440, prepaid: 432, due: 1008 });
    const xml = await xmlOf(invoiceId);
    for (const n of [first.number, complement!.number])
      expect(xml).toMatch(new RegExp(`<ram:InvoiceReferencedDocument>\\s*<ram:IssuerAssignedID>${n}</ram:IssuerAssignedID>`));
    expect(await validateFacturx(xml)).toEqual([]);
    expect((await orderOf(order.id)).deposit).toMatchObject({ deducted: 432, status: 'paid' });
  });

  it('confirming a pre-order issues and mails a valid deposit invoice; parcels wait for it; each then deducts what was paid, the FEC too', async () => {
    await setTerms({ deposit: 30, depositHold: true });
    const order = await preOrder(10);
    const confirmed = await call('POST', `/api/admin/orders/${order.id}/confirm?lang=en`, owner, { shipDate: '2027-03-01' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // 30 % of 1,000.00 excl. VAT: 300.00 + 60.00 VAT, payable on receipt.
    expect((confirmed.json() as Order).deposit).toMatchObject({ percent: 30, amount: 360, paid: 0, due: 360, deducted: 0, status: 'due', hold: true });
    const depositId = (confirmed.json() as Order).deposit!.invoiceId;
    const deposit = await documentOf(depositId);
    expect(deposit).toMatchObject({
      purpose: 'deposit',
      totalExclVat: 300,
      totalVat: 60,
      totalInclVat: 360,
      dueDate: deposit.issueDate,
      orderNumber: order.number,
    });
    expect(deposit.lines[0]!.product).toBe(`Acompte de 30 % sur la commande ${order.number}`);
    const depositXml = await xmlOf(depositId);
    expect(depositXml).toMatch(/<ram:TypeCode>386<\/ram:TypeCode>/);
    expect(depositXml).toContain('<ram:BillingSpecifiedPeriod>');
    expect(await validateFacturx(depositXml)).toEqual([]);
    expect((await pdfText((await call('GET', `/api/admin/invoices/${depositId}.pdf`, owner)).rawPayload)).text).toContain('Facture d’acompte');
    // Mailed to the shop, its PDF attached.
    const mail = await t.services.database.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'subject', 'attachments'])
      .where('dedupe_key', '=', `invoice:${depositId}:deposit`)
      .executeTakeFirstOrThrow();
    expect(mail.subject).toContain(deposit.number);
    expect(mail.attachments).toContain(`${deposit.number}.pdf`);
    // The shop reads it on its order and with its invoices.
    expect(((await call('GET', `/api/orders/${order.id}?lang=en`, shop)).json() as Order).deposit).toMatchObject({ status: 'due', due: 360 });
    expect((await call('GET', `/api/invoices/${depositId}?lang=en`, shop)).json()).toMatchObject({ purpose: 'deposit', due: 360 });

    // Held: no parcel leaves before the deposit is paid; nothing changes.
    const held = await call('POST', `/api/admin/orders/${order.id}/ship?lang=en`, owner, {});
    expect(held.statusCode).toBe(409);
    expect(held.json().error).toBe('The deposit of this order is not paid yet: as its company’s terms say, its parcels wait for it.');
    expect((await orderOf(order.id)).status).toBe('confirmed');

    expect((await pay(depositId, 360)).statusCode).toBe(200);
    expect((await orderOf(order.id)).deposit).toMatchObject({ status: 'paid', paid: 360, due: 0, hold: false });

    // First parcel, 4 pieces: 400.00 + 80.00 VAT, the deposit paid (360.00) deducted: 120.00 left to pay.
    const lineId = (await orderOf(order.id)).lines[0]!.id;
    const first = await call('POST', `/api/admin/orders/${order.id}/shipments?lang=en`, owner, { lines: [{ lineId, quantity: 4 }] });
    expect(first.statusCode, first.body).toBe(201);
    const firstId = (first.json() as Order).shipments!.at(-1)!.invoice!.id;
    const firstDoc = await documentOf(firstId);
    expect(firstDoc).toMatchObject({ totalInclVat: 480, prepaid: 360, due: 120, status: 'unpaid', depositInvoice: { id: depositId, number: deposit.number } });
    const firstXml = await xmlOf(firstId);
    expect(firstXml).toMatch(/<ram:TotalPrepaidAmount>360.00<\/ram:TotalPrepaidAmount>\s*<ram:DuePayableAmount>120.00<\/ram:DuePayableAmount>/);
    expect(firstXml).toMatch(new RegExp(`<ram:InvoiceReferencedDocument>\\s*<ram:IssuerAssignedID>${deposit.number}</ram:IssuerAssignedID>`));
    expect(await validateFacturx(firstXml)).toEqual([]);
    const firstPdf = (await pdfText((await call('GET', `/api/admin/invoices/${firstId}.pdf`, owner)).rawPayload)).text;
    expect(firstPdf).toContain(`Acompte versé (facture ${deposit.number})`);
    expect(firstPdf).toContain('Net à payer');

    // The rest: nothing left of the deposit to deduct.
    const rest = await call('POST', `/api/admin/orders/${order.id}/ship?lang=en`, owner, {});
    expect(rest.statusCode, rest.body).toBe(200);
    const restId = (rest.json() as Order).shipments!.at(-1)!.invoice!.id;
    expect(await documentOf(restId)).toMatchObject({ totalInclVat: 720, prepaid: 0, due: 720, depositInvoice: null });
    expect((await orderOf(order.id)).deposit).toMatchObject({ deducted: 360, status: 'paid' });

    // A piece of the first parcel comes back through a return: its credit note is valid and settles what was left to pay.
    const parcel = (await orderOf(order.id)).shipments![0]!;
    const asked = await call('POST', `/api/orders/${order.id}/returns?lang=en`, shop, {
      shipmentId: parcel.id,
      lines: [{ lineId, quantity: 1, reason: 'wrongPiece', note: 'Not the colour ordered', photos: [] }],
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const back = asked.json() as { id: number; lines: Array<{ id: number }> };
    const answer = (action: string, body: object) => call('POST', `/api/admin/returns/${back.id}/${action}?lang=en`, owner, body);
    expect((await answer('accept', { lines: [{ lineId: back.lines[0]!.id, quantity: 1 }], instructions: 'Colissimo' })).statusCode).toBe(200);
    const received = await answer('receive', { lines: [{ lineId: back.lines[0]!.id, quantity: 1, resellable: true }] });
    expect(received.statusCode, received.body).toBe(200);
    const noteId = (received.json() as { creditNote: { id: number } }).creditNote.id;
    expect(await validateFacturx(await xmlOf(noteId))).toEqual([]);
    expect(await documentOf(firstId)).toMatchObject({ credited: 120, due: 0, status: 'paid' });

    // The accountant's file: the deposit on customer deposits (4191), taken back by the first parcel's invoice; every entry balanced.
    const fec = await call('GET', `/api/admin/accounting/fec?year=${TODAY.slice(0, 4)}`, owner);
    expect(fec.statusCode).toBe(200);
    const rows = iconv
      .decode(fec.rawPayload, 'iso-8859-15')
      .trim()
      .split('\r\n')
      .slice(1)
      .map((l) => l.split('\t'));
    const of = (piece: string) => rows.filter((r) => r[8] === piece).map((r) => [r[4], r[11], r[12]]);
    expect(of(deposit.number)).toEqual(
      expect.arrayContaining([
        ['411', '360,00', '0,00'],
        ['4191', '0,00', '300,00'],
        ['44571', '0,00', '60,00'],
      ]),
    );
    expect(of(firstDoc.number)).toEqual(
      expect.arrayContaining([
        ['411', '480,00', '0,00'],
        ['706', '0,00', '400,00'],
        ['44571', '0,00', '80,00'],
        ['4191', '300,00', '0,00'],
        ['44571', '60,00', '0,00'],
        ['411', '0,00', '360,00'],
      ]),
    );
    const cents = (v: string) => Math.round(Number(v.replace(',', '.')) * 100);
    const byEntry = new Map<string, number>();
    for (const r of rows) byEntry.set(`${r[0]}-${r[2]}`, (byEntry.get(`${r[0]}-${r[2]}`) ?? 0) + cents(r[11]!) - cents(r[12]!));
    expect([...byEntry.values()].every((v) => v === 0)).toBe(true);
    // The deposit invoice and the first parcel's invoice are lettered: settled within the year.
    expect(rows.filter((r) => r[8] === deposit.number && r[4] === '411')[0]![13]).not.toBe('');
  }, 180_000);

  it('without the hold, goods leave before the deposit is paid: its unpaid part is credited and the parcel invoiced without it', async () => {
    await setTerms({ deposit: 50, depositHold: false });
    const order = await preOrder(2);
    const confirmed = (await call('POST', `/api/admin/orders/${order.id}/confirm?lang=en`, owner, { shipDate: '2027-03-01' })).json() as Order;
    expect(confirmed.deposit).toMatchObject({ percent: 50, amount: 120, status: 'due', hold: false });
    // Half of the deposit is paid: 60.00 of 120.00.
    expect((await pay(confirmed.deposit!.invoiceId, 60)).statusCode).toBe(200);
    const shipped = await call('POST', `/api/admin/orders/${order.id}/ship?lang=en`, owner, {});
    expect(shipped.statusCode, shipped.body).toBe(200);
    const invoiceId = (shipped.json() as Order).shipments!.at(-1)!.invoice!.id;
    // 240.00 incl. VAT, the 60.00 paid deducted; the 60.00 not paid is credited on the deposit invoice.
    expect(await documentOf(invoiceId)).toMatchObject({ totalInclVat: 240, prepaid: 60, due: 180 });
    const deposit = await documentOf(confirmed.deposit!.invoiceId);
    expect(deposit).toMatchObject({ credited: 60, paid: 60, due: 0, status: 'paid' });
    expect(await validateFacturx(await xmlOf(deposit.creditNotes[0]!.id))).toEqual([]);
  }, 120_000);

  it('cancelling a confirmed order gives its deposit back: a credit note on it, a refund when it was paid', async () => {
    await setTerms({ deposit: 30, depositHold: true });
    const order = await preOrder(5);
    const confirmed = (await call('POST', `/api/admin/orders/${order.id}/confirm?lang=en`, owner, { shipDate: '2027-03-01' })).json() as Order;
    expect((await pay(confirmed.deposit!.invoiceId, 180)).statusCode).toBe(200);
    const cancelled = await call('POST', `/api/admin/orders/${order.id}/cancel?lang=en`, owner, { reason: 'Collection annulée' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((cancelled.json() as Order).deposit).toMatchObject({ status: 'credited' });
    // The label owes the shop what it paid: the deposit invoice is credited whole, 180.00 to give back.
    expect(await documentOf(confirmed.deposit!.invoiceId)).toMatchObject({ credited: 180, paid: 180, due: -180 });
  }, 120_000);
});

describe.each(DIALECTS)('the upgrade to deposits on %s', (dialect) => {
  it('invoices written before are of goods with nothing deducted; orders and companies ask no deposit', async () => {
    await atMigration(dialect, '028-credit-control', async (database) => {
      const db = database.db;
      const now = new Date().toISOString();
      const userId = await insertOldRetailer(db, 'before-deposits@old.example');
      const orderId = await insertOldOrder(db, { userId, email: 'before-deposits@old.example', key: 'old-deposit-1', totalCents: 10000, pieces: 1 });
      await db
        .insertInto('invoices')
        .values({
          number: 'F2026-00001',
          type: 'invoice',
          year: 2026,
          seq: 1,
          order_id: orderId,
          invoiced_order_id: orderId,
          invoice_id: null,
          user_id: userId,
          locale: 'fr',
          issue_date: '2026-11-01',
          delivery_date: '2026-11-01',
          due_date: '2026-12-01',
          reason: null,
          seller: '{}',
          buyer: '{}',
          vat_breakdown: '[]',
          total_excl_cents: 10000,
          total_vat_cents: 2000,
          total_incl_cents: 12000,
          xml: '<x/>',
          pdf: Buffer.from('%PDF'),
          created_at: now,
        } as never)
        .execute();
      await migrate(database);
      expect(await db.selectFrom('invoices').select(['purpose', 'prepaid_cents', 'prepaid_vat_cents', 'deposit_invoice_id']).executeTakeFirstOrThrow()).toEqual(
        {
          purpose: 'goods',
          prepaid_cents: 0,
          prepaid_vat_cents: 0,
          deposit_invoice_id: null,
        },
      );
      expect(await depositStanding(db, orderId)).toBeNull();
      expect(await db.selectFrom('orders').select('deposit_pct').where('id', '=', orderId).executeTakeFirstOrThrow()).toEqual({ deposit_pct: null });
    });
  });
});
