import type { Kysely } from 'kysely';

/**
 * Credit control (issue 47, ADR 0023): a company's credit limit (null: none), and an order's review. An
 * order that would take its company over its limit, or comes from a company with an invoice overdue too
 * long, is sent as usual but held in review (`review_state` 'pending', why in `review`: JSON) until the
 * owner accepts it ('accepted') or refuses it ('refused', the order cancelled).
 */
export async function m028CreditControl(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('company_terms').addColumn('credit_limit_cents', 'integer').execute();
  await db.schema.alterTable('orders').addColumn('review_state', 'varchar(16)').execute();
  await db.schema.alterTable('orders').addColumn('review', 'text').execute();
  await db.schema.createIndex('orders_review_state').on('orders').column('review_state').execute();
}
