import type { Kysely } from 'kysely';

/**
 * One name per thing (issue 56): an order's `user_id` has held its company's id since companies came
 * (migration 026, ADR 0022: a company is its first account's id); it is now called `company_id`. A rename
 * on both databases: the rows, the indexes and the foreign key follow the column.
 */
export async function m033OrdersCompanyId(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').renameColumn('user_id', 'company_id').execute();
}
