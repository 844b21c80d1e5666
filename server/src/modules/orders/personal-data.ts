import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

// The orders a person placed, as the privacy area reads them (ADR 0029). They are never erased: invoicing
// records are kept ten years (French commercial code, L123-22); an erased account's orders stay, detached.

/** The orders placed from this e-mail, as their access request shows them. */
export function ordersPlacedFrom(db: Kysely<Database>, email: string) {
  return db.selectFrom('orders').select(['number', 'status', 'created_at', 'total_cents', 'company', 'note']).where('retailer_email', '=', email).execute();
}

/** How many orders were placed from this e-mail (what an erasure keeps). */
export async function countOrdersFrom(db: Kysely<Database>, email: string): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('retailer_email', '=', email)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
