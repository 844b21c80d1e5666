import { Webhook } from 'standardwebhooks';
import { ACCOUNTS } from '../env.ts';
import { expect, settled, signIn, test } from '../fixtures.ts';
import { startReceiver, type Receiver } from '../../server/test/receiver.ts';

let receiver: Receiver;
test.beforeAll(async () => {
  receiver = await startReceiver();
});
test.afterAll(async () => receiver?.close());

// Issue 35: the owner's developer friend wants the stock pushed to a marketplace as it changes.
test('the owner adds an endpoint, copies its secret once, sees each change arrive signed, sends one again, turns it off', async ({ page, request, a11y }) => {
  const login = await request.post('/api/auth/login', { data: { email: ACCOUNTS.admin.email, password: ACCOUNTS.admin.password } });
  const owner = { authorization: `Bearer ${(await login.json()).access_token as string}` };
  // A draft style of its own, so no other test's stock moves.
  const product = await request.post('/api/admin/products', {
    headers: owner,
    data: {
      status: 'draft',
      reference: 'E2E-HOOK-01',
      seasonIds: [],
      translations: [
        { locale: 'fr', title: 'Robe Crochet', description: 'Lin.', mantra: '' },
        { locale: 'en', title: 'Hook dress', description: 'Linen.', mantra: '' },
      ],
      variants: [{ colorCode: '#B5573A', imageUrl: '/uploads/aaaaaaaaaaaaaaaaaaaaaaaa-1200x1500.webp', imageGallery: [], position: 0, price: 90, sizes: ['S', 'M'], translations: [{ locale: 'fr', colorName: 'Rouille' }, { locale: 'en', colorName: 'Rust' }] }],
    },
  });
  expect(product.status(), await product.text()).toBe(201);
  const variantId = (await product.json()).variants[0].id as number;

  await signIn(page, 'admin');
  await page.getByRole('link', { name: 'Webhooks', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
  await expect(page.getByTestId('admin-place')).toHaveText('Compte et suivi · Webhooks');
  await settled(page);

  // An address inside the network is refused with the reason; nothing is added.
  await page.getByLabel('Adresse (https)').fill('https://10.0.0.7/hooks');
  await page.getByRole('button', { name: 'Ajouter le point de réception' }).click();
  await expect(page.getByRole('alert')).toHaveText('Cette adresse mène dans un réseau privé (boucle locale, privé ou lien local) : le site n’y envoie rien.');
  await expect(page.getByText('Aucun point de réception pour l’instant.')).toBeVisible();

  await page.getByLabel('Adresse (https)').fill(receiver.url);
  await page.getByLabel('Description').fill('Stock vers la place de marché');
  await page.getByLabel(/Une commande est passée/).uncheck();
  await page.getByLabel(/Le stock change/).check();
  await page.getByRole('button', { name: 'Ajouter le point de réception' }).click();
  const shown = page.getByTestId('webhook-secret');
  await expect(shown).toContainText('Copiez-le dans l’outil maintenant : il ne sera plus jamais affiché.');
  const secret = await shown.getByLabel('Secret de signature').inputValue();
  expect(secret).toMatch(/^whsec_/);
  const card = page.getByTestId('webhook-row').filter({ hasText: receiver.url });
  await expect(card).toContainText('Actif');
  await expect(card).toContainText('Le stock change');
  await expect(card).toContainText(secret.slice(0, 12));
  await a11y('webhook endpoint with its secret shown once');

  // A count changes: the marketplace hears it within seconds, signed with the secret.
  const saved = await request.put('/api/admin/stock', { headers: owner, data: { items: [{ variantId, size: 'S', onHand: 4 }] } });
  expect(saved.status()).toBe(200);
  await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBe(1);
  const message = new Webhook(secret).verify(receiver.received[0]!.body, receiver.received[0]!.headers) as { type: string; data: { rows: Array<{ reference: string; cells: Array<{ size: string; onHand: number | null }> }> } };
  expect(message.type).toBe('stock.changed');
  expect(message.data.rows[0]!.reference).toBe('E2E-HOOK-01');
  expect(message.data.rows[0]!.cells.find((c) => c.size === 'S')!.onHand).toBe(4);

  // The log says it was delivered; "Send again" sends the same event again.
  await page.reload();
  await settled(page);
  await card.getByRole('button', { name: `Envois vers ${receiver.url}` }).click();
  const row = page.getByTestId('webhook-delivery').first();
  await expect(row).toContainText('Le stock change');
  await expect(row).toContainText('Remis');
  await expect(row).toContainText('204');
  await a11y('webhook delivery log');
  await row.getByRole('button', { name: /^Renvoyer : Le stock change/ }).click();
  await expect(page.getByText('« Le stock change » sera renvoyé dans un instant.')).toBeVisible();
  await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBe(2);
  expect(receiver.received[1]!.headers['webhook-id']).toBe(receiver.received[0]!.headers['webhook-id']);

  // Turned off, it is told nothing; the page never shows the secret again.
  await card.getByRole('button', { name: `Désactiver ${receiver.url}` }).click();
  await expect(page.getByText(`${receiver.url} est désactivé : les messages attendent qu’il soit réactivé.`)).toBeVisible();
  await expect(card).toContainText('Désactivé');
  await request.put('/api/admin/stock', { headers: owner, data: { items: [{ variantId, size: 'S', onHand: 3 }] } });
  await page.waitForTimeout(2500);
  expect(receiver.received).toHaveLength(2);
  await expect(page.locator('body')).not.toContainText(secret);

  // At phone width the card wraps its address instead of widening the page.
  await page.setViewportSize({ width: 360, height: 780 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: test.info().outputPath('webhooks-360.png'), fullPage: true });
});
