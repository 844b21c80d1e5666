import type { APIRequestContext } from '@playwright/test';
import fs from 'node:fs';
import { expect, pdfText, settled, test, signInAs } from '../fixtures.ts';
import { ACCOUNTS } from '../env.ts';

async function token(request: APIRequestContext, account: keyof typeof ACCOUNTS): Promise<{ authorization: string }> {
  const res = await request.post('/api/auth/login', { data: { email: ACCOUNTS[account].email, password: ACCOUNTS[account].password } });
  expect(res.status()).toBe(200);
  return { authorization: `Bearer ${(await res.json()).access_token}` };
}

/** An order of the spring dress (enough for the opening minimum), confirmed by the owner (through the API). */
async function confirmedOrder(request: APIRequestContext, account: 'picker', quantities: number[]): Promise<{ id: number; number: string }> {
  const admin = await token(request, 'admin');
  const shop = await token(request, account);
  const products = (await (await request.get('/api/admin/products', { headers: admin })).json()) as Array<{
    reference: string;
    variants: Array<{ id: number; sizes: string[] }>;
  }>;
  const variant = products.find((p) => p.reference === 'MS27-SOL-ROBE-01')!.variants[0]!;
  const lines = quantities.map((quantity, i) => ({ variantId: variant.id, size: variant.sizes[i]!, quantity }));
  expect((await request.put('/api/orders/draft', { headers: shop, data: { lines } })).status()).toBe(200);
  const sent = await request.post('/api/orders/draft/submit', { headers: { ...shop, 'idempotency-key': `e2e-ship-${Date.now()}-${Math.random()}` }, data: {} });
  expect(sent.status(), await sent.text()).toBe(201);
  const order = (await sent.json()) as { id: number; number: string };
  const confirm = await request.post(`/api/admin/orders/${order.id}/confirm`, { headers: admin, data: { shipDate: new Date().toISOString().slice(0, 10) } });
  expect(confirm.status()).toBe(200);
  return order;
}

test.describe('shipping in parcels (issue 45)', () => {
  test('the owner ships part of an order; the shop sees the parcel, its tracking link, its invoice and what follows; the owner cancels the rest', async ({
    page,
    browser,
    request,
  }) => {
    // A French shop with whole details orders 3 + 3 of the spring dress; the owner confirms (through the API).
    const admin = await token(request, 'admin');
    const shopAuth = await token(request, 'shipper');
    const company = {
      companyName: 'La Malle Bleue',
      siret: '55208131766522',
      vatNumber: 'FR03552081317',
      phone: null,
      billing: { line1: '8 quai Vauban', line2: '', postcode: '66000', town: 'Perpignan', country: 'FR' },
    };
    expect((await request.put('/api/account/company', { headers: shopAuth, data: company })).status()).toBe(200);
    const products = (await (await request.get('/api/admin/products', { headers: admin })).json()) as Array<{
      reference: string;
      variants: Array<{ id: number; sizes: string[] }>;
    }>;
    const variant = products.find((p) => p.reference === 'MS27-SOL-ROBE-01')!.variants[0]!;
    const [first, second] = variant.sizes;
    const lines = [first!, second!].map((size) => ({ variantId: variant.id, size, quantity: 3 }));
    expect((await request.put('/api/orders/draft', { headers: shopAuth, data: { lines } })).status()).toBe(200);
    const sent = await request.post('/api/orders/draft/submit', { headers: { ...shopAuth, 'idempotency-key': `e2e-ship-${Date.now()}` }, data: {} });
    expect(sent.status(), await sent.text()).toBe(201);
    const order = (await sent.json()) as { id: number; number: string };
    const confirm = await request.post(`/api/admin/orders/${order.id}/confirm`, { headers: admin, data: { shipDate: new Date().toISOString().slice(0, 10) } });
    expect(confirm.status()).toBe(200);

    // The owner ships all of the first size and one of the second, the rest to follow on a date she sets.
    await signInAs(page, 'admin');
    await expect(page).toHaveURL(/\/admin\/products$/);
    await page.goto(`/admin/orders/${order.id}`);
    await settled(page);
    await expect(page.getByRole('button', { name: 'Marquer comme expédiée' })).toBeVisible();
    await page.getByLabel(new RegExp(`· ${second} 3 restant`)).fill('1');
    await page.getByLabel('Transporteur (facultatif)').selectOption('colissimo');
    await page.getByLabel('Numéro de suivi (facultatif)').fill('6A00000000042');
    await page.getByLabel('Le reste suit le (facultatif)').fill('2027-03-15');
    await page.getByRole('button', { name: 'Expédier ces pièces' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Le colis est expédié et facturé' })).toBeVisible();
    await expect(page.getByTestId('order-status')).toHaveText('Expédiée en partie');
    const parcel = page.getByTestId('parcel');
    await expect(parcel).toHaveCount(1);
    await expect(parcel).toContainText(`Colis ${order.number}-1`);
    await expect(parcel.getByTestId('parcel-pieces')).toContainText(`${first} × 3`);
    await expect(parcel.getByTestId('parcel-pieces')).toContainText(`${second} × 1`);
    await expect(parcel.getByTestId('parcel-invoice')).toHaveText(/^Facture F\d{4}-\d{5}$/);
    await expect(page.getByTestId('to-follow')).toContainText('À suivre, prévu le 15 mars 2027');
    await expect(page.getByTestId('to-follow-pieces')).toContainText(`${second} × 2`);
    // The next parcel's form offers what is left.
    await expect(page.getByLabel(new RegExp(`· ${second} 2 restant`))).toHaveValue('2');

    // The shop sees its parcel with the tracking link and its invoice, and what follows.
    const shop = await browser.newContext({ locale: 'fr-FR' });
    const shopPage = await shop.newPage();
    await signInAs(shopPage, 'shipper');
    await expect(shopPage).toHaveURL(/\/collection$/);
    await shopPage.goto(`/account/orders/${order.id}`);
    await settled(shopPage);
    await expect(shopPage.getByTestId('order-status')).toHaveText('Expédiée en partie');
    const theirs = shopPage.getByTestId('parcel');
    await expect(theirs.getByTestId('parcel-tracking')).toHaveAttribute('href', /6A00000000042/);
    await expect(theirs.getByRole('button', { name: /^Télécharger F\d{4}-\d{5} \(PDF\)$/ })).toBeVisible();
    await expect(shopPage.getByTestId('to-follow')).toContainText('prévu le 15 mars 2027');
    const [note] = await Promise.all([
      shopPage.waitForEvent('download'),
      theirs.getByRole('button', { name: `Bon de livraison ${order.number}-1 (PDF)` }).click(),
    ]);
    expect(note.suggestedFilename()).toBe(`${order.number}-1.pdf`);
    const noteText = (await pdfText(fs.readFileSync((await note.path())!))).replace(/\s+/g, ' ');
    expect(noteText).toContain(`Bon de livraison ${order.number}-1`);
    expect(noteText).toContain('La Malle Bleue');
    expect(noteText).toContain('Le reste suit, prévu le 15 mars 2027.');
    await expect(shopPage.getByTestId('line-shipped').nth(1)).toHaveText('1');
    for (const width of [360, 1280]) {
      await shopPage.setViewportSize({ width, height: 800 });
      expect(await shopPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }

    // The owner cancels the rest: the order closes as shipped, the shop reads it.
    page.once('dialog', (dialog) => void dialog.accept());
    const rest = page.getByRole('form', { name: 'Annuler le reste' });
    await rest.getByLabel('Motif (montré au revendeur)').fill('Le lin de cette taille n’est pas arrivé');
    await rest.getByRole('button', { name: 'Annuler le reste' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Le reste est annulé' })).toBeVisible();
    await expect(page.getByTestId('order-status')).toHaveText('Expédiée');
    await expect(page.getByTestId('line-shipped').nth(1)).toContainText('2 annulé(s)');
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
    await shopPage.reload();
    await settled(shopPage);
    await expect(shopPage.getByTestId('order-status')).toHaveText('Expédiée');
    await expect(shopPage.getByTestId('to-follow')).toHaveCount(0);
    await shop.close();
  });

  test('the owner ticks two confirmed orders, prints their pick list and ships them together; the answer says what happened to each', async ({
    page,
    request,
  }) => {
    const company = {
      companyName: 'La Malle Bleue',
      siret: '55208131766522',
      vatNumber: 'FR03552081317',
      phone: null,
      billing: { line1: '8 quai Vauban', line2: '', postcode: '66000', town: 'Perpignan', country: 'FR' },
    };
    expect(
      (await request.put('/api/account/company', { headers: await token(request, 'picker'), data: { ...company, companyName: 'Le Comptoir Vert' } })).status(),
    ).toBe(200);
    const one = await confirmedOrder(request, 'picker', [3, 3]);
    const two = await confirmedOrder(request, 'picker', [2, 4]);
    await signInAs(page, 'admin');
    await expect(page).toHaveURL(/\/admin\/products$/);
    await page.goto('/admin/orders?status=confirmed');
    await settled(page);
    await page.getByLabel(`Sélectionner la commande ${one.number}`).check();
    await page.getByLabel(`Sélectionner la commande ${two.number}`).check();
    await expect(page.getByTestId('bulk-scope')).toHaveText('2 commande(s) cochée(s).');
    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Liste de préparation (PDF)' }).click()]);
    expect(pdf.suggestedFilename()).toMatch(/^pick-list-\d{4}-\d{2}-\d{2}\.pdf$/);
    const text = (await pdfText(fs.readFileSync((await pdf.path())!))).replace(/\s+/g, ' ');
    expect(text).toContain('Liste de préparation');
    expect(text).toContain('12 pièce(s) à préparer');
    expect(text).toContain(`${one.number} × 3, ${two.number} × 2`);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByLabel('Transporteur (facultatif)').selectOption('colissimo');
    await page.getByRole('button', { name: 'Expédier celles-ci (2)' }).click();
    const results = page.getByTestId('bulk-results');
    await expect(results.getByRole('status')).toHaveText('2 expédiée(s), 0 non expédiée(s).');
    await expect(results).toContainText(new RegExp(`${one.number} — expédiée : colis ${one.number}-1, facture F\\d{4}-\\d{5}`));
    await expect(results).toContainText(`${two.number} — expédiée : colis ${two.number}-1`);
    // They left the confirmed tab.
    await expect(page.getByLabel(`Sélectionner la commande ${one.number}`)).toHaveCount(0);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
  });
});
