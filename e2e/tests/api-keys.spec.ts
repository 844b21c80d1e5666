import { expect, settled, test, signInAs } from '../fixtures.ts';

// Issue 35: the owner gives her accountant's software a key of its own instead of her password.
test('the owner makes a read-only key, sees it once, the tool reads with it and cannot write; revoked, it stops at once', async ({ page, request, a11y }) => {
  await signInAs(page, 'admin');
  await expect(page).toHaveURL(/\/admin\/products$/);
  await page.getByRole('link', { name: 'Clés d’API', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Clés d’API' })).toBeVisible();
  await expect(page.getByTestId('admin-place')).toHaveText('Compte et suivi · Clés d’API');
  await settled(page);

  await page.getByLabel('Nom', { exact: true }).fill('Logiciel comptable');
  await expect(page.getByLabel('Lecture seule')).toBeChecked();
  await page.getByRole('button', { name: 'Créer la clé' }).click();
  const made = page.getByTestId('api-key-made');
  await expect(made).toContainText('Clé « Logiciel comptable » créée. Copiez-la maintenant : elle ne sera plus jamais affichée.');
  const key = await made.getByLabel('La clé').inputValue();
  expect(key).toMatch(/^ak_[A-Za-z0-9_-]{43}$/);
  await a11y('API key shown once');

  // The tool reads the back-office API with it, and is told why it may not write.
  const year = new Date().getFullYear();
  const read = await request.get(`/api/admin/invoices?from=${year}-01-01&to=${year}-12-31`, { headers: { authorization: `Bearer ${key}` } });
  expect(read.status()).toBe(200);
  const write = await request.post('/api/admin/seasons', { headers: { authorization: `Bearer ${key}` }, data: {} });
  expect(write.status()).toBe(403);
  expect((await write.json()).error).toBe('Cette clé d’API ne peut que lire : demandez à la propriétaire une clé qui peut écrire.');

  // Afterwards the screen never shows the key again: its start, its rights, when it was last used.
  await page.reload();
  await settled(page);
  const row = page.getByTestId('api-key-row').filter({ hasText: 'Logiciel comptable' });
  await expect(row).toContainText(key.slice(0, 13));
  await expect(row).toContainText('Lecture seule');
  await expect(row).not.toContainText('jamais');
  await expect(page.locator('body')).not.toContainText(key);

  page.once('dialog', (dialog) => void dialog.accept());
  await row.getByRole('button', { name: 'Révoquer la clé « Logiciel comptable »' }).click();
  await expect(page.getByText('La clé « Logiciel comptable » est révoquée.')).toBeVisible();
  await expect(row).toContainText('Révoquée le');
  expect((await request.get(`/api/admin/invoices?from=${year}-01-01&to=${year}-12-31`, { headers: { authorization: `Bearer ${key}` } })).status()).toBe(401);
});
