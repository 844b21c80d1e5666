import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { StockLine, StockService } from '../stock/service.ts';

/**
 * Pieces an allocation held on the shelf for a pre-order's lines (issue 58) go back when the lines no longer
 * need them: what a line holds beyond what is left of it (the rest cancelled), all of it for `'all'` (the
 * order cancelled), or beyond what a change's new quantity leaves (`changes`: 0 removes the line). In the
 * caller's transaction.
 */
export async function releaseAllocated(
  trx: Kysely<Database>,
  stock: StockService,
  orderId: number,
  userId: number | null,
  changes: 'all' | Array<{ lineId: number | null; quantity: number }> = [],
): Promise<void> {
  const quantityOf = new Map(changes === 'all' ? [] : changes.map((c) => [c.lineId, c.quantity]));
  const lines = await trx
    .selectFrom('order_lines')
    .select(['id', 'variant_id', 'size', 'allocated', 'shipped', 'cancelled', sql<number>`quantity - shipped - cancelled`.as('left')])
    .where('order_id', '=', orderId)
    .where('allocated', '>', 0)
    .execute();
  const pieces: StockLine[] = [];
  for (const l of lines) {
    const changed = quantityOf.get(l.id);
    const left = changed === undefined ? Number(l.left) : changed - l.shipped - l.cancelled;
    const excess = changes === 'all' ? l.allocated : Math.max(0, l.allocated - Math.max(0, left));
    if (excess <= 0) continue;
    await trx
      .updateTable('order_lines')
      .set({ allocated: sql<number>`allocated - ${excess}` })
      .where('id', '=', l.id)
      .execute();
    if (l.variant_id !== null) pieces.push({ variantId: l.variant_id, size: l.size, quantity: excess });
  }
  if (pieces.length) await stock.release(trx, orderId, pieces, userId);
}
