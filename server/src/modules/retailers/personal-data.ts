import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** A person's applications erased at their request (the privacy area asks; ADR 0029): how many. */
export async function eraseApplications(trx: Kysely<Database>, email: string): Promise<number> {
  const result = await trx.deleteFrom('retailer_applications').where('email', '=', email).executeTakeFirstOrThrow();
  return Number(result.numDeletedRows);
}
