import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminProposalList, Proposal, ProposalList } from '@atelier/contract';
import { ADMIN, DIALECTS, RETAILER, createTestContext, openWholesale, type TestContext } from '../../../test/helpers.ts';
import { FRENCH_SHOP, sampleProduct } from '../../../test/fixtures.ts';

const OTHER = { email: 'other-proposal@test.example', password: 'other-pass-2026' };

/**
 * Proposals (issue 57), through the API on each database: the label writes an order for a shop; the shop
 * sends it as its own (as written or adjusted) or declines it; past its date it can no longer be sent.
 */
describe.each(DIALECTS)('proposals on %s (issue 57)', (dialect) => {
  let t: TestContext;
  let admin: Record<string, string>;
  let shop: Record<string, string>;
  let other: Record<string, string>;
  let companyId: number;
  let dress: { id: number }; // 100 € excl. VAT, S M L

  beforeAll(async () => {
    t = await createTestContext(dialect);
    admin = t.auth(await t.login(ADMIN.email, ADMIN.password));
    shop = t.auth(await t.login(RETAILER.email, RETAILER.password));
    await t.services.users.create({ email: OTHER.email, role: 'retailer', password: OTHER.password, locale: 'en' });
    other = t.auth(await t.login(OTHER.email, OTHER.password));
    companyId = (await t.services.users.findByEmail(RETAILER.email))!.id;
    await t.services.companies.saveCompany(companyId, FRENCH_SHOP);
    const payload = sampleProduct({ reference: 'MS27-PROPOSED' });
    payload.variants = [{ ...payload.variants[0]!, price: 100, sizes: ['S', 'M', 'L'] }];
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/products', payload, headers: admin });
    expect(res.statusCode, res.body).toBe(201);
    dress = res.json().variants[0] as { id: number };
    await openWholesale(t, admin);
  }, 240_000);
  afterAll(async () => t.close());

  const db = () => t.services.database.db;
  const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const write = (payload: object) => t.app.inject({ method: 'POST', url: '/api/admin/proposals?lang=en', payload, headers: admin });
  const propose = async (quantities: Record<string, number>, extra: object = {}): Promise<Proposal> => {
    const items = Object.entries(quantities).map(([size, quantity]) => ({ variantId: dress.id, size, quantity }));
    const res = await write({ companyId, items, expiresOn: inAWeek(), ...extra });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const mine = async (headers = shop): Promise<Proposal[]> =>
    ((await t.app.inject({ method: 'GET', url: '/api/account/proposals?lang=en', headers })).json() as ProposalList).data;
  const send = (id: number, payload: object = {}, headers = shop) =>
    t.app.inject({ method: 'POST', url: `/api/proposals/${id}/send?lang=en`, payload, headers });

  it('the label writes an order for the shop; the shop adjusts it and sends it as its own, once', async () => {
    const last = Number(
      (
        await db()
          .selectFrom('mail_outbox')
          .select((eb) => eb.fn.max('id').as('n'))
          .executeTakeFirstOrThrow()
      ).n ?? 0,
    );
    const written = await propose({ S: 2, M: 3 }, { message: 'As we said at your shop.' });
    expect(written).toMatchObject({ status: 'open', company: { id: companyId, name: 'Les Jours Lents' }, pieces: 5, total: 500, order: null });
    expect(written.lines.map((l) => [l.size, l.quantity, l.unitPrice])).toEqual([
      ['S', 2, 100],
      ['M', 3, 100],
    ]);
    // The shop is told, in its language, and reads it in its account; another shop neither sees nor sends it.
    const told = await db().selectFrom('mail_outbox').select(['to_address', 'subject', 'text_body']).where('id', '>', last).execute();
    expect(told).toEqual([expect.objectContaining({ to_address: RETAILER.email, subject: expect.stringContaining('Une proposition de commande pour vous') })]);
    expect(told[0]!.text_body).toMatch(/5 pièces, 500,00\s€ HT/);
    expect(told[0]!.text_body).toContain('As we said at your shop.');
    expect((await mine()).map((p) => [p.id, p.status])).toContainEqual([written.id, 'open']);
    expect((await mine(other)).map((p) => p.id)).not.toContain(written.id);
    expect((await send(written.id, {}, other)).statusCode).toBe(404);

    // Sent with one more M and no S: an order like any other, placed by the shop's person.
    const sent = await send(written.id, { items: [{ variantId: dress.id, size: 'M', quantity: 4 }] });
    expect(sent.statusCode, sent.body).toBe(201);
    const order = sent.json();
    expect(order).toMatchObject({ status: 'submitted', total: 400, pieces: 4 });
    expect(order.lines.map((l: { size: string; quantity: number }) => [l.size, l.quantity])).toEqual([['M', 4]]);
    expect(order.orders).toHaveLength(1);
    const now = (await mine()).find((p) => p.id === written.id)!;
    expect(now).toMatchObject({ status: 'sent', order: { id: order.id, number: order.number } });
    // Once only.
    const again = await send(written.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(/already been sent or declined/);
    // The label's list finds it by the shop's name, sent.
    const list = (await t.app.inject({ method: 'GET', url: '/api/admin/proposals?status=sent&q=jours', headers: admin })).json() as AdminProposalList;
    expect(list.data.map((p) => [p.id, p.status, p.order?.number])).toContainEqual([written.id, 'sent', order.number]);
  });

  it('a proposal declined, or past its date, is not sent; bad proposals are refused and write nothing', async () => {
    const declined = await propose({ L: 1 });
    const res = await t.app.inject({ method: 'POST', url: `/api/proposals/${declined.id}/decline?lang=en`, headers: shop });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'declined' });
    expect((await send(declined.id)).statusCode).toBe(409);

    const lapsed = await propose({ L: 2 });
    await db().updateTable('proposals').set({ expires_on: '2020-01-01' }).where('id', '=', lapsed.id).execute();
    expect((await mine()).find((p) => p.id === lapsed.id)?.status).toBe('expired');
    const late = await send(lapsed.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toMatch(/past its date/);
    const expired = (await t.app.inject({ method: 'GET', url: '/api/admin/proposals?status=expired', headers: admin })).json() as AdminProposalList;
    expect(expired.data.map((p) => p.id)).toContain(lapsed.id);

    const before = Number(
      (
        await db()
          .selectFrom('proposals')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const refused = async (payload: object, status: number, message: RegExp) => {
      const r = await write(payload);
      expect(r.statusCode, r.body).toBe(status);
      expect(r.json().error).toMatch(message);
    };
    const items = [{ variantId: dress.id, size: 'S', quantity: 1 }];
    await refused({ companyId: 999_999, items, expiresOn: inAWeek() }, 422, /does not exist or is not accepted/);
    await refused({ companyId, items, expiresOn: '2020-01-01' }, 422, /today or later/);
    await refused({ companyId, items, expiresOn: '2027-02-30' }, 400, /real date/);
    await refused({ companyId, items: [], expiresOn: inAWeek() }, 400, /from 1 to 300 lines/);
    await refused({ companyId, items: [{ variantId: dress.id, size: 'XL', quantity: 1 }], expiresOn: inAWeek() }, 422, new RegExp(`${dress.id}/XL`));
    await refused({ companyId, doorId: 999_999, items, expiresOn: inAWeek() }, 422, /not one of the shop’s/);
    expect(
      Number(
        (
          await db()
            .selectFrom('proposals')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(before);
    // Only the label writes them.
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/proposals', payload: { companyId, items, expiresOn: inAWeek() }, headers: shop })).statusCode,
    ).toBe(403);
  });
});
