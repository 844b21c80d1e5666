import type { APIRequestContext, Page } from '@playwright/test';
import { discounted, fromEuros } from '@atelier/contract/pure';
import { axeViolations, expect, settled, test, signInAs } from '../fixtures.ts';
import { ACCOUNTS } from '../env.ts';

async function token(request: APIRequestContext, account: keyof typeof ACCOUNTS): Promise<{ authorization: string }> {
  const res = await request.post('/api/auth/login', { data: { email: ACCOUNTS[account].email, password: ACCOUNTS[account].password } });
  expect(res.status(), await res.text()).toBe(200);
  return { authorization: `Bearer ${(await res.json()).access_token}` };
}

/** An amount in pounds as the French screens write it: `581,40 £GB` (narrow no-break spaces). */
const pounds = (cents: number) =>
  new RegExp(
    `${(cents / 100)
      .toFixed(2)
      .replace('.', ',')
      .replace(/\B(?=(\d{3})+(?!\d))/g, '\\s')}\\s£`,
  );

async function bothWidths(page: Page, what: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await settled(page);
    expect(await axeViolations(page), `axe on ${what} at ${width} px`).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${what}: no sideways scroll at ${width} px`).toBe(true);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

// Issue 47 as the label trades: a London boutique on 5 %, a 30 % deposit, a credit limit, in pounds.
test('the owner keeps a pound price list and gives a London shop 5 %, a 30 % deposit and a limit in pounds; its buyer sees pounds and orders; the deposit invoice goes out, is paid, and the parcel’s invoice deducts it; the next order over the limit waits in review and is accepted', async ({
  page,
  browser,
  request,
  a11y,
}) => {
  test.setTimeout(240_000);
  const admin = await token(request, 'admin');
  const shop = await token(request, 'pounder');
  const boutique = {
    companyName: 'Marylebone Linen',
    siret: null,
    vatNumber: null,
    phone: null,
    billing: { line1: '12 Marylebone High Street', line2: '', postcode: 'W1U 4NR', town: 'London', country: 'GB' },
  };
  expect((await request.put('/api/account/company', { headers: shop, data: boutique })).status()).toBe(200);
  const products = (await (await request.get('/api/admin/products', { headers: admin })).json()) as Array<{
    id: number;
    reference: string;
    variants: Array<{ id: number; price: number; sizes: string[] }>;
  }>;
  const dress = products.find((p) => p.reference === 'MS27-SOL-ROBE-01')!;
  const variant = dress.variants[0]!;
  // The shop's price: the euro price at 0.86, to the nearest 0.50 £, less 5 %.
  const gbp = fromEuros(Math.round(variant.price * 100), 860_000, 'GBP', 50);
  const unit = discounted(gbp, 5, 'GBP');

  // The owner's price list in pounds, on the Currencies screen.
  await signInAs(page, 'admin');
  await expect(page).toHaveURL(/\/admin\/products$/);
  await page.goto('/admin/currencies');
  await settled(page);
  const list = page.getByRole('form', { name: 'Liste de prix en Livre sterling (£)' });
  await list.getByLabel('Taux (unités pour 1 €)').fill('0,86');
  await list.getByLabel('Arrondir à').fill('0,5');
  await list.getByRole('button', { name: 'Enregistrer la liste de prix' }).click();
  await expect(list.getByText('La liste de prix est enregistrée.')).toBeVisible();
  // The style's row says its cheapest colour's price, in euros and in pounds.
  const cheapest = Math.min(...dress.variants.map((v) => Math.round(v.price * 100)));
  await expect(page.getByTestId('price-list-row').filter({ hasText: 'MS27-SOL-ROBE-01' })).toContainText(pounds(fromEuros(cheapest, 860_000, 'GBP', 50)));
  await a11y('the currencies screen');

  // Its terms: pounds, 5 %, a 30 % deposit holding the parcels, a credit limit of 1,000 £.
  await page.goto('/admin/companies?q=Marylebone');
  await settled(page);
  await page.getByRole('link', { name: 'Marylebone Linen' }).click();
  await settled(page);
  const form = page.getByRole('form', { name: 'Conditions propres à cette société' });
  await form.getByLabel('Devise').selectOption('GBP');
  await form.getByLabel('Remise (%)').fill('5');
  await form.getByLabel('Acompte sur précommande (%)').fill('30');
  await form.getByLabel('Retenir les colis jusqu’au règlement de l’acompte').check();
  await form.getByLabel('Plafond de crédit').fill('1000');
  await form.getByRole('button', { name: 'Enregistrer les conditions' }).click();
  await expect(form.getByText('Les conditions sont enregistrées.')).toBeVisible();
  await expect(page.getByTestId('company-currency')).toHaveText('Livre sterling (£)');
  await expect(page.getByTestId('company-terms')).toContainText(pounds(100_000));

  // Its buyer sees pounds and the discount, and sends 6 dresses.
  const context = await browser.newContext({ locale: 'fr-FR' });
  const shopPage = await context.newPage();
  let sentId: number | undefined;
  try {
    await signInAs(shopPage, 'pounder');
    await expect(shopPage).toHaveURL(/\/collection$/);
    await shopPage.goto(`/collection/${dress.id}`);
    await settled(shopPage);
    await expect(shopPage.getByTestId('trade-price').first()).toHaveText(pounds(unit));
    const draft = await request.put('/api/orders/draft', {
      headers: shop,
      data: { lines: [{ variantId: variant.id, size: variant.sizes[0], quantity: 6, mode: 'preBook' }] },
    });
    expect(draft.status(), await draft.text()).toBe(200);
    await shopPage.goto('/account/order');
    await settled(shopPage);
    await expect(shopPage.getByTestId('draft-total')).toHaveText(pounds(unit * 6));
    await expect(shopPage.getByTestId('draft-discount')).toHaveText(/^Votre remise de 5\s% est déduite de ces prix\.$/);
    await bothWidths(shopPage, 'a draft in pounds');
    await shopPage.getByRole('button', { name: 'Envoyer ma commande' }).click();
    await expect(shopPage).toHaveURL(/\/account\/orders\/\d+\?sent=1$/);
    sentId = Number(/\/account\/orders\/(\d+)/.exec(shopPage.url())![1]);
    await expect(shopPage.getByRole('main')).toContainText(pounds(unit * 6));
  } finally {
    await context.close();
  }
  const orderId = sentId!;

  // The owner confirms it: the deposit invoice (30 %, in pounds, no VAT to London) goes out and holds the parcels.
  const deposit = Math.round((unit * 6 * 30) / 100);
  await page.goto(`/admin/orders/${orderId}`);
  await settled(page);
  await page.getByLabel('Expédition prévue').fill(new Date().toISOString().slice(0, 10));
  await page.getByRole('button', { name: 'Confirmer la commande' }).click();
  await expect(page.getByTestId('order-status')).toHaveText('Confirmée');
  await expect(page.getByTestId('order-deposit')).toContainText(pounds(deposit));
  await expect(page.getByTestId('order-deposit-status')).toHaveText('Acompte dû');
  await a11y('an order in pounds with its deposit due');

  // She records the deposit's payment in pounds on its invoice; the parcel leaves; its invoice deducts it.
  await page.getByTestId('order-deposit').getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Facture d’acompte F/);
  await page.getByLabel(/^Montant \(£/).fill((deposit / 100).toFixed(2).replace('.', ','));
  await page.getByRole('button', { name: 'Enregistrer le paiement' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Paiement enregistré.' })).toBeVisible();
  await page.goto(`/admin/orders/${orderId}`);
  await settled(page);
  await expect(page.getByTestId('order-deposit-status')).toHaveText('Acompte réglé');
  await page.getByRole('button', { name: 'Marquer comme expédiée' }).click();
  await expect(page.getByTestId('order-status')).toHaveText('Expédiée');
  await page.getByTestId('parcel-invoice').click();
  await settled(page);
  await expect(page.getByTestId('invoice-prepaid')).toContainText(pounds(deposit));
  await expect(page.getByTestId('invoice-due')).toHaveText(pounds(unit * 6 - deposit));
  await expect(page.getByTestId('invoice-vat-euros')).toContainText('TVA en euros (1 € = 0,86 GBP)');
  await a11y('an invoice in pounds deducting its deposit');

  // The next order, 8 dresses, would take what it owes over 1,000 £: it waits in review; the owner accepts it.
  const second = await request.put('/api/orders/draft', {
    headers: shop,
    data: { lines: [{ variantId: variant.id, size: variant.sizes[0], quantity: 8, mode: 'preBook' }] },
  });
  expect(second.status()).toBe(200);
  const sent = await request.post('/api/orders/draft/submit', { headers: { ...shop, 'idempotency-key': `e2e-pounds-${Date.now()}` }, data: {} });
  expect(sent.status(), await sent.text()).toBe(201);
  const held = (await sent.json()) as { id: number };
  await page.goto(`/admin/orders/${held.id}`);
  await settled(page);
  const panel = page.getByTestId('order-review-panel');
  await expect(panel).toContainText(/au-delà de son plafond de crédit de 1\s000,00\s£/);
  await panel.getByRole('button', { name: 'Accepter la commande' }).click();
  await expect(page.getByText('La commande est acceptée : elle peut être confirmée.')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Confirmer', exact: true })).toBeVisible();
});
