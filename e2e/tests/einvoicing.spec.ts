import type { APIRequestContext } from '@playwright/test';
import type { InvoiceDocument } from '@atelier/contract';
import { ACCOUNTS } from '../env.ts';
import { expect, settled, test, signInAs } from '../fixtures.ts';
import { startFakePlatform, type FakePlatform } from '../../server/test/einvoicing-platform.ts';

let platform: FakePlatform;
test.beforeAll(async () => {
  platform = await startFakePlatform();
});
test.afterAll(async () => platform?.close());

async function bearer(request: APIRequestContext, account: keyof typeof ACCOUNTS) {
  const res = await request.post('/api/auth/login', { data: { email: ACCOUNTS[account].email, password: ACCOUNTS[account].password } });
  return { authorization: `Bearer ${(await res.json()).access_token as string}` };
}

// Issue 35: the owner connects the label to its approved platform; a document the platform rejects is
// seen on its invoice with the reason, sent again from there, and taken.
test('the owner turns the approved platform on, tests it, looks a buyer up; a rejected invoice is sent again from its page', async ({
  page,
  request,
  a11y,
}) => {
  const owner = await bearer(request, 'admin');
  try {
    await signInAs(page, 'admin');
    await expect(page).toHaveURL(/\/admin\/products$/);
    await page.goto('/admin/invoicing');
    await settled(page);
    const section = page.getByRole('region', { name: 'Plateforme agréée de facturation électronique' });
    await expect(section).toBeVisible();
    await section.getByLabel('Envoyer les nouvelles factures et les nouveaux avoirs à la plateforme').check();
    await section.getByLabel('Adresse du service de flux').fill(platform.url);
    await section.getByLabel('Adresse des jetons (OAuth2)').fill(platform.tokenUrl);
    await section.getByLabel('Identifiant client').fill(platform.clientId);
    await section.getByLabel('Secret client ou clé d’API').fill(platform.clientSecret);
    await section.getByRole('button', { name: 'Enregistrer les réglages de la plateforme' }).click();
    await expect(section.getByText('La plateforme est activée : les nouveaux documents lui seront envoyés.')).toBeVisible();
    await expect(section.getByLabel('Secret client ou clé d’API')).toHaveValue('');
    await expect(section).toContainText('Un secret est enregistré : laissez vide pour le garder.');
    await section.getByRole('button', { name: 'Tester la connexion' }).click();
    await expect(section.getByText('La plateforme a répondu : la connexion fonctionne.')).toBeVisible();
    await section.getByLabel('SIREN').fill('552081317');
    await section.getByRole('button', { name: 'Chercher dans l’annuaire' }).click();
    await expect(section.getByText('552081317 figure dans l’annuaire : Les Jours Lents SARL.')).toBeVisible();
    await a11y('the approved platform settings');
    await expect(page.locator('body')).not.toContainText(platform.clientSecret);

    // A shop's order shipped: its invoice goes to the platform, which rejects it.
    platform.rejectNext = 'Le destinataire n’est pas joignable dans l’annuaire';
    const shop = await bearer(request, 'platformer');
    expect(
      (
        await request.put('/api/account/company', {
          headers: shop,
          data: {
            companyName: 'Atelier des Salins',
            siret: '55208131766522',
            vatNumber: 'FR03552081317',
            phone: null,
            billing: { line1: '1 quai des Salins', line2: '', postcode: '34200', town: 'Sète', country: 'FR' },
          },
        })
      ).status(),
    ).toBe(200);
    const products = (await (await request.get('/api/admin/products', { headers: owner })).json()) as Array<{
      reference: string;
      variants: Array<{ id: number; sizes: string[] }>;
    }>;
    const variant = products.find((p) => p.reference === 'MS27-SOL-ROBE-01')!.variants[0]!;
    const lines = variant.sizes.slice(0, 2).map((size) => ({ variantId: variant.id, size, quantity: 3 }));
    expect((await request.put('/api/orders/draft', { headers: shop, data: { lines } })).status()).toBe(200);
    const sent = await request.post('/api/orders/draft/submit', { headers: { ...shop, 'idempotency-key': `e2e-platform-${Date.now()}` }, data: {} });
    expect(sent.status(), await sent.text()).toBe(201);
    const order = await sent.json();
    expect(
      (await request.post(`/api/admin/orders/${order.id}/confirm`, { headers: owner, data: { shipDate: new Date().toISOString().slice(0, 10) } })).status(),
    ).toBe(200);
    const shipped = await request.post(`/api/admin/orders/${order.id}/ship`, { headers: owner, data: {} });
    expect(shipped.status()).toBe(200);
    const invoiceId = (await shipped.json()).invoice.id as number;
    const platformOf = async () =>
      ((await (await request.get(`/api/admin/invoices/${invoiceId}`, { headers: owner })).json()) as InvoiceDocument).platform?.status;
    await expect.poll(platformOf, { timeout: 15_000 }).toBe('rejected');

    await page.goto(`/admin/invoices/${invoiceId}`);
    await settled(page);
    const box = page.getByTestId('invoice-platform');
    await expect(box).toContainText('Plateforme : rejetée');
    await expect(box).toContainText('Motif : REJ_SEMAN Le destinataire n’est pas joignable dans l’annuaire');
    await a11y('a rejected invoice');
    await box.getByRole('button', { name: 'Renvoyer à la plateforme' }).click();
    await expect(page.getByText('Le document sera renvoyé à la plateforme dans un instant.')).toBeVisible();
    await expect.poll(platformOf, { timeout: 15_000 }).toBe('submitted');
    await page.reload();
    await settled(page);
    await expect(box).toContainText('Plateforme : déposée');
    await expect(box.getByRole('button', { name: 'Renvoyer à la plateforme' })).toHaveCount(0);
    // The invoices list says it beside the payment status.
    await page.goto('/admin/invoices');
    await settled(page);
    await expect(page.getByTestId('invoice-row').filter({ hasText: 'Atelier des Salins' }).first()).toContainText('Plateforme : déposée');
    await page.setViewportSize({ width: 360, height: 780 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  } finally {
    // The other tests' invoices stay off the platform.
    await request.put('/api/admin/invoicing/platform', {
      headers: owner,
      data: { enabled: false, url: platform.url, tokenUrl: platform.tokenUrl, clientId: platform.clientId, sendCashed: true },
    });
  }
});
