import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/** Wholesale terms (one row per site, texts per locale), style references, recommended retail prices. */
export async function m005Wholesale(db: Kysely<any>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('wholesale_terms')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('valid_until', 'varchar(10)', (c) => c.notNull())
    .addColumn('opening_minimum_cents', 'integer', (c) => c.notNull())
    .addColumn('reorder_minimum_cents', 'integer', (c) => c.notNull())
    .addColumn('order_email', 'varchar(254)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createTable('wholesale_term_translations')
    .addColumn('terms_id', 'integer', (c) => c.notNull().references('wholesale_terms.id').onDelete('cascade'))
    .addColumn('locale', 'varchar(2)', (c) => c.notNull())
    .addColumn('season_name', 'varchar(80)', (c) => c.notNull())
    .addColumn('payment_terms', 'text', (c) => c.notNull())
    .addColumn('delivery_window', 'text', (c) => c.notNull())
    .addColumn('shipping_notes', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('wholesale_term_translations_pk', ['terms_id', 'locale'])
    .execute();

  await db.schema.alterTable('products').addColumn('reference', 'varchar(40)').execute();
  // Unique where set: NULLs never collide on either database.
  await db.schema.createIndex('products_reference_uq').on('products').column('reference').unique().execute();
  await db.schema.alterTable('variants').addColumn('retail_price_cents', 'integer').execute();
  await db.schema.alterTable('stockist_applications').addColumn('catalog_sent_at', 'varchar(32)').execute();
}
