import type { APIRequestContext, Page } from '@playwright/test';
import { axeViolations, expect, settled, test, waitForMail, signInAs } from '../fixtures.ts';
import { ACCOUNTS } from '../env.ts';

async function token(request: APIRequestContext, email: string, password: string): Promise<{ authorization: string }> {
  const res = await request.post('/api/auth/login', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return { authorization: `Bearer ${(await res.json()).access_token}` };
}

/** A page of another browser context (the test's own pages are checked by the fixture): axe clean, and no sideways scroll, at 1280 and 360 px. */
async function looked(page: Page): Promise<void> {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await settled(page);
    expect(await axeViolations(page), `axe at ${width} px on ${page.url()}`).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `no sideways scroll at ${width} px`).toBe(true);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The invited person chooses a password with the link of their mail, then signs in on the login screen. */
async function accept(page: Page, request: APIRequestContext, email: string, since: number): Promise<void> {
  const mail = await waitForMail(email, since, 'Maison Lune');
  const link = /token=([A-Za-z0-9_-]+)/.exec(mail)![1]!;
  const set = await request.post('/api/auth/reset-password', { data: { token: link, password: 'lune-e2e-2027', password_confirmation: 'lune-e2e-2027' } });
  expect(set.status(), await set.text()).toBe(200);
  await page.goto('/login');
  await settled(page);
  await page.getByLabel(/^(E-mail)$/).fill(email);
  await page.getByLabel(/^(Mot de passe|Password)$/).fill('lune-e2e-2027');
  await page.getByRole('button', { name: /^(Se connecter|Sign in)$/ }).click();
  await expect(page).toHaveURL(/\/collection$/);
}

test.describe('shops as companies (issue 46)', () => {
  test('a company admin invites a buyer and an accountant; the buyer orders for the second door; the accountant sees invoices and nothing to order; the owner sees company and door; where to buy shows both doors', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    // The group's details (its Lyon shop is its first door) and its listing, through the API.
    const group = await token(request, ACCOUNTS.grouper.email, ACCOUNTS.grouper.password);
    const details = {
      companyName: 'Maison Lune',
      siret: '55208131766522',
      vatNumber: 'FR03552081317',
      phone: null,
      billing: { line1: '4 rue Mercière', line2: '', postcode: '69002', town: 'Lyon', country: 'FR' },
    };
    expect((await request.put('/api/account/company', { headers: group, data: details })).status()).toBe(200);
    const listing = { listed: true, name: 'Maison Lune', address: '4 rue Mercière', postcode: '69002', city: 'Lyon', country: 'FR' };
    expect((await request.put('/api/account/listing', { headers: group, data: listing })).status()).toBe(200);

    // The admin adds the Annecy shop, shows both on "where to buy", invites a buyer for Annecy and an accountant.
    await signInAs(page, 'grouper');
    await expect(page).toHaveURL(/\/collection$/);
    await page.goto('/account');
    await settled(page);
    await expect(page.getByTestId('account-company-role')).toHaveText('Administrateur');
    await page.getByRole('link', { name: 'Personnes et points de vente' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ma société : personnes et points de vente' })).toBeVisible();
    await settled(page);
    const doorForm = page.getByRole('form', { name: 'Ajouter un point de vente' });
    await doorForm.getByLabel('Nom du point de vente').fill('Maison Lune Annecy');
    await doorForm.getByLabel('Adresse', { exact: true }).fill('8 rue Royale');
    await doorForm.getByLabel('Code postal').fill('74000');
    await doorForm.getByLabel('Ville').fill('Annecy');
    await doorForm.getByLabel('Horaires (facultatif)').fill('Mar–sam 10 h–19 h');
    await doorForm.getByLabel('L’afficher sur Où nous trouver').check();
    // A country that is not two letters: the server's sentence on the country's own field, focused (issue 56).
    const country = doorForm.getByLabel(/^Pays/);
    await country.fill('1');
    await doorForm.getByRole('button', { name: 'Ajouter le point de vente' }).click();
    await expect(country).toHaveAttribute('aria-invalid', 'true');
    await expect(country).toBeFocused();
    await expect(country).toHaveAccessibleDescription(/L’adresse demande une première ligne/);
    await country.fill('FR');
    await doorForm.getByRole('button', { name: 'Ajouter le point de vente' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Maison Lune Annecy est enregistré.' })).toBeVisible();
    await expect(page.getByTestId('company-door')).toHaveCount(2);
    await page.getByRole('button', { name: 'Modifier Maison Lune', exact: true }).click();
    const editForm = page.getByRole('form', { name: 'Modifier Maison Lune' });
    await editForm.getByLabel('L’afficher sur Où nous trouver').check();
    await editForm.getByRole('button', { name: 'Enregistrer le point de vente' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Maison Lune est enregistré.' })).toBeVisible();

    const since = Date.now();
    const invite = page.getByRole('form', { name: 'Inviter un collègue' });
    await invite.getByLabel('Nom').fill('Inès Acheteuse');
    await invite.getByLabel('E-mail').fill('ines@maison-lune.example');
    await invite.getByLabel('Rôle').selectOption('buyer');
    await invite.getByLabel('Maison Lune Annecy — Annecy').check();
    await invite.getByRole('button', { name: 'Envoyer l’invitation' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'ines@maison-lune.example est invité·e' })).toBeVisible();
    await invite.getByLabel('Nom').fill('Paul Compta');
    await invite.getByLabel('E-mail').fill('paul@maison-lune.example');
    await invite.getByLabel('Rôle').selectOption('accounts');
    await invite.getByRole('button', { name: 'Envoyer l’invitation' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'paul@maison-lune.example est invité·e' })).toBeVisible();
    await expect(page.getByTestId('company-person')).toHaveCount(3);

    // The buyer: their draft goes to their only door without a question.
    const buyerContext = await browser.newContext({ locale: 'fr-FR' });
    const buyer = await buyerContext.newPage();
    await accept(buyer, request, 'ines@maison-lune.example', since);
    const buyerApi = await token(request, 'ines@maison-lune.example', 'lune-e2e-2027');
    const admin = await token(request, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
    const products = (await (await request.get('/api/admin/products', { headers: admin })).json()) as Array<{
      reference: string;
      variants: Array<{ id: number; sizes: string[] }>;
    }>;
    const variant = products.find((p) => p.reference === 'MS27-SOL-ROBE-01')!.variants[0]!;
    expect(
      (
        await request.put('/api/orders/draft', {
          headers: buyerApi,
          data: { lines: variant.sizes.slice(0, 2).map((size) => ({ variantId: variant.id, size, quantity: 3 })) },
        })
      ).status(),
    ).toBe(200);
    await buyer.goto('/account/order');
    await settled(buyer);
    await expect(buyer.getByLabel('Livrer à (point de vente)')).toHaveCount(0);
    await buyer.getByRole('button', { name: 'Envoyer ma commande' }).click();
    await expect(buyer).toHaveURL(/\/account\/orders\/\d+\?sent=1$/);
    await expect(buyer.getByTestId('order-door')).toHaveText('Maison Lune Annecy — Annecy');
    await expect(buyer.getByTestId('order-placed-by')).toHaveText('Inès Acheteuse (ines@maison-lune.example)');
    await looked(buyer);
    const orderId = Number(/\/account\/orders\/(\d+)/.exec(buyer.url())![1]);
    await buyerContext.close();

    // The accountant: invoices, the company's orders, nothing to order.
    const accountsContext = await browser.newContext({ locale: 'fr-FR' });
    const accountant = await accountsContext.newPage();
    await accept(accountant, request, 'paul@maison-lune.example', since);
    await accountant.goto('/account');
    await settled(accountant);
    await expect(accountant.getByTestId('account-company-role')).toHaveText('Comptabilité');
    const links = accountant.getByRole('navigation', { name: 'Liens du compte' });
    await expect(links.getByRole('link', { name: 'Mes factures' })).toBeVisible();
    await expect(links.getByRole('link', { name: 'Ma commande en cours' })).toHaveCount(0);
    await accountant.getByRole('link', { name: 'Mes factures' }).click();
    await expect(accountant.getByRole('heading', { level: 1, name: 'Mes factures' })).toBeVisible();
    await accountant.goto(`/account/orders/${orderId}`);
    await settled(accountant);
    await expect(accountant.getByTestId('order-door')).toHaveText('Maison Lune Annecy — Annecy');
    await expect(accountant.getByRole('button', { name: 'Commander à nouveau' })).toHaveCount(0);
    // The company's orders by door and by person.
    await accountant.goto('/account/orders');
    await settled(accountant);
    await expect(accountant.getByTestId('order-row')).toHaveCount(1);
    await accountant.getByLabel('Point de vente').selectOption({ label: 'Maison Lune — Lyon' });
    await expect(accountant.getByText('Vous n’avez encore passé aucune commande.')).toBeVisible();
    await accountant.getByLabel('Point de vente').selectOption({ label: 'Maison Lune Annecy — Annecy' });
    await accountant.getByLabel('Passée par').selectOption({ label: 'Inès Acheteuse' });
    await expect(accountant.getByTestId('order-row')).toHaveCount(1);
    await expect(accountant).toHaveURL(/door=\d+&person=\d+|person=\d+&door=\d+/);
    await looked(accountant);
    await accountsContext.close();

    // The owner: company and door on the order, the company found by its door's town.
    const ownerContext = await browser.newContext({ locale: 'fr-FR' });
    const owner = await ownerContext.newPage();
    await signInAs(owner, 'admin');
    await expect(owner).toHaveURL(/\/admin\/products$/);
    await owner.goto(`/admin/orders/${orderId}`);
    await settled(owner);
    await expect(owner.getByTestId('order-door')).toHaveText('Maison Lune Annecy — Annecy');
    await owner.goto('/admin/companies');
    await settled(owner);
    const search = owner.getByRole('searchbox', { name: 'Chercher une société (nom, e-mail d’une personne, SIRET, ville d’un point de vente)' });
    await search.fill('annecy');
    await search.press('Enter');
    await expect(owner.getByTestId('company-row')).toHaveCount(1);
    await owner.getByRole('link', { name: 'Maison Lune' }).click();
    await expect(owner.getByRole('heading', { level: 1, name: 'Maison Lune' })).toBeVisible();
    await settled(owner);
    await expect(owner.getByTestId('company-person')).toHaveCount(3);
    await looked(owner);

    await ownerContext.close();

    // Where to buy: the group's two doors, each in its town with a map link.
    const visitor = await browser.newContext({ locale: 'fr-FR' });
    const shopper = await visitor.newPage();
    await shopper.goto('/where-to-buy');
    await settled(shopper);
    await expect(shopper.getByRole('heading', { level: 3, name: 'Maison Lune Annecy' })).toBeVisible();
    await expect(shopper.getByRole('heading', { level: 3, name: 'Maison Lune', exact: true })).toBeVisible();
    await expect(shopper.getByRole('link', { name: 'Maison Lune Annecy, Annecy, sur un plan' })).toHaveAttribute(
      'href',
      /openstreetmap\.org\/search\?query=8%20rue%20Royale/,
    );
    await looked(shopper);
    await visitor.close();
  });
});
