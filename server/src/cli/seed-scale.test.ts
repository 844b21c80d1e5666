import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

type Builder = { compile(): CompiledQuery };
import { ADMIN, DIALECTS, createTestContext, type TestContext } from '../../test/helpers.ts';
import { seedScale } from './seed-scale.ts';

/**
 * `npm run seed:scale` at a hundredth of its size (the full run is the bench's): what it writes keeps the
 * rules the site keeps (numbers unbroken and in the order of their days, stock equal to its movements,
 * totals that add up, stored PDFs), and the site reads it as its own.
 */
describe.each(DIALECTS)('ten years of a label, generated, on %s', (dialect) => {
  let t: TestContext;
  let written: Record<string, number>;
  const db = () => t.services.database.db;
  let lastSeasonId = 0;
  const lastSeason = () => lastSeasonId;

  beforeAll(async () => {
    t = await createTestContext(dialect);
    written = await seedScale(t.services.database, { SCALE: '0.01', DATA_DIR: t.config.dataDir, DATABASE_URL: t.config.DATABASE_URL ?? '' }, () => undefined, {
      demo: false,
    });
    lastSeasonId = (await db().selectFrom('seasons').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
  }, 120_000);
  afterAll(async () => t.close());

  it('writes the planned history: 20 seasons, orders in every status, invoices, credit notes, payments, activity, webhook deliveries', async () => {
    expect(written).toMatchObject({ seasons: 20, orders: 250, invoices: 100, creditNotes: 10, activity: 500, webhookDeliveries: 50 });
    const statuses = await db()
      .selectFrom('orders')
      .select(['status', sql<number>`count(*)`.as('n')])
      .groupBy('status')
      .execute();
    expect(statuses.map((s) => s.status).sort()).toEqual(['cancelled', 'confirmed', 'shipped', 'submitted']);
    expect(
      Number(
        (
          await db()
            .selectFrom('invoice_payments')
            .select(sql<number>`count(*)`.as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(written.payments);
  });

  it('every shipped order reads as one parcel of all its lines, and each invoice as its parcel’s (as migration 024 reads an old database)', async () => {
    const shipped = await db().selectFrom('orders').select('id').where('status', '=', 'shipped').execute();
    const parcels = await db().selectFrom('shipments').select(['order_id', 'seq']).execute();
    expect(shipped.length).toBeGreaterThan(0);
    const byOrder = new Map(parcels.map((p) => [p.order_id, p.seq]));
    for (const o of shipped) expect(byOrder.get(o.id), `order ${o.id}`).toBe(1);
    const open = await db()
      .selectFrom('order_lines as l')
      .innerJoin('orders as o', 'o.id', 'l.order_id')
      .select(sql<number>`count(*)`.as('n'))
      .where('o.status', '=', 'shipped')
      .where(sql<boolean>`l.shipped <> l.quantity`)
      .executeTakeFirstOrThrow();
    expect(Number(open.n)).toBe(0);
    const unlinked = await db()
      .selectFrom('invoices')
      .select(sql<number>`count(*)`.as('n'))
      .where('type', '=', 'invoice')
      .where('shipment_id', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(unlinked.n)).toBe(0);
  });

  it('order numbers run unbroken per year, in the order the orders were sent; the counters say the last', async () => {
    const orders = await db().selectFrom('orders').select(['number', 'created_at']).orderBy('created_at').orderBy('id').execute();
    const byYear = new Map<string, number[]>();
    for (const o of orders) {
      expect(o.number.slice(0, 4)).toBe(o.created_at.slice(0, 4));
      byYear.set(o.number.slice(0, 4), [...(byYear.get(o.number.slice(0, 4)) ?? []), Number(o.number.slice(5))]);
    }
    for (const [year, ranks] of byYear) {
      expect(ranks, year).toEqual(ranks.map((_, i) => i + 1));
      const counter = await db().selectFrom('order_counters').select('last').where('year', '=', Number(year)).executeTakeFirstOrThrow();
      expect(counter.last).toBe(ranks.length);
    }
  });

  it('invoice and credit note numbers run unbroken per type and year, their days never going back; totals add up; PDFs stored', async () => {
    const docs = await db()
      .selectFrom('invoices')
      .select(['id', 'type', 'number', 'seq', 'year', 'issue_date', 'total_excl_cents', 'total_vat_cents', 'total_incl_cents', 'invoice_id', 'pdf', 'xml'])
      .orderBy('type')
      .orderBy('year')
      .orderBy('seq')
      .execute();
    const series = new Map<string, typeof docs>();
    for (const d of docs) series.set(`${d.type}:${d.year}`, [...(series.get(`${d.type}:${d.year}`) ?? []), d]);
    for (const [key, list] of series) {
      expect(
        list.map((d) => d.seq),
        key,
      ).toEqual(list.map((_, i) => i + 1));
      for (let i = 1; i < list.length; i += 1) expect(list[i]!.issue_date >= list[i - 1]!.issue_date, key).toBe(true);
      const [kind, year] = key.split(':');
      const counter = await db()
        .selectFrom('invoice_counters')
        .select('last')
        .where('kind', '=', kind!)
        .where('year', '=', Number(year))
        .executeTakeFirstOrThrow();
      expect(counter.last).toBe(list.length);
    }
    const lines = await db()
      .selectFrom('invoice_lines')
      .select(['invoice_id', sql<number>`sum(total_cents)`.as('cents')])
      .groupBy('invoice_id')
      .execute();
    const sums = new Map(lines.map((l) => [l.invoice_id, Number(l.cents)]));
    for (const d of docs) {
      expect(sums.get(d.id), d.number).toBe(d.total_excl_cents);
      expect(d.total_excl_cents + d.total_vat_cents).toBe(d.total_incl_cents);
      expect(Buffer.from(d.pdf).subarray(0, 5).toString()).toBe('%PDF-');
      expect(d.xml).toContain(`<ram:ID>${d.number}</ram:ID>`);
    }
    // A credit note never takes more than its invoice.
    for (const note of docs.filter((d) => d.type === 'creditNote')) {
      const invoice = docs.find((d) => d.id === note.invoice_id)!;
      expect(note.total_incl_cents).toBeLessThanOrEqual(invoice.total_incl_cents);
      expect(note.issue_date > invoice.issue_date).toBe(true);
    }
  });

  it('stock is equal to its movements, for every colour and size', async () => {
    const levels = await db().selectFrom('stock_levels').select(['variant_id', 'size', 'on_hand']).execute();
    expect(levels.length).toBeGreaterThan(0);
    const moves = await db()
      .selectFrom('stock_movements')
      .select(['variant_id', 'size', sql<number>`sum(on_hand_delta)`.as('n')])
      .groupBy(['variant_id', 'size'])
      .execute();
    const sum = new Map(moves.map((m) => [`${m.variant_id}:${m.size}`, Number(m.n)]));
    for (const l of levels) expect(sum.get(`${l.variant_id}:${l.size}`) ?? 0).toBe(l.on_hand);
  });

  it('the site reads it as its own: the owner’s lists page and search it; a second run refuses', async () => {
    const admin = t.auth(await t.login(ADMIN.email, ADMIN.password));
    const orders = (await t.app.inject({ method: 'GET', url: '/api/admin/orders?status=shipped', headers: admin })).json();
    expect(orders.data).toHaveLength(50);
    const shop = await db().selectFrom('company_details').select(['company_name', 'billing_town']).orderBy('user_id', 'desc').executeTakeFirstOrThrow();
    const found = (
      await t.app.inject({ method: 'GET', url: `/api/admin/orders?q=${encodeURIComponent(shop.billing_town!)}&limit=200`, headers: admin })
    ).json();
    expect(found.total).toBeGreaterThan(0);
    const invoices = (await t.app.inject({ method: 'GET', url: '/api/admin/invoices?status=paid&limit=200', headers: admin })).json();
    expect(invoices.total).toBeGreaterThan(0);
    expect(invoices.data.every((i: { status: string }) => i.status === 'paid')).toBe(true);
    // A second run refuses: the database has orders.
    await expect(seedScale(t.services.database, { SCALE: '0.01', DATA_DIR: t.config.dataDir }, () => undefined, { demo: false })).rejects.toThrow(
      /empty database/,
    );
  });

  // Issue 43, part 6: a season's figures are aggregated by the database through its indexes. The plan of
  // each query over the order lines is read; a full scan of the lines (or of the orders) fails, on both
  // databases, on this generated history.
  async function plan(query: Builder): Promise<string> {
    const compiled = query.compile();
    if (dialect === 'sqlite') {
      const rows = await db().executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]));
      return rows.rows.map((r) => r.detail).join('\n');
    }
    return db()
      .transaction()
      .execute(async (trx) => {
        // The tables of a test are small: without this, PostgreSQL rightly prefers scanning them.
        await sql`set local enable_seqscan = off`.execute(trx);
        const rows = await trx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]));
        return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
      });
  }
  const fullScan = (table: string) => (dialect === 'sqlite' ? new RegExp(`SCAN ${table}( |$)`, 'm') : new RegExp(`Seq Scan on ${table}\\b`));

  it('sums a season’s lines through the orders’ season index and the lines’ order index', async () => {
    const sales = t.services.sales as unknown as { lines(db: Kysely<Database>, id: number): { select(s: unknown): Builder } };
    const query = sales.lines(db(), lastSeason()).select(sql`sum(order_lines.quantity)`.as('pieces'));
    const text = await plan(query);
    expect(text).not.toMatch(fullScan('order_lines'));
    expect(text).not.toMatch(fullScan('orders'));
    expect(text).toMatch(/orders_season_idx/);
    expect(text).toMatch(/order_lines_order_idx/);
  });

  it('finds the home’s sold-out sizes with open pre-orders by the lines’ piece index', async () => {
    const query = db()
      .selectFrom('order_lines as l')
      .innerJoin('orders as o', 'o.id', 'l.order_id')
      .select('l.id')
      .where('l.variant_id', '=', 1)
      .where('l.size', '=', 'M')
      .where('o.status', 'in', ['submitted', 'confirmed']);
    const text = await plan(query);
    expect(text).not.toMatch(fullScan('order_lines'));
    expect(text).toMatch(/order_lines_piece/);
  });
});
