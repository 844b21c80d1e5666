import type { APIRequestContext } from '@playwright/test';
import { expect, settled, signInAs, test } from '../fixtures.ts';
import { ACCOUNTS } from '../env.ts';

async function token(request: APIRequestContext, account: keyof typeof ACCOUNTS): Promise<{ authorization: string }> {
  const res = await request.post('/api/auth/login', { data: { email: ACCOUNTS[account].email, password: ACCOUNTS[account].password } });
  expect(res.status()).toBe(200);
  return { authorization: `Bearer ${(await res.json()).access_token}` };
}

test.describe('orders that change (issue 57)', () => {
  test('the shop asks a change of three lines from its order page; the owner accepts two and refuses one with a reason; the shop reads revision 2', async ({
    page,
    browser,
    request,
  }) => {
    // The shop's sent order: 3 of each of three sizes of the spring dress (through the API).
    const admin = await token(request, 'admin');
    const shopAuth = await token(request, 'amender');
    const products = (await (await request.get('/api/admin/products', { headers: admin })).json()) as Array<{
      reference: string;
      variants: Array<{ id: number; sizes: string[] }>;
    }>;
    const variant = products.find((p) => p.reference === 'MS27-SOL-ROBE-01')!.variants[0]!;
    const sizes = variant.sizes.slice(0, 3);
    const lines = sizes.map((size) => ({ variantId: variant.id, size, quantity: 3 }));
    expect((await request.put('/api/orders/draft', { headers: shopAuth, data: { lines } })).status()).toBe(200);
    const sent = await request.post('/api/orders/draft/submit', { headers: { ...shopAuth, 'idempotency-key': `e2e-change-${Date.now()}` }, data: {} });
    expect(sent.status(), await sent.text()).toBe(201);
    const order = (await sent.json()) as { id: number; number: string };

    // The shop asks: one more of the first size, none of the second, four of the third.
    const shop = await browser.newContext();
    const shopPage = await shop.newPage();
    await signInAs(shopPage, 'amender');
    await shopPage.goto(`/account/orders/${order.id}`);
    await settled(shopPage);
    const form = shopPage.getByTestId('order-change-form');
    const field = (size: string) => form.getByLabel(`Robe Soleil · Terracotta · ${size} (actuellement 3)`);
    await field(sizes[0]!).fill('4');
    await field(sizes[1]!).fill('0');
    await field(sizes[2]!).fill('5');
    await form.getByLabel('Un mot pour la marque (facultatif)').fill('La vitrine change en mars.');
    await form.getByRole('button', { name: 'Demander cette modification' }).click();
    await expect(shopPage.getByRole('status').filter({ hasText: 'Votre modification est envoyée' })).toBeVisible();
    await expect(shopPage.getByTestId('order-change-status')).toHaveText('en attente de la marque');
    await expect(shopPage.getByTestId('order-change-item')).toHaveCount(3);
    for (const width of [360, 1280]) {
      await shopPage.setViewportSize({ width, height: 800 });
      expect(await shopPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }

    // The owner accepts two lines of three: the second stays, with a reason.
    // The owner sees it waiting on her home, opens the list of changes, then the order.
    await signInAs(page, 'admin');
    await page.goto('/admin/today');
    await settled(page);
    await page.getByRole('link', { name: /modifications? de commande à décider/ }).click();
    await expect(page).toHaveURL(/\/admin\/order-changes/);
    await page.getByTestId('order-change-row').filter({ hasText: order.number }).getByRole('link', { name: order.number }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/orders/${order.id}`));
    await settled(page);
    const panel = page.getByTestId('order-change-panel');
    await expect(panel.getByText('“La vitrine change en mars.”')).toBeVisible();
    await panel.getByLabel(`Accepter : Robe Soleil · Terracotta · ${sizes[1]}`).uncheck();
    await panel.getByLabel('Raison des lignes refusées (envoyée à la boutique)').fill('Cette taille est déjà coupée.');
    await panel.getByRole('button', { name: 'Accepter 2 ligne(s) sur 3' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'la commande est en révision 2' })).toBeVisible();
    await expect(page.getByTestId('order-change-status')).toHaveText('acceptée en partie');
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }

    // The shop reads revision 2: its lines as accepted, the refused line and the reason.
    await shopPage.reload();
    await settled(shopPage);
    await expect(shopPage.getByTestId('order-change-status')).toHaveText('acceptée en partie');
    await expect(shopPage.getByTestId('order-change-decision')).toHaveText(['acceptée', 'refusée', 'acceptée']);
    await expect(shopPage.getByTestId('order-change-reason')).toContainText('Cette taille est déjà coupée.');
    await expect(shopPage.getByRole('heading', { name: /révision 2/ })).toBeVisible();
    const now = (await (await request.get(`/api/orders/${order.id}`, { headers: shopAuth })).json()) as {
      revision: number;
      lines: Array<{ quantity: number }>;
    };
    expect(now.revision).toBe(2);
    expect(now.lines.map((l) => l.quantity)).toEqual([4, 3, 5]);
    await shop.close();
  });

  test('the owner changes an order herself: one line to the second delivery, an order of its own; the shop reads both', async ({ page, browser, request }) => {
    const admin = await token(request, 'admin');
    const shopAuth = await token(request, 'mover');
    const products = (await (await request.get('/api/admin/products', { headers: admin })).json()) as Array<{
      reference: string;
      variants: Array<{ id: number; sizes: string[] }>;
    }>;
    const variant = products.find((p) => p.reference === 'MS27-SOL-ROBE-01')!.variants[0]!;
    const sizes = variant.sizes.slice(0, 2);
    const third = variant.sizes[2]!;
    const lines = sizes.map((size) => ({ variantId: variant.id, size, quantity: 3 }));
    expect((await request.put('/api/orders/draft', { headers: shopAuth, data: { lines } })).status()).toBe(200);
    const sent = await request.post('/api/orders/draft/submit', { headers: { ...shopAuth, 'idempotency-key': `e2e-move-${Date.now()}` }, data: {} });
    expect(sent.status(), await sent.text()).toBe(201);
    const order = (await sent.json()) as { id: number; number: string };

    await signInAs(page, 'admin');
    await page.goto(`/admin/orders/${order.id}`);
    await settled(page);
    const panel = page.getByTestId('order-change-panel');
    await panel.getByText('Modifier moi-même cette commande').click();
    const window = panel.getByLabel(`Fenêtre de livraison de Robe Soleil · Terracotta · ${sizes[1]}`);
    await expect(window).toHaveValue(/\d+/);
    await window.selectOption({ label: 'Deuxième livraison' });
    // And a third size, two pieces.
    const add = panel.getByTestId('order-change-add');
    await add.getByLabel('Taille', { exact: true }).selectOption({ label: third });
    await add.getByLabel('Quantité', { exact: true }).fill('2');
    await add.getByRole('button', { name: 'Ajouter cette taille' }).click();
    await expect(add.getByTestId('order-change-added')).toHaveText([`Robe Soleil · Terracotta · ${third} × 2 Retirer`]);
    await panel.getByLabel('Un mot pour la boutique (facultatif, dans son mail)').fill('Comme convenu au téléphone.');
    await panel.getByRole('button', { name: 'Modifier la commande' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'la commande est en révision 2' })).toBeVisible();
    const items = panel.getByTestId('order-change-item');
    await expect(items).toHaveCount(2);
    await expect(items.nth(1)).toContainText(`Robe Soleil · Terracotta · ${third}`);
    const moved = items.first();
    await expect(moved).toContainText(`Robe Soleil · Terracotta · ${sizes[1]} : fenêtre de livraison`);
    await expect(moved).toContainText('Première livraison');
    await expect(moved).toContainText(/Deuxième livraison · commande \d{4}-\d{4}/);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
    const split = /commande (\d{4}-\d{4})/.exec((await moved.textContent()) ?? '')![1]!;

    // The shop reads its order at revision 2 with one line, and the moved line's order in its list.
    const shop = await browser.newContext();
    const shopPage = await shop.newPage();
    await signInAs(shopPage, 'mover');
    await shopPage.goto(`/account/orders/${order.id}`);
    await settled(shopPage);
    await expect(shopPage.getByRole('heading', { name: /révision 2/ })).toBeVisible();
    await expect(shopPage.getByTestId('order-change-item').first()).toContainText(`Deuxième livraison · commande ${split}`);
    const now = (await (await request.get(`/api/orders/${order.id}`, { headers: shopAuth })).json()) as { lines: Array<{ size: string; quantity: number }> };
    expect(now.lines.map((l) => [l.size, l.quantity])).toEqual([
      [sizes[0], 3],
      [third, 2],
    ]);
    const mine = (await (await request.get('/api/orders?lang=fr', { headers: shopAuth })).json()) as {
      data: Array<{ number: string; delivery: { name: string } | null }>;
    };
    expect(mine.data.find((o) => o.number === split)?.delivery?.name).toBe('Deuxième livraison');
    await shop.close();
  });

  test('the owner writes a proposal for a shop; the shop changes a quantity and sends it as its order', async ({ page, browser, request }) => {
    await signInAs(page, 'admin');
    await page.goto('/admin/proposals');
    await settled(page);
    const form = page.getByTestId('proposal-form');
    await form.getByLabel('Trouver la boutique').fill('proposee@e2e');
    await expect(form.getByLabel('Boutique', { exact: true }).locator('option')).toHaveCount(1);
    await form.getByLabel('Trouver un modèle (nom ou référence)').fill('MS27-SOL-ROBE-01');
    await expect(form.getByLabel('Modèle', { exact: true }).locator('option')).toHaveCount(1);
    const sizes = await form.getByLabel('Taille', { exact: true }).locator('option').allTextContents();
    for (const size of sizes.slice(0, 2)) {
      await form.getByLabel('Taille', { exact: true }).selectOption({ label: size });
      await form.getByLabel('Quantité', { exact: true }).fill('3');
      await form.getByRole('button', { name: 'Ajouter la ligne' }).click();
    }
    await expect(form.getByTestId('proposal-line')).toHaveCount(2);
    await form.getByLabel('Un mot pour la boutique (facultatif, dans son mail)').fill('Pour votre vitrine de printemps.');
    await form.getByRole('button', { name: 'Envoyer la proposition' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'La proposition est prête' })).toBeVisible();
    await expect(page.getByTestId('proposal-row').filter({ hasText: 'proposee@e2e.example' }).first()).toContainText('à répondre');
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }

    // The shop finds it in its account, makes it four of the second size and sends it.
    const shop = await browser.newContext();
    const shopPage = await shop.newPage();
    await signInAs(shopPage, 'proposee');
    await shopPage.goto('/account');
    await settled(shopPage);
    await shopPage.getByRole('link', { name: 'Propositions de la marque' }).click();
    await expect(shopPage).toHaveURL(/\/account\/proposals/);
    const card = shopPage.getByTestId('proposal').first();
    await expect(card.getByTestId('proposal-status')).toHaveText('à répondre');
    await expect(card.getByText('“Pour votre vitrine de printemps.”')).toBeVisible();
    await card.getByLabel(`Quantité de Robe Soleil · Terracotta · ${sizes[1]}`).fill('4');
    for (const width of [360, 1280]) {
      await shopPage.setViewportSize({ width, height: 800 });
      expect(await shopPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
    await card.getByRole('button', { name: 'Envoyer comme ma commande' }).click();
    await expect(shopPage).toHaveURL(/\/account\/orders\/\d+/);
    const orderId = Number(/orders\/(\d+)/.exec(shopPage.url())![1]);
    const shopAuth = await token(request, 'proposee');
    const order = (await (await request.get(`/api/orders/${orderId}`, { headers: shopAuth })).json()) as { lines: Array<{ size: string; quantity: number }> };
    expect(order.lines.map((l) => [l.size, l.quantity])).toEqual([
      [sizes[0], 3],
      [sizes[1], 4],
    ]);
    await shopPage.goto('/account/proposals');
    await settled(shopPage);
    await expect(shopPage.getByTestId('proposal').first().getByTestId('proposal-status')).toHaveText('envoyée en commande');
    await shop.close();
  });
});
