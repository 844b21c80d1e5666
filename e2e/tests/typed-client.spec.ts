import { expect, settled, test, signInAs } from '../fixtures.ts';

// Issue 33: the screens call the API through one client typed from the contract, which checks each
// answer against the schema the server serializes with. An answer that does not match (a server of
// another version, a proxy's page, a bug) is reported and the screen shows its own failure message:
// it never renders half an order. (Every other test of the suite runs with the check on: a real
// answer that failed it would be a console error, which fails the test that met it.)
test.use({ allowConsole: [/does not match its schema/] });

const mismatches = (page: import('@playwright/test').Page) => page.evaluate(() => (window as { __apiMismatches?: string[] }).__apiMismatches ?? []);

test('a stockist’s orders answered in a shape the contract does not know: reported, the screen says it could not load them', async ({ page }) => {
  await signInAs(page, 'retailer');
  await expect(page).toHaveURL(/\/collection$/);
  await page.route(
    (url) => url.pathname === '/api/orders',
    (route) => route.fulfill({ json: { data: [{ id: 'not-a-number', number: 'BOGUS-1', total: 'lots' }] } }),
  );
  await page.goto('/account/orders');
  await settled(page);
  await expect(page.getByText('Impossible de charger votre commande.')).toBeVisible();
  await expect(page.getByText('BOGUS-1')).toHaveCount(0);
  expect(await mismatches(page)).toEqual(['GET /orders']);
});

test('the owner’s order list answered with a wrong shape: the list is not drawn, the failure is said, the real answer then draws it', async ({ page }) => {
  await signInAs(page, 'admin');
  await expect(page).toHaveURL(/\/admin\/products$/);
  const orderList = (url: URL) => url.pathname === '/api/admin/orders';
  await page.route(orderList, (route) => route.fulfill({ json: { orders: [] } }));
  await page.goto('/admin/orders');
  await settled(page);
  await expect(page.getByText('Impossible de charger les commandes.')).toBeVisible();
  expect(await mismatches(page)).toEqual(['GET /admin/orders']);

  // The same screen with the server's own answer: checked, drawn, nothing reported.
  await page.unroute(orderList);
  await page.reload();
  await settled(page);
  await expect(page.getByText('Impossible de charger les commandes.')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await mismatches(page)).toEqual([]);
});
