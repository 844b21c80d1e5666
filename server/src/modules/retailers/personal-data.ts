import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** A person's applications erased at their request (the privacy area asks; ADR 0029): how many. */
export async function eraseApplications(trx: Kysely<Database>, email: string): Promise<number> {
  const result = await trx.deleteFrom('retailer_applications').where('email', '=', email).executeTakeFirstOrThrow();
  return Number(result.numDeletedRows);
}

/** A person's applications, as their access request shows them (ADR 0029). */
export function applicationsOf(db: Kysely<Database>, email: string) {
  return db.selectFrom('retailer_applications').selectAll().where('email', '=', email).execute();
}
