import type { Locale, OrderChange, Size } from '@atelier/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database, OrderChangesTable } from '../../db/schema.ts';
import { parseTexts, pick } from '../../lib/texts.ts';

/** An order shows its last changes (issue 57): so many at most, newest first. */
export const ORDER_CHANGES_SHOWN = 20;

/** Changes as the API gives them, with their lines in the order they were asked. */
async function read(db: Kysely<Database>, rows: Array<Selectable<OrderChangesTable>>, lang: Locale): Promise<OrderChange[]> {
  if (rows.length === 0) return [];
  const items = await db
    .selectFrom('order_change_items')
    .selectAll()
    .where(
      'change_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('change_id')
    .orderBy('position')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    orderId: r.order_id,
    status: r.status,
    by: r.by_role === 'retailer' ? ('stockist' as const) : ('brand' as const),
    requestedAt: r.requested_at,
    message: r.message,
    items: items
      .filter((i) => i.change_id === r.id)
      .map((i) => ({
        kind: i.kind,
        lineId: i.line_id,
        variantId: i.variant_id,
        productTitle: pick(parseTexts(i.product_title), lang),
        reference: i.reference,
        colorName: pick(parseTexts(i.color_name), lang),
        size: i.kind === 'door' ? null : (i.size as Size),
        before: i.before_quantity,
        after: i.quantity,
        from: i.from_label === null ? null : pick(parseTexts(i.from_label), lang),
        to: i.to_label === null ? null : pick(parseTexts(i.to_label), lang),
        decision: i.decision,
      })),
    decidedAt: r.decided_at,
    reason: r.reason,
    revision: r.revision,
  }));
}

/** One change, or null. */
export async function changeOf(db: Kysely<Database>, id: number, lang: Locale): Promise<OrderChange | null> {
  const rows = await db.selectFrom('order_changes').selectAll().where('id', '=', id).execute();
  return (await read(db, rows, lang))[0] ?? null;
}

/** An order's last changes, newest first. */
export async function changesOf(db: Kysely<Database>, orderId: number, lang: Locale): Promise<OrderChange[]> {
  const rows = await db.selectFrom('order_changes').selectAll().where('order_id', '=', orderId).orderBy('id', 'desc').limit(ORDER_CHANGES_SHOWN).execute();
  return read(db, rows, lang);
}
