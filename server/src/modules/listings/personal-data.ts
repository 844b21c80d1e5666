import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** A shop account's listing on /where-to-buy, as its access request shows it (the privacy area asks; ADR 0029). */
export function listingOf(db: Kysely<Database>, userId: number) {
  return db.selectFrom('retailer_listings').selectAll().where('user_id', '=', userId).executeTakeFirst();
}
