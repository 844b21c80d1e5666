import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyInput, draftInput, invoicingSettingsInput, productInput } from '@atelier/contract';
import { ADMIN, DIALECTS, RETAILER, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { legalIdentity, sampleProduct } from '../../../test/fixtures.ts';
import { FEC_COLUMNS, letterCode } from './fec.ts';

const today = () => new Date().toISOString().slice(0, 10);
const year = () => new Date().getUTCFullYear();
const cents = (amount: string) => Math.round(Number(amount.replace(',', '.')) * 100);
const BELGIAN = { email: 'gent@fec.example', password: 'gent-pass-2026' };
const SWISS = { email: 'zurich@fec.example', password: 'zurich-pass-2026' };

interface Row {
  journal: string;
  entry: number;
  account: string;
  aux: string;
  auxLabel: string;
  piece: string;
  label: string;
  debit: number;
  credit: number;
  letter: string;
  letterDate: string;
}

/** The file as an accounting program reads it: ISO 8859-15, tab-separated, a header of 18 columns. */
function readFec(bytes: Buffer): { header: string[]; rows: Row[]; fields: string[][] } {
  const text = iconv.decode(bytes, 'iso-8859-15');
  const lines = text.split('\r\n');
  expect(lines.at(-1)).toBe('');
  const [header, ...body] = lines.slice(0, -1).map((line) => line.split('\t'));
  const rows = body.map((f) => ({
    journal: f[0]!,
    entry: Number(f[2]),
    account: f[4]!,
    aux: f[6]!,
    auxLabel: f[7]!,
    piece: f[8]!,
    label: f[10]!,
    debit: cents(f[11]!),
    credit: cents(f[12]!),
    letter: f[13]!,
    letterDate: f[14]!,
  }));
  return { header: header!, rows, fields: body };
}

describe('letter codes', () => {
  it('run A…Z, then AA, AB…', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(letterCode)).toEqual(['A', 'B', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA']);
  });
});

// Issue 35: the accountant's FEC (LPF A47 A-1), read back as her software and an auditor would.
describe.each(DIALECTS)('the FEC of a year on %s', (dialect) => {
  let t: TestContext;
  let admin: Record<string, string>;
  const ids: Record<string, number> = {};
  let variant: { id: number; sizes: string[] };
  let counter = 0;
  const fec = (query: string, headers = admin) => t.app.inject({ method: 'GET', url: `/api/admin/accounting/fec?${query}`, headers });

  beforeAll(async () => {
    t = await createTestContext(dialect);
    admin = t.auth(await t.login(ADMIN.email, ADMIN.password));
    await t.services.users.create({ email: BELGIAN.email, role: 'retailer', password: BELGIAN.password, locale: 'en' });
    await t.services.users.create({ email: SWISS.email, role: 'retailer', password: SWISS.password, locale: 'en' });
    for (const [email, company] of [
      [
        RETAILER.email,
        {
          companyName: 'L’Atelier d’Été',
          siret: '55208131766522',
          vatNumber: 'FR03552081317',
          billing: { line1: '3 rue du Port', postcode: '34200', town: 'Sète', country: 'FR' },
        },
      ],
      [
        BELGIAN.email,
        {
          companyName: 'Linen House Gent',
          siret: null,
          vatNumber: 'BE0477472701',
          billing: { line1: 'Veldstraat 1', postcode: '9000', town: 'Gent', country: 'BE' },
        },
      ],
      [
        SWISS.email,
        { companyName: 'Laden am See', siret: null, vatNumber: null, billing: { line1: 'Seestrasse 4', postcode: '8002', town: 'Zürich', country: 'CH' } },
      ],
    ] as const) {
      const user = (await t.services.users.findByEmail(email))!;
      ids[email] = user.id;
      await t.services.companies.saveCompany(user.id, companyInput.parse(company));
    }
    const product = (await t.services.catalogue.save(productInput.parse(sampleProduct({ reference: 'FEC-ROBE' })), 'fr', undefined, null))!;
    variant = product.variants[0]!;
  }, 120_000);
  afterAll(() => t?.close());

  const brand = { id: 1, email: ADMIN.email, role: 'admin' as const };
  /** An order of `email`, confirmed and shipped: its invoice. */
  async function invoiced(email: string, quantity: number, shipping?: number) {
    const userId = ids[email]!;
    await t.services.orders.replaceDraft(userId, draftInput.parse({ lines: [{ variantId: variant.id, size: variant.sizes[0], quantity }] }).lines, 'fr');
    const sent = await t.services.orders.submit(userId, `fec-${dialect}-${(counter += 1)}`, undefined, 'fr');
    await t.services.orders.confirm(sent.order.id, { shipDate: '2027-03-01' }, brand, 'fr');
    const shipped = await t.services.orders.ship(sent.order.id, shipping === undefined ? {} : { shipping }, brand, 'fr');
    return shipped.invoice!;
  }
  const pay = (invoiceId: number, amount: number) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/invoices/${invoiceId}/payments`,
      headers: admin,
      payload: { date: today(), amount, method: 'transfer', reference: `VIR-${invoiceId}` },
    });

  it('before the invoicing settings exist: a sentence naming what is missing, in the caller’s language', async () => {
    const fr = await fec(`year=${year()}`);
    expect(fr.statusCode).toBe(409);
    expect(fr.json().error).toBe('Le fichier des écritures porte le SIREN dans son nom : renseignez d’abord les réglages de facturation.');
    expect((await fec(`year=${year()}&lang=en`)).json().error).toBe('The accounting file is named after the SIREN: fill in the invoicing settings first.');
  });

  it('a bad year is refused; a year with nothing is its header alone; only the owner may have it', async () => {
    await t.services.seller.saveSettings(invoicingSettingsInput.parse(legalIdentity()), null);
    for (const bad of ['abc', '19999', '1999', '']) {
      const res = await fec(`year=${bad}&lang=en`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error).toContain('The year of an accounting file is 4 digits, from 2000 to 2100.');
    }
    const empty = await fec('year=2001');
    expect(empty.statusCode).toBe(200);
    expect(empty.headers['content-disposition']).toBe('attachment; filename="732829320FEC20011231.txt"');
    expect(readFec(empty.rawPayload).rows).toEqual([]);
    expect((await fec('year=2001', {})).statusCode).toBe(401);
    expect((await fec('year=2001', t.auth(await t.login(RETAILER.email, RETAILER.password)))).statusCode).toBe(403);
  });

  it('balances every entry, numbers each journal without a gap, matches the sales journal and the payments, and letters what is settled', async () => {
    const paidInFull = await invoiced(RETAILER.email, 3, 12.5);
    const firstTotal = (await t.app.inject({ method: 'GET', url: `/api/admin/invoices/${paidInFull.id}`, headers: admin })).json().totalInclVat as number;
    expect((await pay(paidInFull.id, firstTotal)).statusCode).toBe(200);
    const creditedThenPaid = await invoiced(RETAILER.email, 2);
    const note = await t.app.inject({
      method: 'POST',
      url: `/api/admin/invoices/${creditedThenPaid.id}/credit-notes`,
      headers: admin,
      payload: { amount: 30, reason: 'Pièce tachée' },
    });
    expect(note.statusCode, note.body).toBe(200);
    const left = (await t.app.inject({ method: 'GET', url: `/api/admin/invoices/${creditedThenPaid.id}`, headers: admin })).json().due as number;
    expect((await pay(creditedThenPaid.id, left)).statusCode).toBe(200);
    const unpaid = await invoiced(BELGIAN.email, 1); // intra-EU: no VAT

    const res = await fec(`year=${year()}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=ISO-8859-15');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="732829320FEC${year()}1231.txt"`);
    const { header, rows, fields } = readFec(res.rawPayload);
    expect(header).toEqual([...FEC_COLUMNS]);
    expect(fields.every((f) => f.length === 18)).toBe(true);
    // Dates YYYYMMDD, amounts with a decimal comma.
    const day = today().replaceAll('-', '');
    expect(fields.every((f) => f[3] === day && f[9] === day && f[15] === day)).toBe(true);
    expect(fields.every((f) => /^\d+,\d{2}$/.test(f[11]!) && /^\d+,\d{2}$/.test(f[12]!))).toBe(true);

    // Every entry balances; each journal's numbers run 1, 2, 3… in the file's order.
    for (const journal of ['VE', 'BQ']) {
      const numbers = rows.filter((r) => r.journal === journal).map((r) => r.entry);
      expect([...new Set(numbers)], journal).toEqual(Array.from({ length: new Set(numbers).size }, (_, i) => i + 1));
      expect(numbers, journal).toEqual([...numbers].sort((a, b) => a - b));
      for (const entry of new Set(numbers)) {
        const lines = rows.filter((r) => r.journal === journal && r.entry === entry);
        expect(
          lines.reduce((sum, r) => sum + r.debit - r.credit, 0),
          `${journal} ${entry}`,
        ).toBe(0);
      }
    }
    const sales = rows.filter((r) => r.journal === 'VE');
    const bank = rows.filter((r) => r.journal === 'BQ');
    expect(new Set(sales.map((r) => r.entry)).size).toBe(4); // three invoices, one credit note
    expect(new Set(bank.map((r) => r.entry)).size).toBe(2);

    // The customers' balance is the sales journal's total; the bank's the payments'.
    const journal = await t.app.inject({ method: 'GET', url: `/api/admin/invoices.csv?from=${year()}-01-01&to=${year()}-12-31&lang=en`, headers: admin });
    const csv = journal.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/)
      .slice(1)
      .map((line) => line.split(','));
    const csvTotal = csv.reduce((sum, cols) => sum + Math.round(Number(cols[9]!.replace(',', '.').replace(/"/g, '')) * 100), 0);
    const customers = sales.filter((r) => r.account === '411');
    expect(customers.reduce((sum, r) => sum + r.debit - r.credit, 0)).toBe(csvTotal);
    const paid = Math.round((firstTotal + left) * 100);
    expect(bank.filter((r) => r.account === '512').reduce((sum, r) => sum + r.debit, 0)).toBe(paid);
    expect(bank.filter((r) => r.account === '411').reduce((sum, r) => sum + r.credit, 0)).toBe(paid);
    expect(sales.filter((r) => r.account === '706').length).toBeGreaterThanOrEqual(4);

    // VAT collected only on the French documents; none on the intra-EU one.
    expect(
      sales
        .filter((r) => r.piece === unpaid.number)
        .map((r) => r.account)
        .sort(),
    ).toEqual(['411', '706']);
    expect(sales.filter((r) => r.piece === paidInFull.number).map((r) => r.account)).toContain('44571');

    // Lettering: the settled invoices' customer lines share a letter with their payments and credit note.
    const letterOf = (piece: string) => customers.find((r) => r.piece === piece)!.letter;
    expect(letterOf(paidInFull.number)).toBe('A');
    expect(letterOf(creditedThenPaid.number)).toBe('B');
    expect(letterOf(unpaid.number)).toBe('');
    expect(
      customers
        .filter((r) => r.letter === 'B')
        .map((r) => r.debit - r.credit)
        .sort((a, b) => a - b),
    ).toHaveLength(2);
    expect(bank.filter((r) => r.account === '411').map((r) => [r.piece, r.letter, r.letterDate])).toEqual([
      [`VIR-${paidInFull.id}`, 'A', day],
      [`VIR-${creditedThenPaid.id}`, 'B', day],
    ]);

    // The retailer as auxiliary account, its name in ISO 8859-15 (é as one byte, ’ as ').
    const shop = customers.find((r) => r.piece === paidInFull.number)!;
    expect(shop.aux).toBe(`C${String(ids[RETAILER.email]).padStart(6, '0')}`);
    expect(shop.auxLabel).toBe("L'Atelier d'Été");
    expect(res.rawPayload.includes(Buffer.from([0xc3, 0xa9]))).toBe(false);
    expect(res.rawPayload.includes(Buffer.from("d'\xc9t\xe9", 'latin1'))).toBe(true);
  });

  it('an export invoice has no VAT line; one paid the next year stays open in its year, and its payment is the next year’s bank entry', async () => {
    const exported = await invoiced(SWISS.email, 2);
    const total = (await t.app.inject({ method: 'GET', url: `/api/admin/invoices/${exported.id}`, headers: admin })).json().totalInclVat as number;
    const nextYear = `${year() + 1}-01-15`;
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/admin/invoices/${exported.id}/payments`,
      headers: admin,
      payload: { date: nextYear, amount: total, method: 'transfer', reference: 'VIR-CH' },
    });
    expect(paid.statusCode, paid.body).toBe(200);

    const thisYear = readFec((await fec(`year=${year()}`)).rawPayload).rows;
    const sale = thisYear.filter((r) => r.piece === exported.number);
    expect(sale.map((r) => r.account).sort()).toEqual(['411', '706']);
    expect(sale.reduce((sum, r) => sum + r.debit - r.credit, 0)).toBe(0);
    expect(sale.find((r) => r.account === '411')!.debit).toBe(Math.round(total * 100));
    // Not settled within its year: no letter, and no bank line for it this year.
    expect(sale.find((r) => r.account === '411')!.letter).toBe('');
    expect(thisYear.filter((r) => r.piece === 'VIR-CH')).toEqual([]);

    const next = readFec((await fec(`year=${year() + 1}`)).rawPayload);
    expect(next.rows.filter((r) => r.journal === 'VE')).toEqual([]);
    const entry = next.rows.filter((r) => r.piece === 'VIR-CH');
    expect(entry.map((r) => [r.journal, r.entry, r.account, r.debit, r.credit])).toEqual([
      ['BQ', 1, '512', Math.round(total * 100), 0],
      ['BQ', 1, '411', 0, Math.round(total * 100)],
    ]);
    expect(next.fields.every((f) => f[3] === nextYear.replaceAll('-', ''))).toBe(true);
  });

  it('takes the accounts the owner sets in the invoicing settings, and refuses one that is not an account number', async () => {
    const current = (await t.app.inject({ method: 'GET', url: '/api/admin/invoicing/settings', headers: admin })).json();
    expect(current.settings.accounts).toEqual({ customers: '411', sales: '706', vatCollected: '44571', bank: '512', customerDeposits: '4191' });
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/invoicing/settings?lang=en',
      headers: admin,
      payload: { ...legalIdentity(), accounts: { customers: 'clients', sales: '706', vatCollected: '44571', bank: '512' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('An account number is 3 to 20 digits or capital letters');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/invoicing/settings', headers: admin })).json().settings.accounts.customers).toBe('411');

    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/invoicing/settings',
      headers: admin,
      payload: { ...legalIdentity(), accounts: { customers: '4110000', sales: '7010000', vatCollected: '4457120', bank: '5121000' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Sent without the customer deposits' account (a client written before issue 47): it takes the usual one.
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/invoicing/settings', headers: admin })).json().settings.accounts.customerDeposits).toBe(
      '4191',
    );
    const { rows } = readFec((await fec(`year=${year()}`)).rawPayload);
    expect([...new Set(rows.map((r) => r.account))].sort()).toEqual(['4110000', '4457120', '5121000', '7010000']);
    // The invoices keep what they were issued with: the accounts are not part of the seller's copy.
    const doc = (await t.app.inject({ method: 'GET', url: `/api/admin/invoices?from=${year()}-01-01&to=${year()}-12-31`, headers: admin })).json().data[0];
    const seller = await t.services.database.db.selectFrom('invoices').select('seller').where('id', '=', doc.id).executeTakeFirstOrThrow();
    expect(JSON.parse(seller.seller)).not.toHaveProperty('accounts');
  });
});
