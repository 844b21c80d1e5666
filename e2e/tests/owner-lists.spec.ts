import { expect, settled, test, signInAs } from '../fixtures.ts';

// Issue 43: the owner's stock and journal find one row by a search and keep it in the address.
test.describe('the owner’s stock and journal searched', () => {
  for (const viewport of [
    { name: 'desktop', width: 1280, height: 800 },
    { name: 'phone', width: 360, height: 740 },
  ]) {
    test(`she finds a style’s stock by its reference and a post by its title (${viewport.name})`, async ({ page, a11y }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await signInAs(page, 'admin');
      await expect(page).toHaveURL(/\/admin\/products$/);
      await page.goto('/admin/stock');
      await settled(page);
      const count = page.locator('.list-count');
      await expect(count).toHaveText(/\d+ modèles/);
      await page.getByRole('searchbox', { name: 'Rechercher une référence ou un titre' }).fill('SOL-ROBE');
      await page.getByRole('button', { name: 'Rechercher' }).click();
      await expect(page).toHaveURL(/[?&]q=SOL-ROBE/);
      await expect(count).toHaveText('1 modèle');
      await expect(page.getByRole('heading', { name: 'Robe Soleil' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Étole Tisserande' })).toHaveCount(0);
      await a11y('stock searched');
      // A shared link gives the same styles; nothing found says so.
      await page.goto('/admin/stock?q=zzz-aucun');
      await settled(page);
      await expect(page.getByText('Aucun modèle ne correspond.')).toBeVisible();

      await page.goto('/admin/blog');
      await settled(page);
      const posts = page.getByTestId('post-card');
      await expect(posts.first()).toBeVisible();
      await page.getByRole('searchbox', { name: 'Rechercher un titre' }).fill('TROIS SEMAINES');
      await page.getByRole('button', { name: 'Rechercher' }).click();
      await expect(page).toHaveURL(/[?&]q=TROIS/);
      await expect(page.locator('.list-count')).toHaveText('1 article');
      await expect(posts).toHaveCount(1);
      await expect(posts.first()).toContainText('Une robe, trois semaines');
      await a11y('journal searched');
      await page.goBack();
      await expect(page).not.toHaveURL(/q=/);
      const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(sideways).toBeLessThanOrEqual(0);
    });
  }
});
