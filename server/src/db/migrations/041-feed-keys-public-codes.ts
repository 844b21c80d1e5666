import type { Kysely } from 'kysely';

/**
 * Issue 60's last two asks:
 * - a shop's own API keys (its till reads its product feed): `api_keys.company_id` is the shop's company
 *   (null: one of the owner's keys, as before);
 * - the codes in search engines' data, when the owner chooses it: `barcode_settings.publish_codes`
 *   (0 by default: the spec keeps sizes from anonymous visitors, ADR 0033).
 */
export async function m041FeedKeysPublicCodes(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('api_keys').addColumn('company_id', 'integer').execute();
  await db.schema.createIndex('api_keys_company').on('api_keys').columns(['company_id', 'id']).execute();
  await db.schema
    .alterTable('barcode_settings')
    .addColumn('publish_codes', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
