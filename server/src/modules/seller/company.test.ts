import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, RETAILER, atMigration, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { migrate } from '../../db/index.ts';

describe.each(DIALECTS)('structured company details on %s', (dialect) => {
  let t: TestContext;
  let shop: string;
  const put = (body: unknown, lang = 'en') =>
    t.app.inject({ method: 'PUT', url: `/api/account/company?lang=${lang}`, payload: body as object, headers: t.auth(shop) });
  beforeAll(async () => {
    t = await createTestContext(dialect);
    shop = await t.login(RETAILER.email, RETAILER.password);
  });
  afterAll(() => t.close());

  it('keeps today’s one-line payload working: the address goes into line 1 and the details say what an invoice still needs', async () => {
    const res = await put({
      companyName: 'Les Jours Lents',
      siret: '73282932000074',
      vatNumber: null,
      billingAddress: '3 rue du Port, 34200 Sète',
      deliveryAddress: null,
      phone: null,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      companyName: 'Les Jours Lents',
      billingAddress: '3 rue du Port, 34200 Sète',
      siren: '732829320',
      billing: { line1: '3 rue du Port, 34200 Sète', line2: '', postcode: '', town: '', country: '' },
      delivery: null,
      toComplete: ['billing'],
    });
  });

  it('takes structured addresses, writes their one-line form, and asks a French company for its SIREN', async () => {
    const billing = { line1: '3 rue du Port', postcode: '34200', town: 'Sète', country: 'fr' };
    const res = await put({ companyName: 'Les Jours Lents', siret: '73282932000074', billing, delivery: { ...billing, line2: 'Entrepôt B' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      billingAddress: '3 rue du Port, 34200 Sète, FR',
      deliveryAddress: '3 rue du Port, Entrepôt B, 34200 Sète, FR',
      billing: { line1: '3 rue du Port', line2: '', postcode: '34200', town: 'Sète', country: 'FR' },
      toComplete: [],
    });
    expect((await put({ companyName: 'Les Jours Lents', billing })).json().toComplete).toEqual(['siren']);
    // A Belgian shop has no SIREN to give.
    expect(
      (await put({ companyName: 'Linen House', billing: { line1: 'Veldstraat 1', postcode: '9000', town: 'Gent', country: 'BE' } })).json().toComplete,
    ).toEqual([]);
    const bad = await put({ companyName: 'X', billing: { line1: '3 rue du Port', postcode: '', town: 'Sète', country: 'France' } }, 'fr');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('L’adresse demande une première ligne, un code postal, une ville et un pays (2 lettres, comme FR).');
  });
});

describe.each(DIALECTS)('upgrading company details on %s', (dialect) => {
  it('moves each free-text address into line 1, flagged to complete, and the SIREN from the SIRET', async () => {
    await atMigration(dialect, '011-invoicing', async (database) => {
      const now = '2026-11-01T09:00:00.000Z';
      const user = await database.db
        .insertInto('users')
        .values({ email: 'old@shop.example', password_hash: null, role: 'retailer', locale: 'fr', created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await database.db
        .insertInto('company_details')
        .values({
          user_id: user.id,
          company_name: 'Old Shop',
          siret: '73282932000074',
          vat_number: null,
          billing_address: '1 place du Marché\n34000 Montpellier',
          delivery_address: null,
          phone: null,
          updated_at: now,
        })
        .execute();
      await migrate(database);
      const row = await database.db.selectFrom('company_details').selectAll().executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        billing_line1: '1 place du Marché\n34000 Montpellier',
        billing_postcode: null,
        delivery_line1: null,
        siren: '732829320',
        to_complete: 1,
        billing_address: '1 place du Marché\n34000 Montpellier',
      });
    });
  });
});
