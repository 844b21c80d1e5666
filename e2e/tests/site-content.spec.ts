import { ACCOUNTS } from '../env.ts';
import { expect, loadUntil, settled, storedToken, test, signInAs } from '../fixtures.ts';

// These tests change what every visitor sees (the home title, the collection's order): they run in
// their own Playwright project, after every other test, one after the other.
test.describe.configure({ mode: 'serial', timeout: 150_000 });

test.describe('the owner runs the site', () => {
  test('she changes the home title and a mantra, adds a FAQ question; she sees them at once, visitors on their next loads, in both languages', async ({
    page,
    browser,
    a11y,
  }) => {
    await signInAs(page, 'admin');
    await expect(page).toHaveURL(/\/admin\/products$/);
    await page.goto('/admin/pages');
    await settled(page);
    await expect(page.getByRole('link', { name: 'Textes des pages', exact: true })).toHaveAttribute('aria-current', 'page');
    // The demo gave the home page its lookbook picture; the texts are the label's own.
    await expect(page.getByText(/Dernier enregistrement : .* \(contenu de démonstration\)\./)).toBeVisible();

    // A required text emptied: named, focused, nothing sent.
    let sent = false;
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().includes('/api/admin/pages/')) sent = true;
    });
    await page.locator('#home-title-en').fill('');
    await page.getByRole('button', { name: 'Enregistrer les textes' }).click();
    await expect(page.getByRole('alert')).toHaveText('Ce texte est requis en français et en anglais.');
    await expect(page.locator('#home-title-en')).toBeFocused();
    expect(sent).toBe(false);

    await page.locator('#home-title-fr').fill('Le lin, la mer et le temps long');
    await page.locator('#home-title-en').fill('Linen, sea and slow time');
    // An optional text left empty in one language is flagged beside it.
    await page.locator('#home-kicker-en').fill('');
    await expect(page.getByText('Manque en anglais')).toBeVisible();
    await page.locator('#home-kicker-en').fill('Handmade clothing · Small series');
    await expect(page.getByText('Manque en anglais')).toHaveCount(0);
    await page.locator('#mantras-item-0-fr').fill('Respirer avec la mer.');
    await page.locator('#mantras-item-0-en').fill('Breathe with the sea.');
    // The 13th mantra moves up with the keyboard: the focus follows it.
    await page.getByRole('button', { name: 'Monter : Mantra 13' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Monter : Mantra 12' })).toBeFocused();
    await expect(page.locator('#mantras-item-11-fr')).toHaveValue('Ralentir est un luxe simple.');
    // A new lookbook picture, described in both languages.
    const { makeImage } = await import('../images.ts');
    const demoHero = await page.locator('.hero-field__image').getAttribute('src');
    await page.getByLabel('Remplacer la photo').setInputFiles(await makeImage('#8c5a3c', 'hero'));
    await expect(page.locator('.hero-field__image')).not.toHaveAttribute('src', demoHero!);
    await expect(page.locator('.hero-field__image')).toHaveAttribute('src', /^\/uploads\/[a-f0-9]+-\d+x\d+\.webp$/);
    const heroUrl = await page.locator('.hero-field__image').getAttribute('src');
    await page.locator('#home-hero-alt-fr').fill('Une robe brique au soleil.');
    await page.locator('#home-hero-alt-en').fill('A brick dress in the sun.');
    await a11y('page texts editor');
    await page.getByRole('button', { name: 'Enregistrer les textes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Les textes de la page ont été enregistrés.' })).toBeVisible();
    await expect(page.getByText(/Dernier enregistrement : .* par admin@e2e\.example\./)).toBeVisible();

    // She sees it on her next load (her browser saved it)…
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Le lin, la mer et le temps long');
    // …and visitors on theirs, once the page's new render has landed.
    const visitor = await browser.newContext({ locale: 'fr-FR', javaScriptEnabled: false });
    const home = await visitor.newPage();
    await loadUntil(home, '/', () => expect(home.getByRole('heading', { level: 1 })).toHaveText('Le lin, la mer et le temps long', { timeout: 500 }));
    await expect(home.getByTestId('mantra')).toHaveText('Respirer avec la mer.');
    // The picture is the page's main image: responsive, sized, preloaded at high priority.
    const hero = home.locator('.hero__media img');
    await expect(hero).toHaveAttribute('alt', 'Une robe brique au soleil.');
    await expect(hero).toHaveAttribute('src', heroUrl!);
    await expect(hero).toHaveAttribute('srcset', /480w/);
    await expect(hero).toHaveAttribute('sizes', '(min-width: 60rem) 36rem, 100vw');
    await expect(hero).toHaveAttribute('width', /\d+/);
    await expect(hero).toHaveAttribute('fetchpriority', 'high');
    const hash = /\/uploads\/([a-f0-9]+)-/.exec(heroUrl!)![1]!;
    expect(await home.locator('head').innerHTML()).toMatch(
      new RegExp(`<link rel="preload" as="image"( type="image/avif")? fetchpriority="high"[^>]*${hash}`, 'i'),
    );
    await loadUntil(home, '/?lang=en', () => expect(home.getByRole('heading', { level: 1 })).toHaveText('Linen, sea and slow time', { timeout: 500 }));
    await expect(home.getByTestId('mantra')).toHaveText('Breathe with the sea.');
    await expect(home.locator('.hero__media img')).toHaveAttribute('alt', 'A brick dress in the sun.');

    // Removing every mantra but one, then the last: refused with a clear message.
    await page.goto('/admin/pages?page=story');
    await settled(page);
    const remove = page.getByRole('button', { name: /^Retirer : Paragraphe/ });
    while ((await remove.count()) > 1) await remove.first().click();
    await remove.first().click();
    await expect(page.getByRole('alert')).toHaveText('Gardez au moins un paragraphe.');
    await expect(page.locator('#paragraphs-item-0-fr')).toBeVisible();

    // A new FAQ question, in both languages.
    await page.getByRole('link', { name: 'FAQ', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'FAQ', level: 2 })).toBeVisible();
    await page.getByRole('button', { name: 'Ajouter une question' }).click();
    await expect(page.locator('#faq-item-10-q-fr')).toBeFocused();
    await page.locator('#faq-item-10-q-fr').fill('Proposez-vous des cartes cadeaux ?');
    await page.locator('#faq-item-10-q-en').fill('Do you offer gift cards?');
    await page.locator('#faq-item-10-a-fr').fill('Oui, <b>en boutique</b>, à partir de 30 €.');
    await page.locator('#faq-item-10-a-en').fill('Yes, in shops, from €30.');
    await page.getByRole('button', { name: 'Enregistrer les textes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Les textes de la page ont été enregistrés.' })).toBeVisible();
    await loadUntil(home, '/faq', () => expect(home.locator('.faq__question')).toHaveCount(11, { timeout: 500 }));
    await expect(home.getByRole('heading', { name: 'Proposez-vous des cartes cadeaux ?' })).toBeVisible();
    // Markup typed by the owner is shown as text.
    await expect(home.getByText('Oui, <b>en boutique</b>, à partir de 30 €.')).toBeVisible();
    await expect(home.getByRole('table')).toBeVisible();
    await loadUntil(home, '/faq?lang=en', () => expect(home.getByRole('heading', { name: 'Do you offer gift cards?' })).toBeVisible({ timeout: 500 }));
    await visitor.close();
  });

  test('a draft product is previewed by the owner only, then published and moved first in the collection', async ({ page, browser, request }) => {
    await signInAs(page, 'admin');
    await expect(page).toHaveURL(/\/admin\/products$/);
    const token = await storedToken(page);
    const auth = { authorization: `Bearer ${token}` };
    // Copy a demo product's images and texts into a new draft through the form's own API shape.
    const [first] = await (await request.get('/api/admin/products?lang=fr', { headers: auth })).json();
    const created = await request.post('/api/admin/products', {
      headers: auth,
      data: {
        status: 'draft',
        translations: [
          { locale: 'fr', title: 'Robe Marée', description: 'Une robe de lin pour les jours de vent.', mantra: 'Suivre la marée.' },
          { locale: 'en', title: 'Tide dress', description: 'A linen dress for windy days.', mantra: null },
        ],
        variants: [
          {
            colorCode: '#3d4f7a',
            imageUrl: first.variants[0].imageUrl,
            imageGallery: [],
            price: 71,
            sizes: ['S', 'M'],
            translations: [
              { locale: 'fr', colorName: 'Indigo' },
              { locale: 'en', colorName: 'Indigo' },
            ],
          },
        ],
      },
    });
    expect(created.status()).toBe(201);
    const id = (await created.json()).id as number;

    // Nobody else sees it: not in the collection, 404 on its page, not in the sitemap.
    const visitor = await browser.newContext({ locale: 'fr-FR' });
    const v = await visitor.newPage();
    expect((await v.goto(`/collection/${id}`))!.status()).toBe(404);
    await expect(v.getByRole('heading', { level: 1 })).toHaveText('Produit introuvable');
    await v.goto('/collection');
    await expect(v.getByRole('link', { name: /Robe Marée/ })).toHaveCount(0);
    expect(await (await request.get('/sitemap.xml')).text()).not.toContain(`/collection/${id}<`);

    // The owner sees it marked, with its missing translation, and previews it.
    await page.goto('/admin/products');
    await settled(page);
    const card = page.getByTestId('admin-product-card').filter({ hasText: 'Robe Marée' });
    await expect(card.getByText('Brouillon', { exact: true })).toBeVisible();
    await expect(card.getByTestId('missing-translation')).toHaveText('Traduction manquante : anglais');
    await card.getByRole('link', { name: 'Aperçu de Robe Marée' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/products/${id}/preview$`));
    await expect(page.getByText('Aperçu d’un brouillon : seuls les administrateurs voient cette page.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Robe Marée');
    await expect(page.locator('.product__mantra')).toHaveText('Suivre la marée.');

    // Published from the editor, then moved first with the keyboard.
    await page.getByRole('link', { name: 'Retour à l’édition' }).click();
    await expect(page.locator('#title-fr')).toHaveValue('Robe Marée');
    await expect(page.locator('#mantra-en + .missing-translation')).toHaveText(/Manque en anglais/);
    await page.locator('#mantra-en').fill('Follow the tide.');
    await page.getByLabel('Publié').check();
    await page.getByRole('button', { name: 'Enregistrer les modifications' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Le produit a été mis à jour.' })).toBeVisible();
    // A new product comes first; she moves it down twice (the visitors' collection follows), then back first, with the keyboard.
    const cards = page.getByTestId('admin-product-card');
    await expect(cards.first()).toContainText('Robe Marée');
    await expect(page.getByRole('button', { name: 'Monter Robe Marée dans la collection' })).toBeDisabled();
    await page.getByRole('button', { name: 'Descendre Robe Marée dans la collection' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Robe Marée est en position 2' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Descendre Robe Marée dans la collection' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Robe Marée est en position 3' })).toBeVisible();
    await expect(cards.nth(2)).toContainText('Robe Marée');
    await loadUntil(v, `/collection/${id}`, () => expect(v.getByRole('heading', { level: 1 })).toHaveText('Robe Marée', { timeout: 500 }));
    await loadUntil(v, '/collection', () => expect(v.locator('.product-grid .product-card').nth(2)).toContainText('Robe Marée', { timeout: 500 }));
    for (const position of [2, 1]) {
      await page.getByRole('button', { name: 'Monter Robe Marée dans la collection' }).click();
      await expect(page.getByRole('status').filter({ hasText: `Robe Marée est en position ${position}` })).toBeVisible();
    }
    await expect(cards.first()).toContainText('Robe Marée');

    // Visitors see it first again, on the home grid and the collection.
    await loadUntil(v, '/', () => expect(v.locator('.product-grid .product-card').first()).toContainText('Robe Marée', { timeout: 500 }));
    await loadUntil(v, '/collection', () => expect(v.locator('.product-grid .product-card').first()).toContainText('Robe Marée', { timeout: 500 }));
    await visitor.close();
  });

  test('a stockist lists their shop on /account; it appears on /where-to-buy (filter without JavaScript) and in the trust carousel', async ({
    page,
    browser,
    request,
  }) => {
    const { makeImage } = await import('../images.ts');
    const logo = await makeImage('#6b6b3f', 'logo-lister');
    // A second listed shop with a logo and a description, through the API.
    const login = await request.post('/api/auth/login', { data: { email: ACCOUNTS.retailer.email, password: ACCOUNTS.retailer.password } });
    const other = { authorization: `Bearer ${(await login.json()).access_token}` };
    const fs = await import('node:fs');
    const upload = await request.post('/api/account/listing/logo', {
      headers: other,
      multipart: { image: { name: 'logo.png', mimeType: 'image/png', buffer: fs.readFileSync(logo) } },
    });
    expect(upload.status()).toBe(201);
    const saved = await request.put('/api/account/listing', {
      headers: other,
      data: {
        listed: true,
        name: 'Atelier Ocre',
        address: '2 montée de la Grande-Côte',
        postcode: '69001',
        city: 'Lyon',
        description: { fr: 'Céramique et vêtements.', en: 'Ceramics and clothing.' },
        logoUrl: (await upload.json()).url,
      },
    });
    expect(saved.status()).toBe(200);

    await page.setViewportSize({ width: 360, height: 740 });
    await signInAs(page, 'lister');
    await expect(page).toHaveURL(/\/collection$/);
    await page.goto('/account');
    await settled(page);
    const form = page.locator('.listing-form');
    await form.getByLabel('Faire apparaître ma boutique sur « Où nous trouver »').check();
    await form.getByRole('button', { name: 'Enregistrer la fiche' }).click();
    await expect(form.getByRole('alert')).toHaveText('Pour apparaître, la boutique a besoin d’un nom, d’un code postal et d’une ville.');
    await expect(form.getByLabel('Nom de la boutique')).toBeFocused();
    await form.getByLabel('Nom de la boutique').fill('La Mercerie du Port');
    await form.getByLabel('Adresse').fill('3 quai de la Marine');
    await form.getByLabel('Code postal').fill('34200');
    await form.getByLabel('Ville').fill('Sète');
    await form.getByLabel('Site web (facultatif)').fill('https://mercerie.example');
    await form.getByLabel('Instagram (facultatif)').fill('@mercerie.du.port');
    await form.locator('#listing-description-fr').fill('Face aux bateaux, le lin sèche au vent.');
    await expect(form.getByText('Manque en anglais')).toBeVisible();
    await form.locator('#listing-description-en').fill('Facing the boats, linen dries in the wind.');
    await form.getByLabel('Logo (facultatif)').setInputFiles(logo);
    await expect(form.locator('.listing-form__logo-image')).toHaveAttribute('src', /^\/uploads\/[a-f0-9]+-\d+x\d+\.webp$/);
    await form.getByRole('button', { name: 'Enregistrer la fiche' }).click();
    await expect(form.getByRole('status')).toHaveText('Votre fiche a été enregistrée.');

    // Public, without JavaScript: grouped by town, filtered by a GET form.
    const visitor = await browser.newContext({ locale: 'fr-FR', javaScriptEnabled: false });
    const v = await visitor.newPage();
    await loadUntil(v, '/where-to-buy', () => expect(v.getByRole('heading', { level: 2, name: 'Sète' })).toBeVisible({ timeout: 500 }));
    await v.goto('/');
    await v.getByRole('link', { name: 'Où nous trouver' }).first().click();
    await expect(v).toHaveURL(/\/where-to-buy$/);
    await expect(v.getByRole('heading', { level: 2, name: 'Sète' })).toBeVisible();
    await expect(v.getByRole('heading', { level: 2, name: 'Lyon' })).toBeVisible();
    await expect(v.getByRole('heading', { level: 3, name: 'La Mercerie du Port' })).toBeVisible();
    await expect(v.getByRole('link', { name: 'Instagram de La Mercerie du Port' })).toHaveAttribute('href', 'https://www.instagram.com/mercerie.du.port/');
    await expect(v.locator('body')).not.toContainText(ACCOUNTS.lister.email);
    await v.getByLabel('Ville ou code postal').fill('sete');
    await v.getByRole('button', { name: 'Chercher' }).click();
    await expect(v).toHaveURL(/\/where-to-buy\?q=sete$/);
    await expect(v.getByText('Une boutique pour « sete ».')).toBeVisible();
    await expect(v.getByRole('heading', { level: 2, name: 'Lyon' })).toHaveCount(0);
    await v.goto('/where-to-buy?q=69');
    await expect(v.getByRole('heading', { level: 3, name: 'Atelier Ocre' })).toBeVisible();
    await v.goto('/where-to-buy?q=brest');
    await expect(v.getByText('Aucune boutique ne correspond à « brest ».')).toBeVisible();

    // Two listed shops with a logo and words: the carousel shows them instead of the label's examples.
    await loadUntil(v, '/retailers?lang=en', () => expect(v.locator('.trust__dot')).toHaveCount(2, { timeout: 500 }));
    const item = v.getByTestId('trust-item');
    await expect(item).toContainText(/Atelier Ocre|La Mercerie du Port/);
    await expect(item.locator('img.trust__logo')).toHaveAttribute('src', /^\/uploads\//);
    await expect(v.locator('.trust__dot')).toHaveCount(2);
    await expect(v.getByRole('button', { name: 'Show La Mercerie du Port' })).toBeVisible();

    // The owner hides one: it is gone from the page.
    const ownerContext = await browser.newContext({ locale: 'fr-FR' });
    const owner = await ownerContext.newPage();
    await signInAs(owner, 'admin');
    await expect(owner).toHaveURL(/\/admin\/products$/);
    await owner.goto('/admin/listings');
    await settled(owner);
    await owner.getByRole('button', { name: 'Modifier la fiche de Atelier Ocre' }).click();
    const editor = owner.getByTestId('listing-card').filter({ hasText: 'Atelier Ocre' });
    await editor.getByLabel('Masquer cette fiche (prioritaire sur le choix de la boutique)').check();
    await editor.getByRole('button', { name: 'Enregistrer la fiche' }).click();
    await expect(editor.getByRole('status')).toHaveText('La fiche a été enregistrée.');
    await expect(editor.getByText('Masquée par vous')).toBeVisible();
    await loadUntil(v, '/where-to-buy', () => expect(v.getByRole('heading', { level: 3, name: 'Atelier Ocre' })).toHaveCount(0, { timeout: 500 }));
    await expect(v.getByRole('heading', { level: 3, name: 'La Mercerie du Port' })).toBeVisible();
    // One shop left in the carousel's terms: the label's own examples come back.
    await loadUntil(v, '/retailers', () => expect(v.locator('.trust__dot')).toHaveCount(4, { timeout: 500 }));
    await visitor.close();
    await ownerContext.close();
    // The retailer's own account page says the label has hidden nothing of theirs.
    await page.reload();
    await settled(page);
    await expect(page.getByText('La marque a masqué votre fiche pour le moment')).toHaveCount(0);
  });

  test('the activity log shows each step, newest first, filtered by kind', async ({ page }) => {
    await signInAs(page, 'admin');
    await expect(page).toHaveURL(/\/admin\/products$/);
    await page.goto('/admin/activity');
    await settled(page);
    const entries = page.getByTestId('activity-entry');
    await expect(entries.first()).toContainText('Fiche masquée · Atelier Ocre');
    for (const text of [
      'Ordre de la collection changé',
      'Publié · Robe Marée',
      'Produit créé · Robe Marée',
      'Textes enregistrés · FAQ',
      'Textes enregistrés · Accueil',
    ]) {
      await expect(entries.filter({ hasText: text }).first()).toBeVisible();
    }
    await expect(entries.first()).toContainText('admin@e2e.example');
    await page.getByLabel('Type').selectOption({ label: 'Textes des pages' });
    await expect(page).toHaveURL(/kind=page/);
    await expect(entries).toHaveCount(2);
    await expect(entries.first()).toContainText('FAQ');
    await entries.first().getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(/\/admin\/pages\?page=faq$/);
  });
});
