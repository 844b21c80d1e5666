import type { APIRequestContext } from '@playwright/test';
import { axeViolations, expect, settled, signIn, test } from '../fixtures.ts';
import { ACCOUNTS } from '../env.ts';

async function token(request: APIRequestContext, email: string, password: string): Promise<{ authorization: string }> {
  const res = await request.post('/api/auth/login', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return { authorization: `Bearer ${(await res.json()).access_token}` };
}

// Issue 47, first part: the owner gives a shop terms of its own; the shop reads them, sees and orders at its prices.
test('the owner gives a shop 5 % off and 60 days on its page; the shop reads its terms, its draft and order show the discount; over its credit limit the next order waits in review and the owner accepts it', async ({
  page,
  browser,
  request,
  a11y,
}) => {
  test.setTimeout(180_000);
  const shop = await token(request, ACCOUNTS.termer.email, ACCOUNTS.termer.password);
  const details = {
    companyName: 'Atelier Remise',
    siret: '55208131766522',
    vatNumber: 'FR03552081317',
    phone: null,
    billing: { line1: '2 place du Marché', line2: '', postcode: '35000', town: 'Rennes', country: 'FR' },
  };
  expect((await request.put('/api/account/company', { headers: shop, data: details })).status()).toBe(200);

  // The owner finds the shop and sets its terms; a discount over 50 % is refused with the server's sentence.
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/admin\/products$/);
  await page.goto('/admin/companies');
  await settled(page);
  const search = page.getByRole('searchbox', { name: 'Chercher une société (nom, e-mail d’une personne, SIRET, ville d’un point de vente)' });
  await search.fill('Atelier Remise');
  await search.press('Enter');
  await page.getByRole('link', { name: 'Atelier Remise' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Atelier Remise' })).toBeVisible();
  await settled(page);
  const form = page.getByRole('form', { name: 'Conditions propres à cette société' });
  await expect(form.getByText('Celui de la marque :')).toBeVisible();
  await form.getByLabel('Remise (%)').fill('60');
  await form.getByRole('button', { name: 'Enregistrer les conditions' }).click();
  await expect(form.getByText('discount : la remise est un pourcentage de 0 à 50, avec 2 décimales au plus.')).toBeVisible();
  await form.getByLabel('Remise (%)').fill('5');
  await form.getByLabel('Délai de paiement (jours)').fill('60');
  await form.getByLabel('Minimum de première commande').fill('100');
  await form.getByRole('button', { name: 'Enregistrer les conditions' }).click();
  await expect(form.getByText('Les conditions sont enregistrées.')).toBeVisible();
  const facts = page.getByTestId('company-terms');
  await expect(facts).toContainText(/5\s%/);
  await expect(facts).toContainText('60 jours à compter de la date de facture');
  await expect(facts).toContainText(/100,00\s€/);
  await a11y('a company’s page with its terms');

  // The shop: its terms on its company page, its draft at its prices, its order sent with the discount.
  const context = await browser.newContext({ locale: 'fr-FR' });
  const shopPage = await context.newPage();
  try {
    await signIn(shopPage, 'termer');
    await expect(shopPage).toHaveURL(/\/collection$/);
    await shopPage.goto('/account/company');
    await settled(shopPage);
    await expect(shopPage.getByTestId('company-terms')).toContainText(/5\s%/);
    await expect(shopPage.getByTestId('company-terms')).toContainText('60 jours à compter de la date de facture');
    const admin = await token(request, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
    const products = (await (await request.get('/api/admin/products', { headers: admin })).json()) as Array<{
      id: number;
      reference: string;
      variants: Array<{ id: number; price: number; sizes: string[] }>;
    }>;
    const product = products.find((p) => p.reference === 'MS27-SOL-ROBE-01')!;
    const variant = product.variants[0]!;
    const net = Math.round(variant.price * 100 * 0.95) / 100;
    const seen = await (await request.get(`/api/products/${product.id}`, { headers: shop })).json();
    expect(seen.variants[0]).toMatchObject({ price: net, listPrice: variant.price });
    const draft = await request.put('/api/orders/draft', { headers: shop, data: { lines: [{ variantId: variant.id, size: variant.sizes[0], quantity: 4 }] } });
    expect(draft.status()).toBe(200);
    await shopPage.goto('/account/order');
    await settled(shopPage);
    await expect(shopPage.getByTestId('draft-discount')).toHaveText(/^Votre remise de 5\s% est déduite de ces prix\.$/);
    await shopPage.getByRole('button', { name: 'Envoyer ma commande' }).click();
    await expect(shopPage).toHaveURL(/\/account\/orders\/\d+\?sent=1$/);
    await expect(shopPage.getByTestId('order-discount')).toContainText(/Envoyée avec une remise de 5\s%/);
    for (const width of [1280, 360]) {
      await shopPage.setViewportSize({ width, height: 900 });
      await settled(shopPage);
      expect(await axeViolations(shopPage), `axe at ${width} px`).toEqual([]);
      expect(await shopPage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `no sideways scroll at ${width} px`).toBe(true);
    }
    await shopPage.setViewportSize({ width: 1280, height: 900 });

    // Credit control: the owner sets a credit limit the next order passes; it is sent but waits in review.
    await page.reload();
    await settled(page);
    await form.getByLabel('Plafond de crédit').fill('500');
    await form.getByRole('button', { name: 'Enregistrer les conditions' }).click();
    await expect(form.getByText('Les conditions sont enregistrées.')).toBeVisible();
    await expect(facts).toContainText(/500,00\s€/);
    expect(
      (await request.put('/api/orders/draft', { headers: shop, data: { lines: [{ variantId: variant.id, size: variant.sizes[0], quantity: 4 }] } })).status(),
    ).toBe(200);
    await shopPage.goto('/account/order');
    await settled(shopPage);
    await shopPage.getByRole('button', { name: 'Envoyer ma commande' }).click();
    await expect(shopPage).toHaveURL(/\/account\/orders\/\d+\?sent=1$/);
    await expect(shopPage.getByTestId('order-review')).toHaveText(
      'À l’examen : cette commande est bien envoyée ; la marque regarde votre compte avant de la confirmer.',
    );
    const heldId = Number(/\/account\/orders\/(\d+)/.exec(shopPage.url())![1]);

    // The owner finds it among the orders in review, sees why, accepts it, and may then confirm it.
    await page.goto('/admin/orders?review=pending');
    await settled(page);
    const row = page.getByTestId('admin-order-row').filter({ hasText: 'Atelier Remise' });
    await expect(row.getByTestId('order-row-review')).toHaveText('À examiner');
    await page.goto(`/admin/orders/${heldId}`);
    await settled(page);
    const panel = page.getByTestId('order-review-panel');
    await expect(panel).toContainText('au-delà de son plafond de crédit de 500,00');
    await expect(page.getByRole('form', { name: 'Confirmer', exact: true })).toHaveCount(0);
    await a11y('an order held in review');
    await panel.getByRole('button', { name: 'Accepter la commande' }).click();
    await expect(page.getByText('La commande est acceptée : elle peut être confirmée.')).toBeVisible();
    await expect(panel).toHaveCount(0);
    await expect(page.getByRole('form', { name: 'Confirmer', exact: true })).toBeVisible();
  } finally {
    await context.close();
  }
});
