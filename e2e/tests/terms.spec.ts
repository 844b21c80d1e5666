import type { APIRequestContext } from '@playwright/test';
import { axeViolations, expect, settled, test, signInAs } from '../fixtures.ts';
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
  await signInAs(page, 'admin');
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
  await expect(form.getByRole('alert')).toHaveText('discount : la remise est un pourcentage de 0 à 50, avec 2 décimales au plus.');
  // The field itself is marked with the server's sentence and focused (issue 56).
  const discount = form.getByLabel('Remise (%)');
  await expect(discount).toHaveAttribute('aria-invalid', 'true');
  await expect(discount).toBeFocused();
  await expect(discount).toHaveAccessibleDescription(/la remise est un pourcentage de 0 à 50/);
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
    await signInAs(shopPage, 'termer');
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

// Issue 47, deposits: 30 % of each pre-order, parcels held until it is paid; the shipment invoice deducts it.
test('the owner asks a shop 30 % deposit with parcels held; confirming its pre-order issues the deposit invoice; shipping waits until she records its payment; the parcel’s invoice deducts it', async ({
  page,
  browser,
  request,
  a11y,
}) => {
  test.setTimeout(180_000);
  const shop = await token(request, ACCOUNTS.depositor.email, ACCOUNTS.depositor.password);
  const admin = await token(request, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
  const details = {
    companyName: 'Maison Acompte',
    siret: '55208131766522',
    vatNumber: 'FR03552081317',
    phone: null,
    billing: { line1: '4 rue des Halles', line2: '', postcode: '37000', town: 'Tours', country: 'FR' },
  };
  expect((await request.put('/api/account/company', { headers: shop, data: details })).status()).toBe(200);

  // The owner sets the deposit on the company's page; 120 % is refused with the server's sentence.
  await signInAs(page, 'admin');
  await expect(page).toHaveURL(/\/admin\/products$/);
  await page.goto('/admin/companies?q=Maison%20Acompte');
  await settled(page);
  await page.getByRole('link', { name: 'Maison Acompte' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Maison Acompte' })).toBeVisible();
  await settled(page);
  const form = page.getByRole('form', { name: 'Conditions propres à cette société' });
  await form.getByLabel('Acompte sur précommande (%)').fill('120');
  await form.getByRole('button', { name: 'Enregistrer les conditions' }).click();
  await expect(form.getByRole('alert')).toHaveText('deposit : un acompte est un pourcentage entier de 0 à 100 d’une précommande, ou aucun.');
  await form.getByLabel('Acompte sur précommande (%)').fill('30');
  await form.getByLabel('Retenir les colis jusqu’au règlement de l’acompte').check();
  await form.getByRole('button', { name: 'Enregistrer les conditions' }).click();
  await expect(form.getByText('Les conditions sont enregistrées.')).toBeVisible();
  await expect(page.getByTestId('company-terms')).toContainText(
    /30\s%\sde chaque précommande, facturé à la confirmation ; les colis partent une fois l’acompte réglé/,
  );

  // The shop pre-orders 6 dresses (through the API, over the opening minimum); the owner confirms it on its page.
  const products = (await (await request.get('/api/admin/products', { headers: admin })).json()) as Array<{
    reference: string;
    variants: Array<{ id: number; price: number; sizes: string[] }>;
  }>;
  const variant = products.find((p) => p.reference === 'MS27-SOL-ROBE-01')!.variants[0]!;
  const draft = await request.put('/api/orders/draft', {
    headers: shop,
    data: { lines: [{ variantId: variant.id, size: variant.sizes[0], quantity: 6, mode: 'preBook' }] },
  });
  expect(draft.status(), await draft.text()).toBe(200);
  const sent = await request.post('/api/orders/draft/submit', { headers: { ...shop, 'idempotency-key': `e2e-deposit-${Date.now()}` }, data: {} });
  expect(sent.status(), await sent.text()).toBe(201);
  const order = (await sent.json()) as { id: number; number: string; total: number };
  const depositIncl = Math.round(order.total * 30 * 1.2) / 100;
  const money = (n: number) =>
    new RegExp(
      n
        .toFixed(2)
        .replace('.', ',')
        .replace(/\B(?=(\d{3})+(?!\d))/g, '\\s') + '\\s€',
    );
  await page.goto(`/admin/orders/${order.id}`);
  await settled(page);
  await page.getByLabel('Expédition prévue').fill(new Date().toISOString().slice(0, 10));
  await page.getByRole('button', { name: 'Confirmer la commande' }).click();
  await expect(page.getByTestId('order-status')).toHaveText('Confirmée');
  const deposit = page.getByTestId('order-deposit');
  await expect(deposit).toContainText('Acompte de 30 %');
  await expect(deposit).toContainText(money(depositIncl));
  await expect(deposit.getByTestId('order-deposit-status')).toHaveText('Acompte dû');
  await expect(deposit).toContainText('Les colis attendent son règlement');
  await a11y('an order whose deposit is due');

  // Shipping waits: the server's sentence, and nothing leaves.
  await page.getByRole('button', { name: 'Marquer comme expédiée' }).click();
  await expect(
    page.getByText('L’acompte de cette commande n’est pas encore réglé : comme le prévoient les conditions de sa société, ses colis l’attendent.'),
  ).toBeVisible();
  await expect(page.getByTestId('order-status')).toHaveText('Confirmée');

  // The shop reads it on its order: due, and what it waits for.
  const context = await browser.newContext({ locale: 'fr-FR' });
  const shopPage = await context.newPage();
  try {
    await signInAs(shopPage, 'depositor');
    await expect(shopPage).toHaveURL(/\/collection$/);
    await shopPage.goto(`/account/orders/${order.id}`);
    await settled(shopPage);
    await expect(shopPage.getByTestId('order-deposit-status')).toHaveText('Acompte dû');
    await expect(shopPage.getByTestId('order-deposit')).toContainText('Les colis partent une fois l’acompte réglé.');
    for (const width of [1280, 360]) {
      await shopPage.setViewportSize({ width, height: 900 });
      await settled(shopPage);
      expect(await axeViolations(shopPage), `axe at ${width} px`).toEqual([]);
      expect(await shopPage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `no sideways scroll at ${width} px`).toBe(true);
    }
    await shopPage.goto('/account/invoices');
    await settled(shopPage);
    await expect(shopPage.getByTestId('invoice-row').filter({ hasText: 'Facture d’acompte' })).toHaveCount(1);
  } finally {
    await context.close();
  }

  // The owner opens the deposit invoice from the order and records its payment; the parcels may leave.
  await deposit.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Facture d’acompte F/);
  await page.getByLabel('Montant (€)').fill(depositIncl.toFixed(2).replace('.', ','));
  await page.getByRole('button', { name: 'Enregistrer le paiement' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Paiement enregistré.' })).toBeVisible();
  await page.goto(`/admin/orders/${order.id}`);
  await settled(page);
  await expect(page.getByTestId('order-deposit-status')).toHaveText('Acompte réglé');
  await page.getByRole('button', { name: 'Marquer comme expédiée' }).click();
  await expect(page.getByTestId('order-status')).toHaveText('Expédiée');
  await expect(page.getByTestId('order-deposit')).toContainText(money(depositIncl));
  await expect(page.getByTestId('order-deposit')).toContainText('déduits des factures des colis');

  // The parcel's invoice: the whole order, the deposit paid deducted, what is left to pay.
  await page.getByTestId('parcel-invoice').click();
  await settled(page);
  await expect(page.getByTestId('invoice-prepaid')).toContainText(money(depositIncl));
  const total = Math.round(order.total * 120) / 100;
  await expect(page.getByTestId('invoice-due')).toHaveText(money(Math.round((total - depositIncl) * 100) / 100));
  await a11y('an invoice deducting a deposit');
});
