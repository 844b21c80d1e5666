import type { Page } from '@playwright/test';
import { axeViolations, expect, settled, test, signInAs } from '../fixtures.ts';

/** The retailer's screens (another context than the test's own page): axe at 360 px and on a desktop. */
async function bothWidths(page: Page, label: string): Promise<void> {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await axeViolations(page), `${label} at ${width}px`).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${label} at ${width}px`).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 360, height: 740 });
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test.describe('seasons, stock and ordering by mode', () => {
  test('the owner makes a season with two deliveries and imports stock; a stockist on a phone sees in stock, pre-order and sold out, sends a mixed draft and gets two orders; shipping the at-once one takes the pieces off the shelf', async ({
    page: owner,
    browser,
    a11y,
  }) => {
    test.setTimeout(240_000);
    // —— The owner (every screen she visits is checked by axe after the test, at both widths) ——
    await signInAs(owner, 'admin');
    await expect(owner).toHaveURL(/\/admin\/products$/);
    await owner.getByRole('link', { name: 'Saisons', exact: true }).click();
    await expect(owner.getByRole('heading', { level: 1, name: 'Saisons' })).toBeVisible();
    await expect(owner.getByTestId('season-card').filter({ hasText: 'SS27' })).toContainText('Saison en cours');
    await settled(owner);

    const form = owner.getByTestId('season-form');
    await form.getByLabel('Code').fill('e2e28');
    // A close before the open is refused under its field, and nothing is sent.
    await form.getByLabel('Pré-commandes à partir du').fill(day(0));
    await form.getByLabel('Pré-commandes jusqu’au').fill(day(-3));
    await form
      .getByRole('group', { name: /^Nom de la saison/ })
      .getByLabel('Français')
      .fill('Capsule E2E');
    await form
      .getByRole('group', { name: /^Nom de la saison/ })
      .getByLabel('English')
      .fill('E2E capsule');
    await form.getByRole('button', { name: 'Enregistrer la saison' }).click();
    await expect(form.getByText('La fermeture vient après l’ouverture.')).toBeVisible();
    await a11y('season form with an error');
    await form.getByLabel('Pré-commandes jusqu’au').fill(day(100));
    const first = form.getByTestId('season-delivery').nth(0);
    await first.getByLabel('Français').fill('Livraison A');
    await first.getByLabel('English').fill('Delivery A');
    await first.getByLabel('Du').fill(day(120));
    await first.getByLabel('Au').fill(day(140));
    await form.getByRole('button', { name: 'Ajouter une livraison' }).click();
    const second = form.getByTestId('season-delivery').nth(1);
    await second.getByLabel('Français').fill('Livraison B');
    await second.getByLabel('English').fill('Delivery B');
    await second.getByLabel('Du').fill(day(150));
    await second.getByLabel('Au').fill(day(170));
    await form.getByRole('button', { name: 'Enregistrer la saison' }).click();
    await expect(owner.getByRole('status').filter({ hasText: 'La saison est créée.' })).toBeVisible();
    const card = owner.getByTestId('season-card').filter({ hasText: 'E2E28' });
    await expect(card).toContainText('Pré-commandes ouvertes');
    await expect(card).toContainText('Livraison B');

    // Two styles go into it from their editor.
    await owner.getByRole('link', { name: 'Produits', exact: true }).click();
    for (const title of ['Kimono Aube', 'Pantalon large Garrigue']) {
      await owner.getByRole('button', { name: `Modifier « ${title} »` }).click();
      await owner
        .getByTestId('product-seasons')
        .getByLabel(/^E2E28/)
        .check();
      await owner.getByRole('button', { name: 'Enregistrer les modifications' }).click();
      await expect(owner.getByRole('status').filter({ hasText: 'Le produit a été mis à jour.' })).toBeVisible();
      await expect(owner.getByTestId('product-seasons').getByLabel(/^E2E28/)).toBeChecked();
    }

    // Stock from the owner's spreadsheet: a preview names the bad line and imports nothing.
    await owner.getByRole('link', { name: 'Stock', exact: true }).click();
    await expect(owner.getByRole('heading', { level: 1, name: 'Stock' })).toBeVisible();
    await settled(owner);
    const file = (body: string) => ({ name: 'stock.csv', mimeType: 'text/csv', buffer: Buffer.from(body, 'utf8') });
    const header = 'Référence;Coloris;Taille;En stock\n';
    await owner
      .getByLabel('Fichier CSV')
      .setInputFiles(file(`${header}MS27-EST-COMB-07;Kaki;XS;4\nMS27-EST-COMB-07;Kaki;S;0\nMS27-TIS-ETOL-08;Safran;ONESIZE;9\nMS27-NOPE;Kaki;S;1\n`));
    await owner.getByRole('button', { name: 'Voir les changements' }).click();
    const preview = owner.getByTestId('stock-preview');
    await expect(preview.getByTestId('stock-import-error')).toHaveText(/Ligne 5 .*aucun style n’a la référence « MS27-NOPE »/);
    await expect(preview.getByRole('button', { name: /Importer ces 2 changements/ })).toBeDisabled();
    await a11y('stock import preview with an error');
    await owner
      .getByLabel('Fichier CSV')
      .setInputFiles(file(`${header}MS27-EST-COMB-07;Kaki;XS;4\nMS27-EST-COMB-07;Kaki;S;0\nMS27-TIS-ETOL-08;Safran;ONESIZE;9\n`));
    await owner.getByRole('button', { name: 'Voir les changements' }).click();
    await expect(preview.getByTestId('stock-change')).toHaveCount(2);
    await expect(preview.getByTestId('stock-change').first()).toContainText('MS27-EST-COMB-07 · Kaki · XS');
    await expect(preview).toContainText('1 ligne déjà à jour.');
    await preview.getByRole('button', { name: 'Importer ces 2 changements' }).click();
    await expect(owner.getByRole('status').filter({ hasText: '2 changements importés.' })).toBeVisible();
    const kakiXs = owner.getByLabel('Combinaison Estran, Kaki, XS : en stock');
    await expect(kakiXs).toHaveValue('4');

    // —— A retailer on a phone ——
    const shop = await browser.newContext({ locale: 'fr-FR', viewport: { width: 360, height: 740 } });
    const page = await shop.newPage();
    await signInAs(page, 'seasoner');
    await expect(page).toHaveURL(/\/collection$/);
    await page.getByRole('link', { name: /Combinaison Estran/ }).click();
    const grid = page.getByTestId('order-grid');
    const xs = grid.getByLabel('Kaki, XS', { exact: true });
    await expect(xs).toHaveAccessibleDescription('4 en stock');
    await expect(grid.getByLabel('Kaki, S', { exact: true })).toBeDisabled();
    await expect(grid.getByLabel('Kaki, S', { exact: true })).toHaveAccessibleDescription('Épuisé');
    await bothWidths(page, 'order grid with stock');
    await xs.fill('2');
    await grid.getByRole('button', { name: 'Ajouter à ma commande' }).click();
    await expect(grid.getByRole('status')).toHaveText('Ajouté : votre commande compte 2 pièces.');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.goto('/collection');
    await page.getByRole('link', { name: /Kimono Aube/ }).click();
    // The season has two deliveries: the pre-ordered size takes a quantity for each (issue 32: the
    // second line of the same piece used to replace the first).
    const pinkRow = grid.getByRole('group', { name: /^Rose poudré/ });
    await expect(pinkRow.getByRole('group', { name: /^Pré-commande · Livraison A/ })).toBeVisible();
    await expect(pinkRow.getByRole('group', { name: /^Pré-commande · Livraison B/ })).toBeVisible();
    const pinkA = grid.getByLabel('Rose poudré, Taille unique, Livraison A', { exact: true });
    const pinkB = grid.getByLabel('Rose poudré, Taille unique, Livraison B', { exact: true });
    await pinkA.fill('5');
    await pinkB.fill('3');
    await expect(grid.getByTestId('grid-total')).toContainText('8 pièces');
    await bothWidths(page, 'order grid with two deliveries');
    await grid.getByRole('button', { name: 'Ajouter à ma commande' }).click();
    await expect(grid.getByRole('status')).toHaveText('Ajouté : votre commande compte 10 pièces.');
    // Back on the page, the grid shows each delivery's quantity from the draft.
    await page.reload();
    await expect(pinkA).toHaveValue('5');
    await expect(pinkB).toHaveValue('3');

    // The draft says which orders the submission makes, one per delivery.
    await page.goto('/account/order');
    await settled(page);
    const split = page.getByTestId('draft-split');
    await expect(split).toContainText('Cet envoi fera 3 commandes');
    await expect(split).toContainText('Sur stock, expédiée dès confirmation');
    await expect(split).toContainText('Pré-commande Capsule E2E, Livraison A');
    await expect(split).toContainText('Pré-commande Capsule E2E, Livraison B');
    await expect(page.getByRole('heading', { level: 2, name: 'Sur stock' })).toBeVisible();
    // The same piece in two deliveries: changing one quantity leaves the other as it is.
    const deliveryB = page.locator('section.draft-delivery').filter({ has: page.getByRole('heading', { level: 2, name: /Livraison B/ }) });
    const lineB = deliveryB.getByLabel('Rose poudré, Taille unique', { exact: true });
    await lineB.fill('4');
    await lineB.blur();
    await expect(page.locator('.draft-summary')).toContainText('11 pièces');
    const deliveryA = page.locator('section.draft-delivery').filter({ has: page.getByRole('heading', { level: 2, name: /Livraison A/ }) });
    await expect(deliveryA.getByLabel('Rose poudré, Taille unique', { exact: true })).toHaveValue('5');
    await bothWidths(page, 'draft split by delivery');
    await page.getByRole('button', { name: 'Envoyer ma commande' }).click();
    await expect(page).toHaveURL(/\/account\/orders\?sent=3$/);
    await expect(page.getByRole('status').filter({ hasText: 'Votre envoi a fait 3 commandes' })).toBeVisible();
    const atOnce = page.getByTestId('order-row').filter({ hasText: 'Sur stock' });
    await expect(atOnce).toHaveCount(1);
    await expect(page.getByTestId('order-row').filter({ hasText: 'Capsule E2E · Pré-commande · Livraison A' })).toHaveCount(1);
    await expect(page.getByTestId('order-row').filter({ hasText: 'Capsule E2E · Pré-commande · Livraison B' })).toHaveCount(1);
    const number = (await atOnce.getByRole('link').textContent())!.trim();
    await bothWidths(page, 'orders with their delivery');
    await page.goto('/account');
    await expect(page.getByTestId('open-season').filter({ hasText: 'Capsule E2E' })).toContainText('Les pré-commandes Capsule E2E ferment le');
    await bothWidths(page, 'account with the open seasons');
    await shop.close();

    // —— The owner ships the at-once order; the shelf goes down ——
    await owner.getByRole('link', { name: 'Commandes', exact: true }).click();
    await owner.getByTestId('admin-order-row').filter({ hasText: number }).getByRole('link', { name: number }).click();
    await expect(owner.getByTestId('order-mode')).toHaveText('Sur stock');
    await owner.getByLabel('Expédition prévue').fill(day(2));
    await owner.getByRole('button', { name: 'Confirmer la commande' }).click();
    await expect(owner.getByTestId('order-status')).toHaveText('Confirmée');
    await owner.getByRole('button', { name: 'Marquer comme expédiée' }).click();
    await expect(owner.getByTestId('order-status')).toHaveText('Expédiée');
    await owner.getByRole('link', { name: 'Stock', exact: true }).click();
    await expect(owner.getByLabel('Combinaison Estran, Kaki, XS : en stock')).toHaveValue('2');
    // The orders filter by season and delivery (the stock screen has a "Saison" too: wait for the orders').
    await owner.getByRole('link', { name: 'Commandes', exact: true }).click();
    await expect(owner.getByRole('heading', { level: 1, name: 'Commandes' })).toBeVisible();
    await owner.getByTestId('order-filters').getByLabel('Saison').selectOption('E2E28');
    await owner.getByLabel('Livraison').selectOption({ label: 'Livraison A' });
    await expect(owner.getByTestId('admin-order-row')).toHaveCount(1);
    await expect(owner.getByTestId('admin-order-row')).toContainText('Livraison A');
  });
});
