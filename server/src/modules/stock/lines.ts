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

/** Pieces held for several orders at once (issue 58: an allocation's lines), by order. */
export interface OrderHold extends StockLine {
  orderId: number;
}

/**
 * Holds many orders' pieces in a few statements: one conditional update a piece for the pieces of every
 * order (on hand less reserved must cover them), then a `reserve` movement per order and piece, 500 rows an
 * insert. Returns the pieces the shelf could not cover (the caller then rolls back) and the styles touched.
 */
export async function reserveMany(trx: Kysely<Database>, holds: OrderHold[]): Promise<{ short: StockLine[]; touched: number[] }> {
  const now = nowIso();
  const short: StockLine[] = [];
  for (const piece of merge(holds)) {
    const updated = await trx
      .updateTable('stock_levels')
      .set({ reserved: sql<number>`reserved + ${piece.quantity}`, updated_at: now })
      .where('variant_id', '=', piece.variantId)
      .where('size', '=', piece.size)
      .where('on_hand', 'is not', null)
      .where(sql<boolean>`on_hand - reserved >= ${piece.quantity}`)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) short.push(piece);
  }
  if (short.length) return { short, touched: [] };
  for (let i = 0; i < holds.length; i += 500) {
    await trx
      .insertInto('stock_movements')
      .values(
        holds.slice(i, i + 500).map((h) => ({
          variant_id: h.variantId,
          size: h.size,
          order_id: h.orderId,
          on_hand_delta: 0,
          reserved_delta: h.quantity,
          reason: 'reserve' as const,
          user_id: null,
          at: now,
        })),
      )
      .execute();
  }
  return { short, touched: [...new Set(holds.map((h) => h.variantId))] };
}
