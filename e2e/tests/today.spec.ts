import { expect, settled, test, signInAs } from '../fixtures.ts';

// Issue 43: what waits for the owner today, a line each, the count as the link to its list; both languages, both widths.
test.describe('the owner’s home', () => {
  for (const viewport of [
    { name: 'desktop', width: 1280, height: 800 },
    { name: 'phone', width: 360, height: 740 },
  ]) {
    test(`says what waits and opens each list, on a ${viewport.name}`, async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await signInAs(page, 'admin');
      await expect(page).toHaveURL(/\/admin\/products$/);
      await page.goto('/admin/today');
      await settled(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aujourd’hui');
      const list = page.getByTestId('today-list');
      // The e2e site holds sent orders (the history of two years ago among them).
      const confirm = list.getByRole('link', { name: /commandes? à confirmer$/ });
      await expect(confirm).toBeVisible();
      const count = Number(await confirm.textContent());
      expect(count).toBeGreaterThan(50);
      await confirm.click();
      await expect(page).toHaveURL(/\/admin\/orders$/);
      await settled(page);
      await expect(page.getByRole('tab', { name: 'Envoyée' })).toHaveAttribute('aria-selected', 'true');
      await page.goBack();
      await settled(page);
      // Every line opens a list of the back-office (which lines show depends on what other tests left).
      for (const href of await list.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')))) {
        expect(href).toMatch(/^\/admin\/(orders|retailers|invoices|webhooks|stock)(\?|$)/);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

      // In English, the same lines.
      await page.goto('/admin/today?lang=en');
      await settled(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Today');
      await expect(page.getByTestId('today-list').getByRole('link', { name: /orders? to confirm$/ })).toBeVisible();
      // The navigation reaches it first (behind the Menu on a phone).
      const link = page.locator('nav[aria-label="Back-office navigation"] a[href="/admin/today"]');
      await expect(link).toHaveText('Today');
      await expect(link).toHaveAttribute('aria-current', 'page');
    });
  }
});
