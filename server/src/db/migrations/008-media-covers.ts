import type { Kysely } from 'kysely';

/**
 * What the image pipeline knows of each upload (its placeholder, the widths it has in AVIF), and
 * the journal's cover pictures. Images uploaded before this have no row: pages show them as before.
 */
export async function m008MediaCovers(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('media')
    // The content-hash base of the file names: `<hash>-<width>x<height>`.
    .addColumn('name', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    // A tiny WebP as a data: URL, or null when the picture has transparency (a logo).
    .addColumn('placeholder', 'text')
    // The widths that also exist as AVIF, comma-separated ('' when AVIF was never smaller).
    .addColumn('avif_widths', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('journal_posts').addColumn('cover_image_url', 'varchar(300)').execute();
  await db.schema.alterTable('journal_post_translations').addColumn('cover_alt', 'varchar(300)').execute();
}
