import type { APIRequestContext } from '@playwright/test';
import { FRENCH_SHOP } from '../../server/test/fixtures.ts';
import { ACCOUNTS } from '../env.ts';
import { bearer, expect, noSidewaysScrollAtBothWidths, settled, signInAs, test, waitForMail } from '../fixtures.ts';

// Issue 58 as a season goes: the workshop delivers fewer pieces than were pre-ordered and the owner shares
// them out, then ships what each shop gets; a shop waits for a sold-out size, a return puts a piece back,
// and the shop confirms the pieces held for it from its mail's link.

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const COMPANY = FRENCH_SHOP;

/** A style of its own (in `seasonIds`, or in none), one colour, with a demo photograph. */
async function style(request: APIRequestContext, owner: Record<string, string>, reference: string, title: string, price: number, seasonIds: number[]) {
  const image = ((await (await request.get('/api/products')).json()) as Array<{ variants: Array<{ imageUrl: string }> }>)[0]!.variants[0]!.imageUrl;
  const res = await request.post('/api/admin/products', {
    headers: owner,
    data: {
      reference,
      translations: [
        { locale: 'fr', title, description: 'Lin lavé.' },
        { locale: 'en', title, description: 'Washed linen.' },
      ],
      variants: [
        {
          colorCode: '#8a6f4e',
          imageUrl: image,
          price,
          retailPrice: price * 2.3,
          sizes: ['S', 'M'],
          translations: [
            { locale: 'fr', colorName: 'Noisette' },
            { locale: 'en', colorName: 'Hazel' },
          ],
        },
      ],
      seasonIds,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const product = await res.json();
  return { productId: product.id as number, variantId: product.variants[0].id as number };
}

/** A shop's order of these lines, sent, then confirmed by the owner. */
async function confirmedOrder(request: APIRequestContext, owner: Record<string, string>, account: keyof typeof ACCOUNTS, lines: object[]) {
  const shop = await bearer(request, account);
  expect((await request.put('/api/account/company', { headers: shop, data: { ...COMPANY, companyName: `Boutique ${account}` } })).status()).toBe(200);
  expect((await request.put('/api/orders/draft', { headers: shop, data: { lines } })).status()).toBe(200);
  const sent = await request.post('/api/orders/draft/submit', { headers: { ...shop, 'idempotency-key': `e2e-${account}-${Date.now()}` }, data: {} });
  expect(sent.status(), await sent.text()).toBe(201);
  const order = (await sent.json()) as { id: number; number: string; lines: Array<{ id: number }> };
  const confirmed = await request.post(`/api/admin/orders/${order.id}/confirm`, { headers: owner, data: { shipDate: day(2) } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return { ...order, shop };
}

test.describe('short production and waitlists (issue 58)', () => {
  test('the owner shares a short size out in proportion, changes two cells, applies it and ships what each shop gets', async ({ page, request }) => {
    const owner = await bearer(request, 'admin');
    const stamp = String(Date.now()).slice(-6);
    // A season of its own (so "Ship these" takes these orders only), closing after the demo's. New styles come first
    // in the collection: short titles, on one line in the brand's font and in its fallback (first-impressions.spec).
    const season = await request.post('/api/admin/seasons', {
      headers: owner,
      data: {
        code: `AL${stamp}`,
        ordersOpen: day(-10),
        ordersClose: day(300),
        translations: [
          { locale: 'fr', name: `Lin ${stamp}` },
          { locale: 'en', name: `Linen ${stamp}` },
        ],
        deliveries: [
          {
            from: day(330),
            to: day(350),
            translations: [
              { locale: 'fr', name: 'Février' },
              { locale: 'en', name: 'February' },
            ],
          },
        ],
        terms: { openingMinimum: 0, reorderMinimum: 0, orderEmail: 'orders@e2e.example', translations: [{ locale: 'fr' }, { locale: 'en' }] },
      },
    });
    expect(season.status(), await season.text()).toBe(201);
    const { id: seasonId, deliveries } = (await season.json()) as { id: number; deliveries: Array<{ id: number }> };
    const dress = await style(request, owner, `AL-${stamp}`, `Robe ${stamp}`, 200, [seasonId]);
    const line = { variantId: dress.variantId, size: 'M', quantity: 4, mode: 'preBook', deliveryId: deliveries[0]!.id };
    const first = await confirmedOrder(request, owner, 'allotter', [line]);
    const second = await confirmedOrder(request, owner, 'sharer', [line]);
    // The workshop delivers 5 M where 8 were pre-ordered.
    expect((await request.put('/api/admin/stock', { headers: owner, data: { items: [{ variantId: dress.variantId, size: 'M', onHand: 5 }] } })).status()).toBe(
      200,
    );
    const since = Date.now();

    await signInAs(page, 'admin');
    await page.getByRole('navigation', { name: 'Navigation du back-office' }).getByRole('link', { name: 'Répartition' }).click();
    await expect(page).toHaveURL(/\/admin\/allocation$/);
    await settled(page);
    await page.getByLabel('Livraison').selectOption({ label: `AL${stamp} · Lin ${stamp} · Février` });
    await page.getByLabel('Au prorata : la même part pour chacune').check();
    await page.getByRole('button', { name: 'Calculer la répartition' }).click();
    const piece = page.getByTestId('allocation-piece').filter({ hasText: `AL-${stamp}` });
    // 5 of 8: half each (2 and 2), the fifth to the first sent.
    await expect(piece).toContainText('stock 5 · demandé 8 · attribué 5 · manque 3');
    const cell = (order: string) => piece.getByLabel(new RegExp(`^Pièces pour la commande ${order},`));
    await expect(cell(first.number)).toHaveValue('3');
    await expect(cell(second.number)).toHaveValue('2');
    // She gives the second shop the odd piece instead: its window opens first.
    await cell(first.number).fill('2');
    await cell(second.number).fill('3');
    await expect(piece).toContainText('attribué 5 · manque 3');
    await page.getByLabel('Suit plus tard').check();
    await page.getByLabel('Date prévue (facultatif)').fill(day(400));
    await noSidewaysScrollAtBothWidths(page);
    await page.getByRole('button', { name: 'Appliquer et écrire aux boutiques' }).click();
    await expect(page.getByRole('status').filter({ hasText: '5 pièces attribuées à 2 commandes' })).toBeVisible();
    // Each shop hears what comes and what follows.
    expect(await waitForMail(ACCOUNTS.sharer.email, since, 'M: 3/4')).toContain('Le reste suivra');

    await page.getByRole('button', { name: 'Expédier ce qui est attribué' }).click();
    await expect(page.getByRole('status').filter({ hasText: '2 colis sont partis.' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Ce qu’il est advenu de chaque commande' }).getByRole('listitem')).toHaveText([
      new RegExp(`${first.number} · colis ${first.number}-1`),
      new RegExp(`${second.number} · colis ${second.number}-1`),
    ]);
    await noSidewaysScrollAtBothWidths(page);
    for (const [order, shipped] of [
      [first, 2],
      [second, 3],
    ] as const) {
      const now = (await (await request.get(`/api/orders/${order.id}`, { headers: order.shop })).json()) as {
        status: string;
        lines: Array<{ shipped: number }>;
      };
      expect(now.status).toBe('partlyShipped');
      expect(now.lines[0]!.shipped).toBe(shipped);
    }
  });

  test('a shop waits for a sold-out size on the product page; a return puts a piece back; it confirms the offer from its mail', async ({
    page,
    browser,
    request,
  }) => {
    const owner = await bearer(request, 'admin');
    const stamp = String(Date.now()).slice(-6);
    const blouse = await style(request, owner, `WL-${stamp}`, `Blouse ${stamp}`, 400, []);
    expect(
      (
        await request.put('/api/admin/stock', {
          headers: owner,
          data: {
            items: [
              { variantId: blouse.variantId, size: 'S', onHand: 2 },
              { variantId: blouse.variantId, size: 'M', onHand: 3 },
            ],
          },
        })
      ).status(),
    ).toBe(200);
    // Another shop takes the last two S, and they leave in a parcel.
    const bought = await confirmedOrder(request, owner, 'emptier', [{ variantId: blouse.variantId, size: 'S', quantity: 2, mode: 'atOnce' }]);
    const shipped = await request.post(`/api/admin/orders/${bought.id}/shipments`, {
      headers: owner,
      data: { lines: [{ lineId: bought.lines[0]!.id, quantity: 2 }], carrier: 'colissimo' },
    });
    expect(shipped.status(), await shipped.text()).toBe(201);
    const parcel = ((await shipped.json()) as { shipments: Array<{ id: number }> }).shipments[0]!;

    // The waiting shop asks to be told, from the product page.
    const waiter = await bearer(request, 'waiter');
    expect((await request.put('/api/account/company', { headers: waiter, data: { ...COMPANY, companyName: 'Boutique waiter' } })).status()).toBe(200);
    const shop = await browser.newContext();
    const shopPage = await shop.newPage();
    await signInAs(shopPage, 'waiter');
    await shopPage.goto(`/collection/${blouse.productId}`);
    await settled(shopPage);
    const ask = shopPage.getByTestId('waitlist-ask');
    await expect(ask.getByLabel('Couleur et taille')).toHaveText('Noisette, S');
    await ask.getByLabel('Quantité souhaitée').fill('1');
    await ask.getByRole('button', { name: 'Me prévenir de son retour' }).click();
    await expect(ask.getByRole('status').filter({ hasText: 'place 1 dans la file' })).toBeVisible();
    await noSidewaysScrollAtBothWidths(shopPage);

    // The owner sees it on her stock screen and her home.
    await signInAs(page, 'admin');
    await page.goto('/admin/waitlists');
    await settled(page);
    await expect(page.getByTestId('waitlist-row').filter({ hasText: `WL-${stamp}` })).toContainText('Boutique waiter');
    await noSidewaysScrollAtBothWidths(page);

    // The first shop sends one S back; the owner puts it back on the shelf.
    const since = Date.now();
    const asked = await request.post(`/api/orders/${bought.id}/returns`, {
      headers: bought.shop,
      data: { shipmentId: parcel.id, lines: [{ lineId: bought.lines[0]!.id, quantity: 1, reason: 'other', note: 'Trop grande.' }] },
    });
    expect(asked.status(), await asked.text()).toBe(201);
    const returned = (await asked.json()) as { id: number; lines: Array<{ id: number }> };
    expect((await request.post(`/api/admin/returns/${returned.id}/accept`, { headers: owner, data: {} })).status()).toBe(200);
    const received = await request.post(`/api/admin/returns/${returned.id}/receive`, {
      headers: owner,
      data: { lines: [{ lineId: returned.lines[0]!.id, quantity: 1, resellable: true }] },
    });
    expect(received.status(), await received.text()).toBe(200);

    // The waiting shop's mail holds the link; the piece is held for it.
    const mail = await waitForMail(ACCOUNTS.waiter.email, since, 'offer=');
    const link = mail.match(/\/account\/waitlist\?offer=\d+&lang=\w+/)![0];
    await shopPage.goto(link);
    await settled(shopPage);
    const offer = shopPage.getByTestId('waitlist-offer').filter({ hasText: `Blouse ${stamp}` });
    await expect(offer.getByTestId('offer-status')).toHaveText('réservée pour vous');
    await expect(offer).toContainText('1 pièce réservée jusqu’au');
    await noSidewaysScrollAtBothWidths(shopPage);
    await offer.getByRole('button', { name: 'Les commander maintenant' }).click();
    await expect(shopPage.getByRole('status').filter({ hasText: /Commandé : commande \d{4}-\d{4}/ })).toBeVisible();
    await expect(offer.getByTestId('offer-status')).toHaveText('commandée');
    await shop.close();
  });
});
