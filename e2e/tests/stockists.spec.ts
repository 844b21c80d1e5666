import fs from 'node:fs';
import { BASE_URL } from '../env.ts';
import { expect, pdfText, settled, test, waitForMail, signInAs } from '../fixtures.ts';

test.describe('stockists', () => {
  test('a shop applies, the admin accepts, the mailed link sets a password, and the stockist sees trade prices', async ({ page, browser }) => {
    const email = `shop-${Date.now()}@example.com`;
    const since = Date.now() - 1000;
    const visitor = await browser.newContext({ locale: 'fr-FR' });
    const shop = await visitor.newPage();
    await shop.goto('/retailers');
    await settled(shop);
    await shop.getByLabel('Nom', { exact: true }).fill('  Inès Martin ');
    await shop.getByLabel('E-mail').fill(email);
    await shop.getByLabel('Nom de la boutique (facultatif)').fill('Les Jours Lents');
    await shop.getByLabel('SIRET (facultatif)').fill('98765432100019');
    await shop.getByLabel('Message', { exact: true }).fill('Nous aimerions vos robes pour cet été.');
    await expect(shop.getByLabel('Message', { exact: true })).toHaveAttribute('rows', '4');
    await shop.getByLabel('Je souhaite recevoir le catalogue revendeur').check();
    await expect(shop.getByRole('link', { name: 'politique de confidentialité', exact: true })).toHaveAttribute('href', '/privacy');
    await expect(shop.getByRole('link', { name: 'mentions légales', exact: true })).toHaveAttribute('href', '/legal');
    await shop.getByLabel(/J’accepte que mes coordonnées/).check();
    const sent = shop.waitForRequest((r) => r.url().endsWith('/api/retailers/contact'));
    await shop.getByRole('button', { name: 'Envoyer ma demande' }).click();
    const body = (await sent).postDataJSON();
    expect(body).toMatchObject({ name: 'Inès Martin', company: 'Les Jours Lents', catalogOptIn: true, consent: true });
    expect(body).not.toHaveProperty('phone');
    expect(body).not.toHaveProperty('website');
    await expect(shop.getByRole('status')).toHaveText('Merci ! Votre demande a bien été envoyée : nous vous répondons sous un mois.');
    await expect(shop.getByLabel('Nom', { exact: true })).toHaveValue('');
    await expect(shop.getByLabel(/J’accepte que mes coordonnées/)).not.toBeChecked();

    // The brand is told (its address also gets the other tests' order notices: this mail is the one naming the shop).
    expect(await waitForMail('bonjour@maison-solene.example', since, 'Les Jours Lents')).toContain(email);

    await signInAs(page, 'admin');
    await expect(page).toHaveURL(/\/admin\/products$/);
    await page.goto('/admin/retailers');
    await settled(page);
    await expect(page.getByRole('tab', { name: 'En attente' })).toHaveAttribute('aria-selected', 'true');
    const card = page.getByTestId('application-card').filter({ hasText: email });
    await expect(card).toContainText('Inès Martin · Les Jours Lents');
    await expect(card).toContainText('98765432100019');
    await expect(card).toContainText('Souhaite recevoir le catalogue');
    await expect(card).toContainText(/Reçue le\d{1,2} [a-zéû.]+ \d{4},? (à )?\d{2}:\d{2}/);
    await card.getByRole('button', { name: 'Accepter la demande de Inès Martin' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Le compte revendeur a été créé et les identifiants envoyés par e-mail' })).toBeVisible();
    await expect(card).toHaveCount(0);
    await page.getByRole('tab', { name: 'Acceptées' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Le compte revendeur a été créé' })).toHaveCount(0);
    const accepted = page.getByTestId('application-card').filter({ hasText: email });
    await expect(accepted).toContainText('admin@e2e.example');
    await expect(accepted.getByRole('button', { name: /Accepter/ })).toHaveCount(0);
    // The catalogue opt-in was honoured.
    await expect(accepted.getByTestId('catalog-sent')).toHaveText('Catalogue revendeur envoyé avec le mail de bienvenue');

    // The mail: sign-in e-mail and a single-use link, no password.
    const mail = await waitForMail(email, since);
    expect(mail).toContain(`Votre identifiant de connexion est : ${email}`);
    const link = /(http:\/\/127\.0\.0\.1:\d+\/reset-password\?token=[A-Za-z0-9_-]+&lang=fr)/.exec(mail)![1]!;
    await shop.goto(link.replace(BASE_URL, ''));
    await settled(shop);
    await shop.getByLabel('Nouveau mot de passe', { exact: true }).fill('jours-lents-2027');
    await shop.getByLabel('Confirmez le nouveau mot de passe').fill('jours-lents-2027');
    await shop.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await expect(shop.getByRole('status')).toContainText('Votre mot de passe est enregistré');
    await shop.getByRole('link', { name: 'Se connecter' }).click();
    await shop.getByLabel('E-mail').fill(email);
    await shop.getByLabel('Mot de passe').fill('jours-lents-2027');
    await shop.getByRole('button', { name: 'Se connecter' }).click();
    await expect(shop).toHaveURL(/\/collection$/);
    await shop.getByRole('link', { name: /Robe Soleil/ }).click();
    await expect(shop.getByTestId('trade-price')).toHaveText(/^118,00\s€$/);

    // The catalogue asked for: the mail's second link leads to the line sheet.
    expect(mail).toContain('notre catalogue revendeur : une fois votre mot de passe choisi');
    const lineSheetLink = /le catalogue revendeur: (http:\/\/127\.0\.0\.1:\d+\/account\?lang=fr)/.exec(mail)![1]!;
    await shop.goto(lineSheetLink.replace(BASE_URL, ''));
    await settled(shop);
    const sheet = shop.getByTestId('linesheet');
    await expect(sheet.getByRole('heading', { name: 'Catalogue revendeur' })).toBeVisible();
    const [download] = await Promise.all([shop.waitForEvent('download'), sheet.getByRole('button', { name: 'Télécharger le catalogue revendeur' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^maison-solene-catalogue-revendeur-[a-z0-9-]+-fr\.pdf$/);
    const bytes = fs.readFileSync((await download.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(bytes);
    expect(text).toContain('Préparé pour Les Jours Lents');
    expect(text).toContain('Robe Soleil');
    await expect(sheet.getByRole('status')).toHaveText('Le catalogue revendeur est téléchargé.');
    await visitor.close();
  });

  test('the admin deletes an application after a confirmation naming the applicant', async ({ page }) => {
    await signInAs(page, 'admin');
    await expect(page).toHaveURL(/\/admin\/products$/);
    await page.goto('/admin/retailers');
    const card = page.getByTestId('application-card').filter({ hasText: 'Camille Roux' });
    await expect(card).toHaveCount(1);
    let question = '';
    page.once('dialog', (d) => {
      question = d.message();
      void d.accept();
    });
    await card.getByRole('button', { name: 'Supprimer la demande de Camille Roux' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'La demande a été supprimée.' })).toBeVisible();
    expect(question).toBe('Supprimer la demande de Camille Roux ?');
    await expect(card).toHaveCount(0);
  });

  test.describe('when accepting fails', () => {
    test.use({ allowConsole: [/status of 500/] });
    test('the accept error banner shows, and switching tabs clears it', async ({ page }) => {
      await signInAs(page, 'admin');
      await expect(page).toHaveURL(/\/admin\/products$/);
      await page.route('**/api/admin/retailers/applications/*/accept', (route) => route.fulfill({ status: 500, json: { error: 'boom' } }));
      await page.route('**/api/admin/retailers/applications?status=pending', (route) =>
        route.fulfill({
          json: {
            data: [
              {
                id: 9999,
                name: 'Test Shop',
                company: null,
                email: 'x@example.com',
                siret: null,
                phone: null,
                shopType: null,
                message: 'Hello',
                catalogOptIn: false,
                consent: true,
                consentAt: '2026-01-02T10:00:00.000Z',
                locale: 'en',
                status: 'pending',
                createdAt: '2026-01-02T10:00:00.000Z',
                acceptedAt: null,
                acceptedBy: null,
                retailerEmail: null,
                catalogSentAt: null,
              },
            ],
            // A page of the list, as the server answers it (issue 43).
            total: 1,
            page: 1,
            limit: 50,
            nextCursor: null,
          },
        }),
      );
      await page.goto('/admin/retailers');
      await page.getByRole('button', { name: 'Accepter la demande de Test Shop' }).click();
      await expect(page.getByRole('alert')).toHaveText('Nous n’avons pas pu accepter cette demande pour le moment');
      await page.getByRole('tab', { name: 'Acceptées' }).click();
      await expect(page.getByRole('alert')).toHaveCount(0);
    });
  });

  test('the trust carousel advances every 6.5 s and stops once a dot is picked', async ({ page }) => {
    await page.clock.install();
    await page.goto('/retailers');
    await settled(page);
    const item = page.getByTestId('trust-item');
    await expect(item).toContainText('La Mercerie du Port');
    await page.clock.runFor(6500);
    await expect(item).toContainText('Atelier Ocre');
    await page.getByRole('button', { name: 'Afficher Le Comptoir des Lins' }).click();
    await expect(item).toContainText('Le Comptoir des Lins');
    await page.clock.runFor(20_000);
    await expect(item).toContainText('Le Comptoir des Lins');
  });

  test('under reduced motion the trust carousel stays still', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto('/retailers');
    await settled(page);
    // Whichever shop comes first (retailers listed by other tests may lead the carousel), it stays.
    const first = (await page.getByTestId('trust-item').textContent())!;
    expect(first.length).toBeGreaterThan(0);
    await page.clock.runFor(20_000);
    await expect(page.getByTestId('trust-item')).toHaveText(first);
  });
});

test.describe('contact', () => {
  test('a visitor sends a message: inputs disabled while sending, cleared after, and the brand’s mail arrives', async ({ page }) => {
    const since = Date.now() - 1000;
    await page.goto('/contact');
    await settled(page);
    await page.getByLabel('Nom').fill('Léonie');
    await page.getByLabel('E-mail').fill('leonie@example.com');
    await page.getByLabel('Message', { exact: true }).fill('Avez-vous la Robe Soleil en XXL ?');
    await page.getByLabel(/J’accepte/).check();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/contact', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await expect(page.getByLabel('Nom')).toBeDisabled();
    await expect(page.getByLabel('Message', { exact: true })).toBeDisabled();
    release();
    await expect(page.getByRole('status')).toHaveText('Merci ! Votre message a bien été envoyé.');
    await expect(page.getByLabel('Nom')).toHaveValue('');
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('');
    const mail = await waitForMail('bonjour@maison-solene.example', since, 'Avez-vous la Robe Soleil en XXL ?');
    expect(mail).toContain('leonie@example.com');
  });

  test('a required field left empty keeps the form from sending', async ({ page }) => {
    await page.goto('/contact');
    await settled(page);
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await expect(page.getByLabel('Nom')).toHaveJSProperty('validity.valueMissing', true);
  });
});

test.describe('static pages', () => {
  test('the FAQ shows 10 open questions and the size guide as a real table, in both languages', async ({ page }) => {
    await page.goto('/faq?lang=fr');
    await expect(page.locator('.faq__question')).toHaveCount(10);
    await expect(page.getByText('Nos coupes sont amples.')).toBeVisible();
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText(['EU', 'FR', 'Poitrine', 'Taille', 'Hanches', 'Équivalence']);
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(6);
    await expect(rows.nth(0).locator('th, td')).toHaveText(['34', '36', '80-84', '62-66', '86-90', 'XS']);
    await expect(rows.nth(5).locator('th, td')).toHaveText(['44', '46', '100-106', '82-88', '106-112', 'XXL']);
    await page.goto('/faq?lang=en');
    await expect(page.locator('.faq__question').first()).toHaveText('Where are your clothes made?');
    await expect(page.getByRole('table').getByRole('columnheader')).toHaveText(['EU', 'FR', 'Bust', 'Waist', 'Hips', 'Equivalence']);
  });

  test('privacy states the response delay and the brand’s details; legal names the entity', async ({ page }) => {
    await page.goto('/privacy?lang=fr');
    await expect(page.getByRole('main')).toContainText('dans un délai d’un mois');
    await expect(page.getByRole('main')).toContainText('Maison Solène SAS, 12 rue des Tisserands, 34000 Montpellier, France');
    await page.goto('/privacy?lang=en');
    await expect(page.getByRole('main')).toContainText('within 30 days');
    await page.goto('/legal?lang=fr');
    await expect(page.getByRole('main')).toContainText('Maison Solène SAS');
    await expect(page.getByRole('main')).toContainText('bonjour@maison-solene.example');
    await page.goto('/legal?lang=en');
    await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText('Publisher');
  });
});
