import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TAG_LAYOUTS, ean13CheckDigit, isEan13, type BarcodeList } from '@atelier/contract';
import { ADMIN, DIALECTS, RETAILER, countRows, createTestContext, openWholesale, sendDraft, tradingShops, type TestContext } from '../../../test/helpers.ts';
import { pageAsPixels, readEan13 } from '../../../test/barcode-reader.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { sampleProduct } from '../../../test/fixtures.ts';

/**
 * EAN-13 for every colour × size (issue 60), through the API on each database: codes given in sequence under
 * the GS1 prefix with their check digits, never given twice; the codes the label has imported, each line
 * checked, one refused line and nothing written.
 */
describe.each(DIALECTS)('barcodes on %s (issue 60)', (dialect) => {
  let t: TestContext;
  let admin: Record<string, string>;
  let shop: Record<string, string>;

  beforeAll(async () => {
    t = await createTestContext(dialect);
    admin = t.auth(await t.login(ADMIN.email, ADMIN.password));
    shop = t.auth(await t.login(RETAILER.email, RETAILER.password));
  }, 120_000);
  afterAll(async () => t.close());

  const style = async (reference: string, sizes: string[]) => {
    const payload = sampleProduct({ reference });
    payload.variants = [{ ...payload.variants[0]!, sizes }];
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/products', payload, headers: admin });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().variants[0].id as number;
  };
  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, payload, headers: admin });
  const codes = async () =>
    (await call('GET', '/api/admin/barcodes?limit=200')).json<BarcodeList>().data.flatMap((v) => v.sizes.map((s) => ({ variantId: v.variantId, ...s })));
  const count = () => countRows(t, 'barcodes');

  it('computes the GS1 check digit', () => {
    expect(ean13CheckDigit('400638133393')).toBe(1);
    expect(isEan13('4006381333931')).toBe(true);
    expect(isEan13('4006381333932')).toBe(false);
    expect(isEan13('400638133393')).toBe(false);
  });

  it('gives each size the next code under the prefix, with its check digit, and never gives a code twice', async () => {
    await style('BC27-ROBE', ['S', 'M', 'L']);
    expect((await call('POST', '/api/admin/barcodes/assign?lang=en')).json()).toMatchObject({ error: 'Set the label’s GS1 company prefix first.' });
    for (const prefix of ['123456', '12345678901', '37012AB']) expect((await call('PUT', '/api/admin/settings/gs1?lang=en', { prefix })).statusCode).toBe(400);
    expect((await call('PUT', '/api/admin/settings/gs1', { prefix: '3701234' })).json()).toEqual({
      prefix: '3701234',
      capacity: 100_000,
      used: 0,
      left: 100_000,
      publish: false,
    });

    const first = await call('POST', '/api/admin/barcodes/assign');
    expect(first.json()).toEqual({ assigned: 3, left: 99_997 });
    const given = await codes();
    expect(given.map((c) => [c.size, c.gtin])).toEqual([
      ['S', `370123400000${ean13CheckDigit('370123400000')}`],
      ['M', `370123400001${ean13CheckDigit('370123400001')}`],
      ['L', `370123400002${ean13CheckDigit('370123400002')}`],
    ]);
    expect(given.every((c) => isEan13(c.gtin!))).toBe(true);
    // Again: nothing new to give. A new style goes on after the last code.
    expect((await call('POST', '/api/admin/barcodes/assign')).json()).toEqual({ assigned: 0, left: 99_997 });
    await style('BC27-JUPE', ['XS', 'ONESIZE']);
    expect((await call('POST', '/api/admin/barcodes/assign')).json()).toEqual({ assigned: 2, left: 99_995 });
    const all = await codes();
    expect(new Set(all.map((c) => c.gtin)).size).toBe(5);
    // Back to a prefix used before: numbering goes on after its highest code.
    expect((await call('PUT', '/api/admin/settings/gs1', { prefix: '3701234' })).json()).toMatchObject({ used: 5 });
    // The shops never call it.
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/barcodes', headers: shop })).statusCode).toBe(403);
  });

  it('refuses to give codes when the prefix’s range is short, saying how many are left, and writes nothing', async () => {
    expect((await call('PUT', '/api/admin/settings/gs1', { prefix: '3701234567' })).json()).toMatchObject({ capacity: 100, used: 0 });
    await t.services.database.db.updateTable('barcode_settings').set({ next_item: 99 }).execute();
    await style('BC27-CHALE', ['S', 'M']);
    const before = await count();
    const short = await call('POST', '/api/admin/barcodes/assign?lang=en');
    expect(short.statusCode).toBe(422);
    expect(short.json().error).toBe('The prefix’s range has not enough codes left for every size. Codes left: 1.');
    expect(await count()).toBe(before);
  });

  it('imports the codes the label has: each check digit verified, a duplicate or a code of another size refused with its line, nothing written; the same file again changes nothing', async () => {
    await style('BC27-GILET', ['S', 'M', 'L']);
    const taken = (await codes()).find((c) => c.gtin)!.gtin!;
    const before = await count();
    const good = (n: number) => `${`4006381${String(n).padStart(5, '0')}`}${ean13CheckDigit(`4006381${String(n).padStart(5, '0')}`)}`;
    const refused = await call('POST', '/api/admin/barcodes/import?lang=en', {
      csv: [
        'Référence;Couleur;Taille;EAN',
        `BC27-GILET;Terracotta;S;${good(1)}`,
        `BC27-GILET;terracotta;M;4006381333932`,
        `BC27-GILET;Terracotta;L;${good(1)}`,
        `BC27-ROBE;Terracotta;S;${good(2)}`,
        `BC27-GILET;Terracotta;XL;${good(3)}`,
        `NOPE;Terracotta;S;${good(4)}`,
        `BC27-GILET;Terracotta;M;${taken}`,
      ].join('\n'),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      error: 'Some lines are refused; nothing was written. Lines: 3, 4, 5, 6, 7, 8',
      lines: [
        { line: 3, error: 'Not an EAN-13: 13 digits whose last is their check digit.' },
        { line: 4, error: 'The same code or the same size comes twice in the file.' },
        { line: 5, error: 'This size already has another code (a code never changes).' },
        { line: 6, error: 'The colour has no such size.' },
        { line: 7, error: 'No style has this reference.' },
        { line: 8, error: 'This code is already another size’s.' },
      ],
    });
    expect(await count()).toBe(before);
    const csv = ['BC27-GILET;Terracotta;S;' + good(1), 'BC27-GILET;Terracotta;M;' + good(2), 'BC27-GILET;Terracotta;L;' + good(3)].join('\n');
    expect((await call('POST', '/api/admin/barcodes/import', { csv })).json()).toEqual({ imported: 3, unchanged: 0 });
    expect((await call('POST', '/api/admin/barcodes/import', { csv })).json()).toEqual({ imported: 0, unchanged: 3 });
    expect(await count()).toBe(before + 3);
  });

  it('prints an order’s hang tags, a label a piece inside its cell, each barcode read back by a barcode reader; another shop’s order is 404', async () => {
    const variant = await style('BC27-TAG', ['S', 'M']);
    await t.app.inject({ method: 'PUT', url: '/api/admin/settings/gs1', headers: admin, payload: { prefix: '3709999' } });
    expect((await call('POST', '/api/admin/barcodes/assign')).statusCode).toBe(200);
    const code = Object.fromEntries((await codes()).filter((c) => c.variantId === variant).map((c) => [c.size, c.gtin]));
    await openWholesale(t, admin);
    const order = await sendDraft(
      t,
      shop,
      [
        { variantId: variant, size: 'S', quantity: 2 },
        { variantId: variant, size: 'M', quantity: 1 },
      ],
      `tags-${dialect}`,
    );
    const pdf = await t.app.inject({ method: 'GET', url: `/api/admin/orders/${order.id}/tags.pdf?layout=a4-21&lang=fr`, headers: admin });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await pdfText(pdf.rawPayload)).text;
    expect(text).toContain('MAISON SOLÈNE');
    expect(text).toContain('Robe Test');
    expect(text).toContain('Terracotta · S');
    expect(text).toContain('BC27-TAG');
    const pixels = await pageAsPixels(pdf.rawPayload);
    const { columns, rows } = TAG_LAYOUTS['a4-21'];
    const cell = (n: number) => ({
      x: (n % columns) * (pixels.width / columns),
      y: Math.floor(n / columns) * (pixels.height / rows),
      w: pixels.width / columns,
      h: pixels.height / rows,
    });
    // Each label's code read from its own cell alone: the label stands inside it.
    expect([0, 1, 2, 3].map((n) => readEan13(pixels, cell(n)))).toEqual([code.S, code.S, code.M, null]);

    const small = await t.app.inject({ method: 'GET', url: `/api/admin/orders/${order.id}/tags.pdf?layout=a4-40`, headers: admin });
    const smallPixels = await pageAsPixels(small.rawPayload, 1, 300);
    const grid = TAG_LAYOUTS['a4-40'];
    const smallCell = (n: number) => ({
      x: (n % grid.columns) * (smallPixels.width / grid.columns),
      y: Math.floor(n / grid.columns) * (smallPixels.height / grid.rows),
      w: smallPixels.width / grid.columns,
      h: smallPixels.height / grid.rows,
    });
    expect([0, 1, 2].map((n) => readEan13(smallPixels, smallCell(n)))).toEqual([code.S, code.S, code.M]);

    // The pick list and the parcel's delivery note carry each piece's code too, read back from the page.
    const found = async (pdf: Buffer) => {
      const page = await pageAsPixels(pdf, 1, 200);
      const codesOnPage = new Set<string>();
      for (let y = 0; y + 90 < page.height; y += 30) {
        const code = readEan13(page, { x: 0, y, w: page.width * 0.55, h: 90 });
        if (code) codesOnPage.add(code);
      }
      return [...codesOnPage].sort();
    };
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/confirm`, headers: admin, payload: { shipDate: '2027-03-01' } })).statusCode,
    ).toBe(200);
    const pickList = await t.app.inject({ method: 'GET', url: `/api/admin/orders/pick-list.pdf?ids=${order.id}`, headers: admin });
    expect(pickList.statusCode).toBe(200);
    expect(await found(pickList.rawPayload)).toEqual([code.S, code.M].sort());
    const shipped = await t.app.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/ship?lang=en`, headers: admin, payload: {} });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const parcel = shipped.json().shipments[0].id as number;
    const note = await t.app.inject({ method: 'GET', url: `/api/admin/orders/${order.id}/shipments/${parcel}/delivery-note.pdf`, headers: admin });
    expect(note.statusCode).toBe(200);
    expect(await found(note.rawPayload)).toEqual([code.S, code.M].sort());
    const parcelTags = await t.app.inject({ method: 'GET', url: `/api/admin/orders/${order.id}/shipments/${parcel}/tags.pdf`, headers: admin });
    expect((await pdfText(parcelTags.rawPayload)).text.match(/MAISON SOLÈNE/g)).toHaveLength(3);

    // The shop prints its own order's tags; another shop's order is not found.
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}/tags.pdf`, headers: shop })).statusCode).toBe(200);
    const other = (await tradingShops(t, [{ email: 'other-tags@test.example', password: 'other-tags-2026', name: 'Autre' }])).headers[0]!;
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}/tags.pdf`, headers: other })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/orders/999999/tags.pdf`, headers: admin })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/orders/${order.id}/tags.pdf?layout=a4-99`, headers: admin })).statusCode).toBe(400);
  });
});
