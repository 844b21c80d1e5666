import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DIALECTS, RETAILER, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { weekEnd } from './service.ts';
import { sampleProduct } from '../../../test/fixtures.ts';

describe('the week a day is in', () => {
  it('ends on Sunday', () => {
    expect(weekEnd('2026-11-27')).toBe('2026-11-29'); // a Friday
    expect(weekEnd('2026-11-29')).toBe('2026-11-29'); // a Sunday
    expect(weekEnd('2026-11-30')).toBe('2026-12-06'); // a Monday
  });
});

/** Issue 43: the owner's home counts what waits for her, each from the database, and only for her. */
describe.each(DIALECTS)('the owner’s home on %s', (dialect) => {
  let t: TestContext;
  let admin: Record<string, string>;
  let shopId: number;
  const db = () => t.services.database.db;
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  let n = 0;

  async function order(
    status: 'submitted' | 'confirmed' | 'shipped' | 'cancelled',
    extra: { ship_date?: string | null; updated_at?: string; mode?: 'atOnce' | 'preBook' } = {},
  ) {
    n += 1;
    const at = new Date().toISOString();
    const id = (
      await db()
        .insertInto('orders')
        .values({
          number: `2026-9${String(n).padStart(3, '0')}`,
          company_id: shopId,
          retailer_email: RETAILER.email,
          locale: 'fr',
          status,
          idempotency_key: `home-${n}`,
          note: null,
          company: '{}',
          total_cents: 1000,
          pieces: 1,
          ship_date: extra.ship_date ?? null,
          carrier: null,
          tracking: null,
          cancel_reason: null,
          created_at: at,
          updated_at: extra.updated_at ?? at,
          season_id: null,
          delivery_id: null,
          mode: extra.mode ?? 'atOnce',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    // A shipped order left in a parcel (issue 45), which its invoice bills.
    if (status === 'shipped') {
      await db()
        .insertInto('shipments')
        .values({
          order_id: id,
          seq: 1,
          number: `2026-9${String(n).padStart(3, '0')}-1`,
          carrier: null,
          tracking: null,
          shipping_cents: null,
          shipped_at: at,
          shipped_by: null,
        })
        .execute();
    }
    return id;
  }

  beforeAll(async () => {
    t = await createTestContext(dialect);
    admin = t.auth(await t.login(ADMIN.email, ADMIN.password));
    shopId = (await t.services.users.findByEmail(RETAILER.email))!.id;
  });
  afterAll(async () => t.close());

  it('counts nothing on a new site', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/home', headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json()).toEqual({
      applications: 0,
      toConfirm: 0,
      inReview: 0,
      orderChanges: 0,
      toShipThisWeek: 0,
      invoicesWaiting: 0,
      overdue: { count: 0, total: 0 },
      platformRejected: 0,
      failingWebhooks: 0,
      soldOutWithPreorders: 0,
      waitlist: { shops: 0, sizes: 0 },
      bankToMatch: 0,
    });
  });

  it('counts the applications to answer, the orders to confirm and to ship this week, the shipped orders waiting for their invoice, the invoices overdue, the failing endpoints and the sold-out sizes pre-orders wait for', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/retailers/contact',
      payload: { name: 'Léa', email: 'lea@shop.example', message: 'Bonjour', consent: true },
    });
    await order('submitted');
    await order('submitted');
    await order('confirmed', { ship_date: day(-2) }); // late: still to ship
    await order('confirmed', { ship_date: weekEnd(day(0)) });
    await order('confirmed', { ship_date: day(40) }); // later
    await order('cancelled');
    await order('shipped'); // waits for its invoice
    await order('shipped'); // waits too
    const invoiced = await order('shipped');
    const invoice = (due: string, cents: number, orderId: number | null) =>
      db()
        .insertInto('invoices')
        .values({
          number: `F2026-${String((n += 1)).padStart(5, '0')}`,
          type: 'invoice',
          year: 2026,
          seq: n,
          order_id: orderId,
          invoiced_order_id: orderId,
          shipment_id: orderId === null ? null : sql<number>`(select id from shipments where order_id = ${orderId})`,
          invoice_id: null,
          user_id: shopId,
          locale: 'fr',
          issue_date: day(-60),
          delivery_date: day(-60),
          due_date: due,
          reason: null,
          seller: '{}',
          buyer: '{"name":"x","address":{"country":"FR"}}',
          vat_breakdown: '[]',
          total_excl_cents: cents,
          total_vat_cents: 0,
          total_incl_cents: cents,
          xml: '',
          pdf: Buffer.from(''),
          created_at: new Date(Date.now() - 90 * 86_400_000).toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const late = await invoice(day(-10), 50_000, invoiced);
    await db()
      .insertInto('invoice_payments')
      .values({ invoice_id: late.id, paid_on: day(-5), amount_cents: 20_000, method: 'transfer', reference: null, recorded_at: day(-5), recorded_by: null })
      .execute();
    await invoice(day(-3), 12_345, null);
    await invoice(day(20), 99_999, null); // not due yet
    const now = new Date().toISOString();
    await db()
      .insertInto('webhook_endpoints')
      .values({
        url: 'https://erp.example/a',
        description: '',
        events: '[]',
        enabled: 0,
        disabled_reason: 'Failed for 3 days',
        secret: 'whsec_x',
        previous_secret: null,
        previous_secret_until: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db()
      .insertInto('webhook_endpoints')
      .values({
        url: 'https://erp.example/b',
        description: '',
        events: '[]',
        enabled: 1,
        disabled_reason: null,
        secret: 'whsec_y',
        previous_secret: null,
        previous_secret_until: null,
        created_at: now,
        updated_at: now,
      })
      .execute();

    // A size sold out in stock that an open pre-order waits for; another sold out that nothing waits for.
    const product = (await t.app.inject({ method: 'POST', url: '/api/admin/products', payload: sampleProduct(), headers: admin })).json();
    const variant = product.variants[0];
    await db()
      .insertInto('stock_levels')
      .values([
        { variant_id: variant.id, size: 'M', on_hand: 0, updated_at: now },
        { variant_id: variant.id, size: 'S', on_hand: 0, updated_at: now },
      ])
      .execute();
    const preorder = await order('submitted', { mode: 'preBook' });
    await db()
      .insertInto('order_lines')
      .values({
        order_id: preorder,
        position: 0,
        variant_id: variant.id,
        product_id: product.id,
        product_title: '{}',
        color_name: '{}',
        color_code: null,
        reference: null,
        size: 'M',
        quantity: 2,
        unit_price_cents: 1000,
      })
      .execute();

    const home = (await t.app.inject({ method: 'GET', url: '/api/admin/home', headers: admin })).json();
    expect(home).toMatchObject({ applications: 1, toConfirm: 3, toShipThisWeek: 2, failingWebhooks: 1, platformRejected: 0 });
    expect(home.overdue).toEqual({ count: 2, total: 423.45 });
    // Two shipped orders have no invoice since invoicing began.
    expect(home.invoicesWaiting).toBe(2);
    expect(home.soldOutWithPreorders).toBe(1);
  });

  it('answers the owner only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/home' })).statusCode).toBe(401);
    const shop = t.auth(await t.login(RETAILER.email, RETAILER.password));
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/home', headers: shop })).statusCode).toBe(403);
  });
});
