import { expect, settled, signIn, test } from '../fixtures.ts';

test.describe('invoicing: the label’s legal identity', () => {
  test('the owner fills the legal identity: a wrong SIRET key is refused with its reason, the right one is saved and stays', async ({ page, a11y }) => {
    await signIn(page, 'admin');
    await expect(page).toHaveURL(/\/admin\/products$/);
    await page.getByRole('link', { name: 'Facturation', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Facturation : identité légale' })).toBeVisible();
    await settled(page);
    const form = page.getByTestId('invoicing-form');
    const fill = async (values: Record<string, string>) => {
      for (const [label, value] of Object.entries(values)) await form.getByLabel(label, { exact: true }).fill(value);
    };
    await fill({
      'Dénomination sociale': 'Maison Solène',
      'Capital social (€)': '10000',
      Adresse: '12 rue des Tisserands',
      'Code postal': '34000',
      Ville: 'Montpellier',
      SIREN: '732 829 320',
      'SIRET du siège': '732 829 320 00075',
      'Ville du RCS': 'Montpellier',
      'Numéro de TVA intracommunautaire': 'FR44732829320',
      IBAN: 'FR76 3000 6000 0112 3456 7890 189',
      BIC: 'AGRIFRPP',
      'Taux des pénalités de retard (%)': '12.15',
    });
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(form.getByText('Le SIRET compte 14 chiffres dont la clé est juste (Luhn) et qui commencent par le SIREN.')).toBeVisible();
    await a11y('legal identity refused');
    await fill({ 'SIRET du siège': '732 829 320 00074' });
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(form.getByText('L’identité légale est enregistrée.')).toBeVisible();
    await expect(form.getByLabel('SIRET du siège', { exact: true })).toHaveValue('73282932000074');
    await page.reload();
    await expect(page.getByTestId('invoicing-form').getByLabel('IBAN', { exact: true })).toHaveValue('FR7630006000011234567890189');
  });
});
