import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** A shop account's company details, as its access request shows them (the privacy area asks; ADR 0029). */
export function companyDetailsOf(db: Kysely<Database>, userId: number) {
  return db.selectFrom('company_details').selectAll().where('user_id', '=', userId).executeTakeFirst();
}
