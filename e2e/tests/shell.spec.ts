import { createHash } from 'node:crypto';
import { STORAGE_KEYS } from '@atelier/contract';
import { expect, settled, test, signInAs } from '../fixtures.ts';

const PUBLIC_ROUTES: Array<[string, string, string]> = [
  ['/', 'Le lin, le soleil et le temps long', 'Linen, sun and slow time'],
  ['/collection', 'La collection', 'The collection'],
  ['/collection/1', 'Étole Tisserande', 'Weaver’s stole'],
  ['/story', 'Notre histoire', 'Our story'],
  ['/faq', 'Questions fréquentes', 'Frequently asked questions'],
  ['/retailers', 'Devenir revendeur', 'Become a stockist'],
  ['/blog', 'Journal', 'Journal'],
  ['/contact', 'Contact', 'Contact'],
  ['/privacy', 'Politique de confidentialité', 'Privacy policy'],
  ['/legal', 'Mentions légales', 'Legal notice'],
];

for (const [route, fr, en] of PUBLIC_ROUTES) {
  test(`${route} renders in French and English`, async ({ page }) => {
    // A language named in the URL is a choice: it is kept for the next pages, so each check names its own.
    await page.goto(`${route}?lang=fr`);
    await expect(page.getByRole('heading', { level: 1 }), route).toHaveText(fr);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await page.goto(`${route}?lang=en`);
    await expect(page.getByRole('heading', { level: 1 }), `${route} en`).toHaveText(en);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
}

test('the language toggle switches the page, sets <html lang> and survives a reload', async ({ page }) => {
  await page.goto('/story');
  await settled(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('link', { name: 'Devenir revendeur' })).toBeVisible();
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our story');
  await expect(page.getByRole('link', { name: 'Become a stockist' })).toBeVisible();
  expect(await page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEYS.language)).toBe('en');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our story');
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Notre histoire');
});

test('the server follows Accept-Language when nothing else is chosen', async ({ browser }) => {
  const english = await browser.newContext({ locale: 'en-GB' });
  const page = await english.newPage();
  await page.goto('/faq');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently asked questions');
  await english.close();
  const german = await browser.newContext({ locale: 'de-DE' });
  const other = await german.newPage();
  await other.goto('/faq');
  await expect(other.locator('html')).toHaveAttribute('lang', 'fr');
  await german.close();
});

test('a stored language value that looks like script is discarded', async ({ page }) => {
  await page.goto('/');
  await page.evaluate((key) => window.localStorage.setItem(key, '<img src=x onerror=alert(1)>'), STORAGE_KEYS.language);
  let dialog = false;
  page.on('dialog', async (d) => {
    dialog = true;
    await d.dismiss();
  });
  await page.reload();
  await settled(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  // The page's scripts start after its first paint: the stored value is replaced once they have.
  await expect.poll(() => page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEYS.language)).toBe('fr');
  expect(dialog).toBe(false);
});

test('an unknown path lands on the home page', async ({ page }) => {
  const response = await page.goto('/this/does/not/exist');
  await expect(page).toHaveURL(/\/$/);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Le lin, le soleil et le temps long');
});

test('the footer links to privacy, legal and three social networks in a new tab', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
  await expect(footer.getByRole('link', { name: 'Confidentialité' })).toHaveAttribute('href', '/privacy');
  await expect(footer.getByRole('link', { name: 'Mentions légales' })).toHaveAttribute('href', '/legal');
  for (const [name, host] of [
    ['Instagram', 'instagram.com'],
    ['Pinterest', 'pinterest.com'],
    ['LinkedIn', 'linkedin.com'],
  ] as Array<[string, string]>) {
    const link = footer.getByRole('link', { name: new RegExp(`^${name}`) });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(link).toHaveAttribute('href', new RegExp(`^https://www\\.${host.replace('.', '\\.')}/$`));
  }
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the menu is a button that opens the navigation and closes on navigation', async ({ page, a11y }) => {
    await page.goto('/');
    await settled(page);
    const toggle = page.getByRole('button', { name: 'Menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('link', { name: 'Notre histoire' })).toBeHidden();
    await toggle.click();
    await expect(page.getByRole('button', { name: 'Fermer le menu' })).toHaveAttribute('aria-expanded', 'true');
    await a11y('mobile menu open');
    await page.getByRole('link', { name: 'Notre histoire' }).click();
    await expect(page).toHaveURL(/\/story$/);
    await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('link', { name: 'FAQ' })).toBeHidden();
  });

  test('the admin menu collapses and closes on navigation', async ({ page }) => {
    await signInAs(page, 'admin');
    await expect(page).toHaveURL(/\/admin\/products$/);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Revendeurs' }).click();
    await expect(page).toHaveURL(/\/admin\/retailers$/);
    await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});

test('an anonymous page gives every visitor the same bytes: its scripts allowed by their hashes, a shared cache may keep it; a signed-in page may not', async ({
  page,
  request,
}) => {
  const browserLike = { 'accept-encoding': 'gzip, deflate, br, zstd' };
  const a = await request.get('/?lang=fr', { headers: browserLike });
  const b = await request.get('/?lang=fr', { headers: browserLike });
  expect(a.headers()['content-encoding']).toBe('br');
  const policy = a.headers()['content-security-policy'] ?? '';
  expect(policy).not.toContain('nonce-');
  expect(b.headers()['content-security-policy']).toBe(policy);
  const html = await a.text();
  expect(await b.text()).toBe(html);
  // Every inline script that runs is named by its hash (JSON-LD data blocks do not run).
  const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attributes]) => !/src=|application\/ld\+json/.test(attributes!));
  expect(inline.length).toBeGreaterThan(0);
  for (const [, , code] of inline) expect(policy).toContain(`'sha256-${createHash('sha256').update(code!).digest('base64')}'`);
  // A ?lang= address names its language; a bare one may take it from the remembered choice.
  expect(a.headers()['cache-control']).toMatch(/^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/);
  expect(a.headers()['vary']).toBe('Accept-Encoding');
  expect((await request.get('/collection')).headers()['vary']).toBe('Accept-Language, Cookie, Accept-Encoding');
  // Signed-in pages, and any request carrying a token, stay private.
  expect((await request.get('/admin/products?lang=fr')).headers()['cache-control']).toBe('private, no-cache');
  expect((await request.get('/?lang=fr', { headers: { authorization: 'Bearer x' } })).headers()['cache-control']).toBe('private, no-cache');
  // In the browser, the page's scripts run (a blocked one would be a console error, which fails every test).
  await page.goto('/?lang=fr');
  await page.getByTestId('lang-toggle').first().click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});
