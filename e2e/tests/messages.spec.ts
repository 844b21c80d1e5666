import { expect, settled, test, signInAs } from '../fixtures.ts';

// Issue 43: what visitors write through the contact form waits for the owner in her inbox too, found by a search.
test.describe('the owner’s inbox', () => {
  for (const viewport of [
    { name: 'desktop', width: 1280, height: 800 },
    { name: 'phone', width: 360, height: 740 },
  ]) {
    test(`a visitor’s message is in the owner’s messages, found by a word of it (${viewport.name})`, async ({ page, browser, a11y }) => {
      const word = `Tisserande${viewport.width}`;
      const visitor = await (await browser.newContext({ locale: 'fr-FR' })).newPage();
      await visitor.goto('/contact');
      await settled(visitor);
      await visitor.getByLabel('Nom').fill('Héloïse Marchand');
      await visitor.getByLabel('E-mail').fill('heloise@example.com');
      await visitor.getByLabel('Message', { exact: true }).fill(`Bonjour,\nl’étole ${word} existe-t-elle en bleu ?`);
      await visitor.getByLabel(/J’accepte/).check();
      await visitor.getByRole('button', { name: 'Envoyer le message' }).click();
      await expect(visitor.getByRole('status')).toHaveText('Merci ! Votre message a bien été envoyé.');
      await visitor.context().close();

      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await signInAs(page, 'admin');
      await expect(page).toHaveURL(/\/admin\/products$/);
      await page.goto('/admin/messages');
      await settled(page);
      const messages = page.getByTestId('contact-message');
      await expect(messages.first()).toBeVisible();
      await page.getByRole('searchbox', { name: 'Rechercher un nom, une adresse ou des mots du message' }).fill(word.toUpperCase());
      await page.getByRole('button', { name: 'Rechercher' }).click();
      await expect(page).toHaveURL(new RegExp(`q=${word.toUpperCase()}`));
      await expect(page.locator('.list-count')).toHaveText('1 message');
      await expect(messages).toHaveCount(1);
      await expect(messages.first()).toContainText('Héloïse Marchand');
      await expect(messages.first().getByRole('link', { name: 'heloise@example.com' })).toHaveAttribute('href', /^mailto:heloise@example\.com\?subject=/);
      await expect(messages.first()).toContainText(`l’étole ${word} existe-t-elle en bleu ?`);
      await a11y('the inbox searched');
      const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(sideways).toBeLessThanOrEqual(0);
      // The back-office navigation leads there.
      await page.goto('/admin/products');
      await settled(page);
      if (viewport.width < 700) await page.getByRole('button', { name: /Menu/ }).first().click();
      await page.getByRole('link', { name: 'Messages', exact: true }).click();
      await expect(page).toHaveURL(/\/admin\/messages$/);
    });
  }
});
