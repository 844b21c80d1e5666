import fs from 'node:fs';
import { BASE_URL } from '../env.ts';
import { expect, settled, test, waitForMail, signInAs } from '../fixtures.ts';

test.describe('wholesale orders', () => {
  test('a stockist orders on a phone, is told the minimum, completes and sends it; the owner confirms and ships; the stockist follows it and orders again', async ({
    page,
    browser,
  }) => {
    // The whole journey of two people, then axe on every screen they saw, at two widths.
    test.setTimeout(240_000);
    const since = Date.now() - 1000;
    await page.setViewportSize({ width: 360, height: 740 });
    await signInAs(page, 'orderer');
    await expect(page).toHaveURL(/\/collection$/);

    // Company details first: a wrong VAT key is refused with the server's message, a right one saved.
    await page.goto('/account');
    await settled(page);
    const company = page.getByTestId('company-form');
    await company.getByLabel('Raison sociale').fill('Les Jours Lents');
    await company.getByLabel('N° de TVA intracommunautaire').fill('FR41303265045');
    await company.getByRole('button', { name: 'Enregistrer ma société' }).click();
    await expect(company.getByRole('alert')).toHaveText(/Ce numéro de TVA n’est pas valide/);
    await company.getByLabel('N° de TVA intracommunautaire').fill('fr 40 303 265 045');
    await company.getByRole('button', { name: 'Enregistrer ma société' }).click();
    await expect(company.getByRole('status')).toHaveText('Les coordonnées de votre société ont été enregistrées.');
    await expect(company.getByLabel('N° de TVA intracommunautaire')).toHaveValue('FR40303265045');
    await page.goto('/collection');
    await page.getByRole('link', { name: /Robe Soleil/ }).click();
    const grid = page.getByTestId('order-grid');
    await expect(grid.getByRole('heading', { name: 'Commander' })).toBeVisible();
    // Each input is named by its colour and size (and, the spring season having two deliveries, the
    // delivery it is for); only the sizes of that colour are offered.
    await expect(grid.getByLabel('Écru, XS')).toHaveCount(0);
    await expect(grid.getByLabel('Terracotta, S, Deuxième livraison', { exact: true })).toBeVisible();
    const s = grid.getByLabel('Terracotta, S, Première livraison', { exact: true });
    expect((await s.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await s.fill('2');
    await grid.getByLabel('Terracotta, M, Première livraison', { exact: true }).fill('1');
    await expect(page.getByTestId('grid-total')).toHaveText(/3 pièces · total HT\s*354,00\s€/);
    await grid.getByRole('button', { name: 'Ajouter à ma commande' }).click();
    await expect(grid.getByRole('status')).toHaveText('Ajouté : votre commande compte 3 pièces.');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // The menu carries the count; the draft says how far the minimum is.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByTestId('account-menu').click();
    await expect(page.getByTestId('menu-draft')).toHaveText('Ma commande (3 pièces)');
    await page.getByTestId('menu-draft').click();
    await expect(page).toHaveURL(/\/account\/order$/);
    await settled(page);
    await expect(page.getByTestId('draft-minimum')).toHaveText(/Minimum de première commande : 600,00\s€ HT\. Il manque 246,00\s€\./);
    await expect(page.getByRole('button', { name: 'Envoyer ma commande' })).toBeDisabled();

    // Completing it: more of the same dress, by keyboard.
    const sInput = page.getByLabel('Terracotta, S', { exact: true });
    await sInput.fill('4');
    await sInput.press('Tab');
    await expect(page.getByTestId('draft-total')).toHaveText(/590,00\s€/);
    const mInput = page.getByLabel('Terracotta, M', { exact: true });
    await mInput.fill('2');
    await mInput.press('Tab');
    await expect(page.getByTestId('draft-total')).toHaveText(/708,00\s€/);
    await expect(page.getByTestId('draft-minimum')).toHaveText(/Atteint\./);
    await page.getByLabel('Une note pour l’atelier (facultatif)').fill('Livraison le matin si possible.');
    await page.getByRole('button', { name: 'Envoyer ma commande' }).click();
    await expect(page).toHaveURL(/\/account\/orders\/\d+\?sent=1$/);
    await expect(page.getByRole('status').filter({ hasText: 'Merci ! Votre commande est envoyée' })).toBeVisible();
    // The thanks can show before the order itself has loaded: wait for its number.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Commande \d{4}-\d{4}/);
    const heading = await page.getByRole('heading', { level: 1 }).textContent();
    const number = /Commande (\d{4}-\d{4})/.exec(heading!)![1]!;
    await expect(page.getByTestId('order-status')).toHaveText('Envoyée');
    const orderUrl = new URL(page.url()).pathname;

    // Both mails arrive.
    expect(await waitForMail('orderer@e2e.example', since)).toContain(`Commande ${number} re`);
    expect(await waitForMail('bonjour@maison-solene.example', since, `Nouvelle commande ${number}`)).toContain('/admin/orders/');

    // The owner confirms with a date, then ships.
    const office = await browser.newContext({ locale: 'fr-FR' });
    const owner = await office.newPage();
    await signInAs(owner, 'admin');
    await expect(owner).toHaveURL(/\/admin\/products$/);
    await owner.getByRole('link', { name: 'Commandes', exact: true }).click();
    await expect(owner.getByRole('tab', { name: 'Envoyée' })).toHaveAttribute('aria-selected', 'true');
    await owner.getByTestId('admin-order-row').filter({ hasText: number }).getByRole('link', { name: number }).click();
    await expect(owner.getByRole('heading', { level: 1 })).toHaveText(`Commande ${number}`);
    await expect(owner.getByText('Livraison le matin si possible.', { exact: true })).toBeVisible();
    await expect(owner.getByText('FR40303265045')).toBeVisible();
    const [csv] = await Promise.all([owner.waitForEvent('download'), owner.getByRole('button', { name: 'Télécharger cette commande (CSV)' }).click()]);
    expect(csv.suggestedFilename()).toBe(`order-${number}.csv`);
    const rows = fs
      .readFileSync((await csv.path())!, 'utf8')
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]).toMatch(/^Commande,Date,Statut,Boutique/);
    expect(rows.slice(1)).toHaveLength(2);
    expect(rows[1]).toContain(`${number},`);
    expect(rows[1]).toContain('Les Jours Lents');
    expect(rows[1]).toContain('MS27-SOL-ROBE-01,Robe Soleil,Terracotta,S,4,118.00,472.00');
    await owner.getByLabel('Expédition prévue').fill('2027-03-01');
    await owner.getByRole('button', { name: 'Confirmer la commande' }).click();
    await expect(owner.getByRole('status').filter({ hasText: 'La commande est confirmée' })).toBeVisible();
    await expect(owner.getByTestId('order-status')).toHaveText('Confirmée');
    // A known carrier: the shop's page and mail link to the parcel (issue 45 item 4).
    await owner.getByLabel('Transporteur (facultatif)').selectOption('colissimo');
    await owner.getByLabel('Numéro de suivi (facultatif)').fill('6A12345678');
    await owner.getByRole('button', { name: 'Marquer comme expédiée' }).click();
    await expect(owner.getByTestId('order-status')).toHaveText('Expédiée');
    await office.close();
    expect(await waitForMail('orderer@e2e.example', Date.now() - 5000, 'Colissimo')).toContain(
      'https://www.laposte.fr/outils/suivre-vos-envois?code=6A12345678',
    );

    // The retailer sees each status, and orders again.
    await page.goto(orderUrl);
    await settled(page);
    await expect(page.getByTestId('order-status')).toHaveText('Expédiée');
    await expect(page.getByTestId('order-ship-date')).toHaveText('1 mars 2027');
    await expect(page.getByTestId('order-carrier')).toContainText('Colissimo · 6A12345678');
    await expect(page.getByTestId('tracking-link')).toHaveAttribute('href', 'https://www.laposte.fr/outils/suivre-vos-envois?code=6A12345678');
    await expect(page.getByRole('listitem').filter({ hasText: 'Confirmée' })).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Annuler la commande' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Commander à nouveau' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'aux prix du jour' })).toBeVisible();
    await page.goto('/account/orders');
    await expect(page.getByTestId('order-row').filter({ hasText: number })).toContainText('Expédiée');
    await page.goto('/account/order');
    await expect(page.getByTestId('draft-total')).toHaveText(/708,00\s€/);
    expect(page.url().startsWith(BASE_URL)).toBe(true);
  });

  test('a visitor and an admin get no order grid; the order pages send a visitor to sign in', async ({ page }) => {
    await page.goto('/collection/8');
    await settled(page);
    await expect(page.getByTestId('order-grid')).toHaveCount(0);
    await page.goto('/account/order');
    await expect(page).toHaveURL(/\/login$/);
    await signInAs(page, 'admin');
    await expect(page).toHaveURL(/\/admin\/products$/);
    await page.goto('/collection/8');
    await expect(page.getByTestId('trade-price')).toBeVisible();
    await expect(page.getByTestId('order-grid')).toHaveCount(0);
  });
});
