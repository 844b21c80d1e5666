import type { APIRequestContext } from '@playwright/test';
import { expect, settled, test, signInAs } from '../fixtures.ts';
import { ACCOUNTS } from '../env.ts';
import { makeImage } from '../images.ts';

async function token(request: APIRequestContext, account: keyof typeof ACCOUNTS): Promise<{ authorization: string }> {
  const res = await request.post('/api/auth/login', { data: { email: ACCOUNTS[account].email, password: ACCOUNTS[account].password } });
  expect(res.status()).toBe(200);
  return { authorization: `Bearer ${(await res.json()).access_token}` };
}

/** The returner's order of the spring dress (3 + 3), confirmed and shipped with its invoice, through the API. */
async function shippedOrder(request: APIRequestContext): Promise<{ id: number; number: string }> {
  const admin = await token(request, 'admin');
  const shop = await token(request, 'returner');
  const company = {
    companyName: 'Atelier des Dunes',
    siret: '55208131766522',
    vatNumber: 'FR03552081317',
    phone: null,
    billing: { line1: '2 place du Marché', line2: '', postcode: '40200', town: 'Mimizan', country: 'FR' },
  };
  expect((await request.put('/api/account/company', { headers: shop, data: company })).status()).toBe(200);
  const products = (await (await request.get('/api/admin/products', { headers: admin })).json()) as Array<{
    reference: string;
    variants: Array<{ id: number; sizes: string[] }>;
  }>;
  const variant = products.find((p) => p.reference === 'MS27-SOL-ROBE-01')!.variants[0]!;
  const lines = variant.sizes.slice(0, 2).map((size) => ({ variantId: variant.id, size, quantity: 3 }));
  expect((await request.put('/api/orders/draft', { headers: shop, data: { lines } })).status()).toBe(200);
  const sent = await request.post('/api/orders/draft/submit', { headers: { ...shop, 'idempotency-key': `e2e-return-${Date.now()}` }, data: {} });
  expect(sent.status(), await sent.text()).toBe(201);
  const order = (await sent.json()) as { id: number; number: string };
  expect(
    (await request.post(`/api/admin/orders/${order.id}/confirm`, { headers: admin, data: { shipDate: new Date().toISOString().slice(0, 10) } })).status(),
  ).toBe(200);
  expect((await request.post(`/api/admin/orders/${order.id}/ship`, { headers: admin, data: { carrier: 'colissimo' } })).status()).toBe(200);
  return order;
}

test.describe('returns (issue 45)', () => {
  test('a shop returns a faulty piece with a photo; the owner accepts and receives it; the shop sees the credit note', async ({ page, browser, request }) => {
    const order = await shippedOrder(request);
    const photo = await makeImage('#9a4a2c', 'faulty-seam');

    // The shop asks, from its order, with a photo.
    const shop = await browser.newContext({ locale: 'fr-FR' });
    const shopPage = await shop.newPage();
    await signInAs(shopPage, 'returner');
    await expect(shopPage).toHaveURL(/\/collection$/);
    await shopPage.goto(`/account/orders/${order.id}`);
    await settled(shopPage);
    const form = shopPage.getByRole('form', { name: 'Retourner des pièces' });
    const first = form.getByRole('group').first();
    await first.getByLabel('Combien (au plus 3)').fill('1');
    await first.getByLabel('Motif').selectOption('faulty');
    await first.getByLabel('Note (facultatif)').fill('La couture de l’ourlet s’ouvre');
    await first.getByLabel('Ajouter une photo (facultatif, 10 Mo au plus)').setInputFiles(photo);
    await expect(first.getByTestId('return-photos').getByRole('img')).toHaveCount(1);
    await form.getByRole('button', { name: 'Demander le retour' }).click();
    await expect(shopPage.getByRole('status').filter({ hasText: `Le retour ${order.number}-R1 est demandé` })).toBeVisible();
    await expect(shopPage.getByTestId('order-return').getByTestId('return-status')).toHaveText('Demandé');

    // The owner finds it in her returns, accepts it with instructions, then receives it back to stock.
    await signInAs(page, 'admin');
    await expect(page).toHaveURL(/\/admin\/products$/);
    await page.goto('/admin/returns');
    await settled(page);
    await page.getByRole('link', { name: `${order.number}-R1` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Retour ${order.number}-R1` })).toBeVisible();
    await settled(page);
    await expect(page.getByRole('region', { name: `Lignes du retour ${order.number}-R1` })).toContainText('La couture de l’ourlet s’ouvre');
    await page.getByLabel('Instructions pour la boutique (facultatif) : comment et où l’envoyer').fill('Colissimo retour, étiquette en pièce jointe');
    await page.getByRole('button', { name: 'Accepter le retour' }).click();
    await expect(page.getByTestId('return-status')).toHaveText('Accepté');
    await page.getByRole('checkbox').first().check();
    await page.getByRole('button', { name: 'Enregistrer la réception' }).click();
    await expect(page.getByTestId('return-status')).toHaveText('Réceptionné');
    const credit = page.getByTestId('return-credit').getByRole('link');
    await expect(credit).toHaveText(/^Avoir AV\d{4}-\d{5}$/);
    const number = /AV\d{4}-\d{5}/.exec((await credit.textContent())!)![0];
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }

    // The shop sees its credit note on its order.
    await shopPage.reload();
    await settled(shopPage);
    await expect(shopPage.getByTestId('order-return').getByTestId('return-status')).toHaveText('Réceptionné');
    await expect(shopPage.getByTestId('return-credit')).toContainText(`Avoir ${number}`);
    await expect(shopPage.getByTestId('return-credit').getByRole('button', { name: `Télécharger ${number} (PDF)` })).toBeVisible();
    for (const width of [360, 1280]) {
      await shopPage.setViewportSize({ width, height: 800 });
      expect(await shopPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
    await shop.close();
  });
});
