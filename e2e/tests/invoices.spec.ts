import fs from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { expect, pdfText, settled, test, signInAs } from '../fixtures.ts';
import { ACCOUNTS } from '../env.ts';

type Auth = { authorization: string };

async function token(request: APIRequestContext, account: keyof typeof ACCOUNTS): Promise<Auth> {
  const res = await request.post('/api/auth/login', { data: { email: ACCOUNTS[account].email, password: ACCOUNTS[account].password } });
  expect(res.status()).toBe(200);
  return { authorization: `Bearer ${(await res.json()).access_token}` };
}

/** A retailer with whole details sends an order of the demo's spring dress, and the owner confirms it (both through the API: the screens under test come after). */
async function confirmedOrder(request: APIRequestContext, account: keyof typeof ACCOUNTS, company: object): Promise<{ id: number; number: string }> {
  const admin = await token(request, 'admin');
  const shop = await token(request, account);
  expect((await request.put('/api/account/company', { headers: shop, data: company })).status()).toBe(200);
  const products = (await (await request.get('/api/admin/products', { headers: admin })).json()) as Array<{
    reference: string;
    variants: Array<{ id: number; sizes: string[] }>;
  }>;
  const dress = products.find((p) => p.reference === 'MS27-SOL-ROBE-01')!;
  const variant = dress.variants[0]!;
  const lines = variant.sizes.slice(0, 2).map((size) => ({ variantId: variant.id, size, quantity: 3 }));
  expect((await request.put('/api/orders/draft', { headers: shop, data: { lines } })).status()).toBe(200);
  const sent = await request.post('/api/orders/draft/submit', { headers: { ...shop, 'idempotency-key': `e2e-${account}-${Date.now()}` }, data: {} });
  expect(sent.status(), await sent.text()).toBe(201);
  const order = await sent.json();
  expect(
    (await request.post(`/api/admin/orders/${order.id}/confirm`, { headers: admin, data: { shipDate: new Date().toISOString().slice(0, 10) } })).status(),
  ).toBe(200);
  return { id: order.id, number: order.number };
}

test.describe('invoices', () => {
  test('the owner ships an order to a French shop and finds its invoice; the stockist downloads it; the owner records a payment and a credit note for a returned piece', async ({
    page,
    browser,
    request,
  }) => {
    const order = await confirmedOrder(request, 'invoicee', {
      companyName: 'Les Jours Lents',
      siret: '55208131766522',
      vatNumber: 'FR03552081317',
      phone: null,
      billing: { line1: '3 rue du Port', line2: '', postcode: '34200', town: 'Sète', country: 'FR' },
    });

    // The owner ships it with a shipping charge: the invoice is issued with the shipment.
    await signInAs(page, 'admin');
    await expect(page).toHaveURL(/\/admin\/products$/);
    await page.goto(`/admin/orders/${order.id}`);
    await settled(page);
    await page.getByLabel('Transporteur (facultatif)').selectOption('colissimo');
    await page.getByLabel('Frais de port HT (facultatif, sur la facture)').fill('12,50');
    await page.getByRole('button', { name: 'Marquer comme expédiée' }).click();
    const link = page.getByTestId('order-invoice').getByRole('link');
    await expect(link).toHaveText(/^Facture F\d{4}-\d{5} · À payer$/);
    const number = /F\d{4}-\d{5}/.exec((await link.textContent())!)![0];
    await link.click();
    await expect(page.getByRole('heading', { level: 1, name: `Facture ${number}` })).toBeVisible();
    await settled(page);
    await expect(page.getByTestId('invoice-totals')).toContainText('TVA 20 % sur');
    await expect(page.getByRole('region', { name: 'Lignes' })).toContainText('Frais de port');
    const total = (await page.getByTestId('invoice-totals').locator('.invoice-totals__grand').first().locator('dd').textContent())!;

    // The retailer downloads the invoice from their invoices: a real download, the same document.
    const shop = await browser.newContext({ locale: 'fr-FR' });
    const shopPage = await shop.newPage();
    await signInAs(shopPage, 'invoicee');
    await expect(shopPage).toHaveURL(/\/collection$/);
    await shopPage.goto('/account/invoices');
    await expect(shopPage.getByRole('heading', { level: 1, name: 'Mes factures' })).toBeVisible();
    const row = shopPage.getByRole('row', { name: new RegExp(`^${number} Facture`) });
    await expect(row).toContainText('À payer');
    await expect(row).toContainText(order.number);
    const [download] = await Promise.all([shopPage.waitForEvent('download'), row.getByRole('button', { name: `Télécharger ${number} (PDF)` }).click()]);
    expect(download.suggestedFilename()).toBe(`${number}.pdf`);
    const bytes = fs.readFileSync((await download.path())!);
    expect(bytes.subarray(0, 8).toString('latin1')).toBe('%PDF-1.7');
    const text = (await pdfText(bytes)).replace(/\s+/g, ' ');
    expect(text).toContain(`Facture ${number}`);
    expect(text).toContain('Les Jours Lents');
    expect(text).toContain('indemnité forfaitaire pour frais de recouvrement de 40 €');
    expect(bytes.toString('latin1')).toContain('factur-x.xml');
    for (const width of [360, 1280]) {
      await shopPage.setViewportSize({ width, height: 800 });
      expect(await shopPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
    await shop.close();

    // A partial payment, then the credit note for one returned piece.
    await page.getByLabel('Montant (€)').fill('100');
    await page.getByLabel('Référence (facultatif)').fill('VIR 2027-118');
    await page.getByRole('button', { name: 'Enregistrer le paiement' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Paiement enregistré.' })).toBeVisible();
    await expect(page.getByTestId('payments')).toContainText('VIR 2027-118');
    await expect(page.getByText('Partiellement payée', { exact: true })).toBeVisible();
    const credit = page.getByTestId('credit-form');
    await credit.getByRole('spinbutton').first().fill('1');
    await credit.getByLabel('Motif (sur l’avoir)').fill('Une robe retournée (défaut de tissage)');
    await credit.getByRole('button', { name: 'Émettre l’avoir' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Avoir AV\d{4}-\d{5}$/ })).toBeVisible();
    await expect(page.getByText(`Avoir sur la facture ${number}`)).toBeVisible();
    await page.getByRole('link', { name: `Avoir sur la facture ${number}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Facture ${number}` })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Lignes' }).locator('tbody tr').first()).toContainText('1');
    await expect(page.getByTestId('invoice-due')).not.toHaveText(total);

    // The list, and the accountant's journal.
    await page.getByRole('link', { name: 'Toutes les factures' }).click();
    await settled(page);
    await expect(page.getByRole('row', { name: new RegExp(`^${number} Facture`) })).toContainText('Partiellement payée');
    const [journal] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Journal des ventes (CSV)' }).click()]);
    const rows = fs
      .readFileSync((await journal.path())!, 'utf8')
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]).toBe('Date,Numéro,Type,Client,N° TVA,Pays,Taux TVA,Base HT,TVA,Total TTC,Échéance,Payé,Devise');
    expect(rows.some((r) => r.includes(`${number},Facture,Les Jours Lents,FR03552081317,FR,20 S`))).toBe(true);

    // And the year's FEC (issue 35), as her accounting software imports it: ISO 8859-15, tab-separated.
    await expect(page.getByLabel('Année', { exact: true })).toHaveValue(String(new Date().getFullYear()));
    const [fec] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Fichier des écritures comptables (FEC)' }).click()]);
    expect(fec.suggestedFilename()).toMatch(new RegExp(`^\\d{9}FEC${new Date().getFullYear()}1231\\.txt$`));
    const entries = new TextDecoder('iso-8859-15').decode(fs.readFileSync((await fec.path())!)).split('\r\n');
    expect(entries[0]!.split('\t')).toHaveLength(18);
    expect(entries[0]!.startsWith('JournalCode\tJournalLib\tEcritureNum\tEcritureDate\tCompteNum')).toBe(true);
    expect(entries.some((e) => e.startsWith('VE\tVentes\t') && e.includes(`\t411\tClients\t`) && e.includes(`\t${number}\t`))).toBe(true);
    expect(entries.some((e) => e.startsWith('BQ\tBanque\t') && e.includes('\t512\tBanque\t'))).toBe(true);
  });

  test('a Belgian stockist with a VAT number is invoiced without VAT: intra-community supply, reverse charge', async ({ page, request }) => {
    const order = await confirmedOrder(request, 'gent', {
      companyName: 'Linen Loft Gent',
      siret: null,
      vatNumber: 'BE0477472701',
      phone: null,
      billing: { line1: 'Veldstraat 1', line2: '', postcode: '9000', town: 'Gent', country: 'BE' },
    });
    const admin = await token(request, 'admin');
    const shipped = await (await request.post(`/api/admin/orders/${order.id}/ship`, { headers: admin, data: {} })).json();
    expect(shipped.invoice.number).toMatch(/^F\d{4}-\d{5}$/);
    await signInAs(page, 'gent');
    await expect(page).toHaveURL(/\/collection$/);
    await page.goto(`/account/orders/${order.id}`);
    await expect(page.getByTestId('order-invoice')).toContainText(`Facture ${shipped.invoice.number}`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page
        .getByTestId('order-invoice')
        .getByRole('button', { name: `Télécharger ${shipped.invoice.number} (PDF)` })
        .click(),
    ]);
    const text = (await pdfText(fs.readFileSync((await download.path())!))).replace(/\s+/g, ' ');
    expect(text).toContain('Exonération de TVA, article 262 ter I du CGI');
    expect(text).toContain('autoliquidation');
    expect(text).toContain('BE0477472701');
    expect(text).toContain('FR44732829320');
  });
});
