import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

export async function m003Journal(db: Kysely<any>, { id }: MigrationContext): Promise<void> {
  await id(db.schema.createTable('journal_sections'))
    .addColumn('slug', 'varchar(120)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('journal_section_translations')
    .addColumn('section_id', 'integer', (c) => c.notNull().references('journal_sections.id').onDelete('cascade'))
    .addColumn('locale', 'varchar(2)', (c) => c.notNull())
    .addColumn('title', 'varchar(160)', (c) => c.notNull())
    .addColumn('description', 'text')
    .addPrimaryKeyConstraint('journal_section_translations_pk', ['section_id', 'locale'])
    .execute();

  await id(db.schema.createTable('journal_posts'))
    .addColumn('section_id', 'integer', (c) => c.notNull().references('journal_sections.id').onDelete('cascade'))
    .addColumn('slug', 'varchar(120)', (c) => c.notNull().unique())
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('journal_posts_section_idx').on('journal_posts').columns(['section_id', 'created_at']).execute();
  await db.schema
    .createTable('journal_post_translations')
    .addColumn('post_id', 'integer', (c) => c.notNull().references('journal_posts.id').onDelete('cascade'))
    .addColumn('locale', 'varchar(2)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('journal_post_translations_pk', ['post_id', 'locale'])
    .execute();
}
