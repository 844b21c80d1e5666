import fs from 'node:fs';
import { expect, pdfText, settled, test, signInAs } from '../fixtures.ts';

test.describe('wholesale terms and the line sheet', () => {
  test('the owner edits the terms: bad values are named under their field and nothing is saved; a good save shows on the stockist’s line sheet', async ({
    page,
    browser,
    a11y,
  }) => {
    await signInAs(page, 'admin');
    await expect(page).toHaveURL(/\/admin\/products$/);
    await page.getByRole('link', { name: 'Conditions revendeur' }).click();
    await expect(page).toHaveURL(/\/admin\/wholesale$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Conditions revendeur' })).toBeVisible();
    const frSeason = page.getByRole('group', { name: 'Français' }).getByLabel('Nom de la saison');
    const enSeason = page.getByRole('group', { name: 'English' }).getByLabel('Nom de la saison');
    await expect(frSeason).toHaveValue('Printemps-été 2027');
    await expect(page.getByLabel('Valable jusqu’au')).toHaveValue('2027-03-31');
    await expect(page.getByLabel('Minimum de première commande (€ HT, 0 = aucun)')).toHaveValue('600.00');

    // Refused in the browser, with the message under the field, and nothing sent.
    await enSeason.fill('   ');
    await page.getByLabel('Contact pour les commandes (e-mail)').fill('orders at maison');
    let sent = 0;
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().includes('/api/admin/wholesale/terms')) sent += 1;
    });
    await page.getByRole('button', { name: 'Enregistrer les conditions' }).click();
    await expect(page.getByText('Le nom de la saison est requis.')).toBeVisible();
    await expect(page.getByText('Saisissez une adresse e-mail valide.')).toBeVisible();
    await expect(enSeason).toHaveAttribute('aria-invalid', 'true');
    await a11y('terms form with errors');
    expect(sent).toBe(0);

    await enSeason.fill('Spring-Summer 2027 · Capsule');
    await page.getByLabel('Contact pour les commandes (e-mail)').fill('commandes@maison-solene.example');
    await page.getByLabel('Minimum de réassort (€ HT, 0 = aucun)').fill('300');
    await page.getByRole('group', { name: 'English' }).getByLabel('Conditions de paiement').fill('Net 30 days. <b>No markup</b> is interpreted.');
    await page.getByRole('button', { name: 'Enregistrer les conditions' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Les conditions revendeur ont été enregistrées.' })).toBeVisible();
    await expect(page.getByText(/Dernier enregistrement : /)).toBeVisible();
    await page.reload();
    await settled(page);
    await expect(page.getByRole('group', { name: 'English' }).getByLabel('Nom de la saison')).toHaveValue('Spring-Summer 2027 · Capsule');
    await expect(page.getByLabel('Minimum de réassort (€ HT, 0 = aucun)')).toHaveValue('300.00');

    // The retailer's English line sheet, downloaded from the collection page, carries the new terms.
    const shop = await browser.newContext({ locale: 'en-GB', acceptDownloads: true });
    const shopPage = await shop.newPage();
    await signInAs(shopPage, 'retailer');
    await expect(shopPage).toHaveURL(/\/collection$/);
    await settled(shopPage);
    const sheet = shopPage.getByTestId('linesheet');
    const [download] = await Promise.all([shopPage.waitForEvent('download'), sheet.getByRole('button', { name: 'Download the line sheet' }).click()]);
    expect(download.suggestedFilename()).toBe('maison-solene-line-sheet-spring-summer-2027-capsule-en.pdf');
    const text = await pdfText(fs.readFileSync((await download.path())!));
    expect(text).toContain('Spring-Summer 2027 · Capsule');
    expect(text).toContain('Net 30 days. <b>No markup</b> is interpreted.');
    expect(text).toContain('€300.00');
    expect(text).toContain('MS27-SOL-ROBE-01');
    expect(text).toContain('€270.00');

    // The French version from the same page.
    const [french] = await Promise.all([shopPage.waitForEvent('download'), sheet.getByRole('button', { name: 'Download the French version' }).click()]);
    expect(french.suggestedFilename()).toMatch(/-fr\.pdf$/);
    expect(await pdfText(fs.readFileSync((await french.path())!))).toContain('Conditions de vente');
    await shop.close();
  });

  test('a stockist sees the style reference and recommended retail price on a product; a visitor sees neither, nor any download', async ({
    page,
    browser,
    request,
  }) => {
    const visitor = await browser.newContext({ locale: 'fr-FR' });
    const anon = await visitor.newPage();
    await anon.goto('/collection');
    await settled(anon);
    await expect(anon.getByTestId('linesheet')).toHaveCount(0);
    const refused = await request.get('/api/wholesale/linesheet.pdf?lang=fr');
    expect(refused.status()).toBe(401);
    expect(refused.headers()['content-type']).toMatch(/^application\/json/);
    await visitor.close();

    await signInAs(page, 'retailer');
    await expect(page).toHaveURL(/\/collection$/);
    await page.getByRole('link', { name: /Robe Soleil/ }).click();
    await expect(page.getByTestId('trade-reference')).toHaveText('MS27-SOL-ROBE-01');
    await expect(page.getByTestId('retail-price')).toHaveText(/^270,00\s€$/);
    await expect(page.getByText('Prix de vente conseillé TTC')).toBeVisible();
    await page.getByRole('button', { name: 'Écru' }).click();
    await expect(page.getByTestId('retail-price')).toHaveText(/^260,00\s€$/);
  });
});
