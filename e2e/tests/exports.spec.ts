import fs from 'node:fs';
import { expect, settled, test, signInAs } from '../fixtures.ts';

const rowsOf = async (download: { path(): Promise<string | null> }) =>
  fs
    .readFileSync((await download.path())!, 'utf8')
    .replace(/^\ufeff/, '')
    .trim()
    .split('\r\n');

test.describe('the owner’s exports', () => {
  test('the orders of a period and the stock come as real CSV downloads, headed in her language', async ({ page }) => {
    await signInAs(page, 'admin');
    await expect(page).toHaveURL(/\/admin\/products$/);

    await page.getByRole('link', { name: 'Commandes', exact: true }).click();
    await settled(page);
    await page.locator('#export-from').fill('2020-01-01');
    const [orders] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Télécharger le CSV' }).click()]);
    expect(orders.suggestedFilename()).toMatch(/\.csv$/);
    const orderRows = await rowsOf(orders);
    expect(orderRows[0]).toBe(
      'Commande,Date,Statut,Boutique,E-mail,SIRET,TVA,Référence,Produit,Coloris,Taille,Quantité,Prix unitaire HT,Total HT,Expédition prévue,Devise',
    );
    // The demo's orders since 2020: one line per ordered size.
    expect(orderRows.length).toBeGreaterThan(1);

    await page.getByRole('link', { name: 'Stock', exact: true }).click();
    await settled(page);
    const [stock] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exporter le stock (CSV)' }).click()]);
    expect(stock.suggestedFilename()).toMatch(/\.csv$/);
    const stockRows = await rowsOf(stock);
    expect(stockRows[0]).toMatch(/^Référence,Coloris,Taille,En stock,Réservé,Disponible,À venir/);
    expect(stockRows.length).toBeGreaterThan(1);
  });
});
