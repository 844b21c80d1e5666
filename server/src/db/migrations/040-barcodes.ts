import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/**
 * Barcodes on every piece (issue 60), owned by the barcodes area:
 * - `barcode_settings`: the label's GS1 company prefix and the next item number under it.
 * - `barcodes`: each colour × size's EAN-13, given in sequence or imported; a code is unique and never
 *   deleted, so never given twice, and a size keeps its code.
 */
export async function m040Barcodes(db: Kysely<any>, { id }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('barcode_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('prefix', 'varchar(10)', (c) => c.notNull())
    .addColumn('next_item', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await id(db.schema.createTable('barcodes'))
    .addColumn('variant_id', 'integer', (c) => c.notNull())
    .addColumn('size', 'varchar(8)', (c) => c.notNull())
    .addColumn('gtin', 'varchar(14)', (c) => c.notNull().unique())
    .addColumn('source', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('barcodes_piece').on('barcodes').columns(['variant_id', 'size']).unique().execute();
}
