import { Webhook } from 'standardwebhooks';
import { ACCOUNTS } from '../env.ts';
import { expect, settled, test, signInAs } from '../fixtures.ts';
import { startReceiver, type Receiver } from '../../server/test/receiver.ts';

let receiver: Receiver;
test.beforeAll(async () => {
  receiver = await startReceiver();
});
test.afterAll(async () => receiver?.close());

// Issue 35: the owner's developer friend wants each new stockist in the label's CRM as soon as it is approved.
test('the owner adds an endpoint, copies its secret once, sees each change arrive signed, sends one again, turns it off', async ({ page, request, a11y }) => {
  const login = await request.post('/api/auth/login', { data: { email: ACCOUNTS.admin.email, password: ACCOUNTS.admin.password } });
  const owner = { authorization: `Bearer ${(await login.json()).access_token as string}` };
  /** A shop applies and the owner accepts it (through the API: the screen under test is the webhooks'). */
  const approve = async (email: string) => {
    expect(
      (
        await request.post('/api/retailers/contact', { data: { name: 'Inès Martin', email, company: 'Les Jours Lents', message: 'Bonjour', consent: true } })
      ).status(),
    ).toBe(202);
    const applications = (await (await request.get('/api/admin/retailers/applications', { headers: owner })).json()).data as Array<{
      id: number;
      email: string;
    }>;
    const id = applications.find((a) => a.email === email)!.id;
    expect((await request.post(`/api/admin/retailers/applications/${id}/accept`, { headers: owner })).status()).toBe(200);
    return id;
  };
  const stamp = Date.now();
  // Other tests approve shops meanwhile: this test counts the messages about its own.
  const mine = () => receiver.received.filter((r) => String(JSON.parse(r.body).data?.email ?? '').startsWith(`crm-${stamp}`));

  await signInAs(page, 'admin');
  await page.getByRole('link', { name: 'Webhooks', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
  await expect(page.getByTestId('admin-place')).toHaveText('Compte et suivi · Webhooks');
  await settled(page);

  // An address inside the network is refused with the reason; nothing is added.
  await page.getByLabel('Adresse (https)').fill('https://10.0.0.7/hooks');
  await page.getByRole('button', { name: 'Ajouter le point de réception' }).click();
  await expect(page.getByRole('alert')).toHaveText('Cette adresse mène dans un réseau privé (boucle locale, privé ou lien local) : le site n’y envoie rien.');
  await expect(page.getByText('Aucun point de réception pour l’instant.')).toBeVisible();
  // The address's own field carries the sentence and has the focus (issue 56).
  await expect(page.getByLabel('Adresse (https)')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Adresse (https)')).toBeFocused();

  await page.getByLabel('Adresse (https)').fill(receiver.url);
  await page.getByLabel('Description').fill('Nouveaux revendeurs dans le CRM');
  await page.getByLabel(/Une commande est passée/).uncheck();
  await page.getByLabel(/Un revendeur est accepté/).check();
  await page.getByRole('button', { name: 'Ajouter le point de réception' }).click();
  const shown = page.getByTestId('webhook-secret');
  await expect(shown).toContainText('Copiez-le dans l’outil maintenant : il ne sera plus jamais affiché.');
  const secret = await shown.getByLabel('Secret de signature').inputValue();
  expect(secret).toMatch(/^whsec_/);
  const card = page.getByTestId('webhook-row').filter({ hasText: receiver.url });
  await expect(card).toContainText('Actif');
  await expect(card).toContainText('Un revendeur est accepté');
  await expect(card).toContainText(secret.slice(0, 12));
  await a11y('webhook endpoint with its secret shown once');

  // A shop is approved: the CRM hears it within seconds, signed with the secret.
  const first = await approve(`crm-${stamp}@example.com`);
  await expect.poll(() => mine().length, { timeout: 10_000 }).toBe(1);
  const message = new Webhook(secret).verify(mine()[0]!.body, mine()[0]!.headers) as { type: string; data: { id: number; email: string; status: string } };
  expect(message.type).toBe('stockist.approved');
  expect(message.data).toMatchObject({ id: first, email: `crm-${stamp}@example.com`, status: 'accepted' });

  // The log says it was delivered; "Send again" sends the same event again.
  await page.reload();
  await settled(page);
  await card.getByRole('button', { name: `Envois vers ${receiver.url}` }).click();
  const row = page.getByTestId('webhook-delivery').filter({ hasText: mine()[0]!.headers['webhook-id']! });
  await expect(row).toContainText('Un revendeur est accepté');
  await expect(row).toContainText('Remis');
  await expect(row).toContainText('204');
  await a11y('webhook delivery log');
  await row.getByRole('button', { name: /^Renvoyer : Un revendeur est accepté/ }).click();
  await expect(page.getByText('« Un revendeur est accepté » sera renvoyé dans un instant.')).toBeVisible();
  await expect.poll(() => mine().length, { timeout: 10_000 }).toBe(2);
  expect(mine()[1]!.headers['webhook-id']).toBe(mine()[0]!.headers['webhook-id']);

  // Turned off, it is told nothing; the page never shows the secret again.
  await card.getByRole('button', { name: `Désactiver ${receiver.url}` }).click();
  await expect(page.getByText(`${receiver.url} est désactivé : les messages attendent qu’il soit réactivé.`)).toBeVisible();
  await expect(card).toContainText('Désactivé');
  await approve(`crm-${stamp}-2@example.com`);
  await page.waitForTimeout(2500);
  expect(mine()).toHaveLength(2);
  await expect(page.locator('body')).not.toContainText(secret);

  // At phone width the card wraps its address instead of widening the page.
  await page.setViewportSize({ width: 360, height: 780 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: test.info().outputPath('webhooks-360.png'), fullPage: true });
});
