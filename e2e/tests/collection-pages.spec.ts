import { ARCHIVE_STYLES } from '../seed-history.ts';
import { expect, settled, test, signInAs } from '../fixtures.ts';

// Issue 43 on the public side and the owner's products: the collection pages with real links a crawler
// follows (no JavaScript needed) and filters by season; the owner finds a product among many.
test.describe('the collection at scale', () => {
  for (const viewport of [
    { name: 'desktop', width: 1280, height: 900 },
    { name: 'phone', width: 360, height: 740 },
  ]) {
    test(`a visitor without JavaScript pages the collection and filters it by season on a ${viewport.name}`, async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, locale: 'fr-FR', viewport: { width: viewport.width, height: viewport.height } });
      const page = await context.newPage();
      await page.goto('/');
      // The home shows the first page and leads to the whole collection.
      await expect(page.locator('#collection .product-card')).toHaveCount(24);
      await page.getByRole('link', { name: /Voir toute la collection \(\d+ modèles\)/ }).click();
      await expect(page).toHaveURL(/\/collection$/);
      const total = Number((await page.locator('.collection-count').textContent())!.match(/\d+/)![0]);
      expect(total).toBeGreaterThanOrEqual(8 + ARCHIVE_STYLES);
      await expect(page.locator('.product-card')).toHaveCount(24);
      const pager = page.getByRole('navigation', { name: 'Pages de la collection' });
      await expect(pager).toContainText(`Page 1 sur ${Math.ceil(total / 24)}`);
      // Page 2 is its own address, with its own canonical link, and holds the last styles.
      await pager.getByRole('link', { name: 'Page suivante' }).click();
      await expect(page).toHaveURL(/\/collection\?page=2$/);
      await expect(page.locator('.product-card')).toHaveCount(total - 24);
      await expect(page.getByRole('link', { name: /Archive 20 · Blouse Lavande/ })).toBeVisible();
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/collection\?page=2&lang=fr$/);
      await pager.getByRole('link', { name: 'Page précédente' }).click();
      await expect(page).toHaveURL(/\/collection\??$/);

      // A season keeps its styles only; the archive (in no season) is not among them.
      const seasons = page.getByRole('navigation', { name: 'Saisons' });
      await expect(seasons.getByRole('link', { name: 'Toute la collection' })).toHaveAttribute('aria-current', 'page');
      const season = seasons.getByRole('link').nth(1);
      const name = (await season.textContent())!;
      await season.click();
      await expect(page).toHaveURL(/\/collection\?season=[A-Z0-9]+$/);
      await expect(seasons.getByRole('link', { name })).toHaveAttribute('aria-current', 'page');
      const inSeason = await page.locator('.product-card').count();
      expect(inSeason).toBeGreaterThan(0);
      expect(inSeason).toBeLessThan(24);
      await expect(page.getByRole('link', { name: /Archive/ })).toHaveCount(0);
      await expect(pager).toHaveCount(0);
      const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(sideways).toBeLessThanOrEqual(0);
      await context.close();
    });
  }

  test('a crawler reaches every product from the collection’s pages; no price on any of them', async ({ request }) => {
    const seen = new Set<string>();
    let url: string | null = '/collection';
    for (let guard = 0; url && guard < 20; guard += 1) {
      const html = await (await request.get(url)).text();
      expect(html).not.toMatch(/prix revendeur|retailer price/i);
      for (const [, id] of html.matchAll(/href="\/collection\/(\d+)"/g)) seen.add(id!);
      const next = /<a [^>]*href="([^"]*page=\d+)"[^>]*rel="next"|<a [^>]*rel="next"[^>]*href="([^"]*page=\d+)"/.exec(html);
      url = next ? (next[1] ?? next[2])!.replace(/&amp;/g, '&') : null;
    }
    const total = Number((await (await request.get('/api/products?limit=1')).headers())['x-total-count']);
    expect(seen.size).toBe(total);
  });

  for (const viewport of [
    { name: 'desktop', width: 1280, height: 800 },
    { name: 'phone', width: 360, height: 740 },
  ]) {
    test(`the owner finds a product by reference or title, filters drafts, and the back button keeps the list (${viewport.name})`, async ({ page, a11y }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await signInAs(page, 'admin');
      await expect(page).toHaveURL(/\/admin\/products$/);
      await settled(page);
      const cards = page.getByTestId('admin-product-card');
      const count = page.locator('.list-count');
      await expect(count).toHaveText(/\d+ produits/);
      const search = page.getByRole('searchbox', { name: 'Rechercher une référence ou un titre' });
      await search.fill('arch-07');
      await page.getByRole('button', { name: 'Rechercher' }).click();
      await expect(page).toHaveURL(/[?&]q=arch-07/);
      await expect(count).toHaveText('1 produit');
      await expect(cards).toHaveCount(1);
      await expect(cards.first()).toContainText('Archive 7 · Blouse Lavande');
      // No arrows while searching: the order is the whole collection's.
      await expect(page.getByRole('button', { name: /Monter Archive 7/ })).toHaveCount(0);
      // By its English title, two words in any order, case ignored.
      await search.fill('LAVENDER archive');
      await page.getByRole('button', { name: 'Rechercher' }).click();
      await expect(count).toHaveText(`${ARCHIVE_STYLES} produits`);
      await a11y('products searched');
      // Edit opens the product; back returns to the same search.
      await cards
        .first()
        .getByRole('button', { name: /Modifier/ })
        .click();
      await expect(page.locator('#title-en')).toHaveValue(/Lavender blouse/);
      await page.goto('/admin/products?q=arch-1');
      await settled(page);
      await expect(cards).toHaveCount(10); // ARCH-10 … ARCH-19
      await page.goBack();
      await expect(page).toHaveURL(/q=LAVENDER/);
      await expect(search).toHaveValue('LAVENDER archive');
      // Drafts only, then every product again.
      await page.goto('/admin/products');
      await settled(page);
      await page.locator('#products-status').selectOption('draft');
      await expect(page).toHaveURL(/status=draft/);
      await page.goBack();
      await expect(page).not.toHaveURL(/status=/);
      const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(sideways).toBeLessThanOrEqual(0);
    });
  }
});
