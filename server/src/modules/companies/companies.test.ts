import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyDoor, CompanyPerson, InvoiceDocument, InvoiceSummary, Order } from '@atelier/contract';
import { ADMIN, DIALECTS, RETAILER, atMigration, createTestContext, insertOldOrder, openWholesale, type TestContext } from '../../../test/helpers.ts';
import { FRENCH_SHOP, legalIdentity, sampleProduct } from '../../../test/fixtures.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { migrate } from '../../db/index.ts';
import { hashPassword } from '../../lib/crypto.ts';

const OTHER = { email: 'other-company@test.example', password: 'other-pass-2026' };
const ANNECY = { line1: '8 rue Royale', line2: '', postcode: '74000', town: 'Annecy', country: 'FR' };

// Issue 46: a shop is a company with people (admin, buyer, accounts) and doors.
describe.each(DIALECTS)('companies on %s (issue 46)', (dialect) => {
  let t: TestContext;
  let owner: Record<string, string>;
  let admin: Record<string, string>;
  let other: Record<string, string>;
  let companyId: number;
  let sete: CompanyDoor;
  let annecy: CompanyDoor;
  let variantId: number;
  let keys = 0;
  /** What the second test leaves for the third: the buyer's and accounts person's sessions, the two orders. */
  const kept = {} as { buyer: Record<string, string>; accounts: Record<string, string>; annecyOrder: Order; seteOrder: Order };

  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url, headers: { 'accept-language': 'en', ...headers }, ...(payload ? { payload } : {}) });
  /** Invited by `by`, then signed in with the password chosen through the mailed link. */
  const join = async (by: Record<string, string>, email: string, role: string, doorIds: number[] = []) => {
    const res = await call('POST', '/api/account/people', by, { email, name: `Person ${role}`, role, doorIds, locale: 'en' });
    expect(res.statusCode, res.body).toBe(201);
    await t.services.mail.runOnce();
    const mail = t.sent.filter((m) => m.to === email).at(-1)!;
    expect(mail.subject).toContain('Your access to Les Jours Lents on ');
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'company-2027', password_confirmation: 'company-2027' },
    });
    expect(set.statusCode, set.body).toBe(200);
    // Sign-in and /auth/me say which company and role (what the screens show and hide by).
    const signedIn = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'company-2027' } });
    expect(signedIn.json().user).toEqual({ email, role: 'retailer', company: { id: companyId, role } });
    const headers = t.auth(signedIn.json().access_token);
    expect((await call('GET', '/api/auth/me', headers)).json()).toEqual({ email, role: 'retailer', company: { id: companyId, role } });
    return { person: res.json() as CompanyPerson, headers };
  };
  const order = async (headers: Record<string, string>, doorId?: number) => {
    const draft = await call('PUT', '/api/orders/draft?lang=en', headers, { lines: [{ variantId, size: 'M', quantity: 2 }] });
    if (draft.statusCode !== 200) return draft;
    return t.app.inject({
      method: 'POST',
      url: '/api/orders/draft/submit?lang=en',
      headers: { 'accept-language': 'en', ...headers, 'idempotency-key': `company-${dialect}-${(keys += 1)}` },
      payload: doorId === undefined ? {} : { doorId },
    });
  };

  beforeAll(async () => {
    t = await createTestContext(dialect);
    owner = t.auth(await t.login(ADMIN.email, ADMIN.password));
    admin = t.auth(await t.login(RETAILER.email, RETAILER.password));
    await t.services.users.create({ email: OTHER.email, role: 'retailer', password: OTHER.password, locale: 'en' });
    other = t.auth(await t.login(OTHER.email, OTHER.password));
    companyId = (await t.services.users.findByEmail(RETAILER.email))!.id;
    expect((await call('PUT', '/api/account/company', admin, FRENCH_SHOP)).statusCode).toBe(200);
    const payload = sampleProduct({ reference: 'CO27-DOORS' });
    payload.variants[0] = { ...payload.variants[0]!, price: 40, sizes: ['S', 'M', 'L'] };
    variantId = (await call('POST', '/api/admin/products', owner, payload)).json().variants[0].id;
    await openWholesale(t, owner);
  }, 120_000);
  afterAll(async () => t.close());

  it('a company starts with one door from its delivery address; its admin adds a second, an address is required', async () => {
    const doors = (await call('GET', '/api/account/doors', admin)).json().data as CompanyDoor[];
    expect(doors).toHaveLength(1);
    sete = doors[0]!;
    expect(sete).toMatchObject({ name: 'Les Jours Lents', address: { line1: '5 quai de la Marine', town: 'Sète' }, public: false });
    const before = await t.services.database.db.selectFrom('retailer_doors').select('id').execute();
    const bad = await call('POST', '/api/account/doors', admin, { name: 'Sans adresse', address: { line1: '', postcode: '', town: '', country: '' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('The address needs a first line, a postcode, a town and a country (2 letters, like FR).');
    expect(await t.services.database.db.selectFrom('retailer_doors').select('id').execute()).toHaveLength(before.length);
    const made = await call('POST', '/api/account/doors', admin, { name: 'Les Jours Lents Annecy', address: ANNECY, hours: 'Tue–Sat 10–19', public: true });
    expect(made.statusCode, made.body).toBe(201);
    annecy = made.json();
    expect(annecy).toMatchObject({ name: 'Les Jours Lents Annecy', hours: 'Tue–Sat 10–19', public: true, address: { town: 'Annecy' } });
  });

  it('the admin invites a buyer for the second door and an accounts person; each role gets what it is for, no more', async () => {
    const buyer = await join(admin, 'buyer@jours-lents.example', 'buyer', [annecy.id]);
    expect(buyer.person).toMatchObject({ role: 'buyer', doorIds: [annecy.id], active: false, founder: false });
    const accounts = await join(admin, 'compta@jours-lents.example', 'accounts');

    // An address that already has an account, anywhere: 409 and a sentence, nothing written.
    const taken = await call('POST', '/api/account/people', admin, { email: OTHER.email, name: 'Someone', role: 'buyer' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe('This e-mail address already has an account: a person can belong to one company only. Ask them for another address.');

    // The buyer and the accounts person manage nothing.
    for (const headers of [buyer.headers, accounts.headers]) {
      const invite = await call('POST', '/api/account/people', headers, { email: 'x@jours-lents.example', name: 'X', role: 'admin' });
      expect(invite.statusCode).toBe(403);
      expect(invite.json().error).toBe('Only your company’s admins manage its people, doors and details.');
      expect((await call('POST', '/api/account/doors', headers, { name: 'X', address: ANNECY })).statusCode).toBe(403);
      expect((await call('PUT', '/api/account/company', headers, FRENCH_SHOP)).statusCode).toBe(403);
    }
    expect(await t.services.database.db.selectFrom('users').select('id').where('email', '=', 'x@jours-lents.example').execute()).toEqual([]);

    // Accounts: invoices, never a draft.
    const draft = await call('GET', '/api/orders/draft?lang=en', accounts.headers);
    expect(draft.statusCode).toBe(403);
    expect(draft.json().error).toBe('Your role in your company is accounts: you see invoices and payments but do not order.');
    expect((await call('GET', '/api/invoices', accounts.headers)).statusCode).toBe(200);
    // A buyer: orders, no invoices.
    const invoices = await call('GET', '/api/invoices', buyer.headers);
    expect(invoices.statusCode).toBe(403);
    expect(invoices.json().error).toBe('Invoices and payments are for your company’s admins and accounts people.');

    // The buyer orders for their only door without being asked; it is on the order with who placed it.
    const placed = await order(buyer.headers);
    expect(placed.statusCode, placed.body).toBe(201);
    const made = placed.json() as Order;
    expect(made.door).toEqual({ id: annecy.id, name: 'Les Jours Lents Annecy', town: 'Annecy' });
    expect(made.placedBy).toMatchObject({ email: 'buyer@jours-lents.example', name: 'Person buyer' });
    expect(made.shop.company.delivery).toMatchObject({ line1: '8 rue Royale', town: 'Annecy' });
    // Not for a door that is not theirs.
    const wrong = await order(buyer.headers, sete.id);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error).toBe('This door is not one you order for.');

    // The admin has two doors: asked which, then orders for Sète.
    const unasked = await order(admin);
    expect(unasked.statusCode).toBe(422);
    expect(unasked.json().error).toBe('Choose the door this order is for.');
    const forSete = await t.app.inject({
      method: 'POST',
      url: '/api/orders/draft/submit?lang=en',
      headers: { 'accept-language': 'en', ...admin, 'idempotency-key': `company-${dialect}-${(keys += 1)}` },
      payload: { doorId: sete.id },
    });
    expect(forSete.statusCode, forSete.body).toBe(201);
    const seteOrder = forSete.json() as Order;

    // Who sees what: the admin and accounts every order of the company, the buyer their door's only.
    const numbers = async (headers: Record<string, string>, query = '') =>
      ((await call('GET', `/api/orders?lang=en${query}`, headers)).json().data as Array<{ number: string }>).map((o) => o.number).sort();
    expect(await numbers(admin)).toEqual([made.number, seteOrder.number].sort());
    expect(await numbers(accounts.headers)).toEqual([made.number, seteOrder.number].sort());
    expect(await numbers(buyer.headers)).toEqual([made.number]);
    expect(await numbers(admin, `&door=${sete.id}`)).toEqual([seteOrder.number]);
    expect(await numbers(admin, `&person=${buyer.person.id}`)).toEqual([made.number]);
    expect((await call('GET', `/api/orders/${seteOrder.id}?lang=en`, buyer.headers)).statusCode).toBe(404);
    // Another company reads none of it.
    expect((await call('GET', `/api/orders/${made.id}?lang=en`, other)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/account/people/${buyer.person.id}`, other, { role: 'admin' })).statusCode).toBe(404);
    expect(((await call('GET', '/api/account/people', other)).json().data as CompanyPerson[]).map((p) => p.email)).toEqual([OTHER.email]);

    // The owner sees company, door and person on the order, and finds it by the door's town.
    const seen = (await call('GET', `/api/admin/orders/${made.id}?lang=en`, owner)).json() as Order;
    expect(seen.door?.name).toBe('Les Jours Lents Annecy');
    const found = (await call('GET', '/api/admin/orders?lang=en&q=annecy', owner)).json().data as Array<{ number: string; door: { name: string } | null }>;
    expect(found.map((o) => o.number)).toEqual([made.number]);
    expect(found[0]!.door?.name).toBe('Les Jours Lents Annecy');
    Object.assign(kept, { buyer: buyer.headers, accounts: accounts.headers, annecyOrder: made, seteOrder });
  });

  it('shipped, each order is invoiced to the company naming its door; the buyer hears of theirs, the accounts person gets the reminder; a buyer returns their door’s pieces only', async () => {
    expect((await call('PUT', '/api/admin/invoicing/settings', owner, legalIdentity())).statusCode).toBe(200);
    for (const o of [kept.annecyOrder, kept.seteOrder]) {
      expect((await call('POST', `/api/admin/orders/${o.id}/confirm?lang=en`, owner, { shipDate: '2027-03-01' })).statusCode).toBe(200);
      expect((await call('POST', `/api/admin/orders/${o.id}/ship?lang=en`, owner, {})).statusCode).toBe(200);
    }
    // The accounts person reads the company's invoices, each with its door; the invoice's delivery address is the door's.
    const invoices = (await call('GET', '/api/invoices?lang=en', kept.accounts)).json().data as InvoiceSummary[];
    expect(invoices.map((i) => [i.orderNumber, i.door?.name, i.buyer]).sort()).toEqual(
      [
        [kept.annecyOrder.number, 'Les Jours Lents Annecy', 'Les Jours Lents'],
        [kept.seteOrder.number, 'Les Jours Lents', 'Les Jours Lents'],
      ].sort(),
    );
    const annecyInvoice = invoices.find((i) => i.orderNumber === kept.annecyOrder.number)!;
    const doc = (await call('GET', `/api/admin/invoices/${annecyInvoice.id}?lang=en`, owner)).json() as InvoiceDocument;
    expect(doc.door).toEqual({ id: annecy.id, name: 'Les Jours Lents Annecy', town: 'Annecy' });
    expect(doc.buyer.address.town).toBe('Sète');
    expect(doc.buyer.deliveryAddress).toMatchObject({ line1: '8 rue Royale', town: 'Annecy' });
    const pdf = await call('GET', `/api/invoices/${annecyInvoice.id}.pdf?lang=en`, kept.accounts);
    expect(pdf.statusCode).toBe(200);
    const { text } = await pdfText(pdf.rawPayload);
    expect(text).toContain('Les Jours Lents Annecy');
    expect(text).toContain('8 rue Royale');

    // Order news goes to whoever placed the order; the payment reminder to the accounts person.
    await t.services.mail.runOnce();
    const subjects = (to: string) => t.sent.filter((m) => m.to === to).map((m) => m.subject);
    expect(subjects('buyer@jours-lents.example').filter((s) => s.includes(kept.annecyOrder.number)).length).toBeGreaterThanOrEqual(3);
    expect(subjects(RETAILER.email).some((s) => s.includes(kept.annecyOrder.number))).toBe(false);
    expect(subjects(RETAILER.email).some((s) => s.includes(kept.seteOrder.number))).toBe(true);
    expect(await t.services.invoices.sendReminders('2099-01-01')).toBe(2);
    await t.services.mail.runOnce();
    // The accounts person had the invoice itself when it was issued (issue 56), then its one reminder.
    expect(subjects('compta@jours-lents.example').filter((s) => s.includes(annecyInvoice.number))).toEqual([
      expect.stringContaining(`Invoice ${annecyInvoice.number} for your order`),
      expect.stringContaining(`reminder: invoice ${annecyInvoice.number} is past due`),
    ]);

    // Returns: the buyer's door's parcel only; another door's order is not found.
    const parcelOf = async (o: Order) => ((await call('GET', `/api/admin/orders/${o.id}?lang=en`, owner)).json() as Order).shipments![0]!;
    const ask = (o: Order, shipmentId: number) =>
      call('POST', `/api/orders/${o.id}/returns?lang=en`, kept.buyer, {
        shipmentId,
        lines: [{ lineId: o.lines[0]!.id, quantity: 1, reason: 'faulty', note: 'A seam opens' }],
      });
    const notTheirs = await ask(kept.seteOrder, (await parcelOf(kept.seteOrder)).id);
    expect(notTheirs.statusCode).toBe(404);
    expect((await call('GET', `/api/orders/${kept.seteOrder.id}/returns?lang=en`, kept.buyer)).statusCode).toBe(404);
    const theirs = await ask(kept.annecyOrder, (await parcelOf(kept.annecyOrder)).id);
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect((await call('GET', `/api/returns/${theirs.json().id}?lang=en`, kept.buyer)).statusCode).toBe(200);
    // The admin sees it too; the buyer not a return of the Sète door's.
    const adminReturn = await call('POST', `/api/orders/${kept.seteOrder.id}/returns?lang=en`, admin, {
      shipmentId: (await parcelOf(kept.seteOrder)).id,
      lines: [{ lineId: kept.seteOrder.lines[0]!.id, quantity: 1, reason: 'damaged' }],
    });
    expect(adminReturn.statusCode, adminReturn.body).toBe(201);
    expect((await call('GET', `/api/returns/${adminReturn.json().id}?lang=en`, kept.buyer)).statusCode).toBe(404);
    expect((await call('GET', `/api/returns/${theirs.json().id}?lang=en`, admin)).statusCode).toBe(200);
  });

  it('the last admin stays; a removed person cannot sign in and what they ordered stays', async () => {
    const people = (await call('GET', '/api/account/people', admin)).json().data as CompanyPerson[];
    const founder = people.find((p) => p.founder)!;
    const demote = await call('PATCH', `/api/account/people/${founder.id}`, admin, { role: 'buyer' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error).toBe('A company keeps at least one admin: give the admin role to someone else first.');
    expect((await call('DELETE', `/api/account/people/${founder.id}`, admin)).statusCode).toBe(409);

    const second = await join(admin, 'second-admin@jours-lents.example', 'admin');
    const buyer = people.find((p) => p.role === 'buyer')!;
    expect((await call('DELETE', `/api/account/people/${buyer.id}`, second.headers)).statusCode).toBe(204);
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'buyer@jours-lents.example', password: 'company-2027' } });
    expect(signIn.statusCode).toBe(401);
    const orders = (await call('GET', '/api/orders?lang=en', second.headers)).json().data as Array<{ placedBy: { email: string } | null }>;
    expect(orders.some((o) => o.placedBy?.email === 'buyer@jours-lents.example')).toBe(true);
    expect(((await call('GET', '/api/account/people', second.headers)).json().data as CompanyPerson[]).map((p) => p.email)).not.toContain(
      'buyer@jours-lents.example',
    );
  });

  it('the owner lists companies (paged, searched by a door’s town or a person’s e-mail) and manages their people and doors; where to buy shows public doors', async () => {
    const page = await call('GET', '/api/admin/companies?limit=1', owner);
    expect(page.statusCode).toBe(200);
    expect(page.json().data).toHaveLength(1);
    expect(page.json().total).toBe(2);
    const byTown = (await call('GET', '/api/admin/companies?q=annecy', owner)).json().data;
    expect(byTown.map((c: { id: number }) => c.id)).toEqual([companyId]);
    expect(byTown[0]).toMatchObject({ name: 'Les Jours Lents', doors: 2 });
    const byPerson = (await call('GET', '/api/admin/companies?q=compta', owner)).json().data;
    expect(byPerson.map((c: { id: number }) => c.id)).toEqual([companyId]);
    const view = (await call('GET', `/api/admin/companies/${companyId}`, owner)).json();
    expect(view.doors.map((d: CompanyDoor) => d.address.town)).toEqual(['Sète', 'Annecy']);
    expect(view.people.map((p: CompanyPerson) => p.role).sort()).toEqual(['accounts', 'admin', 'admin']);
    expect((await call('GET', '/api/admin/companies/999999', owner)).statusCode).toBe(404);
    const invited = await call('POST', `/api/admin/companies/${companyId}/people`, owner, {
      email: 'owner-added@jours-lents.example',
      name: 'Added',
      role: 'buyer',
      doorIds: [sete.id],
    });
    expect(invited.statusCode, invited.body).toBe(201);
    // People are not companies of their own.
    expect((await call('GET', '/api/admin/companies?q=owner-added', owner)).json().data.map((c: { id: number }) => c.id)).toEqual([companyId]);

    // Where to buy: the listing shows each public door of the company.
    expect((await call('PUT', '/api/account/listing', admin, listing())).statusCode).toBe(200);
    expect(
      (await call('PUT', `/api/admin/companies/${companyId}/doors/${sete.id}`, owner, { name: 'Les Jours Lents Sète', address: sete.address, public: true }))
        .statusCode,
    ).toBe(200);
    const shops = (await t.app.inject({ method: 'GET', url: '/api/stockists?lang=en' })).json().data as Array<{ name: string; city: string }>;
    expect(shops.map((s) => `${s.name}, ${s.city}`).sort()).toEqual(['Les Jours Lents Annecy, Annecy', 'Les Jours Lents Sète, Sète']);
  });
});

function listing() {
  return {
    listed: true,
    name: 'Les Jours Lents',
    address: '5 quai de la Marine',
    postcode: '34200',
    city: 'Sète',
    country: 'FR',
    website: '',
    instagram: '',
  };
}

describe.each(DIALECTS)('the upgrade to companies on %s', (dialect) => {
  it('each shop becomes a company: its account the admin, one door from its delivery (else billing) address, its orders placed by it', async () => {
    await atMigration(dialect, '025-returns', async (database) => {
      const db = database.db;
      const now = new Date().toISOString();
      const user = async (email: string) =>
        (
          await db
            .insertInto('users')
            .values({ email, role: 'retailer', locale: 'fr', password_hash: null, created_at: now, updated_at: now })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      const withDelivery = await user('delivery@old.example');
      const billingOnly = await user('billing@old.example');
      const bare = await user('bare@old.example');
      await db
        .insertInto('company_details')
        .values([
          {
            user_id: withDelivery,
            company_name: 'Ancienne Boutique',
            siret: null,
            vat_number: null,
            billing_address: null,
            delivery_address: null,
            phone: '0467000000',
            updated_at: now,
            billing_line1: '1 rue Haute',
            billing_postcode: '34000',
            billing_town: 'Montpellier',
            billing_country: 'FR',
            delivery_line1: '2 rue Basse',
            delivery_postcode: '34000',
            delivery_town: 'Montpellier',
            delivery_country: 'FR',
          },
          {
            user_id: billingOnly,
            company_name: null,
            siret: null,
            vat_number: null,
            billing_address: null,
            delivery_address: null,
            phone: null,
            updated_at: now,
            billing_line1: '3 place Neuve',
            billing_postcode: '69001',
            billing_town: 'Lyon',
            billing_country: 'FR',
          },
        ])
        .execute();
      await insertOldOrder(db, { userId: withDelivery, email: 'delivery@old.example', key: 'old-1', totalCents: 1000, pieces: 1 });
      await migrate(database);
      const doors = await db.selectFrom('retailer_doors').selectAll().orderBy('id').execute();
      expect(doors.map((d) => [d.retailer_id, d.name, d.line1, d.town, d.phone, d.public])).toEqual([
        [withDelivery, 'Ancienne Boutique', '2 rue Basse', 'Montpellier', '0467000000', 0],
        [billingOnly, 'billing@old.example', '3 place Neuve', 'Lyon', null, 0],
      ]);
      expect(doors.some((d) => d.retailer_id === bare)).toBe(false);
      const placed = await db.selectFrom('orders').select(['placed_by', 'door_id']).executeTakeFirstOrThrow();
      expect(placed).toEqual({ placed_by: withDelivery, door_id: null });
      const users = await db.selectFrom('users').select(['company_id', 'company_role']).execute();
      expect(users.every((u) => u.company_id === null && u.company_role === null)).toBe(true);
    });
  });
});

// The three roles on every route a shop's people can call: each route that declares the roles it is for
// refuses the others with 403 before reading anything; every write a shop can make declares them.
describe('company roles on every retailer route (issue 46)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext('sqlite');
  }, 60_000);
  afterAll(async () => t.close());

  it('buyers and accounts people get 403 where their role is not among the route’s; every retailer write says who it is for', async () => {
    const admin = t.auth(await t.login(RETAILER.email, RETAILER.password));
    const tokens: Record<string, Record<string, string>> = {};
    for (const role of ['buyer', 'accounts'] as const) {
      const email = `${role}-matrix@test.example`;
      const res = await t.app.inject({ method: 'POST', url: '/api/account/people', headers: admin, payload: { email, name: role, role } });
      expect(res.statusCode, res.body).toBe(201);
      await t.services.database.db
        .updateTable('users')
        .set({ password_hash: await hashPassword('matrix-pass-2027') })
        .where('id', '=', res.json().id)
        .execute();
      tokens[role] = t.auth(await t.login(email, 'matrix-pass-2027'));
    }
    const retailerRoutes = t.app.routeTable.filter((r) => (r.access === 'retailer' || r.access === 'retailer-or-owner') && r.method !== 'HEAD');
    const undeclared = retailerRoutes.filter((r) => r.method !== 'GET' && !r.companyRoles).map((r) => `${r.method} ${r.url}`);
    // Writes every role of a company may make: its own password and sessions, a return's photos.
    expect(undeclared.filter((r) => !/\/api\/account\/(password|sessions|security)|\/api\/auth\/|\/api\/returns\/photos/.test(r))).toEqual([]);
    const checked: string[] = [];
    for (const route of retailerRoutes.filter((r) => r.companyRoles)) {
      for (const role of ['buyer', 'accounts'] as const) {
        if (route.companyRoles!.includes(role)) continue;
        const url = route.url.replace(/:[A-Za-z]+/g, '1');
        const res = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: { ...tokens[role], 'accept-language': 'en' },
          payload: route.method === 'GET' ? undefined : {},
        });
        expect(res.statusCode, `${role} ${route.method} ${route.url}`).toBe(403);
        checked.push(`${role} ${route.method} ${route.url}`);
      }
    }
    expect(checked.length).toBeGreaterThan(20);
  });
});
