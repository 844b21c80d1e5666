import { sql, type Kysely } from 'kysely';
import { nowIso } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { key, type StockLine } from './pieces.ts';

/** The same piece's lines as one, in one order for every transaction that locks several levels (two never wait on each other). */
export function merge(lines: StockLine[]): StockLine[] {
  const byKey = new Map<string, StockLine>();
  for (const l of lines) {
    const k = key(l.variantId, l.size);
    const prev = byKey.get(k);
    byKey.set(k, prev ? { ...prev, quantity: prev.quantity + l.quantity } : { ...l });
  }
  return [...byKey.values()].sort((a, b) => a.variantId - b.variantId || (a.size < b.size ? -1 : a.size > b.size ? 1 : 0));
}

/** Returned pieces that can be sold again go back on the shelf (on hand +), a `return` movement each (issue 45). */
export async function restock(trx: Kysely<Database>, orderId: number, lines: StockLine[], userId: number | null): Promise<number[]> {
  const now = nowIso();
  const touched: number[] = [];
  for (const line of merge(lines)) {
    if (line.quantity <= 0) continue;
    const updated = await trx
      .updateTable('stock_levels')
      .set({ on_hand: sql<number>`on_hand + ${line.quantity}`, updated_at: now })
      .where('variant_id', '=', line.variantId)
      .where('size', '=', line.size)
      .where('on_hand', 'is not', null)
      .executeTakeFirst();
    // A piece not counted in stock (pre-booked, or its colour gone) has no shelf to go back to.
    if (Number(updated.numUpdatedRows) === 0) continue;
    await trx
      .insertInto('stock_movements')
      .values({
        variant_id: line.variantId,
        size: line.size,
        order_id: orderId,
        on_hand_delta: line.quantity,
        reserved_delta: 0,
        reason: 'return',
        user_id: userId,
        at: now,
      })
      .execute();
    touched.push(line.variantId);
  }
  return touched;
}
