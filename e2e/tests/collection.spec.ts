import { ACCOUNTS } from '../env.ts';
import { expect, loadUntil, settled, test, signInAs } from '../fixtures.ts';

test.describe('home', () => {
  test('the hero rotates its 13 mantras every 4 s and the call to action leads to the collection', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await settled(page);
    const mantra = page.getByTestId('mantra');
    await expect(mantra).toHaveText('Marcher lentement, regarder loin.');
    await page.clock.runFor(4000 + 800 + 50);
    await expect(mantra).toHaveText('Chaque point compte.');
    for (let i = 0; i < 12; i += 1) await page.clock.runFor(4000);
    await expect(mantra).toHaveText('Marcher lentement, regarder loin.');
    await page.getByRole('link', { name: 'Découvrir la collection' }).click();
    await expect(page.locator('#collection')).toBeFocused();
    await expect(page.getByRole('heading', { level: 2, name: 'La collection' })).toBeInViewport();
  });

  test('under reduced motion the mantra stays still', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto('/');
    await settled(page);
    await page.clock.runFor(20_000);
    await expect(page.getByTestId('mantra')).toHaveText('Marcher lentement, regarder loin.');
  });

  test('the grid shows every product with its first image, title, colour count and deduplicated swatches', async ({ page }) => {
    await page.goto('/');
    const cards = page.locator('.product-card');
    // The 8 demo products (other tests may add one of their own meanwhile).
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeGreaterThanOrEqual(8);
    const stole = cards.filter({ hasText: 'Étole Tisserande' });
    await expect(stole.getByRole('link')).toHaveAttribute('href', /^\/collection\/\d+$/);
    await expect(stole).toContainText('4 couleurs');
    await expect(stole.locator('.swatch')).toHaveCount(4);
    await expect(stole.getByText('Safran')).toBeAttached();
    const img = stole.locator('img');
    await expect(img).toHaveAttribute('srcset', /480w.*960w.*1200w/);
    await expect(img).toHaveAttribute('width', '1200');
    await expect(img).toHaveAttribute('height', '1500');
    await stole.getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Étole Tisserande');
  });

  test('the page works without JavaScript: the collection is in the HTML', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'fr-FR' });
    const page = await context.newPage();
    await page.goto('/collection');
    expect(await page.locator('.product-card').count()).toBeGreaterThanOrEqual(8);
    await page.getByRole('link', { name: /Robe Soleil/ }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Robe Soleil');
    await context.close();
  });
});

test.describe('product page', () => {
  async function openProduct(page: import('@playwright/test').Page, title: string) {
    await page.goto('/collection');
    await page
      .getByRole('link', { name: new RegExp(title) })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await settled(page);
  }

  test('shows title, mantra, description, gallery, colour buttons and similar products, without any price for a visitor', async ({ page, request }) => {
    await openProduct(page, 'Robe Soleil');
    await expect(page.locator('.product__mantra')).toHaveText('Marcher lentement, regarder loin.');
    await expect(page.getByRole('button', { name: 'Terracotta' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('heading', { level: 2, name: 'Vous aimerez aussi' })).toBeVisible();
    const similar = page.locator('.product__similar .product-card');
    expect(await similar.count()).toBeGreaterThan(0);
    expect(await similar.count()).toBeLessThanOrEqual(5);
    await expect(page.getByTestId('trade-details')).toHaveCount(0);
    await expect(page.getByText('Prix revendeur HT')).toHaveCount(0);

    const html = await (await request.get(page.url())).text();
    // No trade data in the page: no price of this product, no size list (the strings of the
    // interface travel with the page, so the word "price" alone proves nothing).
    expect(html).not.toMatch(/118[,.]00|"XL"|"XS"/);
    // Nor its style reference or recommended retail price (as values: the interface's own
    // strings, which travel with the page, name them).
    expect(html).not.toMatch(/MS27-SOL-ROBE-01|270[,.]00/);
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!) as Array<Record<string, unknown>>;
    // A Product; a ProductGroup (a kind of Product) while the owner publishes her codes (barcodes.spec, ADR 0033).
    expect(ld.find((x) => x['@type'] === 'Product' || x['@type'] === 'ProductGroup')).toMatchObject({
      name: 'Robe Soleil',
      offers: { availability: 'https://schema.org/InStock' },
    });
    expect(ld.find((x) => x['@type'] === 'BreadcrumbList')).toMatchObject({
      itemListElement: [{ name: 'Accueil' }, { name: 'La collection' }, { name: 'Robe Soleil' }],
    });
    expect(JSON.stringify(ld)).not.toContain('price');
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/collection\/\d+\?lang=fr"/);
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/uploads\/[a-f0-9]+-1200x1500\.webp"/);
    expect(html).not.toContain('noindex');
  });

  test('changing colour resets the gallery to that colour’s first image; thumbnails work with the keyboard', async ({ page }) => {
    await openProduct(page, 'Robe Soleil');
    const main = page.locator('.product__main-image img');
    const first = await main.getAttribute('src');
    const thumbs = page.locator('.product__thumb');
    await expect(thumbs).toHaveCount(2);
    await thumbs.nth(1).focus();
    await page.keyboard.press('Enter');
    await expect(thumbs.nth(1)).toHaveAttribute('aria-pressed', 'true');
    const second = await main.getAttribute('src');
    expect(second).not.toBe(first);
    await page.getByRole('button', { name: 'Ocre' }).click();
    await expect(page.getByRole('button', { name: 'Ocre' })).toHaveAttribute('aria-pressed', 'true');
    await expect(thumbs.nth(0)).toHaveAttribute('aria-pressed', 'true');
    const ochre = await main.getAttribute('src');
    expect([first, second]).not.toContain(ochre);
  });

  test('a stockist sees the trade price excl. VAT and the sizes of the chosen colour, in both languages', async ({ page }) => {
    await signInAs(page, 'retailer');
    await expect(page).toHaveURL(/\/collection$/);
    await openProduct(page, 'Robe Soleil');
    await expect(page.getByTestId('trade-details')).toContainText('Prix revendeur HT');
    await expect(page.getByTestId('trade-price')).toHaveText(/^118,00\s€$/);
    await expect(page.getByTestId('trade-sizes')).toHaveText('XS · S · M · L · XL');
    await page.getByRole('button', { name: 'Écru' }).click();
    await expect(page.getByTestId('trade-price')).toHaveText(/^112,00\s€$/);
    await expect(page.getByTestId('trade-sizes')).toHaveText('S · M · L');
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sun dress');
    await expect(page.getByTestId('trade-details')).toContainText('retailer price excl. VAT');
    await expect(page.getByTestId('trade-price')).toHaveText('€112.00');
  });

  test('an absent product shows the not-found state with a way back', async ({ page }) => {
    const response = await page.goto('/collection/999999');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('status')).toHaveText('Ce produit n’est plus disponible.');
    await expect(page.getByRole('main').getByRole('link', { name: 'Retour à l’accueil' })).toHaveAttribute('href', '/');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
  });

  test('a non-numeric id shows the error state with a way back', async ({ page }) => {
    const response = await page.goto('/collection/abc');
    expect(response?.status()).toBe(400);
    await expect(page.getByRole('status')).toHaveText('Impossible de charger ce produit.');
    await expect(page.getByRole('main').getByRole('link', { name: 'Retour à l’accueil' })).toBeVisible();
  });
});

test.describe('story', () => {
  test('the story carousel links to products, advances every 6 s, wraps, and pauses on hover', async ({ page }) => {
    await page.clock.install();
    await page.goto('/story');
    await settled(page);
    await expect(page.locator('.story__text p').first()).toContainText('atelier de village');
    const slide = page.getByTestId('story-slide');
    const first = await slide.getAttribute('href');
    expect(first).toMatch(/^\/collection\/\d+$/);
    // Other tests may add a product meanwhile: read the count from the carousel itself.
    const position = page.locator('.carousel__position');
    const total = Number(/sur (\d+)/.exec((await position.textContent()) ?? '')![1]);
    expect(total).toBeGreaterThanOrEqual(8);
    await expect(position).toHaveText(`1 sur ${total}`);
    await page.clock.runFor(6000);
    await expect(position).toHaveText(`2 sur ${total}`);
    expect(await slide.getAttribute('href')).not.toBe(first);
    await page.getByRole('button', { name: 'Pièce précédente' }).click();
    await page.getByRole('button', { name: 'Pièce précédente' }).click();
    await expect(position).toHaveText(`${total} sur ${total}`);
    await slide.hover();
    await page.clock.runFor(13_000);
    await expect(position).toHaveText(`${total} sur ${total}`);
  });
});

test.describe('admin products', () => {
  test('every §5 rule shows its message and nothing is sent', async ({ page }) => {
    await signInAs(page, 'admin');
    await expect(page).toHaveURL(/\/admin\/products$/);
    await settled(page);
    let posted = false;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/admin/products?lang=fr')) posted = true;
    });
    await page.getByRole('button', { name: 'Créer le produit' }).click();
    const form = page.locator('#product-form');
    for (const text of [
      'Le titre est obligatoire (Français)',
      'La description est obligatoire (English)',
      'Variante 1 — Le nom de la couleur est obligatoire (Français)',
      'Variante 1 — Chaque variante a besoin d’une image.',
      'Variante 1 — Indiquez un prix de 0 ou plus, avec au plus 2 décimales.',
    ]) {
      await expect(form.getByText(text, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('alert')).toHaveText('Le titre est obligatoire (Français)');
    expect(posted).toBe(false);

    // Removing the only variant is refused.
    await page.getByRole('button', { name: 'Supprimer la variante' }).click();
    await expect(page.getByRole('alert')).toHaveText('Un produit a besoin d’au moins une variante.');
    await expect(page.getByTestId('variant-0')).toBeVisible();

    // Unchecking the last size resets to S.
    const variant = page.getByTestId('variant-0');
    await expect(variant.getByLabel('S', { exact: true })).toBeChecked();
    await variant.getByLabel('S', { exact: true }).click();
    await expect(variant.getByLabel('S', { exact: true })).toBeChecked();

    // The price keeps at most two decimals.
    const price = variant.getByLabel('Prix revendeur HT (€)');
    await price.fill('12.5');
    await expect(price).toHaveValue('12.5');
    await price.pressSequentially('55');
    // The second 5 would be a third decimal: refused.
    await expect(price).toHaveValue('12.55');
  });

  test('the colour picker opens as a modal, closes on Escape and on the backdrop, and gives focus back', async ({ page, a11y }) => {
    await signInAs(page, 'admin');
    await expect(page).toHaveURL(/\/admin\/products$/);
    await settled(page);
    const opener = page.getByRole('button', { name: /^Code couleur: aucun$/ });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Choisir une couleur' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Code hexadécimal')).toHaveValue('#000000');
    await a11y('colour picker open');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await opener.click();
    await page.getByTestId('color-backdrop').click({ position: { x: 5, y: 5 } });
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await opener.click();
    await dialog.getByLabel('Code hexadécimal').fill('#12ab3');
    await dialog.getByLabel('Code hexadécimal').fill('#12ab3c');
    await dialog.getByRole('button', { name: 'Appliquer' }).click();
    await expect(page.getByRole('button', { name: 'Code couleur: #12ab3c' })).toBeFocused();
  });

  test('an admin creates a product with two variants and uploaded images; it shows on the site; edit, reorder, delete', async ({ page, browser }) => {
    const { makeImage } = await import('../images.ts');
    const images = await Promise.all([makeImage('#7a3b2e', 'main1'), makeImage('#2e5a7a', 'main2'), makeImage('#c8b27a', 'g1'), makeImage('#a0a0a0', 'g2')]);
    await signInAs(page, 'admin');
    await expect(page).toHaveURL(/\/admin\/products$/);
    await settled(page);
    page.on('dialog', (dialog) => void dialog.accept());

    await page.getByLabel('Référence (facultative)').fill('ms27-gilet-colline');
    await page.getByLabel('Titre').first().fill('Gilet Colline');
    await page.getByLabel('Description').first().fill('Un gilet en laine douce, tricoté main.');
    await page.getByLabel('Titre').nth(1).fill('Hill cardigan');
    await page.getByLabel('Mantra (facultatif)').nth(1).fill('Knit slowly.');
    await page.getByLabel('Description').nth(1).fill('A soft wool cardigan, hand-knitted.');

    const v0 = page.getByTestId('variant-0');
    await v0.getByLabel('Nom de la couleur (Français)').fill('Brique');
    await v0.getByLabel('Nom de la couleur (English)').fill('Brick');
    await v0.getByLabel('Téléverser une image').setInputFiles(images[0]!);
    await expect(v0.locator('.thumb img')).toHaveAttribute('src', /^\/uploads\/[a-f0-9]+-\d+x\d+\.webp$/);
    await v0.getByLabel('Ajouter des images à la galerie').setInputFiles([images[2]!, images[3]!]);
    await expect(v0.locator('.gallery-list li')).toHaveCount(2);
    await v0.getByLabel('Prix revendeur HT (€)').fill('64.90');
    // Below the trade price: refused before sending.
    await v0.getByLabel('Prix de vente conseillé TTC (€, facultatif)').fill('60');
    await page.getByRole('button', { name: 'Créer le produit' }).click();
    await expect(page.getByText('Le prix conseillé doit avoir au plus 2 décimales et être au moins égal au prix revendeur.').first()).toBeVisible();
    await v0.getByLabel('Prix de vente conseillé TTC (€, facultatif)').fill('149');
    await v0.getByLabel('M', { exact: true }).check();

    await page.getByRole('button', { name: 'Ajouter une variante' }).click();
    const v1 = page.getByTestId('variant-1');
    await v1.getByLabel('Nom de la couleur (Français)').fill('Lac');
    await v1.getByLabel('Nom de la couleur (English)').fill('Lake');
    await v1.getByLabel('Téléverser une image').setInputFiles(images[1]!);
    await expect(v1.locator('.thumb img')).toBeVisible();
    await v1.getByLabel('Prix revendeur HT (€)').fill('66');
    await expect(v1.getByRole('button', { name: 'Descendre' })).toBeDisabled();
    await expect(v0.getByRole('button', { name: 'Monter' })).toBeDisabled();

    await page.getByRole('button', { name: 'Créer le produit' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Le produit a été créé.' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Modifier « Gilet Colline »' })).toBeVisible();
    await expect(page.getByLabel('Référence (facultative)')).toHaveValue('MS27-GILET-COLLINE');
    const card = page.getByTestId('admin-product-card').filter({ hasText: 'Gilet Colline' });
    await expect(card).toHaveCount(1);
    const href = await card.getByRole('link', { name: 'Gilet Colline', exact: true }).getAttribute('href');

    // Reorder: the second colour goes first, and the page shows it first.
    await page.getByTestId('variant-1').getByRole('button', { name: 'Monter', exact: true }).click();
    await page.getByRole('button', { name: 'Enregistrer les modifications' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Le produit a été mis à jour.' })).toBeVisible();
    await expect(page.getByTestId('variant-0').getByLabel('Nom de la couleur (Français)')).toHaveValue('Lac');

    // The visitor's view, in both languages, without prices.
    const visitor = await browser.newContext({ locale: 'fr-FR' });
    const anon = await visitor.newPage();
    await loadUntil(anon, '/', () => expect(anon.locator('.product-card').filter({ hasText: 'Gilet Colline' })).toHaveCount(1, { timeout: 500 }));
    // The product's page as saved last (its first colour moved up), once its new render is in.
    await loadUntil(anon, href!, () => expect(anon.getByRole('button', { name: 'Lac' })).toHaveAttribute('aria-pressed', 'true', { timeout: 500 }));
    await expect(anon.getByRole('heading', { level: 1 })).toHaveText('Gilet Colline');
    await expect(anon.getByText('Prix revendeur HT')).toHaveCount(0);
    expect(await anon.content()).not.toMatch(/MS27-GILET-COLLINE|149[,.]00/);
    await anon.goto(`${href}?lang=en`);
    await expect(anon.getByRole('heading', { level: 1 })).toHaveText('Hill cardigan');
    await expect(anon.locator('.product__mantra')).toHaveText('Knit slowly.');
    await visitor.close();

    // The retailer's view: price and sizes.
    const shop = await browser.newContext({ locale: 'fr-FR' });
    const shopPage = await shop.newPage();
    await signInAs(shopPage, 'retailer');
    await expect(shopPage).toHaveURL(/\/collection$/);
    await shopPage.goto(href!);
    await shopPage.getByRole('button', { name: 'Brique' }).click();
    await expect(shopPage.getByTestId('trade-price')).toHaveText(/^64,90\s€$/);
    await expect(shopPage.getByTestId('trade-sizes')).toHaveText('S · M');
    await expect(shopPage.getByTestId('trade-reference')).toHaveText('MS27-GILET-COLLINE');
    await expect(shopPage.getByTestId('retail-price')).toHaveText(/^149,00\s€$/);
    await shop.close();

    // Delete with a confirmation naming the product.
    let confirmText = '';
    page.removeAllListeners('dialog');
    page.once('dialog', (dialog) => {
      confirmText = dialog.message();
      void dialog.accept();
    });
    await card.getByRole('button', { name: 'Supprimer « Gilet Colline »' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Le produit a été supprimé.' })).toBeVisible();
    expect(confirmText).toContain('Gilet Colline');
    await expect(page.getByRole('heading', { name: 'Nouveau produit' })).toBeVisible();
    await expect(page.getByTestId('admin-product-card').filter({ hasText: 'Gilet Colline' })).toHaveCount(0);
    expect(ACCOUNTS.admin.email).toBeTruthy();
  });
});

test.describe('the owner sees an edit at once', () => {
  test('a product page seen just before an edit shows the edit when the owner goes back to it', async ({ page, request }) => {
    const login = await request.post('/api/auth/login', { data: { email: ACCOUNTS.admin.email, password: ACCOUNTS.admin.password } });
    const auth = { authorization: `Bearer ${(await login.json()).access_token}` };
    const translations = (title: string) => [
      { locale: 'fr', title, description: 'Une chemise en lin lavé.', mantra: null },
      { locale: 'en', title: `${title} (en)`, description: 'A washed linen shirt.', mantra: null },
    ];
    const variants = [
      {
        colorCode: '#c99a3b',
        imageUrl: '/uploads/afb68483eb857129163e7651-1200x1500.webp',
        imageGallery: [],
        price: 42,
        sizes: ['M'],
        translations: [
          { locale: 'fr', colorName: 'Ocre' },
          { locale: 'en', colorName: 'Ochre' },
        ],
      },
    ];
    const created = await request.post('/api/admin/products', { headers: auth, data: { translations: translations('Chemise Garrigue'), variants } });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };

    await signInAs(page, 'admin');
    await expect(page).toHaveURL(/\/admin\/products$/);
    const card = page.getByTestId('admin-product-card').filter({ has: page.getByRole('link', { name: 'Chemise Garrigue' }) });
    // Seen on the site (a client-side navigation, as the owner clicks through)…
    await card.getByRole('link', { name: 'Chemise Garrigue', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Chemise Garrigue');
    await page.goBack();
    await expect(page).toHaveURL(/\/admin\/products$/);
    // …then edited…
    await page.getByRole('button', { name: 'Modifier « Chemise Garrigue »' }).click();
    await page.getByLabel('Titre').first().fill('Chemise Garrigue brodée');
    await page.getByRole('button', { name: 'Enregistrer les modifications' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Le produit a été mis à jour.' })).toBeVisible();
    // …and seen again at once: not the copy the browser kept a minute ago.
    await page.getByTestId('admin-product-card').getByRole('link', { name: 'Chemise Garrigue brodée', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/collection/${id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Chemise Garrigue brodée');

    expect((await request.delete(`/api/admin/products/${id}`, { headers: auth })).status()).toBe(204);
  });
});
