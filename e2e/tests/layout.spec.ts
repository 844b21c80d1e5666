import type { Page } from '@playwright/test';
import { expect, settled, storedToken, test, signInAs } from '../fixtures.ts';

// Runs in the `owner` project, after the others: orders exist by then, and nothing here writes.
test.describe.configure({ timeout: 420_000 });
// Every route is checked by axe in its own spec; here only the widths are.
test.use({ axeVisited: false });

const WIDTHS = [360, 1280];

/** The page is as wide as the window: nothing makes the screen scroll sideways. */
async function noSidewaysScroll(page: Page, where: string): Promise<void> {
  await settled(page);
  const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(scroll, `${where} at ${inner} px is ${scroll} px wide`).toBeLessThanOrEqual(inner);
}

async function visitAll(page: Page, paths: string[]): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of paths) {
      await page.goto(path);
      await noSidewaysScroll(page, path);
    }
  }
}

test.describe('no screen scrolls sideways, at 360 px and at 1280 px', () => {
  test('every public page', async ({ page }) => {
    await visitAll(page, [
      '/',
      '/collection',
      '/collection/8',
      '/collection/999999',
      '/story',
      '/faq',
      '/retailers',
      '/where-to-buy',
      '/where-to-buy?q=zzz',
      '/blog',
      '/blog/une-robe-trois-semaines',
      '/contact',
      '/privacy',
      '/legal',
      '/login',
      '/reset-password?token=nothing',
      '/?lang=en',
    ]);
  });

  test('every stockist screen', async ({ page }) => {
    await signInAs(page, 'orderer');
    await expect(page).toHaveURL(/\/collection$/);
    const token = await storedToken(page);
    const orders = await (await page.request.get('/api/orders', { headers: { authorization: `Bearer ${token}` } })).json();
    const id = (orders.data ?? orders)[0]?.id;
    expect(id, 'an order of the orders test').toBeDefined();
    await visitAll(page, [
      '/account',
      '/account/order',
      '/account/orders',
      `/account/orders/${id}`,
      '/account/invoices',
      '/account/proposals',
      '/account/waitlist',
      '/collection/8',
    ]);
  });

  test('every back-office screen, with a product in edit mode and the colour picker open', async ({ page }) => {
    await signInAs(page, 'admin');
    await expect(page).toHaveURL(/\/admin\/products$/);
    const token = await storedToken(page);
    const auth = { authorization: `Bearer ${token}` };
    const orders = await (await page.request.get('/api/admin/orders', { headers: auth })).json();
    const order = (orders.data ?? orders)[0]?.id;
    expect(order, 'an order of the orders test').toBeDefined();
    const products = await (await page.request.get('/api/admin/products', { headers: auth })).json();
    await visitAll(page, [
      '/admin/products',
      `/admin/products/${products[0].id}/preview`,
      '/admin/blog',
      '/admin/retailers',
      '/admin/orders',
      `/admin/orders/${order}`,
      '/admin/returns',
      '/admin/order-changes',
      '/admin/proposals',
      '/admin/allocation',
      '/admin/waitlists',
      '/admin/wholesale',
      '/admin/pages',
      '/admin/pages?page=story',
      '/admin/pages?page=faq',
      '/admin/pages?page=retailers',
      '/admin/listings',
      '/admin/activity',
      '/admin/api-keys',
      '/admin/webhooks',
      '/admin/invoicing',
      '/admin/invoices',
      '/admin/bank',
      '/admin/debits',
      // The demo's first invoice (last autumn's, paid).
      '/admin/invoices/1',
      '/account',
    ]);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/admin/products');
      await settled(page);
      const title = products[0].title as string;
      await page.getByRole('button', { name: `Modifier « ${title} »` }).click();
      await expect(page.locator('#title-fr')).not.toHaveValue('');
      await noSidewaysScroll(page, '/admin/products (editing)');
      await page
        .getByTestId('variant-0')
        .getByRole('button', { name: /^Code couleur/ })
        .click();
      await expect(page.getByRole('dialog', { name: 'Choisir une couleur' })).toBeVisible();
      await noSidewaysScroll(page, '/admin/products (colour picker)');
      await page.keyboard.press('Escape');
    }
  });
});
