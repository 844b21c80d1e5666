import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import iconv from 'iconv-lite';
import { discounted, fromEuros, depositOf, tradePriceIn, type InvoiceDocument, type Order, type PriceList, type ShowroomSnapshot } from '@atelier/contract';
import { ADMIN, DIALECTS, RETAILER, createTestContext, openWholesale, sendDraft, type TestContext } from '../../../test/helpers.ts';
import { FRENCH_SHOP, legalIdentity, sampleProduct, seasonFixture } from '../../../test/fixtures.ts';
import { prepareValidators, validateFacturx } from '../../../test/facturx.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { readEcbCsv } from './ecb.ts';

const LONDON = { email: 'london@test.example', password: 'london-pass-2026' };
const TERMS = { paymentDays: null, endOfMonth: null, discount: 0, openingMinimum: null, reorderMinimum: null, creditLimit: null };
const TODAY = new Date().toISOString().slice(0, 10);
/** A 1×1 PNG: the smallest signature there is. */
const SIGNATURE = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNk+A8AAQUBAScY42YAAAAASUVORK5CYII=';

describe('amounts in a currency (issue 47)', () => {
  it('the yen has no minor unit: prices, discounts and deposits are whole yen', () => {
    // 118.50 € at 158.39 ¥, rounded to 100 ¥: 18,800 ¥ (1,880,000 hundredths).
    expect(fromEuros(11850, 158_390_000, 'JPY', 10_000)).toBe(1_880_000);
    expect(fromEuros(11850, 158_390_000, 'JPY') % 100).toBe(0);
    expect(discounted(1_880_000, 5, 'JPY')).toBe(1_786_000);
    expect(discounted(1_234_500, 3.33, 'JPY') % 100).toBe(0);
    expect(depositOf(1_234_500, 30, 'JPY') % 100).toBe(0);
    // Pounds round to the owner's step: 100.00 € at 0.86 is 86.00 £; to 0.50, 86.37 £ is 86.50 £.
    expect(fromEuros(10000, 860_000, 'GBP', 50)).toBe(8600);
    expect(fromEuros(10043, 860_000, 'GBP', 50)).toBe(8650);
  });

  it('reads the ECB’s CSV files, the day’s and the history, and nothing else', () => {
    const daily = 'Date, USD, JPY, BGN, GBP, CHF, \n27 November 2026, 1.0573, 158.39, 1.9558, 0.8612, 0.9345, \n';
    expect(readEcbCsv(daily, ['GBP', 'CHF', 'USD', 'JPY'])).toEqual([
      { currency: 'GBP', day: '2026-11-27', rateMicro: 861_200 },
      { currency: 'CHF', day: '2026-11-27', rateMicro: 934_500 },
      { currency: 'USD', day: '2026-11-27', rateMicro: 1_057_300 },
      { currency: 'JPY', day: '2026-11-27', rateMicro: 158_390_000 },
    ]);
    const history = 'Date,USD,JPY,CYP,GBP,CHF\n2026-11-27,1.0573,158.39,N/A,0.8612,0.9345\n2026-11-26,1.0561,158.02,N/A,0.8620,0.9351\n';
    expect(readEcbCsv(history, ['GBP'])).toEqual([
      { currency: 'GBP', day: '2026-11-27', rateMicro: 861_200 },
      { currency: 'GBP', day: '2026-11-26', rateMicro: 862_000 },
    ]);
    expect(readEcbCsv('reference,colour,size,on hand\nA,B,M,3\n', ['GBP'])).toBeNull();
    expect(readEcbCsv('Date,GBP\nyesterday,0.86\n', ['GBP'])).toBeNull();
  });
});

// Issue 47, other currencies: a London boutique buys in pounds, from the owner's price list to the FEC.
describe.each(DIALECTS)('other currencies on %s (issue 47)', (dialect) => {
  let t: TestContext;
  let owner: Record<string, string>;
  let london: Record<string, string>;
  let shop: Record<string, string>;
  let londonId: number;
  let shopId: number;
  let productId: number;
  let otherId: number;
  let variantId: number;
  let keys = 0;

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url, headers: { 'accept-language': 'en', ...headers }, ...(payload ? { payload } : {}) });
  const xmlOf = async (id: number) =>
    Buffer.from((await pdfText((await call('GET', `/api/admin/invoices/${id}.pdf`, owner)).rawPayload)).attachments['factur-x.xml']!.content).toString('utf8');
  const order = (headers: Record<string, string>, quantity: number) =>
    sendDraft(t, headers, [{ variantId, size: 'M', quantity, mode: 'preBook' }], `currency-${dialect}-${(keys += 1)}`);

  beforeAll(async () => {
    await prepareValidators();
    t = await createTestContext(dialect);
    owner = t.auth(await t.login(ADMIN.email, ADMIN.password));
    shop = t.auth(await t.login(RETAILER.email, RETAILER.password));
    shopId = (await t.services.users.findByEmail(RETAILER.email))!.id;
    await t.services.users.create({ email: LONDON.email, role: 'retailer', password: LONDON.password, locale: 'en' });
    london = t.auth(await t.login(LONDON.email, LONDON.password));
    londonId = (await t.services.users.findByEmail(LONDON.email))!.id;
    expect((await call('PUT', '/api/account/company', shop, FRENCH_SHOP)).statusCode).toBe(200);
    const boutique = {
      companyName: 'Marylebone Linen Ltd',
      siret: null,
      vatNumber: null,
      billingAddress: null,
      deliveryAddress: null,
      phone: null,
      billing: { line1: '12 Marylebone High Street', line2: '', postcode: 'W1U 4NR', town: 'London', country: 'GB' },
      delivery: null,
    };
    const saved = await call('PUT', '/api/account/company', london, boutique);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call('PUT', '/api/admin/invoicing/settings', owner, legalIdentity())).statusCode).toBe(200);
    // A season open for pre-orders, which the season at a glance reads.
    const season = await call('POST', '/api/admin/seasons', owner, seasonFixture('SS27', { open: -10, deliveries: [['Livraison A', 60]] }));
    expect(season.statusCode, season.body).toBe(201);
    const payload = sampleProduct({ reference: 'TE27-LONDRES', seasonIds: [season.json().id] });
    payload.variants = [{ ...payload.variants[0]!, price: 100, retailPrice: 240, sizes: ['S', 'M', 'L'] }];
    const made = (await call('POST', '/api/admin/products', owner, payload)).json();
    productId = made.id;
    variantId = made.variants[0].id;
    otherId = (await call('POST', '/api/admin/products', owner, sampleProduct({ reference: 'TE27-AUTRE' }))).json().id;
    await openWholesale(t, owner);
  }, 120_000);
  afterAll(async () => t.close());

  it('the owner keeps a price list in pounds; a value it cannot take is 422 naming the field and changes nothing', async () => {
    const bad: Array<[string, object, string]> = [
      ['GBP', { rate: 0, rounding: 0.5 }, 'rate: a rate is the currency’s units for one euro, more than 0 and at most 2000, with at most 6 decimals.'],
      ['GBP', { rate: 0.86, rounding: 0.5, prices: [{ productId, price: -1, retailPrice: null }] }, 'prices: a trade price and a retail price'],
      [
        'GBP',
        { rate: null, rounding: 0, prices: [{ productId, price: 80, retailPrice: 190 }] },
        'prices: without a rate to derive them, every style needs its price. Missing: TE27-AUTRE',
      ],
      [
        'GBP',
        { rate: 0.86, rounding: 0.5, prices: [{ productId: 999_999, price: 80, retailPrice: null }] },
        'prices: a style of this list is not in the collection.',
      ],
      ['JPY', { rate: 158.39, rounding: 0.5 }, 'rounding: prices round to a step'],
      ['XYZ', { rate: 1, rounding: 0 }, 'currency: a price list or a rate is for GBP, CHF, USD or JPY (the euro is the label’s own).'],
      ['EUR', { rate: 1, rounding: 0 }, 'currency: a price list or a rate is for GBP, CHF, USD or JPY (the euro is the label’s own).'],
    ];
    for (const [code, body, message] of bad) {
      const res = await call('PUT', `/api/admin/price-lists/${code}`, owner, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().error).toContain(message);
    }
    expect((await call('GET', '/api/admin/price-lists', owner)).json().data.find((l: { currency: string }) => l.currency === 'GBP')).toMatchObject({
      rate: null,
      updatedAt: null,
    });
    expect((await call('GET', '/api/admin/price-lists', shop)).statusCode).toBe(403);

    // 0.86 £ for a euro, to the nearest 0.50 £; the other style typed at 79.00 £ (retail 189.00 £).
    const saved = await call('PUT', '/api/admin/price-lists/GBP', owner, {
      rate: 0.86,
      rounding: 0.5,
      prices: [{ productId: otherId, price: 79, retailPrice: 189 }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const list = saved.json() as PriceList;
    expect(list).toMatchObject({ currency: 'GBP', rate: 0.86, rounding: 0.5 });
    expect(list.styles.data.find((s) => s.productId === productId)).toMatchObject({ euroPrice: 100, price: 86, retailPrice: 206.5, typed: false });
    expect(list.styles.data.find((s) => s.productId === otherId)).toMatchObject({ price: 79, retailPrice: 189, typed: true });
  });

  it('a company buys in pounds: it sees, orders and is invoiced in them, the VAT also in euros; its currency is locked while it owes', async () => {
    const terms = (body: object) => call('PUT', `/api/admin/companies/${londonId}/terms`, owner, { ...TERMS, ...body });
    expect((await terms({ currency: 'XXX' })).json().error).toBe('currency: the currency is one of EUR, GBP, CHF, USD and JPY.');
    const noList = await terms({ currency: 'CHF' });
    expect(noList.statusCode).toBe(422);
    expect(noList.json().error).toBe('currency: keep a price list in this currency first (Invoicing → Currencies).');
    const set = await terms({ currency: 'GBP', discount: 5, openingMinimum: 300 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ currency: 'GBP', applied: { currency: 'GBP', openingMinimum: 300 } });

    // The collection in pounds, after its 5 %: 86.00 £ → 81.70 £; the retail price in pounds too.
    const seen = (await call('GET', `/api/products/${productId}?lang=en`, london)).json();
    expect(seen).toMatchObject({ currency: 'GBP' });
    expect(seen.variants[0]).toMatchObject({ price: 81.7, listPrice: 86, retailPrice: 206.5 });
    expect((await call('GET', `/api/products/${productId}?lang=en`, shop)).json()).not.toHaveProperty('currency');

    // Its order: 4 × 81.70 £ = 326.80 £, over its own minimum of 300 £.
    const sent = await order(london, 4);
    expect(sent).toMatchObject({ currency: 'GBP', total: 326.8, discount: 5 });
    expect(sent.lines[0]).toMatchObject({ unitPrice: 81.7, listPrice: 86 });
    const locked = await terms({ currency: 'EUR', discount: 5 });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error).toBe('This company has orders under way or invoices unpaid: its currency can change once they are settled.');

    // The rates: the ECB's file, then a day the owner types (the ECB's later import keeps hers).
    const ecb = `Date,USD,JPY,GBP,CHF\n${TODAY},1.0573,158.39,0.8500,0.9345\n2020-01-02,1.1193,121.75,0.84828,1.0865\n`;
    expect((await call('POST', '/api/admin/exchange-rates/ecb', owner, { csv: ecb })).json()).toEqual({ days: 2, rates: 8, from: '2020-01-02', to: TODAY });
    expect((await call('POST', '/api/admin/exchange-rates/ecb', owner, { csv: 'reference,size\nA,M\n' })).statusCode).toBe(422);
    expect((await call('PUT', '/api/admin/exchange-rates', owner, { day: TODAY, currency: 'GBP', rate: 0 })).statusCode).toBe(422);
    expect((await call('PUT', '/api/admin/exchange-rates', owner, { day: '2026-02-30', currency: 'GBP', rate: 0.85 })).statusCode).toBe(422);
    expect((await call('PUT', '/api/admin/exchange-rates', owner, { day: TODAY, currency: 'GBP', rate: 0.8 })).statusCode).toBe(200);
    await call('POST', '/api/admin/exchange-rates/ecb', owner, { csv: ecb });
    const rates = (await call('GET', '/api/admin/exchange-rates?currency=GBP', owner)).json();
    expect(rates.data[0]).toMatchObject({ day: TODAY, rate: 0.8, source: 'owner' });

    // Confirmed and shipped: the invoice in pounds, exported (G), valid; its VAT stated in euros too.
    expect((await call('POST', `/api/admin/orders/${sent.id}/confirm?lang=en`, owner, { shipDate: '2027-03-01' })).statusCode).toBe(200);
    const shipped = await call('POST', `/api/admin/orders/${sent.id}/ship?lang=en`, owner, {});
    expect(shipped.statusCode, shipped.body).toBe(200);
    const invoiceId = (shipped.json() as Order).invoice!.id;
    const doc = (await call('GET', `/api/admin/invoices/${invoiceId}?lang=en`, owner)).json() as InvoiceDocument;
    expect(doc).toMatchObject({ currency: 'GBP', totalExclVat: 326.8, totalInclVat: 326.8, vatInEuros: { rate: 0.8, vat: 0 } });
    const xml = await xmlOf(invoiceId);
    expect(xml).toContain('<ram:InvoiceCurrencyCode>GBP</ram:InvoiceCurrencyCode>');
    expect(xml).toContain('<ram:TaxCurrencyCode>EUR</ram:TaxCurrencyCode>');
    expect(xml).toContain('<ram:TaxTotalAmount currencyID="EUR">0.00</ram:TaxTotalAmount>');
    expect(await validateFacturx(xml)).toEqual([]);
    expect((await pdfText((await call('GET', `/api/admin/invoices/${invoiceId}.pdf`, owner)).rawPayload)).text).toContain('£326.80');

    // Paid in pounds; the FEC in euros at the invoice's rate (0.80), the pounds and their code beside.
    expect((await call('POST', `/api/admin/invoices/${invoiceId}/payments`, owner, { date: TODAY, amount: 326.8, method: 'transfer' })).statusCode).toBe(200);
    const fec = await call('GET', `/api/admin/accounting/fec?year=${TODAY.slice(0, 4)}`, owner);
    const rows = iconv
      .decode(fec.rawPayload, 'iso-8859-15')
      .trim()
      .split('\r\n')
      .slice(1)
      .map((l) => l.split('\t'));
    const ofDoc = rows.filter((r) => r[0] === 'VE' && r[8] === doc.number);
    // 326.80 £ / 0.80 = 408.50 €.
    expect(ofDoc.map((r) => [r[0], r[4], r[11], r[12], r[16], r[17]])).toEqual([
      ['VE', '411', '408,50', '0,00', '326,80', 'GBP'],
      ['VE', '706', '0,00', '408,50', '326,80', 'GBP'],
    ]);
    const bank = rows.filter((r) => r[0] === 'BQ' && r[17] === 'GBP');
    expect(bank.map((r) => [r[4], r[11], r[12], r[16]])).toEqual([
      ['512', '408,50', '0,00', '326,80'],
      ['411', '0,00', '408,50', '326,80'],
    ]);
    // Settled: its currency may change again.
    expect((await terms({ currency: 'EUR', discount: 5 })).statusCode).toBe(200);
    expect((await terms({ currency: 'GBP', discount: 5, openingMinimum: 300 })).statusCode).toBe(200);

    // The season at a glance counts euros: the pound order at the rate of its day (the price list's 0.86
    // then: no rate was typed or imported yet), 326.80 £ = 380.00 €.
    const figures = (await call('GET', '/api/admin/sales?season=SS27&lang=en', owner)).json();
    expect(figures.totals.revenue.value).toBe(380);
  }, 180_000);

  it('a French company buying in pounds pays French VAT, stated in euros as well; the document is valid', async () => {
    expect((await call('PUT', `/api/admin/companies/${shopId}/terms`, owner, { ...TERMS, currency: 'GBP' })).statusCode).toBe(200);
    const sent = await order(shop, 4);
    expect(sent).toMatchObject({ currency: 'GBP', total: 344 });
    await call('POST', `/api/admin/orders/${sent.id}/confirm?lang=en`, owner, { shipDate: '2027-03-01' });
    const invoiceId = ((await call('POST', `/api/admin/orders/${sent.id}/ship?lang=en`, owner, {})).json() as Order).invoice!.id;
    const doc = (await call('GET', `/api/admin/invoices/${invoiceId}?lang=en`, owner)).json() as InvoiceDocument;
    // 344.00 £ + 20 % = 68.80 £ of VAT, 86.00 € at 0.80.
    expect(doc).toMatchObject({ totalVat: 68.8, totalInclVat: 412.8, vatInEuros: { rate: 0.8, vat: 86 } });
    const xml = await xmlOf(invoiceId);
    expect(xml).toContain('<ram:TaxTotalAmount currencyID="EUR">86.00</ram:TaxTotalAmount>');
    expect(await validateFacturx(xml)).toEqual([]);
    expect((await pdfText((await call('GET', `/api/admin/invoices/${invoiceId}.pdf`, owner)).rawPayload)).text).toContain('TVA en euros');
  }, 120_000);

  it('the showroom’s tablet takes a pound shop’s prices offline from the snapshot, and the server takes its order at them', async () => {
    const snapshot = (await call('GET', '/api/showroom/snapshot', owner)).json() as ShowroomSnapshot;
    const stockist = snapshot.stockists.find((s) => s.id === londonId)!;
    expect(stockist.terms).toMatchObject({ discount: 5, currency: 'GBP' });
    const list = snapshot.priceLists!.find((l) => l.currency === 'GBP')!;
    expect(list).toMatchObject({ rateMicro: 860_000, stepCents: 50 });
    const euro = snapshot.styles.find((st) => st.id === productId)!.variants[0]!;
    // What the tablet computes: 100.00 € → 86.00 £ → 81.70 £ after 5 %.
    const price = discounted(tradePriceIn(list, productId, Math.round(euro.price * 100))!, 5, 'GBP') / 100;
    expect(price).toBe(81.7);
    const take = (unitPrice: number, key: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/showroom/orders?lang=en',
        headers: { ...owner, 'accept-language': 'en', 'idempotency-key': key },
        payload: {
          stockistId: londonId,
          lines: [{ variantId, size: 'L', quantity: 4, unitPrice, mode: 'preBook' }],
          signature: SIGNATURE,
          takenAt: new Date().toISOString(),
        },
      });
    const inEuros = await take(euro.price, `currency-showroom-${dialect}-1`);
    expect(inEuros.statusCode).toBe(422);
    expect(inEuros.json().reasons[0]).toMatchObject({ reason: 'priceChanged' });
    const inPounds = await take(price, `currency-showroom-${dialect}-2`);
    expect(inPounds.statusCode, inPounds.body).toBe(201);
    const made = (await call('GET', `/api/admin/orders/${inPounds.json().orders[0].id}?lang=en`, owner)).json() as Order;
    expect(made).toMatchObject({ currency: 'GBP', total: 326.8 });
  });
});
