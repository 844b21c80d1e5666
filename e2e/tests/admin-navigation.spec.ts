import { expect, settled, test, signInAs } from '../fixtures.ts';

// Issue 33: the back-office's screens stand in five named groups, each list labelled by its group, with the
// current screen's place said above it; by keyboard and screen reader, on a computer and on a phone.
const GROUPS: Array<[string, string[]]> = [
  ['Collection', ['Produits', 'Saisons', 'Stock']],
  [
    'Commerce de gros',
    [
      'Revendeurs',
      'Sociétés',
      'Agents commerciaux',
      'Commandes',
      'Modifications de commandes',
      'Propositions',
      'Répartition',
      'Listes d’attente',
      'Retours',
      'Production',
      'Ventes',
      'Conditions revendeur',
    ],
  ],
  ['Finances', ['Factures', 'Banque', 'Prélèvements', 'Facturation', 'Devises']],
  ['Contenu du site', ['Journal', 'Textes des pages', 'Où nous trouver', 'Messages']],
  ['Compte et suivi', ['Activité', 'Clés d’API', 'Webhooks', 'Mon compte', 'Voir le site']],
];

test.describe('the back-office navigation', () => {
  test('on a computer: a column of named groups beside the screen, each list labelled, the place said above', async ({ page, a11y }) => {
    await signInAs(page, 'admin');
    await expect(page).toHaveURL(/\/admin\/products$/);
    const nav = page.getByRole('navigation', { name: 'Navigation du back-office' });
    for (const [group, screens] of GROUPS) {
      const list = nav.getByRole('list', { name: group, exact: true });
      await expect(list).toBeVisible();
      await expect(list.getByRole('link')).toHaveText(screens);
    }
    // The column stands beside the screen, not above it.
    const navBox = (await nav.boundingBox())!;
    const mainBox = (await page.locator('#main').boundingBox())!;
    expect(navBox.x + navBox.width).toBeLessThanOrEqual(mainBox.x + 1);
    await expect(page.getByTestId('admin-place')).toHaveText('Collection · Produits');

    // By keyboard: the links are reached in order, and one opens its screen with its place.
    await nav.getByRole('link', { name: 'Prélèvements', exact: true }).focus();
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Facturation', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/invoicing$/);
    await settled(page);
    await expect(page.getByTestId('admin-place')).toHaveText('Finances · Facturation');
    await expect(nav.getByRole('link', { name: 'Facturation', exact: true })).toHaveAttribute('aria-current', 'page');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await a11y('back-office navigation');

    // A screen's sub-page belongs to it: an order is in "Commerce de gros · Commandes".
    await nav.getByRole('link', { name: 'Commandes', exact: true }).click();
    await settled(page);
    await expect(page.getByTestId('admin-place')).toHaveText('Commerce de gros · Commandes');
  });

  test('in English, on a 360 px phone: the Menu opens the same groups, stacked, without sideways scroll', async ({ page, a11y }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signInAs(page, 'admin');
    await expect(page).toHaveURL(/\/admin\/products$/);
    await page.goto('/admin/stock?lang=en');
    await settled(page);
    const nav = page.getByRole('navigation', { name: 'Back-office navigation' });
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: 'Menu' }).click();
    for (const group of ['Collection', 'Wholesale trade', 'Money', 'Site content', 'Account & activity']) {
      await expect(nav.getByRole('list', { name: group, exact: true })).toBeVisible();
    }
    await expect(page.getByTestId('admin-place')).toHaveText('Collection · Stock');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await a11y('back-office menu on a phone');
    await nav.getByRole('list', { name: 'Site content', exact: true }).getByRole('link', { name: 'Page texts' }).click();
    await expect(page).toHaveURL(/\/admin\/pages/);
    await expect(page.getByTestId('admin-place')).toHaveText('Site content · Page texts');
  });
});
