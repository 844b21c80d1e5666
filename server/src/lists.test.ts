import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGING_MESSAGES } from '@atelier/contract';
import { sql } from 'kysely';
import { unzipSync } from 'fflate';
import type { Readable } from 'node:stream';
import { ADMIN, DIALECTS, RETAILER, createTestContext, type TestContext } from '../test/helpers.ts';
import { FRENCH_SHOP, sampleProduct } from '../test/fixtures.ts';
import { invoiceSearchText } from './lib/search.ts';
import { sentOrderRow } from '../test/rows.ts';
import { encodeCursor } from './lib/paging.ts';

/**
 * Issue 43: every list answers a page (limit 50 unless asked, at most 200; a page or a cursor; the total),
 * newest first with ties by id, stable under a cursor while rows are added; `q` searches with accents and
 * case ignored; bad paging or search input is a clear 400, never a 500.
 */
describe.each(DIALECTS)('lists paged and searched on %s', (dialect) => {
  let t: TestContext;
  let admin: Record<string, string>;
  let shop: Record<string, string>;
  let shopId: number;
  let otherId: number;
  let seq = 0;

  const db = () => t.services.database.db;
  const get = (url: string, headers = admin) => t.app.inject({ method: 'GET', url, headers });

  /** An order written as the submit writes it (number, company snapshot, search words), at `at`. */
  async function order(
    userId: number,
    at: string,
    company: { companyName?: string; billing?: { town: string } } = {},
    references: string[] = [],
    status: 'submitted' | 'shipped' = 'submitted',
  ) {
    seq += 1;
    const number = `2026-${String(seq).padStart(5, '0')}`;
    const email = userId === shopId ? RETAILER.email : 'other@test.example';
    const json = JSON.stringify({ companyName: null, siret: null, vatNumber: null, billingAddress: null, deliveryAddress: null, phone: null, ...company });
    const row = await db()
      .insertInto('orders')
      .values(sentOrderRow({ number, userId, email, company: json, at, key: `k-${seq}`, totalCents: 1000, pieces: 1, references, status }))
      .returning('id')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('order_lines')
      .values({
        order_id: row.id,
        position: 0,
        variant_id: null,
        product_id: null,
        product_title: '{"fr":"Robe","en":"Dress"}',
        color_name: '{"fr":"Ocre","en":"Ochre"}',
        color_code: null,
        reference: references[0] ?? null,
        size: 'M',
        quantity: 1,
        unit_price_cents: 1000,
      })
      .execute();
    return { id: row.id, number };
  }

  const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();

  beforeAll(async () => {
    t = await createTestContext(dialect);
    admin = t.auth(await t.login(ADMIN.email, ADMIN.password));
    shop = t.auth(await t.login(RETAILER.email, RETAILER.password));
    shopId = (await t.services.users.findByEmail(RETAILER.email))!.id;
    otherId = (await t.services.users.create({ email: 'other@test.example', role: 'retailer', password: 'other-pass-2026', locale: 'en' })).id;
    // 120 orders of the shop, one a minute, the last 10 sharing one instant (ties broken by id); 15 of another shop.
    for (let i = 0; i < 120; i += 1) await order(shopId, at(Math.min(i, 110)));
    for (let i = 0; i < 15; i += 1)
      await order(otherId, at(200 + i), { companyName: 'Émilie Café', billing: { town: 'Annecy-le-Vieux' } }, ['MS27-ROBE'], 'shipped');
  });
  afterAll(async () => t.close());

  it('the owner’s orders: 50 newest first by default, the total, ties by id, at most 200 a page, a page past the end empty', async () => {
    const first = (await get('/api/admin/orders')).json();
    expect(first.data).toHaveLength(50);
    expect(first).toMatchObject({ total: 135, page: 1, limit: 50 });
    expect(first.nextCursor).toEqual(expect.any(String));
    const keys = first.data.map((o: { createdAt: string; id: number }) => [o.createdAt, o.id]);
    const sorted = [...keys].sort((a, b) => (a[0] === b[0] ? b[1] - a[1] : a[0] < b[0] ? 1 : -1));
    expect(keys).toEqual(sorted);

    const all = (await get('/api/admin/orders?limit=200')).json();
    expect(all.data).toHaveLength(135);
    expect(all.nextCursor).toBeNull();
    const third = (await get('/api/admin/orders?limit=50&page=3')).json();
    expect(third.data.map((o: { id: number }) => o.id)).toEqual(all.data.slice(100).map((o: { id: number }) => o.id));
    const past = (await get('/api/admin/orders?page=40')).json();
    expect(past).toMatchObject({ data: [], total: 135, page: 40 });

    for (const bad of ['limit=201', 'limit=0', 'limit=-1', 'limit=ten', 'page=0', 'page=-2', 'limit=1e3']) {
      const res = await get(`/api/admin/orders?${bad}&lang=en`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error).toMatch(/limit|page/);
    }
    expect((await get('/api/admin/orders?limit=500&lang=fr')).json().error).toBe('La limite est un nombre entier de 1 à 200.');
  });

  it('a cursor walks every order once, and rows added meanwhile do not shift it', async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await get(`/api/admin/orders?limit=40${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      const page = res.json();
      seen.push(...page.data.map((o: { id: number }) => o.id));
      cursor = page.nextCursor;
      // A new order arrives after the first page is read: it is newer than every row, so never on a later page.
      if (pages === 0) await order(shopId, new Date().toISOString());
      pages += 1;
    } while (cursor);
    expect(pages).toBe(4);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(135);
  });

  it('a forged or foreign cursor is a 400 that says so; a well-formed one past the end is an empty page', async () => {
    for (const cursor of [
      'abc',
      'x'.repeat(301),
      encodeURIComponent('a b'),
      Buffer.from('[1]').toString('base64url'),
      Buffer.from('{"a":1}').toString('base64url'),
      Buffer.from('["x",-4]').toString('base64url'),
    ]) {
      const res = await get(`/api/admin/orders?cursor=${cursor}&lang=en`);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().code).toBe(PAGING_MESSAGES.cursorInvalid);
    }
    const end = (await get(`/api/admin/orders?cursor=${encodeCursor('1999-01-01T00:00:00.000Z', 1)}`)).json();
    expect(end).toMatchObject({ data: [], nextCursor: null });
  });

  it('search: a shop’s name or town with accents and case ignored, its e-mail, a style reference, an order number; filters still apply', async () => {
    const count = async (q: string, extra = '') => (await get(`/api/admin/orders?q=${encodeURIComponent(q)}${extra}`)).json().total;
    expect(await count('emilie')).toBe(15);
    expect(await count('ÉMILIE café')).toBe(15);
    expect(await count('annecy')).toBe(15);
    expect(await count('ANNÉCY vieux')).toBe(15);
    expect(await count('other@test')).toBe(15);
    expect(await count('ms27-robe')).toBe(15);
    expect(await count('robe')).toBe(15);
    expect(await count('2026-00007')).toBe(1);
    expect(await count('ly')).toBe(0);
    expect(await count('ca')).toBe(15); // two letters: found by scanning the folded words
    expect(await count('emilie', '&status=submitted')).toBe(0);
    expect(await count('emilie', '&status=shipped')).toBe(15);
    expect(await count('   ')).toBe(136);
  });

  it('search: %, _, *, quotes and SQL are plain characters (an empty answer, never a 500); 101 characters are a 400', async () => {
    for (const q of ['%', '_', '*', '"', "'", '\\', "' OR 1=1 --", '"emilie" OR "x"', 'NEAR(a b)', 'emilie*', '%_%', '; drop table orders;']) {
      const res = await get(`/api/admin/orders?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
      expect(res.json().data, q).toEqual([]);
    }
    const long = await get(`/api/admin/orders?q=${'a'.repeat(1000)}&lang=en`);
    expect(long.statusCode).toBe(400);
    expect(long.json().code).toBe(PAGING_MESSAGES.searchInvalid);
    expect((await get(`/api/admin/orders?q=${'a'.repeat(100)}`)).statusCode).toBe(200);
  });

  it('a shop pages and searches its own orders only', async () => {
    const mine = (await get('/api/orders?limit=200', shop)).json();
    expect(mine.total).toBe(121);
    expect(mine.data.every((o: { shop: string }) => o.shop === RETAILER.email)).toBe(true);
    expect((await get('/api/orders?q=emilie', shop)).json()).toMatchObject({ total: 0, data: [] });
    expect((await get('/api/orders?limit=201', shop)).statusCode).toBe(400);
    expect((await get('/api/orders?limit=7&page=2', shop)).json().data).toHaveLength(7);
  });

  it('the search index answers the search on both databases (the query plan reads it)', async () => {
    if (dialect === 'sqlite') {
      const plan = await sql<{
        detail: string;
      }>`explain query plan select id from orders where id in (select rowid from orders_search where orders_search match ${'"emilie"'})`.execute(db());
      expect(plan.rows.map((r) => r.detail).join('\n')).toMatch(/VIRTUAL TABLE INDEX/);
    } else {
      const plan = await db()
        .transaction()
        .execute(async (trx) => {
          await sql`set local enable_seqscan = off`.execute(trx);
          return sql<{ 'QUERY PLAN': string }>`explain select id from orders where search_text like ${'%emilie%'}`.execute(trx);
        });
      expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/orders_search_trgm/);
    }
  });

  it('an order sent through the portal is found by the style reference it holds', async () => {
    const payload = sampleProduct({ reference: 'LN-BLOUSE-7' });
    payload.variants[0] = { ...payload.variants[0]!, price: 100, sizes: ['S', 'M'] };
    const product = (await t.app.inject({ method: 'POST', url: '/api/admin/products', payload, headers: admin })).json();
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/wholesale/terms',
      headers: admin,
      payload: {
        validUntil: '2099-03-31',
        openingMinimum: 0,
        reorderMinimum: 0,
        orderEmail: 'orders@test.example',
        translations: [
          { locale: 'fr', seasonName: 'PE' },
          { locale: 'en', seasonName: 'SS' },
        ],
      },
    });
    const draft = await t.app.inject({
      method: 'PUT',
      url: '/api/orders/draft',
      headers: shop,
      payload: { lines: [{ variantId: product.variants[0].id, size: 'S', quantity: 2 }] },
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/orders/draft/submit',
      headers: { ...shop, 'idempotency-key': 'lists-test-0001' },
      payload: {},
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const found = (await get('/api/admin/orders?q=ln-blouse')).json();
    expect(found.data.map((o: { id: number }) => o.id)).toEqual([sent.json().id]);
    expect((await get('/api/orders?q=LN-BLOUSE-7', shop)).json().total).toBe(1);
  });

  it('invoices: the status is read by the database, so a status pages like any filter; search by buyer and number; a shop sees its own', async () => {
    const day = new Date().toISOString().slice(0, 10);
    const past = '2020-01-31';
    let n = 0;
    const invoice = async (
      userId: number,
      buyer: string,
      due: string | null,
      totalCents: number,
      type: 'invoice' | 'creditNote' = 'invoice',
      invoiceId: number | null = null,
    ) => {
      n += 1;
      const number = `${type === 'invoice' ? 'F' : 'A'}2026-${String(n).padStart(5, '0')}`;
      const buyerJson = JSON.stringify({
        name: buyer,
        address: { line1: '1 rue', line2: '', postcode: '74000', town: 'Annecy', country: 'FR' },
        deliveryAddress: null,
        siren: '123456789',
        vatNumber: null,
        email: null,
      });
      return (
        await db()
          .insertInto('invoices')
          .values({
            number,
            type,
            year: 2026,
            seq: n,
            order_id: null,
            invoiced_order_id: null,
            invoice_id: invoiceId,
            user_id: userId,
            locale: 'fr',
            issue_date: `2026-02-${String((n % 27) + 1).padStart(2, '0')}`,
            delivery_date: null,
            due_date: due,
            reason: null,
            seller: '{}',
            buyer: buyerJson,
            vat_breakdown: JSON.stringify([{ category: 'S', rate: 20, exemption: null, exemptionCode: null, baseCents: totalCents, vatCents: 0 }]),
            total_excl_cents: totalCents,
            total_vat_cents: 0,
            total_incl_cents: totalCents,
            xml: '<x/>',
            // A PDF's weight: a download the client leaves must be stopped by backpressure, not finished.
            pdf: Buffer.concat([Buffer.from('%PDF'), Buffer.alloc(200_000, 32)]),
            created_at: new Date().toISOString(),
            search_text: invoiceSearchText(number, buyerJson),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    };
    const pay = (invoiceId: number, cents: number) =>
      db()
        .insertInto('invoice_payments')
        .values({ invoice_id: invoiceId, paid_on: day, amount_cents: cents, method: 'transfer', reference: null, recorded_at: day, recorded_by: null })
        .execute();
    for (let i = 0; i < 60; i += 1) await invoice(shopId, 'Boutique Léa', '2099-01-01', 10000); // unpaid
    for (let i = 0; i < 5; i += 1) await pay(await invoice(shopId, 'Boutique Léa', '2099-01-01', 10000), 10000); // paid
    for (let i = 0; i < 4; i += 1) await pay(await invoice(otherId, 'Émilie Café', past, 10000), 2500); // overdue though partly paid
    for (let i = 0; i < 3; i += 1) await pay(await invoice(otherId, 'Émilie Café', '2099-01-01', 10000), 2500); // partly paid
    const credited = await invoice(otherId, 'Émilie Café', past, 10000); // overdue, then wholly credited: credited (issue 59), not paid
    await invoice(otherId, 'Émilie Café', null, 10000, 'creditNote', credited);

    const page = async (query: string, headers = admin) => (await get(`/api/admin/invoices?${query}`, headers)).json();
    expect(await page('')).toMatchObject({ total: 74, limit: 50 });
    expect((await page('')).data).toHaveLength(50);
    expect((await page('status=unpaid&limit=20')).total).toBe(60);
    expect((await page('status=unpaid&limit=20')).data).toHaveLength(20);
    expect((await page('status=paid')).total).toBe(5);
    expect((await page('status=credited')).total).toBe(1);
    expect((await page('status=overdue')).total).toBe(4);
    expect((await page('status=partlyPaid')).total).toBe(3);
    for (const status of ['unpaid', 'paid', 'credited', 'overdue', 'partlyPaid']) {
      const rows = (await page(`status=${status}&limit=200`)).data;
      expect(
        rows.every((r: { status: string }) => r.status === status),
        status,
      ).toBe(true);
    }
    expect((await page('q=emilie%20CAFE')).total).toBe(9);
    expect((await page('q=A2026')).total).toBe(1);
    expect((await page('q=123456789')).total).toBe(74);
    const walk: number[] = [];
    for (let cursor: string | null = ''; cursor !== null;) {
      const p: { data: Array<{ id: number }>; nextCursor: string | null } = await page(`limit=30${cursor ? `&cursor=${cursor}` : ''}`);
      walk.push(...p.data.map((r) => r.id));
      cursor = p.nextCursor;
    }
    expect(new Set(walk).size).toBe(74);

    const own = (await get('/api/invoices?limit=200', shop)).json();
    expect(own.total).toBe(65);
    expect(own.data.every((r: { buyer: string }) => r.buyer === 'Boutique Léa')).toBe(true);
    expect((await get('/api/invoices?q=emilie', shop)).json().total).toBe(0);
    expect((await get('/api/admin/invoices?limit=300')).statusCode).toBe(400);
  });

  it('applications: paged and searched by name, company, e-mail and SIREN; the form writes what the search reads', async () => {
    for (const [name, company, email, siret] of [
      ['Léa Martin', 'La Mercerie', 'lea@mercerie.example', '12345678900011'],
      ['Hugo Bernard', 'Atelier Hugo', 'hugo@atelier.example', '98765432100019'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/retailers/contact',
        payload: { name, company, email, siret, message: 'Bonjour', consent: true },
      });
      expect(res.statusCode, res.body).toBe(202);
    }
    const list = async (query: string) => (await get(`/api/admin/retailers/applications?${query}`)).json();
    expect(await list('')).toMatchObject({ total: 2, page: 1, limit: 50, nextCursor: null });
    expect((await list('q=lea%20MERCERIE')).data.map((a: { name: string }) => a.name)).toEqual(['Léa Martin']);
    expect((await list('q=987654321')).data.map((a: { name: string }) => a.name)).toEqual(['Hugo Bernard']);
    expect((await list('q=hugo@atelier&status=accepted')).total).toBe(0);
    expect((await list('limit=1')).data).toHaveLength(1);
    expect((await list('limit=1')).nextCursor).toEqual(expect.any(String));

    // Approved, the shop completes its details: it is then found by its town and its trading name.
    const hugo = (await list('q=hugo')).data[0] as { id: number };
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/retailers/applications/${hugo.id}/accept`, headers: admin })).statusCode).toBe(200);
    expect((await list('q=sete&status=accepted')).total).toBe(0);
    const account = (await t.services.users.findByEmail('hugo@atelier.example'))!;
    expect((await t.app.inject({ method: 'PUT', url: `/api/admin/stockists/${account.id}/company`, headers: admin, payload: FRENCH_SHOP })).statusCode).toBe(
      200,
    );
    expect((await list('q=SETE&status=accepted')).data.map((a: { name: string }) => a.name)).toEqual(['Hugo Bernard']);
    expect((await list('q=jours%20lents')).data.map((a: { name: string }) => a.name)).toEqual(['Hugo Bernard']);
  });

  it('the activity log, the agents, the API keys and an endpoint’s deliveries answer a page, never more than its limit', async () => {
    for (const name of ['Key one', 'Key two', 'Key three'])
      await t.app.inject({ method: 'POST', url: '/api/admin/api-keys', headers: admin, payload: { name, access: 'read' } });
    const keys = (await get('/api/admin/api-keys?limit=2')).json();
    expect(keys).toMatchObject({ total: 3, limit: 2 });
    expect(keys.data.map((k: { name: string }) => k.name)).toEqual(['Key three', 'Key two']);
    expect((await get(`/api/admin/api-keys?limit=2&cursor=${keys.nextCursor}`)).json().data.map((k: { name: string }) => k.name)).toEqual(['Key one']);
    const activity = (await get('/api/admin/activity?limit=2')).json();
    expect(activity.data).toHaveLength(2);
    expect(activity.total).toBeGreaterThanOrEqual(3);
    expect(activity.pageSize).toBe(2);
    expect((await get('/api/admin/activity')).json().limit).toBe(50);
    expect((await get('/api/admin/agents?limit=300')).statusCode).toBe(400);
    expect((await get('/api/admin/agents')).json()).toMatchObject({ data: [], total: 0, limit: 50 });
  });

  it('exports are written while read: the orders CSV, the sales journal and the invoices ZIP come back whole across batches', async () => {
    // Past the CSV's batch of 200 orders and the ZIP's batch of 50 PDFs.
    for (let i = 0; i < 80; i += 1) await order(otherId, at(300 + i), { companyName: 'Émilie Café', billing: { town: 'Annecy' } }, ['MS27-ROBE']);
    const csv = await t.app.inject({ method: 'GET', url: '/api/admin/orders.csv?from=2026-01-01&to=2099-12-31&lang=en', headers: admin });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="orders-2026-01-01-2099-12-31.csv"');
    const rows = csv.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]).toMatch(/^Order,Date,Status,Shop/);
    const numbers = rows.slice(1).map((r) => r.split(',')[0]);
    const days = rows.slice(1).map((r) => r.split(',')[1]!);
    const expected = Number(
      (
        await db()
          .selectFrom('orders')
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(expected).toBeGreaterThan(200);
    expect(new Set(numbers).size).toBe(expected);
    expect([...days].sort()).toEqual(days); // oldest first

    const journal = await t.app.inject({ method: 'GET', url: '/api/admin/invoices.csv?from=2026-01-01&to=2026-12-31&lang=en', headers: admin });
    expect(journal.statusCode).toBe(200);
    expect(
      journal.body
        .replace(/^\ufeff/, '')
        .trim()
        .split('\r\n'),
    ).toHaveLength(1 + 74);

    const zip = await t.app.inject({ method: 'GET', url: '/api/admin/invoices.zip?from=2026-01-01&to=2026-12-31', headers: admin });
    expect(zip.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    expect(Object.keys(files)).toHaveLength(74);
    for (const bytes of Object.values(files)) expect(Buffer.from(bytes).subarray(0, 4).toString()).toBe('%PDF');
  });

  it('a download the client leaves stops: the ZIP is no longer read once the connection is gone', async () => {
    const zip = t.services.invoices.zip.bind(t.services.invoices);
    let stream: Readable | null = null;
    t.services.invoices.zip = (from, to) => (stream = zip(from, to));
    try {
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const controller = new AbortController();
      const res = await fetch(`${address}/api/admin/invoices.zip?from=2026-01-01&to=2026-12-31`, { headers: admin, signal: controller.signal });
      const reader = res.body!.getReader();
      await reader.read();
      controller.abort();
      await expect.poll(() => (stream as Readable | null)?.destroyed, { timeout: 5000 }).toBe(true);
      expect((stream as Readable | null)?.readableEnded).toBe(false);
    } finally {
      t.services.invoices.zip = zip;
    }
  });
});
