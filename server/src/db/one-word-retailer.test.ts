import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrate } from './index.ts';
import { DIALECTS, atMigration } from '../../test/helpers.ts';

// Issue 33: the shop that orders is a "retailer" in the database too. A database the previous version
// wrote (its tables said retailer and shop) upgrades with every row, id and reference kept.
describe.each(DIALECTS)('upgrading the names of the previous version on %s', (dialect) => {
  it('renames the applications, the listings, the order’s e-mail and the history’s actor, and loses nothing', async () => {
    await atMigration(dialect, '014-draft-line-per-delivery', async (database) => {
      const db = database.db;
      const now = '2026-11-20T09:00:00.000Z';
      const [owner, shop] = await db
        .insertInto('users')
        .values([
          { email: 'owner@old.example', role: 'admin', password_hash: null, locale: 'fr', created_at: now, updated_at: now },
          { email: 'shop@old.example', role: 'retailer', password_hash: null, locale: 'fr', created_at: now, updated_at: now },
        ] as never)
        .returning('id')
        .execute();
      const application = {
        name: 'Camille Roux',
        email: 'shop@old.example',
        company: 'Les Jours Lents',
        siret: '55208131766522',
        phone: null,
        shop_type: 'concept store',
        message: 'Bonjour',
        catalog_opt_in: 1,
        consent_at: now,
        locale: 'fr',
        status: 'accepted',
        created_at: now,
        accepted_at: now,
        accepted_by: owner!.id,
        retailer_user_id: shop!.id,
      };
      const pending = {
        ...application,
        name: 'Jeanne',
        email: 'jeanne@old.example',
        status: 'pending',
        accepted_at: null,
        accepted_by: null,
        retailer_user_id: null,
      };
      await db
        .insertInto('stockist_applications' as never)
        .values([application, pending] as never)
        .execute();
      const listing = {
        user_id: shop!.id,
        listed: 1,
        hidden: 0,
        name: 'Les Jours Lents',
        address: '3 rue du Port',
        postcode: '34200',
        city: 'Sète',
        country: 'FR',
        website: '',
        instagram: '',
        description_fr: 'Face au port',
        description_en: 'By the harbour',
        logo_url: null,
        created_at: now,
        updated_at: now,
      };
      await db
        .insertInto('stockist_listings' as never)
        .values(listing as never)
        .execute();
      const order = {
        number: '2026-0001',
        user_id: shop!.id,
        shop_email: 'shop@old.example',
        locale: 'fr',
        status: 'confirmed',
        idempotency_key: 'k1',
        note: null,
        company: '{}',
        total_cents: 12000,
        pieces: 3,
        ship_date: '2027-03-01',
        carrier: null,
        tracking: null,
        cancel_reason: null,
        created_at: now,
        updated_at: now,
        season_id: null,
        delivery_id: null,
      };
      const [{ id: orderId }] = (await db
        .insertInto('orders')
        .values(order as never)
        .returning('id')
        .execute()) as [{ id: number }];
      await db
        .insertInto('order_events')
        .values([
          { order_id: orderId, status: 'submitted', by_role: 'stockist', note: null, at: now },
          { order_id: orderId, status: 'confirmed', by_role: 'brand', note: null, at: now },
        ] as never)
        .execute();
      const applicationsBefore = await db
        .selectFrom('stockist_applications' as never)
        .selectAll()
        .orderBy('id' as never)
        .execute();
      const listingsBefore = await db
        .selectFrom('stockist_listings' as never)
        .selectAll()
        .execute();

      await migrate(database);

      // Migration 021 adds the folded words a search reads (filled from the row); every other column is as it was.
      const applicationsAfter = await db.selectFrom('retailer_applications').selectAll().orderBy('id').execute();
      expect(applicationsAfter.map(({ search_text: _words, ...row }) => row)).toEqual(applicationsBefore);
      expect(applicationsAfter.every((a) => a.search_text.includes(a.email))).toBe(true);
      expect(await db.selectFrom('retailer_listings').selectAll().execute()).toEqual(listingsBefore);
      const upgraded = await db.selectFrom('orders').select(['id', 'retailer_email', 'company_id', 'total_cents']).execute();
      expect(upgraded).toEqual([{ id: orderId, retailer_email: 'shop@old.example', company_id: shop!.id, total_cents: 12000 }]);
      expect(await db.selectFrom('order_events').select(['status', 'by_role']).orderBy('id').execute()).toEqual([
        { status: 'submitted', by_role: 'retailer' },
        { status: 'confirmed', by_role: 'brand' },
      ]);
      // The old names are gone, the applications' index follows the new one.
      const tables =
        dialect === 'postgres'
          ? (await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = current_schema()`.execute(db)).rows
          : (await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db)).rows;
      expect(tables.map((t) => t.name).filter((name) => /stockist/.test(name))).toEqual([]);
      const indexes =
        dialect === 'postgres'
          ? (await sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = current_schema()`.execute(db)).rows
          : (await sql<{ name: string }>`select name from sqlite_master where type = 'index'`.execute(db)).rows;
      const names = indexes.map((i) => i.name);
      expect(names).toContain('retailer_applications_status_idx');
      expect(names.filter((name) => /stockist/.test(name))).toEqual([]);
      // New rows get the next ids (PostgreSQL's identity followed the table).
      const [next] = await db
        .insertInto('retailer_applications')
        .values({ ...pending, email: 'next@old.example' } as never)
        .returning('id')
        .execute();
      expect(next!.id).toBeGreaterThan(Math.max(...applicationsBefore.map((a) => (a as { id: number }).id)));
    });
  });
});

// Issue 44: the showroom's orders (migration 020) had come back to "stockist"; they name their retailer too.
describe.each(DIALECTS)('upgrading the showroom’s orders to the one word on %s', (dialect) => {
  it('renames the column and keeps each order’s retailer', async () => {
    await atMigration(dialect, '022-products-posts-search', async (database) => {
      const db = database.db;
      const now = '2026-11-20T09:00:00.000Z';
      const [shop] = await db
        .insertInto('users')
        .values([{ email: 'shop@old.example', role: 'retailer', password_hash: null, locale: 'fr', created_at: now, updated_at: now }] as never)
        .returning('id')
        .execute();
      const row = {
        taken_by: null,
        taken_by_name: 'Agnès',
        application_id: null,
        status: 'made',
        payload: '{}',
        signature: 'data:image/png;base64,',
        answer_status: 201,
      };
      const rest = { answer: '{}', locale: 'fr', taken_at: now, created_at: now, updated_at: now };
      await db
        .insertInto('showroom_submissions')
        .values([
          { key: 'tablet-order-1', stockist_id: shop!.id, ...row, ...rest },
          { key: 'tablet-order-2', stockist_id: null, ...row, status: 'waiting', ...rest },
        ] as never)
        .execute();

      await migrate(database);

      const after = await db.selectFrom('showroom_submissions').select(['key', 'retailer_id', 'status']).orderBy('key').execute();
      expect(after).toEqual([
        { key: 'tablet-order-1', retailer_id: shop!.id, status: 'made' },
        { key: 'tablet-order-2', retailer_id: null, status: 'waiting' },
      ]);
    });
  });
});
