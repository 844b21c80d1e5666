import { expect, loadUntil, settled, test, signInAs } from '../fixtures.ts';

test.describe('journal', () => {
  test('shows the sections with their published posts, headings and quotes; drafts stay hidden', async ({ page }) => {
    await page.goto('/blog');
    await expect(page.getByRole('heading', { level: 2, name: 'Carnet d’atelier' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: 'Une robe, trois semaines' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Le patron' })).toBeVisible();
    await expect(page.locator('blockquote').first()).toHaveText('Une couture bien faite ne se voit pas, elle se sent.');
    // "Rencontres" has only a draft: empty state for the section, no draft text.
    const encounters = page.locator('section', { has: page.getByRole('heading', { name: 'Rencontres' }) });
    await expect(encounters).toContainText('Aucun article dans cette rubrique pour le moment.');
    await expect(page.getByText('la teinturière de la vallée')).toHaveCount(0);
    const html = await (await page.request.get('/blog')).text();
    expect(html).not.toContain('teinturière');
  });

  test('each post has a permalink, server-rendered with BlogPosting data, in both languages', async ({ page, request }) => {
    await page.goto('/blog');
    await page.getByRole('link', { name: 'Laver son lin sans l’abîmer' }).click();
    await expect(page).toHaveURL(/\/blog\/laver-son-lin-sans-labimer$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Laver son lin sans l’abîmer');
    await expect(page.getByRole('link', { name: 'Matières' })).toHaveAttribute('href', '/blog');
    const html = await (await request.get('/blog/laver-son-lin-sans-labimer?lang=en')).text();
    expect(html).toContain('<h1 class="page-title">Washing linen without harming it</h1>');
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!) as Array<Record<string, unknown>>;
    expect(ld.find((x) => x['@type'] === 'BlogPosting')).toMatchObject({ headline: 'Washing linen without harming it', articleSection: 'Materials' });
    expect(html).toMatch(/<link rel="alternate" hrefLang="fr" href="[^"]*\/blog\/laver-son-lin-sans-labimer\?lang=fr"/);
    expect(html).toMatch(/<meta property="og:title" content="Washing linen without harming it"/);
  });

  test('a draft or unknown slug is a 404 page with a link back to the journal', async ({ page }) => {
    for (const slug of ['brouillon-la-teinturiere-de-la-vallee', 'nothing-here']) {
      const response = await page.goto(`/blog/${slug}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Article introuvable');
      await expect(page.getByRole('main').getByRole('link', { name: 'Retour au journal' })).toHaveAttribute('href', '/blog');
    }
  });
});

test.describe('admin journal', () => {
  test('an admin creates a section and a draft post, publishes it, finds it in both languages, edits and deletes it', async ({ page, browser }) => {
    await signInAs(page, 'admin');
    await expect(page).toHaveURL(/\/admin\/products$/);
    await page.goto('/admin/blog');
    await settled(page);
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.accept();
    });

    const sectionForm = page.getByTestId('section-form');
    await sectionForm.getByRole('button', { name: 'Créer la rubrique' }).click();
    await expect(page.getByRole('alert').first()).toHaveText('Le titre de la rubrique est requis en français et en anglais.');
    await sectionForm.getByLabel('Titre').first().fill('Voyages e2e');
    await sectionForm.getByLabel('Titre').nth(1).fill('Travels e2e');
    await sectionForm.getByRole('button', { name: 'Créer la rubrique' }).click();
    await expect(page.getByText('La rubrique a été créée.')).toBeVisible();
    await expect(page.getByTestId('section-card').filter({ hasText: 'Voyages e2e' })).toContainText('0 article');

    const postForm = page.getByTestId('post-form');
    await expect(postForm.getByLabel('Rubrique')).toHaveValue(/\d+/);
    await postForm.getByLabel('Rubrique').selectOption({ label: 'Voyages e2e' });
    await expect(postForm.getByLabel('Contenu').first()).toHaveAttribute('rows', '10');
    await postForm.getByLabel('Titre').first().fill('Carnet de route e2e');
    await postForm.getByLabel('Contenu').first().fill('## En chemin\n"Partir, c’est rester un peu."\nUne ligne.\nUne autre.\n\n<script>alert(1)</script>');
    await postForm.getByLabel('Titre').nth(1).fill('Road notes e2e');
    await postForm.getByLabel('Contenu').nth(1).fill('## On the way\nA line.');
    await expect(postForm.getByLabel('Brouillon')).toBeChecked();
    await postForm.getByRole('button', { name: 'Créer l’article' }).click();
    await expect(page.getByText('L’article a été créé.')).toBeVisible();
    // The form keeps the same section for the next post.
    await expect(postForm.getByLabel('Rubrique').locator('option:checked')).toHaveText('Voyages e2e');
    const card = page.getByTestId('post-card').filter({ hasText: 'Carnet de route e2e' });
    await expect(card).toContainText('Brouillon');

    const visitor = await browser.newContext({ locale: 'fr-FR' });
    const anon = await visitor.newPage();
    let alerted = false;
    anon.on('dialog', (d) => {
      alerted = true;
      void d.dismiss();
    });
    await anon.goto('/blog');
    await expect(anon.getByText('Carnet de route e2e')).toHaveCount(0);
    expect((await anon.goto('/blog/carnet-de-route-e2e'))?.status()).toBe(404);

    await card.getByRole('button', { name: 'Modifier « Carnet de route e2e »' }).click();
    await expect(postForm.getByLabel('Titre').first()).toHaveValue('Carnet de route e2e');
    await postForm.getByLabel('Publié').check();
    // A cover picture, described in French only: the English field is flagged, the list says so.
    const { makeImage } = await import('../images.ts');
    await postForm.getByLabel('Téléverser une photo').setInputFiles(await makeImage('#5b6b8c', 'cover'));
    await expect(postForm.locator('.hero-field__image')).toHaveAttribute('src', /^\/uploads\/[a-f0-9]+-\d+x\d+\.webp$/);
    const coverUrl = (await postForm.locator('.hero-field__image').getAttribute('src'))!;
    await page.locator('#post-cover-alt-fr').fill('Un sac de voyage bleu sur le quai.');
    await expect(postForm.getByText('Manque en anglais')).toBeVisible();
    await postForm.getByRole('button', { name: 'Enregistrer l’article' }).click();
    await expect(page.getByText('L’article a été mis à jour.')).toBeVisible();
    await expect(card).toContainText('Publié');
    await expect(card.getByTestId('missing-translation')).toContainText('anglais');

    await loadUntil(anon, '/blog', () => expect(anon.getByRole('heading', { level: 3, name: 'Carnet de route e2e' })).toBeVisible({ timeout: 500 }));
    await expect(anon.getByText('<script>alert(1)</script>')).toBeVisible();
    // The journal shows the cover beside the post; the post page above its text, described.
    const listed = anon.locator('article', { has: anon.getByRole('heading', { level: 3, name: 'Carnet de route e2e' }) });
    await expect(listed.locator('.journal__cover img')).toHaveAttribute('src', coverUrl);
    await loadUntil(anon, '/blog/carnet-de-route-e2e', () =>
      expect(anon.getByRole('heading', { level: 1 })).toHaveText('Carnet de route e2e', { timeout: 500 }),
    );
    await expect(anon.locator('blockquote')).toHaveText('Partir, c’est rester un peu.');
    const cover = anon.getByRole('img', { name: 'Un sac de voyage bleu sur le quai.' });
    await expect(cover).toHaveAttribute('src', coverUrl);
    const [coverBox, textBox] = [await cover.boundingBox(), await anon.locator('.post-content').boundingBox()];
    expect(coverBox!.y + coverBox!.height).toBeLessThanOrEqual(textBox!.y);
    // It is what a shared link shows, and the BlogPosting's image.
    const html = await (await anon.request.get('/blog/carnet-de-route-e2e')).text();
    expect(html).toMatch(new RegExp(`<meta property="og:image" content="http://[^"]+${coverUrl}"`));
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!) as Array<Record<string, unknown>>;
    expect(String(ld.find((x) => x['@type'] === 'BlogPosting')!.image)).toMatch(new RegExp(`^http://[^"]+${coverUrl}$`));
    await anon.goto('/blog/carnet-de-route-e2e?lang=en');
    await expect(anon.getByRole('heading', { level: 1 })).toHaveText('Road notes e2e');
    expect(alerted).toBe(false);

    await card.getByRole('button', { name: 'Supprimer « Carnet de route e2e »' }).click();
    await expect(page.getByText('L’article a été supprimé.')).toBeVisible();
    expect(dialogs.at(-1)).toContain('Carnet de route e2e');
    await expect.poll(async () => (await anon.goto('/blog/carnet-de-route-e2e'))?.status(), { timeout: 10_000 }).toBe(404);

    // A section with a post: the confirmation says its post goes with it.
    await postForm.getByLabel('Titre').first().fill('Dernier billet e2e');
    await postForm.getByLabel('Contenu').first().fill('Texte');
    await postForm.getByLabel('Titre').nth(1).fill('Last note e2e');
    await postForm.getByLabel('Contenu').nth(1).fill('Text');
    await postForm.getByRole('button', { name: 'Créer l’article' }).click();
    await expect(page.getByText('L’article a été créé.')).toBeVisible();
    await page.getByTestId('section-card').filter({ hasText: 'Voyages e2e' }).getByRole('button', { name: 'Supprimer « Voyages e2e »' }).click();
    await expect(page.getByText('La rubrique a été supprimée.')).toBeVisible();
    expect(dialogs.at(-1)).toContain('1 article');
    await expect(page.getByTestId('post-card').filter({ hasText: 'Dernier billet e2e' })).toHaveCount(0);
    await visitor.close();
  });

  test('without any section, creating a post is disabled and says why', async ({ page }) => {
    await signInAs(page, 'admin');
    await expect(page).toHaveURL(/\/admin\/products$/);
    await page.route('**/api/admin/blog/sections?*', (route) => route.fulfill({ json: [] }));
    await page.goto('/admin/blog');
    await settled(page);
    const postForm = page.getByTestId('post-form');
    await expect(postForm.getByRole('button', { name: 'Créer l’article' })).toBeDisabled();
    await expect(postForm.getByText('Ajoutez une rubrique avant de publier un article')).toBeVisible();
  });

  test.describe('when the server fails', () => {
    test.use({ allowConsole: [/status of 500/] });
    test('a load failure shows the journal error messages', async ({ page }) => {
      await signInAs(page, 'admin');
      await expect(page).toHaveURL(/\/admin\/products$/);
      await page.route('**/api/admin/blog?*', (route) => route.fulfill({ status: 500, body: '' }));
      await page.goto('/admin/blog');
      await expect(page.getByRole('alert').filter({ hasText: 'Impossible de charger les articles.' })).toBeVisible();
    });
  });
});
