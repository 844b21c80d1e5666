import type { Kysely } from 'kysely';

/**
 * One word for the label's trade customers (ADR 0013, issue 44): the showroom's orders name their
 * retailer in `retailer_id`, as every other table does (migration 020 had written `stockist_id`).
 * Both databases rename a column in place, its foreign key and data kept.
 */
export async function m023RetailerWord(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('showroom_submissions').renameColumn('stockist_id', 'retailer_id').execute();
}
