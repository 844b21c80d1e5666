import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { StockLine, StockService } from '../stock/service.ts';

/**
 * Pieces an allocation held on the shelf for a pre-order's lines (issue 58) go back when the lines no longer
 * need them: what a line holds beyond what is left of it (a lower quantity, the rest cancelled), or all a
 * line holds when `whole` names it (a line removed, an order cancelled). In the caller's transaction.
 */
export async function releaseAllocated(
  trx: Kysely<Database>,
  stock: StockService,
  orderId: number,
  userId: number | null,
  whole: 'all' | number[] = [],
): Promise<void> {
  const lines = await trx
    .selectFrom('order_lines')
    .select(['id', 'variant_id', 'size', 'allocated', sql<number>`quantity - shipped - cancelled`.as('left')])
    .where('order_id', '=', orderId)
    .where('allocated', '>', 0)
    .execute();
  const pieces: StockLine[] = [];
  for (const l of lines) {
    const excess = whole === 'all' || whole.includes(l.id) ? l.allocated : Math.max(0, l.allocated - Math.max(0, Number(l.left)));
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
