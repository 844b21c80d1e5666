import { expect, settled, test, signInAs } from '../fixtures.ts';

test.describe('invoicing: the label’s legal identity', () => {
  test('the owner fills the legal identity: a wrong SIRET key is refused with its reason, the right one is saved and stays', async ({ page, a11y }) => {
    await signInAs(page, 'admin');
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
    await expect(form.getByRole('alert')).toHaveText('Le SIRET compte 14 chiffres dont la clé est juste (Luhn) et qui commencent par le SIREN.');
    // The SIRET's own field says it too, and has the focus (issue 56).
    const siret = form.getByLabel('SIRET du siège', { exact: true });
    await expect(siret).toHaveAttribute('aria-invalid', 'true');
    await expect(siret).toHaveAccessibleDescription('Le SIRET compte 14 chiffres dont la clé est juste (Luhn) et qui commencent par le SIREN.');
    await expect(siret).toBeFocused();
    await a11y('legal identity refused');
    await fill({ 'SIRET du siège': '732 829 320 00074' });
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(form.getByText('L’identité légale est enregistrée.')).toBeVisible();
    await expect(form.getByLabel('SIRET du siège', { exact: true })).toHaveValue('73282932000074');
    await page.reload();
    await expect(page.getByTestId('invoicing-form').getByLabel('IBAN', { exact: true })).toHaveValue('FR7630006000011234567890189');
    // The accounting file's accounts: the French chart's usual ones until the owner changes them.
    const accounts = page.getByRole('group', { name: 'Comptes du fichier des écritures (FEC)' });
    await expect(accounts.getByLabel('Clients', { exact: true })).toHaveValue('411');
    await expect(accounts.getByLabel('Ventes', { exact: true })).toHaveValue('706');
    await expect(accounts.getByLabel('TVA collectée', { exact: true })).toHaveValue('44571');
    await expect(accounts.getByLabel('Banque', { exact: true })).toHaveValue('512');
  });

  test('a stockist completes structured company details, so invoices can be issued to them', async ({ page }) => {
    await signInAs(page, 'biller');
    await expect(page).toHaveURL(/\/collection$/);
    await page.goto('/account');
    const company = page.getByTestId('company-form');
    await expect(company.getByTestId('company-gaps')).toContainText('la raison sociale, l’adresse de facturation (code postal, ville, pays), le SIRET');
    await company.getByLabel('Raison sociale').fill('Les Jours Lents');
    await company.getByLabel('SIRET').fill('732 829 320 00074');
    const billing = company.getByRole('group', { name: 'Adresse de facturation' });
    await billing.getByLabel('Adresse', { exact: true }).fill('3 rue du Port');
    await billing.getByLabel('Code postal').fill('34200');
    await billing.getByLabel('Ville').fill('Sète');
    await company.getByRole('button', { name: 'Enregistrer ma société' }).click();
    await expect(company.getByRole('status')).toHaveText('Les coordonnées de votre société ont été enregistrées.');
    await expect(company.getByTestId('company-gaps')).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('company-form').getByRole('group', { name: 'Adresse de facturation' }).getByLabel('Ville')).toHaveValue('Sète');
  });
});
