import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { readBarcodes } from '../../read-models/barcodes.ts';

/** Each line of an order whose piece has an EAN-13 (issue 60), by line id: the delivery note prints them. */
export async function lineGtins(db: Kysely<Database>, orderId: number): Promise<Record<number, string>> {
  const rows = await db
    .selectFrom('order_lines')
    .innerJoin(readBarcodes().as('b'), (join) => join.onRef('b.variant_id', '=', 'order_lines.variant_id').onRef('b.size', '=', 'order_lines.size'))
    .select(['order_lines.id', 'b.gtin'])
    .where('order_lines.order_id', '=', orderId)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.id, r.gtin]));
}
