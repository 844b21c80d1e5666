import fs from 'node:fs';
import { expect, pdfText, settled, test, signInAs } from '../fixtures.ts';

test.describe('production and sales', () => {
  test('the owner opens the demo season’s cut sheet, filters by delivery, downloads its CSV and PDF, and reads a figure of the season at a glance', async ({
    page,
  }) => {
    await signInAs(page, 'admin');
    await expect(page).toHaveURL(/\/admin\/products$/);
    // An owner without a second factor is offered a passkey; "Not now" puts the suggestion away for good.
    await page.getByTestId('passkey-suggestion').getByRole('button', { name: 'Plus tard' }).click();
    await expect(page.getByTestId('passkey-suggestion')).toHaveCount(0);
    await page.getByRole('link', { name: 'Production', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Fiche de coupe' })).toBeVisible();
    await settled(page);
    await expect(page.getByTestId('passkey-suggestion')).toHaveCount(0);
    // The demo season's pre-book orders, every delivery.
    await expect(page.getByLabel('Saison', { exact: true })).toHaveValue('SS27');
    const summary = page.getByTestId('cut-summary');
    await expect(summary).toContainText('pièces à fabriquer');
    const all = Number(/^(\d+)/.exec((await summary.textContent())!)![1]);
    expect(all).toBeGreaterThan(0);
    await expect(page.getByTestId('cut-style').first()).toBeVisible();
    const totals = page.getByTestId('cut-total');
    await expect(totals.getByRole('row', { name: /^Total/ })).toContainText(String(all));

    // One delivery: fewer pieces, and the files say the same. Other tests ship and send orders of this season at
    // the same time, so the screen and both files are read again, together, until they agree.
    const delivery = page.getByLabel('Livraison', { exact: true });
    const reread = (option: { label: string } | { value: string }) =>
      Promise.all([page.waitForResponse((r) => r.url().includes('/api/admin/production?') && r.ok()), delivery.selectOption(option)]);
    await reread({ label: 'Première livraison' });
    await expect(summary).not.toHaveText(new RegExp(`^${all} `));
    let attempt = 0;
    await expect(async () => {
      if (attempt++ > 0) {
        await reread({ value: '' });
        await reread({ label: 'Première livraison' });
      }
      const first = Number(/^(\d+)/.exec((await summary.textContent())!)![1]);
      expect(first).toBeLessThan(all);
      const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Télécharger (CSV)' }).click()]);
      expect(csv.suggestedFilename()).toMatch(/^cut-sheet-SS27-\d+-both\.csv$/);
      const rows = fs
        .readFileSync((await csv.path())!, 'utf8')
        .replace(/^\ufeff/, '')
        .trim()
        .split('\r\n');
      expect(rows[0]).toBe('Saison,Livraison,Référence,Style,Coloris,Code couleur,Taille,Pièces');
      expect(rows.slice(1).reduce((n, r) => n + Number(r.split(',').at(-1)), 0)).toBe(first);
      expect(rows[1]).toContain('SS27,Première livraison,MS27-');
      const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Fiche pour l’atelier (PDF)' }).click()]);
      expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
      const text = await pdfText(fs.readFileSync((await pdf.path())!));
      expect(text).toContain('Fiche de coupe');
      expect(text).toContain('Première livraison');
      expect(text).toContain(`Total de la saison : ${first} pièces`);
    }).toPass({ timeout: 30_000 });

    // The season at a glance: a chart's figures are in the table under it.
    await page.getByRole('link', { name: 'Ventes', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'La saison en un coup d’œil' })).toBeVisible();
    await settled(page);
    const countries = page.getByRole('region', { name: 'Chiffre d’affaires par pays' });
    await expect(countries.getByRole('row', { name: /^BE/ })).toContainText('€');
    const shops = page.getByRole('region', { name: 'Chiffre d’affaires par revendeur' });
    await expect(shops.getByRole('row', { name: /Linen House/ })).toBeVisible();
    const stockists = Number(
      (await page
        .getByTestId('sales-totals')
        .locator('.kpi')
        .filter({ hasText: /^Revendeurs\d/ })
        .locator('strong')
        .textContent())!,
    );
    await expect(shops.locator('tbody tr')).toHaveCount(stockists);
    const sizes = page.getByRole('region', { name: 'Pièces par taille (courbe de tailles)' });
    await expect(sizes.getByRole('row', { name: /^M\b/ })).toContainText('%');
  });
});
