import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankEntry, BankEntryList, Collection, InvoiceDocument, Mandate, StatementImport } from '@atelier/contract';
import {
  ADMIN,
  DIALECTS,
  RETAILER,
  countRows,
  createTestContext,
  fileForm,
  openWholesale,
  sendDraft,
  tradingShops,
  type TestContext,
} from '../../../test/helpers.ts';
import { legalIdentity, sampleProduct } from '../../../test/fixtures.ts';
import { BANK_CSV_COLUMNS, bankCsv, camtStatement, type CamtEntry } from '../../../test/bank-files.ts';
import { schemaErrors } from './statement-file.ts';

const SHOPS = [
  { email: RETAILER.email, password: RETAILER.password, name: 'Les Jours Lents' },
  { email: 'nord@test.example', password: 'nord-pass-2026', name: 'Atelier du Nord' },
  { email: 'sud@test.example', password: 'sud-pass-2026', name: 'Boutique Sud' },
];
const NORD_IBAN = 'DE89370400440532013000';
const SHOP_IBAN = 'FR1420041010050500013M02606';
const ICS = 'FR72ZZZ123456';

/**
 * Money in (issue 59), through the API on each database: a statement's transfers matched to invoices (by
 * their numbers, else by payer and amount), the rest matched by hand, nothing recorded twice; SEPA mandates
 * and collections whose pain.008 passes its XSD, FRST then RCUR; debits that come back; statuses that say
 * whether an invoice was paid or credited.
 */
describe.each(DIALECTS)('bank statements and direct debits on %s (issue 59)', (dialect) => {
  let t: TestContext;
  let admin: Record<string, string>;
  let shop: Array<Record<string, string>>;
  let companyIds: number[];
  let dress: number;
  let keys = 0;

  beforeAll(async () => {
    t = await createTestContext(dialect);
    admin = t.auth(await t.login(ADMIN.email, ADMIN.password));
    ({ headers: shop, companyIds } = await tradingShops(t, SHOPS));
    const identity = await t.app.inject({ method: 'PUT', url: '/api/admin/invoicing/settings', headers: admin, payload: legalIdentity({ creditorId: null }) });
    expect(identity.statusCode, identity.body).toBe(200);
    const payload = sampleProduct({ reference: 'BK27-ROBE' });
    payload.variants = [{ ...payload.variants[0]!, price: 100, sizes: ['S', 'M', 'L'] }];
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/products', payload, headers: admin });
    expect(res.statusCode, res.body).toBe(201);
    dress = res.json().variants[0].id;
    await openWholesale(t, admin);
  }, 240_000);
  afterAll(async () => t.close());

  /** An invoice of `pieces` × 120 € incl. VAT for shop `who`: an order sent, confirmed and shipped. */
  const invoiceFor = async (who: number, pieces = 1): Promise<{ id: number; number: string }> => {
    const order = await sendDraft(t, shop[who]!, [{ variantId: dress, size: 'M', quantity: pieces }], `bank-${dialect}-${(keys += 1)}`);
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/confirm?lang=en`,
      payload: { shipDate: '2027-03-01' },
      headers: admin,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const shipped = await t.app.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/ship?lang=en`, payload: {}, headers: admin });
    expect(shipped.statusCode, shipped.body).toBe(200);
    return shipped.json().invoice;
  };
  const doc = async (id: number): Promise<InvoiceDocument> =>
    (await t.app.inject({ method: 'GET', url: `/api/admin/invoices/${id}?lang=en`, headers: admin })).json();
  const upload = (text: string, name = 'statement.xml', headers = admin) => {
    const form = fileForm(Buffer.from(text), name, name.endsWith('.csv') ? 'text/csv' : 'application/xml', 'file');
    return t.app.inject({ method: 'POST', url: '/api/admin/bank/statements?lang=en', payload: form.payload, headers: { ...headers, ...form.headers } });
  };
  const count = async (table: 'invoice_payments' | 'bank_entries' | 'bank_statements') => countRows(t, table);
  const entries = async (query: string): Promise<BankEntry[]> =>
    (await t.app.inject({ method: 'GET', url: `/api/admin/bank/entries?${query}`, headers: admin })).json<BankEntryList>().data;
  const match = (id: number, payload: object) => t.app.inject({ method: 'POST', url: `/api/admin/bank/entries/${id}/match?lang=en`, payload, headers: admin });

  let first: Array<{ id: number; number: string }>;
  let nord: Array<{ id: number; number: string }>;

  it('imports a camt.053 of 200 lines: two invoices paid by one transfer, a payer known by name, an underpayment and unknown payers left to match; the same file twice records nothing', async () => {
    first = [await invoiceFor(0), await invoiceFor(0), await invoiceFor(0)];
    nord = [await invoiceFor(1, 2), await invoiceFor(1)];
    const day = '2026-12-01';
    const lines: CamtEntry[] = [
      {
        ref: 'VIR-0001',
        date: day,
        amount: 240,
        credit: true,
        payer: 'LES JOURS LENTS SARL',
        iban: SHOP_IBAN,
        text: `Factures ${first[0]!.number} et ${first[1]!.number}`,
      },
      { ref: 'VIR-0002', date: day, amount: 238, credit: true, payer: 'Atelier du Nord', text: `Fact ${nord[0]!.number}` },
      { ref: 'VIR-0003', date: day, amount: 50, credit: true, payer: 'M. DUPONT', text: 'Cadeau' },
      { ref: 'VIR-0004', date: day, amount: 120, credit: true, payer: 'Atelier du Nord', iban: NORD_IBAN, text: 'Paiement' },
    ];
    for (let i = 0; i < 190; i += 1) lines.push({ ref: `PRLV-${i}`, date: day, amount: 10 + i, credit: false, payer: 'EDF', text: `Facture énergie ${i}` });
    for (let i = 0; i < 6; i += 1) lines.push({ ref: `REMB-${i}`, date: day, amount: 33 + i, credit: true, payer: 'URSSAF', text: 'Remboursement' });
    const xml = camtStatement({ id: 'STMT-2026-12-01', entries: lines });
    const before = await count('invoice_payments');

    const res = await upload(xml);
    expect(res.statusCode, res.body).toBe(201);
    const result = res.json<StatementImport>();
    expect(result).toMatchObject({ format: 'camt.053.001.02', entries: 200, known: 0, matched: 2, unmatched: 8, returned: 0 });
    expect(result.payments.map((p) => [p.number, p.amount, p.date, p.bankReference]).sort()).toEqual(
      [
        [first[0]!.number, 120, day, 'VIR-0001'],
        [first[1]!.number, 120, day, 'VIR-0001'],
        [nord[1]!.number, 120, day, 'VIR-0004'],
      ].sort(),
    );
    expect(await count('invoice_payments')).toBe(before + 3);
    expect(await doc(first[0]!.id)).toMatchObject({
      status: 'paid',
      due: 0,
      payments: [{ amount: 120, method: 'transfer', reference: 'VIR-0001', date: day }],
    });
    expect((await doc(first[2]!.id)).status).toBe('unpaid');

    // What waits, and why: the underpayment names its invoice, the unknown payers propose nothing.
    const waiting = await entries('status=unmatched');
    expect(waiting).toHaveLength(8);
    const under = waiting.find((e) => e.bankReference === 'VIR-0002')!;
    expect(under).toMatchObject({ note: 'under', amount: 238, suggestions: [{ invoiceId: nord[0]!.id, due: 240, why: 'number' }] });
    expect(waiting.find((e) => e.bankReference === 'VIR-0003')).toMatchObject({ note: 'unknownPayer', suggestions: [] });
    // The owner's home says how many wait.
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/home', headers: admin })).json()).toMatchObject({ bankToMatch: 8 });
    // The debits are the bank's business, not a customer's: listed only when asked for.
    expect((await entries('status=debit&limit=5')).length).toBe(5);
    expect((await entries('limit=200')).every((e) => e.credit)).toBe(true);

    // The same file again: refused, nothing written.
    const again = await upload(xml);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(/^This statement was already imported: statement\.xml/);
    expect(await count('invoice_payments')).toBe(before + 3);
    expect(await count('bank_statements')).toBe(1);
  }, 240_000);

  it('imports a statement sent twice at the same moment once (the other 409), and the FEC’s bank entries carry the bank’s reference', async () => {
    const xml = camtStatement({
      id: 'STMT-TWICE',
      entries: [{ ref: 'TWICE-1', date: '2026-12-01', amount: 12, credit: true, payer: 'Quelqu’un', text: 'Don' }],
    });
    const answers = await Promise.all([upload(xml, 'a.xml'), upload(xml, 'b.xml')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect((await entries('status=unmatched&limit=200')).filter((e) => e.bankReference === 'TWICE-1')).toHaveLength(1);
    const fec = await t.app.inject({ method: 'GET', url: `/api/admin/accounting/fec?year=2026`, headers: admin });
    expect(fec.statusCode).toBe(200);
    const bankLines = fec.body.split('\r\n').filter((l) => l.startsWith('BQ\t') && l.includes(first[0]!.number));
    expect(bankLines.length).toBeGreaterThan(0);
    expect(bankLines.every((l) => l.includes('\tVIR-0001\t'))).toBe(true);
  });

  it('reads an overlapping camt.053.001.08 without recording a line twice, and knows a payer by the IBAN it paid from', async () => {
    const third = first[2]!;
    const xml = camtStatement({
      version: '08',
      id: 'STMT-2026-12-02',
      entries: [
        {
          ref: 'VIR-0001',
          date: '2026-12-01',
          amount: 240,
          credit: true,
          payer: 'LES JOURS LENTS SARL',
          iban: SHOP_IBAN,
          text: `Factures ${first[0]!.number} et ${first[1]!.number}`,
        },
        { ref: 'VIR-0005', date: '2026-12-02', amount: 120, credit: true, payer: 'Mme Lenoir', iban: SHOP_IBAN, text: 'Virement' },
      ],
    });
    const res = await upload(xml, 'decembre.xml');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      format: 'camt.053.001.08',
      entries: 2,
      known: 1,
      matched: 1,
      payments: [{ invoiceId: third.id, amount: 120, bankReference: 'VIR-0005' }],
    });
    expect(await doc(first[0]!.id)).toMatchObject({ paid: 120, due: 0 });
    expect((await doc(third.id)).status).toBe('paid');
  });

  it('matches a waiting line by hand (part of an invoice), refuses more than is due or a second match, and sets a line aside', async () => {
    const [under] = (await entries('status=unmatched')).filter((e) => e.bankReference === 'VIR-0002');
    const tooMuch = await match(under!.id, {
      allocations: [
        { invoiceId: nord[0]!.id, amount: 237 },
        { invoiceId: nord[1]!.id, amount: 1 },
      ],
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().error).toBe(`More than what is left to pay on invoice ${nord[1]!.number} (0.00).`);
    const overLine = await match(under!.id, { allocations: [{ invoiceId: nord[0]!.id, amount: 239 }] });
    expect(overLine.json()).toMatchObject({ error: 'The amounts add up to more than the bank line.' });
    expect((await doc(nord[0]!.id)).paid).toBe(0);

    const ok = await match(under!.id, { allocations: [{ invoiceId: nord[0]!.id, amount: 238 }] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'matched', payments: [{ invoiceId: nord[0]!.id, amount: 238 }] });
    expect(await doc(nord[0]!.id)).toMatchObject({ status: 'partlyPaid', paid: 238, due: 2 });
    expect((await match(under!.id, { allocations: [{ invoiceId: nord[0]!.id, amount: 2 }] })).statusCode).toBe(409);

    const gift = (await entries('status=unmatched')).find((e) => e.bankReference === 'VIR-0003')!;
    const ignored = await match(gift.id, { ignore: true });
    expect(ignored.json()).toMatchObject({ status: 'ignored', payments: [] });
    expect((await match(gift.id, { nothing: true })).statusCode).toBe(400);
  });

  it('reads a CSV statement by the columns chosen once, and refuses a file that is no statement, fails its XSD or is in another currency, writing nothing', async () => {
    const next = await invoiceFor(2);
    const csv = bankCsv([{ ref: 'C-1', date: '2026-12-03', amount: 120, credit: true, payer: 'Boutique Sud', text: `Règlement ${next.number}` }]);
    const unset = await upload(csv, 'releve.csv');
    expect(unset.statusCode).toBe(422);
    expect(unset.json()).toMatchObject({ columns: ['Date', 'Libellé', 'Montant', 'Émetteur', 'IBAN', 'Référence'] });
    const saved = await t.app.inject({ method: 'PUT', url: '/api/admin/bank/csv-columns', payload: BANK_CSV_COLUMNS, headers: admin });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = await upload(csv, 'releve.csv');
    expect(read.statusCode, read.body).toBe(201);
    expect(read.json()).toMatchObject({ format: 'csv', matched: 1, payments: [{ invoiceId: next.id, amount: 120, date: '2026-12-03', bankReference: 'C-1' }] });

    const statements = await count('bank_statements');
    const broken = camtStatement({ id: 'BAD', entries: [{ date: '2026-12-04', amount: 5, credit: true }] }).replace(
      '<CdtDbtInd>CRDT</CdtDbtInd>\n        <Sts>',
      '<Sts>',
    );
    const failed = await upload(broken, 'bad.xml');
    expect(failed.statusCode).toBe(422);
    expect(failed.json().error).toMatch(/^This statement does not pass its XSD: line \d+: /);
    const dollars = await upload(
      camtStatement({ id: 'USD', entries: [{ ref: 'U1', date: '2026-12-04', amount: 5, credit: true, currency: 'USD' }] }),
      'usd.xml',
    );
    expect(dollars.json()).toMatchObject({ error: 'The account is kept in euros; this entry is in another currency: U1 (USD).' });
    expect((await upload('<html><body>hello</body></html>', 'page.xml')).statusCode).toBe(422);
    expect(await count('bank_statements')).toBe(statements);
  });

  let mandate: Mandate;
  let firstCollection: Collection;

  it('records a SEPA mandate (IBAN checked, one active), builds a collection whose pain.008 passes its XSD with FRST, then RCUR', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/admin/companies/${companyIds[0]}/mandates?lang=en`,
      payload: { iban: 'FR7630006000011234567890188', bic: 'AGRIFRPP', signedOn: '2026-11-02', recurring: true },
      headers: admin,
    });
    expect(bad.json()).toMatchObject({ error: 'This IBAN is not valid (its check digits do not match).' });
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/admin/companies/${companyIds[0]}/mandates?lang=en`,
      payload: { iban: SHOP_IBAN, bic: 'CCBPFRPPXXX', signedOn: '2026-11-02', recurring: true },
      headers: admin,
    });
    expect(created.statusCode, created.body).toBe(201);
    mandate = created.json();
    expect(mandate).toMatchObject({ rum: `RUM-${String(companyIds[0]).padStart(6, '0')}-01`, status: 'active', noticeDays: 14, firstCollectedOn: null });
    const second = await t.app.inject({
      method: 'POST',
      url: `/api/admin/companies/${companyIds[0]}/mandates?lang=en`,
      payload: { iban: SHOP_IBAN, bic: 'CCBPFRPPXXX', signedOn: '2026-11-03', recurring: true },
      headers: admin,
    });
    expect(second.statusCode).toBe(409);
    // The signed mandate kept, a PDF only.
    const pdfForm = (bytes: string) => fileForm(Buffer.from(bytes), 'mandat.pdf', 'application/pdf', 'file');
    const notPdf = pdfForm('hello');
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/admin/mandates/${mandate.id}/pdf?lang=en`,
          payload: notPdf.payload,
          headers: { ...admin, ...notPdf.headers },
        })
      ).json(),
    ).toMatchObject({ error: 'The signed mandate is a PDF of 10 MB at most.' });
    const signed = pdfForm('%PDF-1.4 signed mandate');
    const kept = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/mandates/${mandate.id}/pdf`,
      payload: signed.payload,
      headers: { ...admin, ...signed.headers },
    });
    expect(kept.json()).toMatchObject({ hasPdf: true });
    const back = await t.app.inject({ method: 'GET', url: `/api/admin/mandates/${mandate.id}.pdf`, headers: admin });
    expect(back.body).toBe('%PDF-1.4 signed mandate');
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/mandates/${mandate.id}.pdf`, headers: shop[0]! })).statusCode).toBe(403);
    // Two at once for another company: one is active, the other told which.
    const racing = await Promise.all(
      ['2026-11-04', '2026-11-05'].map((signedOn) =>
        t.app.inject({
          method: 'POST',
          url: `/api/admin/companies/${companyIds[2]}/mandates?lang=en`,
          payload: { iban: NORD_IBAN, bic: 'COBADEFFXXX', signedOn, recurring: false },
          headers: admin,
        }),
      ),
    );
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const sud = (await t.app.inject({ method: 'GET', url: `/api/admin/companies/${companyIds[2]}/mandates`, headers: admin })).json<{ data: Mandate[] }>().data;
    expect(sud.filter((m) => m.status === 'active')).toHaveLength(1);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/mandates/${sud[0]!.id}/revoke`, headers: admin })).json()).toMatchObject({
      status: 'revoked',
    });

    const owed = [await invoiceFor(0), await invoiceFor(0, 2)];
    const noIcs = await t.app.inject({ method: 'POST', url: '/api/admin/collections?lang=en', payload: { dueBy: '2099-12-31' }, headers: admin });
    expect(noIcs.json().error).toBe('Set the label’s SEPA creditor identifier (ICS) in the invoicing settings first.');
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/admin/invoicing/settings', headers: admin, payload: legalIdentity({ creditorId: ICS }) })).statusCode,
    ).toBe(200);
    const notDue = await t.app.inject({
      method: 'POST',
      url: '/api/admin/collections?lang=en',
      payload: { dueBy: '2026-01-01', invoiceIds: [owed[0]!.id] },
      headers: admin,
    });
    expect(notDue.json()).toMatchObject({ error: `This invoice is not due by that day: ${owed[0]!.number}.` });
    const settled = await t.app.inject({
      method: 'POST',
      url: '/api/admin/collections?lang=en',
      payload: { dueBy: '2099-12-31', invoiceIds: [first[0]!.id] },
      headers: admin,
    });
    expect(settled.json()).toMatchObject({ error: `This invoice has nothing left to pay: ${first[0]!.number}.` });
    const noMandate = await t.app.inject({
      method: 'POST',
      url: '/api/admin/collections?lang=en',
      payload: { dueBy: '2099-12-31', invoiceIds: [nord[0]!.id] },
      headers: admin,
    });
    expect(noMandate.statusCode).toBe(422);

    const mailsBefore = t.sent.length;
    const built = await t.app.inject({ method: 'POST', url: '/api/admin/collections?lang=en', payload: { dueBy: '2099-12-31' }, headers: admin });
    expect(built.statusCode, built.body).toBe(201);
    firstCollection = built.json();
    expect(firstCollection).toMatchObject({ invoices: 2, total: 360, dueBy: '2099-12-31', collectOn: '2099-12-31' });
    expect(firstCollection.items.map((i) => [i.number, i.sequence, i.amount, i.rum])).toEqual([
      [owed[0]!.number, 'FRST', 120, mandate.rum],
      [owed[1]!.number, 'FRST', 240, mandate.rum],
    ]);
    expect(await doc(owed[1]!.id)).toMatchObject({ status: 'paid', payments: [{ method: 'directDebit', date: '2099-12-31', amount: 240 }] });
    while ((await t.services.mail.runOnce()) > 0);
    const notice = t.sent.slice(mailsBefore).find((m) => m.to === RETAILER.email && /Prélèvement|Direct debit/.test(m.subject))!;
    expect(notice.subject).toMatch(/Prélèvement de 360,00.€ le |Direct debit of €360\.00 on /);
    expect(notice.text).toContain(mandate.rum);
    expect(notice.text).toContain('FR14 ****');
    expect(notice.text).not.toContain(SHOP_IBAN);
    expect(notice.text).toContain(ICS);

    const file = await t.app.inject({ method: 'GET', url: `/api/admin/collections/${firstCollection.id}/pain.008.xml`, headers: admin });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain(`${firstCollection.messageId}.xml`);
    expect(await schemaErrors(file.body, 'pain.008.001.02')).toEqual([]);
    expect(file.body).toContain('<SeqTp>FRST</SeqTp>');
    expect(file.body).toContain(`<MndtId>${mandate.rum}</MndtId>`);
    expect(file.body).toContain('<CtrlSum>360.00</CtrlSum>');
    expect(file.body).toContain(`<Id>${ICS}</Id>`);

    const later = await invoiceFor(0);
    const again = await t.app.inject({ method: 'POST', url: '/api/admin/collections?lang=en', payload: { dueBy: '2099-12-31' }, headers: admin });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json<Collection>().items.map((i) => [i.invoiceId, i.sequence])).toEqual([[later.id, 'RCUR']]);
    const rcur = await t.app.inject({ method: 'GET', url: `/api/admin/collections/${again.json().id}/pain.008.xml`, headers: admin });
    expect(await schemaErrors(rcur.body, 'pain.008.001.02')).toEqual([]);
    expect(rcur.body).toContain('<SeqTp>RCUR</SeqTp>');
    const nothing = await t.app.inject({ method: 'POST', url: '/api/admin/collections?lang=en', payload: { dueBy: '2099-12-31' }, headers: admin });
    expect(nothing.json().error).toBe('No open invoice of a company with an active mandate is due by this day.');
  }, 120_000);

  it('unmarks a debit that came back (read from a statement’s return line, or recorded by hand) and tells the owner; the shop sees its debits, no other shop does', async () => {
    const [one, two] = firstCollection.items;
    const mailsBefore = t.sent.length;
    const back = await upload(
      camtStatement({
        id: 'STMT-RETURN',
        entries: [{ ref: 'RET-1', date: '2026-12-05', amount: one!.amount, credit: false, endToEnd: one!.endToEndId, returnCode: 'AC04' }],
      }),
      'retour.xml',
    );
    expect(back.json()).toMatchObject({ returned: 1 });
    expect(await doc(one!.invoiceId)).toMatchObject({ paid: 0, payments: [] });
    const byHand = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${two!.paymentId}/returned?lang=en`,
      payload: { reason: 'MD06 contestation' },
      headers: admin,
    });
    expect(byHand.statusCode, byHand.body).toBe(200);
    expect(byHand.json()).toMatchObject({ invoiceId: two!.invoiceId, amount: 240, reason: 'MD06 contestation' });
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/admin/payments/${two!.paymentId}/returned?lang=en`, payload: { reason: 'again' }, headers: admin }))
        .statusCode,
    ).toBe(404);
    const collection = (await t.app.inject({ method: 'GET', url: `/api/admin/collections/${firstCollection.id}`, headers: admin })).json<Collection>();
    expect(collection.items.map((i) => [i.status, i.returnReason])).toEqual([
      ['returned', 'AC04'],
      ['returned', 'MD06 contestation'],
    ]);
    while ((await t.services.mail.runOnce()) > 0);
    expect(t.sent.slice(mailsBefore).filter((m) => m.subject.includes('Un paiement est revenu')).length).toBe(2);

    const mine = await t.app.inject({ method: 'GET', url: '/api/account/debits', headers: shop[0]! });
    expect(mine.json()).toMatchObject({
      mandate: { rum: mandate.rum, iban: SHOP_IBAN },
      debits: [{ status: 'collected' }, { status: 'returned' }, { status: 'returned' }],
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/account/debits', headers: shop[1]! })).json()).toEqual({ mandate: null, debits: [] });
    // The bank's calls are the owner's alone.
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/bank/entries', headers: shop[0]! })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/collections' })).statusCode).toBe(401);
    expect((await upload('x', 'x.csv', shop[0]!)).statusCode).toBe(403);
  });

  it('says whether an invoice was paid or settled by credit notes: credited, partly credited', async () => {
    const whole = await invoiceFor(2);
    const part = await invoiceFor(2, 2);
    const credit = (id: number, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/admin/invoices/${id}/credit-notes?lang=en`, payload, headers: admin });
    expect((await credit(whole.id, { reason: 'Geste' })).statusCode).toBe(200);
    expect((await credit(part.id, { reason: 'Remise', amount: 50 })).statusCode).toBe(200);
    expect(await doc(whole.id)).toMatchObject({ status: 'credited', due: 0, paid: 0 });
    expect(await doc(part.id)).toMatchObject({ status: 'partlyCredited', due: 180 });
    const list = async (status: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/admin/invoices?status=${status}`, headers: admin }))
        .json<{ data: Array<{ id: number }> }>()
        .data.map((d) => d.id);
    expect(await list('credited')).toEqual([whole.id]);
    expect(await list('partlyCredited')).toEqual([part.id]);
    expect(await list('paid')).not.toContain(whole.id);
  });
});
