import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { totpCode } from '../../server/test/authenticator.ts';
import { freePort, spawnServer, type ServerProcess } from '../../server/harness/server-process.ts';
import Database from 'better-sqlite3';
import { ACCOUNTS, E2E_DATA_DIR } from '../env.ts';
import { axeViolations, expect, settled, signIn, test } from '../fixtures.ts';

/** A screen of the second server (the guard's own axe pass covers the main one's): axe and no sideways scroll at both widths. */
/**
 * Waits for the next 30-second window when this one ends within 8 s: a code computed now still counts when the
 * server reads it (it takes the current and the previous window). On a slow machine the click that sends the
 * previous window's code could otherwise land two windows later (CI, 2026-12-07).
 */
async function aFreshWindow(): Promise<void> {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < 8_000) await new Promise((resolve) => setTimeout(resolve, left + 200));
}

async function bothWidths(page: Page, label: string): Promise<void> {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await axeViolations(page), `${label} at ${width}px`).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${label} at ${width}px`).toBeLessThanOrEqual(width);
  }
}

test.describe('sign-in that a stolen password cannot open', () => {
  test('a stockist sets up an authenticator app, then signs in with a code, and with a recovery code', async ({ page, a11y }) => {
    const account = ACCOUNTS.securer;
    await signIn(page, 'securer');
    await expect(page).toHaveURL(/\/collection$/);
    await page.goto('/account');
    await page.getByRole('link', { name: 'Connexion et sécurité' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Connexion et sécurité' })).toBeVisible();
    // This site is served from an IP address: passkeys are not offered, and the page says why.
    await expect(page.getByText('cette adresse est une adresse IP')).toBeVisible();
    await expect(page.getByTestId('sessions').getByText('Ce navigateur')).toBeVisible();

    await page.getByRole('button', { name: 'Configurer une application d’authentification' }).click();
    await expect(page.getByRole('img', { name: 'QR code contenant la clé d’authentification' })).toBeVisible();
    const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
    await a11y('authenticator set-up');
    // A wrong code is refused with the server's message; nothing is turned on.
    await page.getByLabel('Code affiché par l’application').fill(totpCode(secret, Date.now() + 600_000));
    await page.getByRole('button', { name: 'Activer' }).click();
    await expect(page.getByText('Ce code n’est pas le bon, ou il a déjà servi. Réessayez.')).toBeVisible();
    // The previous 30-second code is still accepted (a slow phone clock): the current one stays free for the sign-in below.
    await aFreshWindow();
    await page.getByLabel('Code affiché par l’application').fill(totpCode(secret, Date.now() - 30_000));
    await page.getByRole('button', { name: 'Activer' }).click();
    await expect(page.getByText('L’application d’authentification est activée.')).toBeVisible();
    const codes = (await page.getByTestId('recovery-codes').locator('code').allTextContents()).map((c) => c.trim());
    expect(codes).toHaveLength(10);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Télécharger (.txt)' }).click()]);
    expect(fs.readFileSync((await download.path())!, 'utf8')).toContain(codes[9]!);
    await a11y('recovery codes shown once');
    await page.getByRole('button', { name: 'Je les ai gardés' }).click();
    await expect(page.getByTestId('recovery-codes')).toHaveCount(0);
    await expect(page.getByTestId('totp-on')).toBeVisible();
    await expect(page.getByTestId('recovery-left')).toHaveText('Il reste 10 codes.');

    // Signed out, the password alone is not enough: the code of the app is asked.
    const signOutAndIn = async () => {
      await page.evaluate(() => window.localStorage.clear());
      await page.goto('/login');
      await settled(page);
      await page.getByLabel('E-mail').fill(account.email);
      await page.getByLabel('Mot de passe').fill(account.password);
      await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Encore une étape' })).toBeVisible();
    };
    await signOutAndIn();
    await a11y('second step of the sign-in');
    await page.getByLabel('Code', { exact: true }).fill('000000' === totpCode(secret, Date.now()) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Valider' }).click();
    await expect(page.getByText('Ce code n’est pas le bon, ou il a déjà servi. Réessayez.')).toBeVisible();
    await aFreshWindow();
    await page.getByLabel('Code', { exact: true }).fill(totpCode(secret, Date.now()));
    await page.getByRole('button', { name: 'Valider' }).click();
    await expect(page).toHaveURL(/\/collection$/);

    // And with a recovery code instead: it serves once.
    await signOutAndIn();
    await page.getByLabel('Code', { exact: true }).fill(codes[0]!);
    await page.getByRole('button', { name: 'Valider' }).click();
    await expect(page).toHaveURL(/\/collection$/);
    await page.goto('/account/security');
    await expect(page.getByTestId('recovery-left')).toHaveText('Il reste 9 codes.');

    // Twenty minutes later (the session's sign-in aged in the database), new codes ask to sign in
    // again: a used code is refused, an unused recovery code with the password carries on.
    const db = new Database(path.join(E2E_DATA_DIR, 'site.db'));
    db.prepare(`update auth_tokens set authenticated_at = ? where user_id = (select id from users where email = ?)`).run(
      new Date(Date.now() - 20 * 60_000).toISOString(),
      account.email,
    );
    db.close();
    await page.getByRole('button', { name: 'Créer de nouveaux codes' }).click();
    const reauth = page.getByTestId('reauth');
    await expect(reauth.getByRole('heading', { name: 'Confirmez que c’est vous' })).toBeFocused();
    await a11y('sign in again');
    const code = reauth.getByLabel('Code de votre application d’authentification (ou un code de secours)');
    await reauth.getByLabel('Mot de passe').fill(account.password);
    await code.fill(codes[0]!); // already used at the sign-in above
    await reauth.getByRole('button', { name: 'Confirmer' }).click();
    await expect(reauth.getByText('Ce code n’est pas le bon, ou il a déjà servi. Réessayez.')).toBeVisible();
    await code.fill(codes[1]!);
    await reauth.getByRole('button', { name: 'Confirmer' }).click();
    await expect(page.getByTestId('reauth')).toHaveCount(0);
    await expect(page.getByTestId('recovery-codes').locator('code')).toHaveCount(10);
    await page.getByRole('button', { name: 'Je les ai gardés' }).click();
    await expect(page.getByTestId('recovery-left')).toHaveText('Il reste 10 codes.');
  });

  test('under MFA_REQUIRED=admin an owner is sent to add a passkey, then signs in with it alone (Chromium’s virtual authenticator)', async ({ browser }) => {
    test.setTimeout(180_000);
    // Passkeys need a host name: a second server of the same build, at http://localhost, requiring a factor of administrators.
    const port = await freePort();
    const base = `http://localhost:${port}`;
    const dataDir = path.resolve(import.meta.dirname, `../.tmp/data-mfa-${port}`);
    const owner = { email: 'owner-mfa@e2e.example', password: 'owner-mfa-e2e-2026' };
    let server: ServerProcess | null = null;
    try {
      server = spawnServer(`http://127.0.0.1:${port}`, {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        DATA_DIR: dataDir,
        SEED: 'none',
        LOG_LEVEL: 'error',
        MFA_REQUIRED: 'admin',
        ADMIN_EMAIL: owner.email,
        ADMIN_PASSWORD: owner.password,
      });
      await server.ready(60_000);
      const context = await browser.newContext({ locale: 'fr-FR', baseURL: base });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      const cdp = await context.newCDPSession(page);
      await cdp.send('WebAuthn.enable');
      await cdp.send('WebAuthn.addVirtualAuthenticator', {
        options: {
          protocol: 'ctap2',
          transport: 'internal',
          hasResidentKey: true,
          hasUserVerification: true,
          isUserVerified: true,
          automaticPresenceSimulation: true,
        },
      });

      await page.goto('/login');
      await settled(page);
      await page.getByLabel('E-mail').fill(owner.email);
      await page.getByLabel('Mot de passe').fill(owner.password);
      await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
      // Straight to the Security section: the back-office is shut until a factor is added.
      await expect(page).toHaveURL(/\/account\/security$/);
      await expect(page.getByTestId('mfa-required')).toBeVisible();
      await bothWidths(page, 'security, factor required');
      await page.goto('/admin/orders');
      await expect(page).toHaveURL(/\/account\/security$/);

      await page.getByLabel('Nom de cette clé d’accès').fill('Ordinateur du bureau');
      await page.getByRole('button', { name: 'Ajouter une clé d’accès' }).click();
      await expect(page.getByText('La clé d’accès est ajoutée.')).toBeVisible();
      await expect(page.getByTestId('recovery-codes').locator('code')).toHaveCount(10);
      await page.getByRole('button', { name: 'Je les ai gardés' }).click();
      await expect(page.getByTestId('passkeys')).toContainText('Ordinateur du bureau');
      await expect(page.getByTestId('mfa-required')).toHaveCount(0);
      await bothWidths(page, 'security with a passkey');

      // The back-office opens now; signed out, the passkey alone signs the owner in.
      await page.goto('/admin/orders');
      await expect(page.getByRole('heading', { level: 1, name: 'Commandes' })).toBeVisible();
      // Where the browser offers passkeys in the e-mail field's suggestions, the login page asks at once
      // (the virtual authenticator picks the owner's passkey, as a person would in the list).
      await page.getByRole('button', { name: 'Se déconnecter' }).click();
      await expect(page).toHaveURL(/\/admin\/products$/);
      // Where it does not, the button does the same.
      await page.addInitScript(() => {
        window.PublicKeyCredential.isConditionalMediationAvailable = async () => false;
      });
      await page.evaluate(() => window.localStorage.clear());
      await page.goto('/login');
      await settled(page);
      await page.getByRole('button', { name: 'Se connecter avec une clé d’accès' }).click();
      await expect(page).toHaveURL(/\/admin\/products$/);
      await page.goto('/account/security');
      await expect(page.getByTestId('passkeys')).not.toContainText('pas encore utilisée');
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await server?.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
