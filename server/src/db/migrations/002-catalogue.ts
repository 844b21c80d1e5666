import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

export async function m002Catalogue(db: Kysely<any>, { id }: MigrationContext): Promise<void> {
  await id(db.schema.createTable('products'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('product_translations')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('locale', 'varchar(2)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('mantra', 'varchar(300)')
    .addPrimaryKeyConstraint('product_translations_pk', ['product_id', 'locale'])
    .execute();

  await id(db.schema.createTable('variants'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('color_code', 'varchar(7)')
    .addColumn('image_url', 'varchar(500)', (c) => c.notNull())
    .addColumn('image_gallery', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('sizes', 'varchar(100)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('variants_product_idx').on('variants').columns(['product_id', 'position']).execute();

  await db.schema
    .createTable('variant_translations')
    .addColumn('variant_id', 'integer', (c) => c.notNull().references('variants.id').onDelete('cascade'))
    .addColumn('locale', 'varchar(2)', (c) => c.notNull())
    .addColumn('color_name', 'varchar(80)', (c) => c.notNull())
    .addPrimaryKeyConstraint('variant_translations_pk', ['variant_id', 'locale'])
    .execute();
}
