import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/**
 * The owner runs the site: page texts (one JSON document per page, with a version against lost
 * updates), product status and collection order, stockists' public listings, the activity log.
 */
export async function m007SiteContent(db: Kysely<any>, { id }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('page_texts')
    .addColumn('page', 'varchar(20)', (c) => c.primaryKey())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(254)')
    .execute();

  // Existing products stay published; position 0 everywhere keeps today's order (newest first).
  await db.schema
    .alterTable('products')
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('published'))
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('products_position_idx').on('products').columns(['position', 'id']).execute();

  await id(db.schema.createTable('stockist_listings'))
    .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('listed', 'integer', (c) => c.notNull())
    .addColumn('hidden', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('address', 'varchar(200)', (c) => c.notNull())
    .addColumn('postcode', 'varchar(10)', (c) => c.notNull())
    .addColumn('city', 'varchar(80)', (c) => c.notNull())
    .addColumn('country', 'varchar(2)', (c) => c.notNull())
    .addColumn('website', 'varchar(300)', (c) => c.notNull())
    .addColumn('instagram', 'varchar(30)', (c) => c.notNull())
    .addColumn('description_fr', 'varchar(500)', (c) => c.notNull())
    .addColumn('description_en', 'varchar(500)', (c) => c.notNull())
    .addColumn('logo_url', 'varchar(300)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await id(db.schema.createTable('activity_log'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('user_email', 'varchar(254)')
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('action', 'varchar(20)', (c) => c.notNull())
    .addColumn('subject', 'varchar(300)', (c) => c.notNull())
    .addColumn('subject_id', 'varchar(40)')
    .addColumn('detail', 'text')
    .execute();
  await db.schema.createIndex('activity_log_kind_idx').on('activity_log').columns(['kind', 'id']).execute();
}
