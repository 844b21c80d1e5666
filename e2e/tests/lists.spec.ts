import { HISTORY_ORDERS, HISTORY_SHOP } from '../seed-history.ts';
import { expect, settled, test, signInAs } from '../fixtures.ts';

// Issue 43: the owner's lists answer a page at a time, with a search, and keep both in the address.
test.describe('lists at scale', () => {
  for (const viewport of [
    { name: 'desktop', width: 1280, height: 800 },
    { name: 'phone', width: 360, height: 740 },
  ]) {
    test(`the owner finds an order among many on a ${viewport.name}: pages, a search, the back button`, async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await signInAs(page, 'admin');
      await expect(page).toHaveURL(/\/admin\/products$/);
      await page.goto('/admin/orders');
      await settled(page);
      const rows = page.getByTestId('admin-order-row');
      const count = page.locator('.list-count');
      await expect(rows).toHaveCount(50);
      const total = Number((await count.textContent())!.match(/\d+/)![0]);
      expect(total).toBeGreaterThan(HISTORY_ORDERS);
      const pager = page.getByRole('navigation', { name: 'Pages des commandes' });
      await expect(pager).toContainText(`Page 1 sur ${Math.ceil(total / 50)}`);

      // The next page is a link: the address says which page, the back button returns to the first.
      await pager.getByRole('link', { name: 'Page suivante' }).click();
      await expect(page).toHaveURL(/[?&]page=2/);
      await expect(pager).toContainText('Page 2 sur');
      await expect(rows.first()).toContainText(HISTORY_SHOP.name);
      await page.goBack();
      await expect(page).not.toHaveURL(/page=/);
      await expect(pager).toContainText('Page 1 sur');

      // A search (accents and case ignored) keeps the tab, counts what it found, and pages it.
      await page.getByRole('searchbox', { name: 'Rechercher par numéro, boutique, ville, e-mail ou référence' }).fill('CÔLMAR');
      await page.getByRole('button', { name: 'Rechercher' }).click();
      await expect(page).toHaveURL(/[?&]q=C%C3%94LMAR/);
      await expect(count).toHaveText(`${HISTORY_ORDERS} commandes`);
      await expect(rows).toHaveCount(50);
      await expect(pager).toContainText('Page 1 sur 2');

      // One order by its number, opened, then back to the very same search.
      await page.getByRole('searchbox', { name: 'Rechercher par numéro, boutique, ville, e-mail ou référence' }).fill('2024-0007');
      await page.getByRole('button', { name: 'Rechercher' }).click();
      await expect(count).toHaveText('1 commande');
      await expect(pager).toHaveCount(0);
      await rows.getByRole('link', { name: '2024-0007' }).click();
      await expect(page).toHaveURL(/\/admin\/orders\/\d+/);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('2024-0007');
      await page.goBack();
      await expect(page.getByRole('searchbox', { name: 'Rechercher par numéro, boutique, ville, e-mail ou référence' })).toHaveValue('2024-0007');
      await expect(rows).toHaveCount(1);

      // A shared link gives the same list; nothing found says so; no sideways scroll.
      await page.goto('/admin/orders?status=all&q=colmar&page=2');
      await settled(page);
      await expect(page.getByRole('tab', { name: 'Toutes' })).toHaveAttribute('aria-selected', 'true');
      await expect(rows).toHaveCount(HISTORY_ORDERS - 50);
      await page.getByRole('searchbox', { name: 'Rechercher par numéro, boutique, ville, e-mail ou référence' }).fill('%_*"');
      await page.getByRole('button', { name: 'Rechercher' }).click();
      await expect(page.getByText('Aucune commande de cet onglet ne répond à cette recherche.')).toBeVisible();
      const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(sideways).toBeLessThanOrEqual(0);
    });
  }

  test('invoices and applications search and page in the address too; a shop pages its own orders', async ({ page, browser }) => {
    await signInAs(page, 'admin');
    await expect(page).toHaveURL(/\/admin\/products$/);
    await page.goto('/admin/invoices?q=zzz-nothing');
    await settled(page);
    await expect(page.getByRole('searchbox', { name: 'Rechercher par numéro ou client (nom, SIREN, n° de TVA, ville)' })).toHaveValue('zzz-nothing');
    await expect(page.getByText('Aucune facture ni aucun avoir ne répond à cette recherche.')).toBeVisible();
    await expect(page.locator('.list-count')).toHaveText('0 document');

    await page.goto('/admin/retailers');
    await settled(page);
    await page.getByRole('searchbox', { name: 'Rechercher par nom, société, e-mail, SIRET ou SIREN' }).fill('nobody-by-this-name');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await expect(page).toHaveURL(/q=nobody-by-this-name/);
    await expect(page.getByText('Aucune demande de cet onglet ne répond à cette recherche.')).toBeVisible();
    await page.getByRole('tab', { name: 'Acceptées' }).click();
    await expect(page).toHaveURL(/status=accepted/);
    await page.goBack();
    await expect(page.getByRole('tab', { name: 'En attente' })).toHaveAttribute('aria-selected', 'true');

    const shop = await (await browser.newContext()).newPage();
    await signInAs(shop, 'retailer');
    await expect(shop).toHaveURL(/\/collection$/);
    await shop.goto('/account/orders?page=9');
    await settled(shop);
    // A page past the end says there is nothing there and leads back.
    const pager = shop.getByRole('navigation', { name: 'Pages de mes commandes' });
    await pager.getByRole('link', { name: 'Page précédente' }).click();
    await expect(shop).not.toHaveURL(/page=/);
    await expect(pager).toHaveCount(0);
  });
});
