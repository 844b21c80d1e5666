import fs from 'node:fs';
import { FRENCH_SHOP } from '../../server/test/fixtures.ts';
import { bearer, expect, noSidewaysScrollAtBothWidths, pdfText, settled, signInAs, test } from '../fixtures.ts';

// Issue 60 as a parcel goes out: the owner gives every size its EAN-13, prints an order's hang tags and packs
// it by scanning each piece (a scanner types the code and Enter); the shop downloads the collection for its till.

test.describe('barcodes (issue 60)', () => {
  test('the owner gives every size its code, prints an order’s hang tags, packs it by scanning; the shop downloads its feed', async ({
    page,
    request,
    a11y,
  }) => {
    const owner = await bearer(request, 'admin');
    const shop = await bearer(request, 'tagger');
    expect((await request.put('/api/account/company', { headers: shop, data: { ...FRENCH_SHOP, companyName: 'Atelier Étiquette' } })).status()).toBe(200);
    const products = (await (await request.get('/api/admin/products', { headers: owner })).json()) as Array<{
      id: number;
      reference: string;
      variants: Array<{ id: number; sizes: string[] }>;
    }>;
    const dress = products.find((p) => p.reference === 'MS27-SOL-ROBE-01')!;
    const variant = dress.variants[0]!;
    const [first, second] = variant.sizes;
    const lines = [
      { variantId: variant.id, size: first, quantity: 3 },
      { variantId: variant.id, size: second, quantity: 3 },
    ];
    expect((await request.put('/api/orders/draft', { headers: shop, data: { lines } })).status()).toBe(200);
    const sent = await request.post('/api/orders/draft/submit', { headers: { ...shop, 'idempotency-key': `e2e-tagger-${Date.now()}` }, data: {} });
    expect(sent.status(), await sent.text()).toBe(201);
    const order = (await sent.json()) as { id: number; number: string };
    expect(
      (await request.post(`/api/admin/orders/${order.id}/confirm`, { headers: owner, data: { shipDate: new Date().toISOString().slice(0, 10) } })).status(),
    ).toBe(200);

    // The prefix, then a code for every size, on the stock screen.
    await signInAs(page, 'admin');
    await page.goto('/admin/stock');
    await settled(page);
    const panel = page.getByTestId('barcodes');
    await panel.getByText('Codes-barres (EAN-13)').click();
    await panel.getByLabel('Préfixe d’entreprise GS1').fill('3760123');
    await panel.getByRole('button', { name: 'Enregistrer le préfixe' }).click();
    await expect(panel.getByRole('status').filter({ hasText: 'Préfixe enregistré.' })).toBeVisible();
    await panel.getByRole('button', { name: 'Attribuer un EAN-13 à chaque taille qui n’en a pas' }).click();
    await expect(panel.getByRole('status').filter({ hasText: /codes? attribués? ;/ })).toBeVisible();
    await expect(page.getByTestId('stock-gtin').first()).toContainText(/^EAN 3760123\d{6}$/);
    // Given to search engines when she chooses it: the public page's data carries each code, never a size.
    await panel.getByLabel('Donner aux moteurs de recherche le code de chaque taille').check();
    await panel.getByRole('button', { name: 'Enregistrer le préfixe' }).click();
    await expect(panel.getByRole('status').filter({ hasText: 'Préfixe enregistré.' })).toBeVisible();
    // (A visitor may get the previous page while it is rendered again: a moment.)
    await expect.poll(async () => (await (await request.get(`/collection/${dress.id}`)).text()).includes('"@type":"ProductGroup"')).toBe(true);
    const published = await (await request.get(`/collection/${dress.id}`)).text();
    expect(published).toMatch(/"gtin13":"3760123\d{6}"/);
    expect(published).not.toMatch(/"size"|"XS"|"XL"/);
    await panel.getByLabel('Donner aux moteurs de recherche le code de chaque taille').uncheck();
    await panel.getByRole('button', { name: 'Enregistrer le préfixe' }).click();
    await expect.poll(async () => (await (await request.get(`/collection/${dress.id}`)).text()).includes('gtin13')).toBe(false);
    await noSidewaysScrollAtBothWidths(page);
    await a11y('the stock screen with its barcodes');
    const gtins = (await (await request.get(`/api/admin/orders/${order.id}/gtins`, { headers: owner })).json()) as {
      lines: Array<{ lineId: number; gtin: string }>;
    };
    expect(gtins.lines).toHaveLength(2);

    // The order's hang tags: a label a piece.
    await page.goto(`/admin/orders/${order.id}`);
    await settled(page);
    await page.getByLabel('Étiquettes volantes : planche').selectOption('a4-24');
    const [tags] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Étiquettes volantes (PDF)' }).click()]);
    expect(tags.suggestedFilename()).toBe(`tags-${order.number}.pdf`);
    const text = await pdfText(fs.readFileSync((await tags.path())!));
    expect(text.match(/MAISON SOLÈNE/g)).toHaveLength(6);

    // Packing by scan: a code not in the order is refused, each piece counted, one too many refused.
    const scan = page.getByLabel('Scannez les pièces (ou tapez un code puis Entrée)');
    await scan.fill('4006381333931');
    await scan.press('Enter');
    await expect(page.getByTestId('scan-packing').getByRole('alert').or(page.getByTestId('scan-packing').getByRole('status'))).toContainText(
      'pas une pièce de cette commande',
    );
    for (const { gtin } of gtins.lines) {
      for (let n = 0; n < 2; n += 1) {
        await scan.fill(gtin);
        await scan.press('Enter');
      }
    }
    await expect(page.getByTestId('scan-packing')).toContainText(': 2 sur 3.');
    await noSidewaysScrollAtBothWidths(page);
    await a11y('the ship form packed by scan');
    await page.getByRole('button', { name: 'Expédier ces pièces' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Le colis est expédié et facturé' })).toBeVisible();
    const shipped = (await (await request.get(`/api/admin/orders/${order.id}`, { headers: owner })).json()) as {
      status: string;
      lines: Array<{ shipped: number }>;
    };
    expect(shipped.status).toBe('partlyShipped');
    expect(shipped.lines.map((l) => l.shipped)).toEqual([2, 2]);

    // The shop reads each size's code on the product page, and takes the collection for its till.
    await signInAs(page, 'tagger');
    await page.goto(`/collection/${dress.id}`);
    await settled(page);
    await page.getByTestId('trade-gtins').getByText('Codes-barres (EAN-13)').click();
    await expect(page.getByTestId('trade-gtins')).toContainText(gtins.lines[0]!.gtin);
    await page.goto('/account');
    await settled(page);
    const feed = page.getByTestId('product-feed');
    const [csv] = await Promise.all([page.waitForEvent('download'), feed.getByRole('button', { name: 'Produits (CSV pour Shopify)' }).click()]);
    const rows = fs
      .readFileSync((await csv.path())!, 'utf8')
      .replace(/^\ufeff/, '')
      .split('\r\n');
    expect(rows[0]).toBe(
      'Handle,Title,Body (HTML),Vendor,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Variant SKU,Variant Barcode,Variant Price,Image Src',
    );
    expect(rows.some((r) => r.includes(gtins.lines[0]!.gtin))).toBe(true);

    // A key for the till: made, its address shown once, fetched by the till with nothing else; then revoked.
    const keys = page.getByTestId('feed-keys');
    await keys.getByLabel('À quoi sert la clé').fill('Shopify POS');
    await keys.getByRole('button', { name: 'Créer une clé' }).click();
    const address = await keys.getByTestId('feed-key-made').getByRole('textbox').inputValue();
    const shown = new URL(address);
    expect([shown.pathname, shown.searchParams.get('lang'), shown.searchParams.get('key')?.slice(0, 3)]).toEqual(['/api/feed/products.csv', 'fr', 'ak_']);
    const till = await page.request.get(address.replace(/^https?:\/\/[^/]+/, ''), { headers: { authorization: '' } });
    expect(till.status()).toBe(200);
    expect(await till.text()).toContain(gtins.lines[0]!.gtin);
    await a11y('the account with its feed and a key');
    await noSidewaysScrollAtBothWidths(page);
    page.once('dialog', (dialog) => void dialog.accept());
    await keys.getByRole('button', { name: 'Révoquer la clé « Shopify POS »' }).click();
    await expect(keys).toContainText('La clé « Shopify POS » est révoquée.');
    expect((await page.request.get(address.replace(/^https?:\/\/[^/]+/, ''))).status()).toBe(401);
  });
});
