import { BASE_URL } from '../env.ts';
import { expect, settled, test, waitForMail, signInAs } from '../fixtures.ts';

// Issue 34, item 1: the owner invites a sales agent; the agent chooses a password from the mail, signs
// in, sees trade prices, and never the back-office; turned off, the agent is signed out.
test('the owner invites a sales agent, who sets a password, sees trade prices and no back-office; turned off, the agent is out', async ({
  page,
  browser,
  a11y,
}) => {
  const email = `agent-${Date.now()}@example.com`;
  const since = Date.now() - 1000;
  await signInAs(page, 'admin');
  await expect(page).toHaveURL(/\/admin\/products$/);
  await page.getByRole('link', { name: 'Agents commerciaux', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Agents commerciaux' })).toBeVisible();
  await expect(page.getByTestId('admin-place')).toHaveText('Commerce de gros · Agents commerciaux');
  await settled(page);

  // A commission that is not a percentage is refused with the reason.
  await page.getByLabel('Nom', { exact: true }).fill('Claire Vidal');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Commission (%)').fill('75');
  await page.getByRole('button', { name: 'Envoyer l’invitation' }).click();
  await expect(page.getByRole('alert')).toHaveText('La commission est un pourcentage de 0 à 50, avec 2 décimales au plus, ou aucune.');
  await page.getByLabel('Commission (%)').fill('7,5');
  await page.getByRole('button', { name: 'Envoyer l’invitation' }).click();
  await expect(page.getByText('Claire Vidal est invité·e : le mail avec le lien est en route.')).toBeVisible();
  const row = page.getByTestId('agent-row').filter({ hasText: email });
  await expect(row).toContainText('7,5 %');
  await expect(row).toContainText('mot de passe pas encore choisi');
  await a11y('the sales agents');
  // On a phone the list scrolls inside its box, never the page; axe is clean there too.
  await page.setViewportSize({ width: 360, height: 780 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await a11y('the sales agents at 360 px');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The agent's mail, the link, the password, the sign-in.
  const mail = await waitForMail(email, since);
  expect(mail).toContain(`Votre identifiant de connexion est : ${email}`);
  const link = /(http:\/\/127\.0\.0\.1:\d+\/reset-password\?token=[A-Za-z0-9_-]+&lang=fr)/.exec(mail)![1]!;
  const context = await browser.newContext({ locale: 'fr-FR' });
  const agent = await context.newPage();
  await agent.goto(link.replace(BASE_URL, ''));
  await settled(agent);
  await agent.getByLabel('Nouveau mot de passe', { exact: true }).fill('showroom-2027');
  await agent.getByLabel('Confirmez le nouveau mot de passe').fill('showroom-2027');
  await agent.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect(agent.getByRole('status')).toContainText('Votre mot de passe est enregistré');
  await agent.getByRole('link', { name: 'Se connecter' }).click();
  await agent.getByLabel('E-mail').fill(email);
  await agent.getByLabel('Mot de passe').fill('showroom-2027');
  await agent.getByRole('button', { name: 'Se connecter' }).click();
  // An agent's home is the showroom app; the collection shows them trade prices.
  await expect(agent).toHaveURL(/\/showroom$/);
  await agent.goto('/collection');
  await agent.getByRole('link', { name: /Robe Soleil/ }).click();
  await expect(agent.getByTestId('trade-price')).toHaveText(/^118,00\s€$/);
  // No order grid: an agent takes orders in the showroom, for a stockist.
  await expect(agent.getByRole('button', { name: 'Ajouter à la commande' })).toHaveCount(0);
  // The account says what they are; the back-office sends them home.
  await agent.getByTestId('account-menu').click();
  await agent.getByRole('link', { name: 'Mon compte' }).click();
  await expect(agent.getByTestId('account-role')).toHaveText('Agent commercial');
  await agent.goto('/admin/orders');
  // The back-office sends an agent to their home, the showroom.
  await expect(agent).toHaveURL(/\/showroom$/);

  // Turned off: at the next call the agent's session is over.
  await page.reload();
  await settled(page);
  page.once('dialog', (dialog) => void dialog.accept());
  await row.getByRole('button', { name: 'Désactiver le compte de Claire Vidal' }).click();
  await expect(page.getByText('Le compte de Claire Vidal est désactivé.')).toBeVisible();
  await expect(row).toContainText('Désactivé');
  await agent.goto('/account');
  await expect(agent).toHaveURL(/\/login/);
  await context.close();
});
