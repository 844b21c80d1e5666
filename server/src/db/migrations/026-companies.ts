import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/**
 * Shops as companies (issue 46, ADR 0022). A company is the retailer that signed up: its id stays the
 * id of the account it started with, so every order, invoice, draft, listing and reminder already
 * points at it. People are accounts of role `retailer` with `company_id` (null on the founding account:
 * the company is its own) and `company_role` (admin, buyer, accounts; null reads admin). Doors
 * (`retailer_doors`) are the places that receive goods; a buyer orders for the doors given to them
 * (`door_people`); an order carries its door and the person who placed it.
 *
 * Each existing shop gets one door from its delivery address, else its billing address (not public:
 * the shop's listing stays what "where to buy" shows until a door is marked public).
 */
export async function m026Companies(db: Kysely<any>, { id }: MigrationContext): Promise<void> {
  await db.schema.alterTable('users').addColumn('company_id', 'integer').execute();
  await db.schema.alterTable('users').addColumn('company_role', 'varchar(16)').execute();
  await db.schema.alterTable('users').addColumn('name', 'varchar(120)').execute();
  await db.schema.createIndex('users_company').on('users').column('company_id').execute();
  await id(db.schema.createTable('retailer_doors'))
    .addColumn('retailer_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('line1', 'varchar(120)', (c) => c.notNull())
    .addColumn('line2', 'varchar(120)')
    .addColumn('postcode', 'varchar(20)', (c) => c.notNull())
    .addColumn('town', 'varchar(80)', (c) => c.notNull())
    .addColumn('country', 'varchar(2)', (c) => c.notNull())
    .addColumn('phone', 'varchar(40)')
    .addColumn('hours', 'varchar(300)')
    .addColumn('public', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('removed_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('retailer_doors_retailer').on('retailer_doors').column('retailer_id').execute();
  await db.schema
    .createTable('door_people')
    .addColumn('door_id', 'integer', (c) => c.notNull().references('retailer_doors.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addPrimaryKeyConstraint('door_people_pk', ['door_id', 'user_id'])
    .execute();
  await db.schema.createIndex('door_people_user').on('door_people').column('user_id').execute();
  await db.schema.alterTable('orders').addColumn('door_id', 'integer').execute();
  await db.schema.alterTable('orders').addColumn('placed_by', 'integer').execute();
  await db.schema.createIndex('orders_door').on('orders').columns(['door_id', 'created_at']).execute();

  // One door per shop, from what its company details say.
  const now = new Date().toISOString();
  const shops = await db
    .selectFrom('users as u')
    .leftJoin('company_details as c', 'c.user_id', 'u.id')
    .select([
      'u.id',
      'u.email',
      'c.company_name',
      'c.phone',
      'c.delivery_line1',
      'c.delivery_line2',
      'c.delivery_postcode',
      'c.delivery_town',
      'c.delivery_country',
      'c.billing_line1',
      'c.billing_line2',
      'c.billing_postcode',
      'c.billing_town',
      'c.billing_country',
    ])
    .where('u.role', '=', 'retailer')
    .execute();
  for (const s of shops) {
    const kind = s.delivery_line1 && s.delivery_town ? 'delivery' : s.billing_line1 && s.billing_town ? 'billing' : null;
    if (!kind) continue;
    await db
      .insertInto('retailer_doors')
      .values({
        retailer_id: s.id,
        name: (s.company_name || s.email).slice(0, 120),
        line1: s[`${kind}_line1`],
        line2: s[`${kind}_line2`] || null,
        postcode: s[`${kind}_postcode`] ?? '',
        town: s[`${kind}_town`],
        country: (s[`${kind}_country`] || 'FR').slice(0, 2),
        phone: s.phone || null,
        hours: null,
        public: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  // The orders already placed were placed by the shop's one account.
  await sql`update orders set placed_by = user_id where user_id is not null`.execute(db);
}
