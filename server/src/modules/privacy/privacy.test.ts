import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DIALECTS, createTestContext, type TestContext } from '../../../test/helpers.ts';

describe.each(DIALECTS)('personal data (GDPR) on %s', (dialect) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(dialect, { FORMS_MAX_PER_IP: '100' });
  });
  afterAll(async () => t.close());

  it('exports then erases everything held about an address, and nothing about others', async () => {
    const email = 'person@example.com';
    await t.app.inject({ method: 'POST', url: '/api/contact', payload: { name: 'P', email, message: 'hello' } });
    await t.app.inject({ method: 'POST', url: '/api/retailers/contact', payload: { name: 'P', email, message: 'shop', consent: true } });
    await t.app.inject({ method: 'POST', url: '/api/contact', payload: { name: 'Other', email: 'other@example.com', message: 'keep me' } });
    const admin = t.auth(await t.login(ADMIN.email, ADMIN.password));
    const id = (await t.app.inject({ method: 'GET', url: '/api/admin/retailers/applications', headers: admin }))
      .json()
      .data.find((a: { email: string }) => a.email === email).id;
    await t.app.inject({ method: 'POST', url: `/api/admin/retailers/applications/${id}/accept`, headers: admin });

    const user = await t.services.users.findByEmail(email);
    await t.services.listings.saveMine(user!.id, {
      listed: true,
      name: 'Chez P',
      address: '',
      postcode: '34000',
      city: 'Montpellier',
      country: 'FR',
      website: '',
      instagram: '',
      description: { fr: '', en: '' },
      logoUrl: null,
    });
    expect(await t.services.listings.search('montpellier', 'fr')).toHaveLength(1);

    const data = await t.services.privacy.export('Person@Example.com');
    expect(data.shopListing).toMatchObject({ name: 'Chez P', city: 'Montpellier', listed: true, hidden: false });
    expect(data.account).toMatchObject({ email, role: 'retailer' });
    expect(data.contactMessages).toHaveLength(1);
    expect(data.stockistApplications).toHaveLength(1);
    expect(data.mails.length).toBeGreaterThanOrEqual(1);

    expect(await t.services.privacy.erase(email)).toEqual({ stockistApplications: 1, contactMessages: 1, mails: 1, accounts: 1, ordersKept: 0 });
    const after = await t.services.privacy.export(email);
    expect(after).toMatchObject({ account: null, stockistApplications: [], contactMessages: [], mails: [], shopListing: null });
    // The erased shop leaves the public list at once.
    t.services.onContentChange();
    expect(await t.services.listings.search('montpellier', 'fr')).toEqual([]);
    expect((await t.services.privacy.export('other@example.com')).contactMessages).toHaveLength(1);
  });

  it('purges contact messages older than the retention period', async () => {
    await t.app.inject({ method: 'POST', url: '/api/contact', payload: { name: 'Old', email: 'old@example.com', message: 'old' } });
    await t.services.database.db
      .updateTable('contact_messages')
      .set({ created_at: '2020-01-01T00:00:00.000Z' })
      .where('email', '=', 'old@example.com')
      .execute();
    expect(await t.services.privacy.purgeContactMessages(365)).toBe(1);
    expect((await t.services.privacy.export('old@example.com')).contactMessages).toEqual([]);
    expect((await t.services.privacy.export('other@example.com')).contactMessages).toHaveLength(1);
  });
});
