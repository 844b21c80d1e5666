import type { APIRequestContext, Page } from '@playwright/test';
import { ACCOUNTS, BASE_URL } from '../env.ts';
import { axeViolations, expect, settled, test, waitForMail } from '../fixtures.ts';

// Issue 34: the showroom app on a tablet. Synced, the network cut, reloaded offline; two orders taken and
// signed (one by the pack, one for a new shop); the network back, both sent exactly once; the owner sees
// them; an order whose window closed meanwhile comes back with its reason, is mended and sent.

// The app loads nothing it has not kept while offline, but Chromium still reports the requests it
// refuses (the favicon of a reload) as console errors.
test.use({ allowConsole: [/ERR_INTERNET_DISCONNECTED/, /Failed to load resource/] });

async function bearer(request: APIRequestContext, email: string, password: string) {
  const res = await request.post('/api/auth/login', { data: { email, password } });
  expect(res.status()).toBe(200);
  return { authorization: `Bearer ${(await res.json()).access_token as string}` };
}
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** The buyer signs: a stroke across the box. */
async function sign(page: Page) {
  const pad = page.getByRole('img', { name: 'Signature de l’acheteur' });
  // In the middle of the screen, clear of the totals bar that stays at the bottom.
  await pad.evaluate((element) => element.scrollIntoView({ block: 'center', behavior: 'instant' }));
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) await page.mouse.move(box.x + 20 + i * 30, box.y + box.height / 2 + (i % 2 ? -20 : 20));
  await page.mouse.up();
}

test('the showroom app works offline: two orders taken and signed, sent once when the network returns; one refused is mended and sent', async ({
  browser,
  request,
  page: ownerPage,
  a11y,
}) => {
  test.setTimeout(120_000);
  const owner = await bearer(request, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
  const stamp = String(Date.now()).slice(-6);
  // A season of its own, closing after the demo's (so it is never the current one), and a style sold by the pack.
  const seasonRes = await request.post('/api/admin/seasons', {
    headers: owner,
    data: {
      code: `SR${stamp}`,
      ordersOpen: day(-10),
      ordersClose: day(300),
      translations: [
        { locale: 'fr', name: `Salon ${stamp}` },
        { locale: 'en', name: `Trade show ${stamp}` },
      ],
      deliveries: [
        {
          from: day(330),
          to: day(350),
          translations: [
            { locale: 'fr', name: 'Salon A' },
            { locale: 'en', name: 'Show A' },
          ],
        },
      ],
      terms: { openingMinimum: 0, reorderMinimum: 0, orderEmail: 'orders@e2e.example', translations: [{ locale: 'fr' }, { locale: 'en' }] },
    },
  });
  expect(seasonRes.status(), await seasonRes.text()).toBe(201);
  const season = await seasonRes.json();
  const image = ((await (await request.get('/api/products')).json()) as Array<{ variants: Array<{ imageUrl: string }> }>)[0]!.variants[0]!.imageUrl;
  const productRes = await request.post('/api/admin/products', {
    headers: owner,
    data: {
      reference: `SR-${stamp}`,
      translations: [
        { locale: 'fr', title: `Robe Salon ${stamp}`, description: 'Lin lavé.' },
        { locale: 'en', title: `Show dress ${stamp}`, description: 'Washed linen.' },
      ],
      variants: [
        {
          colorCode: '#c99a3b',
          imageUrl: image,
          price: 100,
          retailPrice: 230,
          sizes: ['S', 'M', 'L'],
          translations: [
            { locale: 'fr', colorName: 'Safran' },
            { locale: 'en', colorName: 'Saffron' },
          ],
        },
      ],
      packs: [{ name: 'Pack salon', sizes: { S: 1, M: 2, L: 1 } }],
      seasonIds: [season.id],
    },
  });
  expect(productRes.status(), await productRes.text()).toBe(201);
  const product = await productRes.json();
  const variantId = product.variants[0].id as number;
  expect(
    (await request.put('/api/admin/stock', { headers: owner, data: { items: ['S', 'M', 'L'].map((size) => ({ variantId, size, onHand: 20 })) } })).status(),
  ).toBe(200);
  // The stockist has a name and a town to be found by.
  const shop = await bearer(request, ACCOUNTS.showroomer.email, ACCOUNTS.showroomer.password);
  const company = await request.put('/api/account/company', {
    headers: shop,
    data: {
      companyName: `Boutique Salon ${stamp}`,
      siret: '73282932000074',
      vatNumber: 'FR44732829320',
      billing: { line1: '3 rue Kervégan', postcode: '44000', town: 'Nantes', country: 'FR' },
    },
  });
  expect(company.status(), await company.text()).toBe(200);
  // Its company has a second door (issue 46): the agent says which one the order goes to.
  const secondDoor = await request.post('/api/account/doors', {
    headers: shop,
    data: { name: `Salon Angers ${stamp}`, address: { line1: '2 rue Lenepveu', postcode: '49100', town: 'Angers', country: 'FR' } },
  });
  expect(secondDoor.status(), await secondDoor.text()).toBe(201);
  // The agent: invited, a password chosen from the mail.
  const agentEmail = `claire-${stamp}@agents.example`;
  const since = Date.now() - 1000;
  const invited = await request.post('/api/admin/agents', { headers: owner, data: { name: 'Claire Showroom', email: agentEmail } });
  expect(invited.status()).toBe(201);
  const agentUserId = (await invited.json()).userId as number;
  const token = /token=([A-Za-z0-9_-]+)/.exec(await waitForMail(agentEmail, since))![1]!;
  expect(
    (await request.post('/api/auth/reset-password', { data: { token, password: 'showroom-2027', password_confirmation: 'showroom-2027' } })).status(),
  ).toBeLessThan(300);

  // The tablet, in landscape.
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, locale: 'fr-FR', baseURL: BASE_URL });
  const tablet = await context.newPage();
  try {
    await tablet.goto('/login');
    await settled(tablet);
    await tablet.getByLabel('E-mail').fill(agentEmail);
    await tablet.getByLabel('Mot de passe').fill('showroom-2027');
    await tablet.getByRole('button', { name: 'Se connecter' }).click();
    await expect(tablet).toHaveURL(/\/showroom$/);
    await expect(tablet.getByText(/^Dernière synchronisation/)).toBeVisible();
    await expect(tablet.getByRole('status').filter({ hasText: 'En ligne' })).toBeVisible();
    // Installable: the manifest and its icons, and the service worker in charge of /showroom.
    const manifest = await (await request.get('/showroom.webmanifest')).json();
    expect(manifest).toMatchObject({ start_url: '/showroom', display: 'standalone' });
    expect((await request.get(manifest.icons[0].src)).status()).toBe(200);
    await tablet.getByLabel('Saison').selectOption({ label: `Salon ${stamp}` });
    await expect(tablet.getByRole('heading', { level: 2, name: new RegExp(`Robe Salon ${stamp}`) })).toBeVisible();
    await expect(tablet.getByText(/^Dernière synchronisation/)).toBeVisible();
    // What the worker keeps once it is in charge: the page (fetched without credentials) and files, never
    // an API answer. Read until it holds: CI once found the page missing from the caches right after the
    // worker had been seen keeping it.
    await expect
      .poll(
        () =>
          tablet.evaluate(async () => {
            const registration = await navigator.serviceWorker.getRegistration('/showroom');
            const names = await caches.keys();
            const urls = (await Promise.all(names.map(async (n) => (await (await caches.open(n)).keys()).map((r) => new URL(r.url).pathname)))).flat();
            return {
              active: Boolean(registration?.active),
              api: urls.filter((u) => u.startsWith('/api/')),
              page: urls.includes('/showroom'),
              assets: urls.filter((u) => u.startsWith('/assets/')).length >= 3,
            };
          }),
        // The worker fetches the app's files one after the other: on a busy CI machine, more than 15 s.
        { timeout: 60_000 },
      )
      .toEqual({ active: true, api: [], page: true, assets: true });
    expect(await axeViolations(tablet), 'the showroom, synced').toEqual([]);

    // The hall's Wi-Fi fails; the app is reloaded.
    await context.setOffline(true);
    await tablet.reload();
    await expect(tablet.getByRole('status').filter({ hasText: 'Hors ligne' })).toBeVisible();
    await expect(tablet.getByRole('heading', { level: 2, name: new RegExp(`Robe Salon ${stamp}`) })).toBeVisible();

    // First order: the stockist, found by town; two packs for the show's delivery.
    await tablet.getByLabel('Trouver un revendeur (nom ou ville)').fill('nantes');
    await tablet.getByRole('button', { name: `Boutique Salon ${stamp} · Nantes` }).click();
    await tablet.getByLabel('Trouver un modèle (référence ou nom)').fill(`SR-${stamp}`);
    await tablet.getByRole('spinbutton', { name: 'Safran, Pack salon, Livraison Salon A' }).fill('2');
    await expect(tablet.getByTestId('showroom-totals')).toHaveText(/^8 pièces · 800,00\s€ HT$/);
    await tablet.getByLabel('Note', { exact: true }).fill('Vu sur le stand B12');
    await sign(tablet);
    // Two doors: saved without choosing one, the tablet asks; the Angers door chosen, it is kept.
    await tablet.getByRole('button', { name: 'Enregistrer la commande' }).click();
    await expect(tablet.getByText('Choisissez le point de vente livré : cette boutique en a plusieurs.')).toBeVisible();
    await tablet.getByRole('radio', { name: `Salon Angers ${stamp} · Angers` }).check();
    expect(await axeViolations(tablet), 'the showroom, a door to choose').toEqual([]);
    await tablet.getByRole('button', { name: 'Enregistrer la commande' }).click();
    await expect(tablet.getByRole('tab', { name: 'File d’envoi (1)' })).toHaveAttribute('aria-selected', 'true');
    await expect(tablet.locator('.queue-item').first()).toContainText('En attente d’envoi');

    // Second order: a new shop, by the piece.
    await tablet.getByRole('tab', { name: 'Nouvelle commande' }).click();
    await tablet.getByRole('button', { name: 'Nouvelle boutique' }).click();
    await tablet.getByLabel('Raison sociale').fill(`Mercerie du Port ${stamp}`);
    await tablet.getByLabel('Nom du contact').fill('Anne Riou');
    await tablet.getByLabel('E-mail').fill(`anne-${stamp}@mercerie.example`);
    await tablet.getByLabel('Adresse', { exact: true }).fill('4 quai Est');
    await tablet.getByLabel('Code postal').fill('56100');
    await tablet.getByLabel('Ville').fill('Lorient');
    await tablet.getByLabel('Trouver un modèle (référence ou nom)').fill(`SR-${stamp}`);
    for (const [size, n] of [
      ['S', '2'],
      ['M', '4'],
      ['L', '2'],
    ] as const)
      await tablet.getByRole('spinbutton', { name: `Safran, ${size}, Livraison Salon A` }).fill(n);
    await sign(tablet);
    await tablet.getByRole('button', { name: 'Enregistrer la commande' }).click();
    await expect(tablet.getByRole('tab', { name: 'File d’envoi (2)' })).toBeVisible();
    // A reload, still offline: both are still there.
    await tablet.reload();
    await tablet.getByRole('tab', { name: 'File d’envoi (2)' }).click();
    await expect(tablet.locator('.queue-item')).toHaveCount(2);
    await expect(tablet.locator('.queue-item').filter({ hasText: 'En attente d’envoi' })).toHaveCount(2);
    // Neither comes back to be typed (and taken) twice, even when the tablet's last save of the order
    // being typed lands after the order went into the queue (a slow tablet, a reload at that moment).
    const queuedId = (await tablet.locator('.queue-item').first().getAttribute('data-order'))!;
    await tablet.evaluate(
      ({ id, account }) =>
        new Promise<void>((resolve, reject) => {
          const opened = indexedDB.open('atelier-showroom');
          opened.onerror = () => reject(opened.error);
          opened.onsuccess = () => {
            const tx = opened.result.transaction('drafts', 'readwrite');
            tx.objectStore('drafts').put({
              account,
              order: { id, stockistId: null, newShop: { companyName: 'Déjà prise', address: {} }, lines: [], note: '', signature: '' },
            });
            tx.oncomplete = () => (opened.result.close(), resolve());
            tx.onerror = () => reject(tx.error);
          };
        }),
      { id: queuedId, account: agentEmail },
    );
    await tablet.reload();
    await expect(tablet.locator('form.showroom__order')).toHaveAttribute('aria-busy', 'false');
    await expect(tablet.getByLabel('Trouver un revendeur (nom ou ville)')).toBeVisible();
    await expect(tablet.getByLabel('Raison sociale')).toHaveCount(0);
    await expect(tablet.getByTestId('showroom-totals')).toHaveText(/^0 pièce/);
    await tablet.getByRole('tab', { name: 'File d’envoi (2)' }).click();
    await expect(tablet.locator('.queue-item')).toHaveCount(2);

    // The network returns: both are sent, once.
    await context.setOffline(false);
    await expect(tablet.locator('.queue-item').filter({ hasText: `Boutique Salon ${stamp}` })).toContainText(/Envoyée : \d{4}-\d{4}/);
    await expect(tablet.locator('.queue-item').filter({ hasText: `Mercerie du Port ${stamp}` })).toContainText('En attente de l’accord de la boutique');
    const taken = async () =>
      (await (await request.get(`/api/admin/orders?agent=${agentUserId}`, { headers: owner })).json()).data as Array<{
        shop: string;
        pieces: number;
        takenBy: { name: string };
      }>;
    expect((await taken()).map((o) => [o.shop, o.pieces])).toEqual([[`Boutique Salon ${stamp}`, 8]]);
    expect((await taken()).map((o) => (o as { door?: { name: string } | null }).door?.name)).toEqual([`Salon Angers ${stamp}`]);

    // The owner approves the new shop; its order is made then. She sees both, taken by Claire at the showroom.
    const applications = (await (await request.get('/api/admin/retailers/applications?status=pending', { headers: owner })).json()).data as Array<{
      id: number;
      email: string;
    }>;
    const application = applications.find((a) => a.email === `anne-${stamp}@mercerie.example`)!;
    expect((await request.post(`/api/admin/retailers/applications/${application.id}/accept`, { headers: owner })).status()).toBe(200);
    await expect.poll(async () => (await taken()).length).toBe(2);
    await ownerPage.goto('/login');
    await settled(ownerPage);
    await ownerPage.getByLabel('E-mail').fill(ACCOUNTS.admin.email);
    await ownerPage.getByLabel('Mot de passe').fill(ACCOUNTS.admin.password);
    await ownerPage.getByRole('button', { name: 'Se connecter' }).click();
    await expect(ownerPage).toHaveURL(/\/admin\/products$/);
    await ownerPage.goto('/admin/orders');
    await settled(ownerPage);
    await ownerPage.getByLabel('Prise', { exact: true }).selectOption('showroom');
    await ownerPage.getByLabel('Prise par').selectOption({ label: 'Claire Showroom' });
    const rows = ownerPage.getByTestId('admin-order-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: `Mercerie du Port ${stamp}` })).toContainText('Prise par Claire Showroom au showroom');
    await a11y('the owner’s orders filtered by channel and agent');
    await rows
      .filter({ hasText: `Boutique Salon ${stamp}` })
      .getByRole('link')
      .click();
    await expect(ownerPage.getByTestId('order-taken-by')).toHaveText('Prise par Claire Showroom au showroom');
    await expect(ownerPage.getByText('Vu sur le stand B12')).toBeVisible();

    // On the tablet, the next sync tells the agent that the new shop's order was made.
    await tablet.getByRole('button', { name: 'Synchroniser' }).click();
    await expect(tablet.locator('.queue-item').filter({ hasText: `Mercerie du Port ${stamp}` })).toContainText(/Envoyée : \d{4}-\d{4}/);

    // The tablet turned to portrait. Offline again, a third order for the stockist; meanwhile the owner
    // closes the season's window.
    await tablet.setViewportSize({ width: 768, height: 1024 });
    await context.setOffline(true);
    await tablet.getByRole('tab', { name: 'Nouvelle commande' }).click();
    await tablet.getByLabel('Trouver un revendeur (nom ou ville)').fill(`Salon ${stamp}`);
    await tablet.getByRole('button', { name: `Boutique Salon ${stamp} · Nantes` }).click();
    await tablet.getByLabel('Trouver un modèle (référence ou nom)').fill(`SR-${stamp}`);
    await tablet.getByRole('radio', { name: `Boutique Salon ${stamp} · Nantes` }).check();
    await tablet.getByRole('spinbutton', { name: 'Safran, M, Livraison Salon A' }).fill('4');
    await sign(tablet);
    await tablet.getByRole('button', { name: 'Enregistrer la commande' }).click();
    const closed = await request.put(`/api/admin/seasons/${season.id}`, { headers: owner, data: { ...season, ordersOpen: day(-10), ordersClose: day(-1) } });
    expect(closed.status(), await closed.text()).toBe(200);
    await context.setOffline(false);
    const refused = tablet.locator('.queue-item--refused');
    await expect(refused).toContainText('Refusée — à corriger et renvoyer');
    await expect(refused).toContainText(`Robe Salon ${stamp}, Safran, M : la fenêtre de commande est fermée`);
    expect(await axeViolations(tablet), 'a refused order in the queue').toEqual([]);
    // Mended: from stock, at once.
    await refused.getByRole('button', { name: 'Corriger' }).click();
    await expect(tablet.getByRole('group', { name: 'À corriger avant de renvoyer :' })).toContainText('la fenêtre de commande est fermée');
    await tablet.getByLabel('Trouver un modèle (référence ou nom)').fill(`SR-${stamp}`);
    await tablet.getByRole('spinbutton', { name: 'Safran, M, Livraison Salon A (fermée)' }).fill('');
    await tablet.getByRole('spinbutton', { name: 'Safran, M, Disponible de suite' }).fill('4');
    await tablet.getByRole('button', { name: 'Enregistrer la commande' }).click();
    await expect(tablet.locator('.queue-item--refused')).toHaveCount(0);
    await expect(tablet.locator('.queue-item--sent')).toHaveCount(3);
    await expect.poll(async () => (await taken()).length).toBe(3);
    // Each went to its door: the mended one kept the door chosen; the new shop's to the first door it was given.
    expect((await taken()).map((o) => (o as { door?: { name: string } | null }).door?.name).sort()).toEqual(
      [`Boutique Salon ${stamp}`, `Mercerie du Port ${stamp}`, `Salon Angers ${stamp}`].sort(),
    );

    // In portrait, nothing scrolls sideways and axe is clean.
    await tablet.getByRole('tab', { name: 'Nouvelle commande' }).click();
    expect(await tablet.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
    expect(await axeViolations(tablet), 'the showroom in portrait').toEqual([]);
    // And on a phone, should an agent need one: nothing sideways, axe clean.
    await tablet.setViewportSize({ width: 360, height: 780 });
    expect(await tablet.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await tablet.getByRole('tab', { name: /^File d’envoi/ }).click();
    expect(await tablet.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await axeViolations(tablet), 'the showroom at 360 px').toEqual([]);
  } finally {
    await context.close();
  }
});

// Issue 34, item 6: a stockist orders a style by the pack on its page; the draft shows the pieces by size
// with the pack named, and removes the pack as one. The owner sees the style's packs in its editor.
test('a stockist orders by the pack from the product page; the draft names the pack; the owner edits packs on the style', async ({ page, a11y }) => {
  await page.goto('/login');
  await settled(page);
  await page.getByLabel('E-mail').fill(ACCOUNTS.packer.email);
  await page.getByLabel('Mot de passe').fill(ACCOUNTS.packer.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/collection$/);
  await page
    .getByRole('link', { name: /Blouse brodée Lavande/ })
    .first()
    .click();
  await settled(page);
  const grid = page.getByTestId('order-grid');
  const packs = grid.getByRole('spinbutton', { name: /^Blanc cassé, Assortiment S-M-L \(1 S · 2 M · 1 L\), nombre de packs/ });
  await expect(packs.first()).toBeVisible();
  await packs.first().fill('2');
  await expect(grid.getByTestId('grid-total')).toContainText('8 pièces');
  // One clean-clone CI run in four lost this click (its trace shows no request at all, the page otherwise
  // ready): it is clicked again until the grid answers. Adding writes the grid's quantities, so a second
  // click cannot add twice.
  await expect(async () => {
    await grid.getByRole('button', { name: 'Ajouter à ma commande' }).click();
    await expect(grid.getByText('Ajouté : votre commande compte 8 pièces.')).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 15_000 });
  await a11y('the order grid with packs');

  await page.goto('/account/order');
  await settled(page);
  const lines = page.getByTestId('draft-line').filter({ hasText: '2 × Assortiment S-M-L' });
  await expect(lines).toHaveCount(3);
  await expect(lines.filter({ hasText: /· M ·/ })).toContainText('4');
  await a11y('a draft with a pack');
  await lines
    .first()
    .getByRole('button', { name: /^Retirer/ })
    .click();
  await expect(page.getByTestId('draft-line').filter({ hasText: 'Assortiment' })).toHaveCount(0);
  // The owner on the same tablet: the stockist's session is put aside.
  await page.evaluate(() => window.localStorage.clear());

  // The owner's editor shows the style's packs, packs only and its multiple.
  await page.goto('/login');
  await settled(page);
  await page.getByLabel('E-mail').fill(ACCOUNTS.admin.email);
  await page.getByLabel('Mot de passe').fill(ACCOUNTS.admin.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);
  await page.getByRole('button', { name: 'Modifier « Blouse brodée Lavande »' }).click();
  const selling = page.getByTestId('product-selling');
  await expect(selling.getByLabel('Multiple de commande')).toHaveValue('1');
  await expect(selling.getByTestId('product-pack').getByLabel('Nom du pack')).toHaveValue('Assortiment S-M-L');
  await expect(selling.getByTestId('product-pack').getByLabel('Pièces en M')).toHaveValue('2');
  await expect(selling.getByLabel('Vendu uniquement en packs')).not.toBeChecked();
  await a11y('the style editor with its packs');
});
