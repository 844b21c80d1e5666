import fs from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { FRENCH_SHOP } from '../../server/test/fixtures.ts';
import { camtStatement } from '../../server/test/bank-files.ts';
import { ACCOUNTS } from '../env.ts';
import { bearer, expect, noSidewaysScrollAtBothWidths, settled, signInAs, test, waitForMail } from '../fixtures.ts';

// Issue 59 as the owner's Monday goes: she imports her bank's statement, the transfer that names its invoice
// is recorded at once, she matches the last line by hand; then she records a shop's SEPA mandate, builds a
// collection of what it owes and downloads the file for her bank.

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** An invoice of the shop: an order of the demo's spring dress sent, confirmed and shipped through the API. */
async function invoiced(request: APIRequestContext, account: keyof typeof ACCOUNTS, name: string) {
  const owner = await bearer(request, 'admin');
  const shop = await bearer(request, account);
  expect((await request.put('/api/account/company', { headers: shop, data: { ...FRENCH_SHOP, companyName: name } })).status()).toBe(200);
  const products = (await (await request.get('/api/admin/products', { headers: owner })).json()) as Array<{
    reference: string;
    variants: Array<{ id: number; sizes: string[] }>;
  }>;
  const variant = products.find((p) => p.reference === 'MS27-SOL-ROBE-01')!.variants[0]!;
  expect(
    (
      await request.put('/api/orders/draft', {
        headers: shop,
        data: { lines: variant.sizes.slice(0, 2).map((size) => ({ variantId: variant.id, size, quantity: 3 })) },
      })
    ).status(),
  ).toBe(200);
  const sent = await request.post('/api/orders/draft/submit', { headers: { ...shop, 'idempotency-key': `e2e-${account}-${Date.now()}` }, data: {} });
  expect(sent.status(), await sent.text()).toBe(201);
  const id = (await sent.json()).id as number;
  expect((await request.post(`/api/admin/orders/${id}/confirm`, { headers: owner, data: { shipDate: day(1) } })).status()).toBe(200);
  const shipped = await request.post(`/api/admin/orders/${id}/ship`, { headers: owner, data: {} });
  expect(shipped.status(), await shipped.text()).toBe(200);
  const invoice = (await shipped.json()).invoice as { id: number; number: string };
  const doc = await (await request.get(`/api/admin/invoices/${invoice.id}`, { headers: owner })).json();
  const companies = (await (await request.get(`/api/admin/companies?q=${encodeURIComponent(name)}`, { headers: owner })).json()) as {
    data: Array<{ id: number; name: string }>;
  };
  return { ...invoice, due: doc.due as number, companyId: companies.data.find((c) => c.name === name)!.id };
}

test.describe('money in (issue 59)', () => {
  test('the owner imports a statement, matches its last line by hand, records a mandate, builds a collection and downloads its file', async ({
    page,
    request,
    a11y,
  }) => {
    const first = await invoiced(request, 'payer', 'Atelier Payeur');
    const second = await invoiced(request, 'payer', 'Atelier Payeur');
    const stamp = String(Date.now()).slice(-8);
    const statement = camtStatement({
      id: `E2E-${stamp}`,
      entries: [
        { ref: `V${stamp}-1`, date: day(0), amount: first.due, credit: true, payer: 'ATELIER PAYEUR', text: `Facture ${first.number}` },
        { ref: `V${stamp}-2`, date: day(0), amount: second.due, credit: true, payer: 'M. ET MME RIVIERE', text: 'Commande de printemps' },
        { ref: `P${stamp}-3`, date: day(0), amount: 42.1, credit: false, payer: 'EDF', text: 'Électricité' },
      ],
    });

    await signInAs(page, 'admin');
    await page.getByRole('navigation', { name: 'Navigation du back-office' }).getByRole('link', { name: 'Banque' }).click();
    await expect(page).toHaveURL(/\/admin\/bank$/);
    await settled(page);
    await page
      .getByLabel('Fichier du relevé (XML camt.053 ou CSV)')
      .setInputFiles({ name: 'releve.xml', mimeType: 'application/xml', buffer: Buffer.from(statement) });
    await page.getByRole('button', { name: 'Importer le relevé' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Relevé importé : 1 paiement enregistré, 1 ligne(s) à rapprocher.' })).toBeVisible();
    await expect(page.getByTestId('bank-result')).toHaveText(
      '3 lignes lues (0 déjà connues) : 1 paiement(s) enregistré(s), 1 à rapprocher, 0 prélèvement(s) revenu(s).',
    );

    // The line nobody could place: she finds its invoice by number and records it.
    const line = page.getByTestId('bank-entry').filter({ hasText: `V${stamp}-2` });
    await expect(line).toContainText('Personne de connu');
    await noSidewaysScrollAtBothWidths(page);
    await a11y('the reconciliation screen');
    await line.getByLabel('Chercher une facture (numéro ou boutique)').fill(second.number);
    await line.getByRole('button', { name: 'Chercher' }).click();
    await expect(line.getByLabel(new RegExp(`^${second.number} · Atelier Payeur`))).toBeChecked();
    await line.getByRole('button', { name: 'Enregistrer le paiement' }).click();
    await expect(page.getByTestId('bank-entry').filter({ hasText: `V${stamp}-2` })).toHaveCount(0);
    await page.getByRole('tab', { name: 'Rapprochées' }).click();
    await expect(page.getByTestId('bank-entry').filter({ hasText: `V${stamp}-2` })).toContainText(`Payé : ${second.number}`);
    const owner = await bearer(request, 'admin');
    for (const invoice of [first, second])
      expect((await (await request.get(`/api/admin/invoices/${invoice.id}`, { headers: owner })).json()).status).toBe('paid');

    // A shop that would rather be debited: its mandate on its company's page.
    const owed = await invoiced(request, 'debtor', 'Atelier Debiteur');
    await page.goto(`/admin/companies/${owed.companyId}`);
    await settled(page);
    const mandates = page.getByTestId('mandates');
    await mandates.getByLabel('IBAN').fill('FR14 2004 1010 0505 0001 3M02 606');
    await mandates.getByLabel('BIC').fill('PSSTFRPPMON');
    await mandates.getByRole('button', { name: 'Enregistrer le mandat' }).click();
    await expect(mandates.getByRole('status').filter({ hasText: /^Mandat RUM-\d{6}-01 enregistré\.$/ })).toBeVisible();
    await expect(mandates.getByTestId('mandate')).toContainText('actif');

    const since = Date.now();
    await page.getByRole('navigation', { name: 'Navigation du back-office' }).getByRole('link', { name: 'Prélèvements' }).click();
    await settled(page);
    await page.getByLabel('Factures échues au').fill(day(400));
    await page.getByRole('button', { name: 'Préparer le prélèvement' }).click();
    await expect(page.getByTestId('collection-item').filter({ hasText: owed.number })).toContainText('FRST');
    await noSidewaysScrollAtBothWidths(page);
    await a11y('the direct debits screen');
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Télécharger le fichier pain.008 pour la banque' }).click(),
    ]);
    expect(file.suggestedFilename()).toMatch(/^DD-\d{8}-[0-9A-F]{6}\.xml$/);
    const xml = fs.readFileSync((await file.path())!, 'utf8');
    expect(xml).toContain('urn:iso:std:iso:20022:tech:xsd:pain.008.001.02');
    expect(xml).toContain(`<Ustrd>${owed.number}</Ustrd>`);
    expect(xml).toContain('<IBAN>FR1420041010050500013M02606</IBAN>');
    // The shop is told of the debit beforehand, its IBAN masked.
    const notice = await waitForMail(ACCOUNTS.debtor.email, since, 'mandat SEPA');
    expect(notice).toContain('FR14 ****');
  });
});
