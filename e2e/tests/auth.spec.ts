import { ACCOUNTS, BASE_URL } from '../env.ts';
import { expect, settled, signIn, storedToken, test, waitForMail } from '../fixtures.ts';

test.describe('sign in', () => {
  test('an admin lands on /admin/products with the back-office shell', async ({ page }) => {
    await signIn(page, 'admin');
    await expect(page).toHaveURL(/\/admin\/products$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Produits' })).toBeVisible();
    const shell = page.getByRole('navigation', { name: 'Navigation du back-office' });
    for (const [name, href] of [
      ['Produits', '/admin/products'],
      ['Journal', '/admin/blog'],
      ['Revendeurs', '/admin/retailers'],
      ['Mon compte', '/account'],
      ['Voir le site', '/'],
    ] as Array<[string, string]>) {
      await expect(shell.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(await storedToken(page)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  test('a retailer lands on /collection and sees the account menu labelled with the e-mail', async ({ page, a11y }) => {
    await signIn(page, 'retailer');
    await expect(page).toHaveURL(/\/collection$/);
    const menu = page.getByRole('button', { name: ACCOUNTS.retailer.email });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('link', { name: 'Mon compte' })).toBeVisible();
    await a11y('open account menu');
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    // No dashboard link for a retailer.
    await expect(page.getByRole('link', { name: 'Tableau de bord' })).toHaveCount(0);
  });

  test('a wrong password shows the sign-in error, in each language', async ({ page, a11y }) => {
    await signIn(page, 'admin', 'not-the-password-1');
    await expect(page.getByRole('alert')).toHaveText('Impossible de se connecter avec ces identifiants.');
    await expect(page).toHaveURL(/\/login$/);
    await a11y('login error');
    await page.getByTestId('lang-toggle').click();
    await page.getByLabel('Password').fill('still-wrong-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Unable to sign in with these credentials.');
  });

  test('empty fields are refused before any call', async ({ page }) => {
    await page.goto('/login');
    await settled(page);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    // The browser's own validation keeps the form from submitting.
    await expect(page.getByLabel('E-mail')).toHaveJSProperty('validity.valueMissing', true);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an authenticated visit to /login is redirected to the role home', async ({ page }) => {
    await signIn(page, 'retailer');
    await expect(page).toHaveURL(/\/collection$/);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/collection$/);
  });
});

test.describe('guards', () => {
  const protectedRoutes = ['/account', '/admin', '/admin/products', '/admin/blog', '/admin/retailers'];

  test('an anonymous visitor is sent to /login from every protected route', async ({ page }) => {
    for (const route of protectedRoutes) {
      await page.goto(route);
      await expect(page, route).toHaveURL(/\/login$/);
    }
  });

  test('a retailer is sent to /collection from every admin route, and may open /account', async ({ page }) => {
    await signIn(page, 'retailer');
    await expect(page).toHaveURL(/\/collection$/);
    for (const route of protectedRoutes.slice(1)) {
      await page.goto(route);
      await expect(page, route).toHaveURL(/\/collection$/);
    }
    await page.goto('/account');
    await expect(page.getByTestId('account-email')).toHaveText(ACCOUNTS.retailer.email);
    await expect(page.getByTestId('account-role')).toHaveText('Revendeur');
  });

  test('an admin may open /account and /admin redirects to /admin/products', async ({ page }) => {
    await signIn(page, 'admin');
    await expect(page).toHaveURL(/\/admin\/products$/);
    await page.goto('/account');
    await expect(page.getByTestId('account-role')).toHaveText('Administrateur');
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/products$/);
  });

  test('while the session loads, a status message is shown', async ({ page }) => {
    await signIn(page, 'admin');
    await expect(page).toHaveURL(/\/admin\/products$/);
    // Remove the stored user: the screen must wait for /auth/me, saying so.
    await page.evaluate(() => window.localStorage.removeItem('atelier.auth.user'));
    await page.route('**/api/auth/me', async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await page.goto('/admin/blog');
    await expect(page.getByRole('status')).toHaveText('Chargement de votre session…');
    await expect(page.getByRole('heading', { level: 1, name: 'Journal' })).toBeVisible();
  });

  test('the protected pages are noindex', async ({ request }) => {
    for (const route of ['/login', '/account', '/reset-password', '/admin/products', '/admin/blog', '/admin/retailers']) {
      const html = await (await request.get(route)).text();
      expect(html, route).toContain('<meta name="robots" content="noindex, nofollow"/>');
    }
    const home = await (await request.get('/')).text();
    expect(home).not.toContain('noindex');
  });
});

test.describe('sessions', () => {
  test('logout from the back-office goes to /login and revokes the token', async ({ page, request }) => {
    await signIn(page, 'admin');
    await expect(page).toHaveURL(/\/admin\/products$/);
    const token = await storedToken(page);
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedToken(page)).toBeNull();
    const me = await request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(401);
  });

  test('a retailer logs out from the account menu', async ({ page }) => {
    await signIn(page, 'retailer');
    await expect(page).toHaveURL(/\/collection$/);
    await page.getByRole('button', { name: ACCOUNTS.retailer.email }).click();
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/account');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a session revoked on the server ends with the session-expired message', async ({ page, request }) => {
    await signIn(page, 'expiring');
    await expect(page).toHaveURL(/\/admin\/products$/);
    // The list has loaded: revoking before its own request would end the session on that request.
    await expect(page.getByRole('link', { name: /^Aperçu de / }).first()).toBeVisible();
    const token = await storedToken(page);
    expect((await request.post('/api/auth/logout', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(204);
    await page.getByRole('navigation', { name: 'Navigation du back-office' }).getByRole('link', { name: 'Journal' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Votre session a expiré. Veuillez vous reconnecter.')).toBeVisible();
  });
});

test.describe('passwords', () => {
  test('a password change clears the fields, then the new password signs in', async ({ page, a11y }) => {
    await signIn(page, 'changer');
    await expect(page).toHaveURL(/\/collection$/);
    await page.goto('/account');
    await expect(page.getByText('Au moins 8 caractères, en mêlant lettres et chiffres.')).toBeVisible();

    await page.getByLabel('Mot de passe actuel').fill(ACCOUNTS.changer.password);
    await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('newpass123');
    await page.getByLabel('Confirmez le nouveau mot de passe').fill('newpass999');
    await page.getByRole('button', { name: 'Mettre à jour le mot de passe' }).click();
    await expect(page.getByRole('alert')).toHaveText('Le nouveau mot de passe et sa confirmation ne correspondent pas.');
    await a11y('password mismatch');

    await page.getByLabel('Mot de passe actuel').fill('wrong-current-1');
    await page.getByLabel('Confirmez le nouveau mot de passe').fill('newpass123');
    await page.getByRole('button', { name: 'Mettre à jour le mot de passe' }).click();
    await expect(page.getByRole('alert')).toHaveText('Le mot de passe actuel est incorrect.');

    await page.getByLabel('Mot de passe actuel').fill(ACCOUNTS.changer.password);
    await page.getByRole('button', { name: 'Mettre à jour le mot de passe' }).click();
    await expect(page.getByRole('status')).toHaveText('Votre mot de passe a été mis à jour.');
    for (const label of ['Mot de passe actuel', 'Nouveau mot de passe', 'Confirmez le nouveau mot de passe']) {
      await expect(page.getByLabel(label, { exact: true })).toHaveValue('');
    }

    await page.getByRole('button', { name: ACCOUNTS.changer.email }).click();
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, 'changer');
    await expect(page.getByRole('alert')).toHaveText('Impossible de se connecter avec ces identifiants.');
    await signIn(page, 'changer', 'newpass123');
    await expect(page).toHaveURL(/\/collection$/);
  });

  test('a forgotten password is reset through the link in the mail', async ({ page, a11y }) => {
    const since = Date.now() - 1000;
    await page.goto('/login');
    await settled(page);
    await page.getByRole('button', { name: 'Mot de passe oublié ?' }).click();
    await page.getByLabel('E-mail').fill(ACCOUNTS.resetter.email);
    await page.getByRole('button', { name: 'Envoyer le lien' }).click();
    await expect(page.getByRole('status')).toContainText('Si un compte existe pour cette adresse');
    await a11y('forgot password sent');

    const mail = await waitForMail(ACCOUNTS.resetter.email, since);
    expect(mail).toContain('Subject: =?UTF-8?');
    const link = /(http:\/\/127\.0\.0\.1:\d+\/reset-password\?token=[A-Za-z0-9_-]+&lang=fr)/.exec(mail)?.[1];
    expect(link, 'reset link in the mail').toBeTruthy();
    expect(link!.startsWith(BASE_URL)).toBe(true);

    await page.goto(link!.replace(BASE_URL, ''));
    await settled(page);
    await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('onlyletters');
    await page.getByLabel('Confirmez le nouveau mot de passe').fill('onlyletters');
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await expect(page.getByRole('alert')).toHaveText('Le mot de passe doit compter au moins 8 caractères et mêler lettres et chiffres.');
    await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('brandnew2027');
    await page.getByLabel('Confirmez le nouveau mot de passe').fill('brandnew2027');
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await expect(page.getByRole('status')).toHaveText('Votre mot de passe est enregistré. Vous pouvez maintenant vous connecter.');

    // The link works once.
    await page.goto(link!.replace(BASE_URL, ''));
    await settled(page);
    await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('another2028');
    await page.getByLabel('Confirmez le nouveau mot de passe').fill('another2028');
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await expect(page.getByRole('alert')).toHaveText('Ce lien n’est pas valide ou a expiré. Demandez-en un nouveau.');

    await signIn(page, 'resetter', 'brandnew2027');
    await expect(page).toHaveURL(/\/collection$/);
  });

  test('a reset page without a token says the link is incomplete', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page.getByRole('alert')).toHaveText('Ce lien est incomplet. Utilisez le lien reçu par e-mail, ou demandez-en un nouveau.');
  });
});
