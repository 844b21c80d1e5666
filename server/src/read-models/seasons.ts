import { expressionBuilder } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * What other areas may read of the seasons area's tables (ADR 0029): one query a table, of the columns it
 * publishes. A reader joins it under the name it likes (`selectFrom(readX().as('x'))`) in one SQL query; a
 * column not listed is the area's alone. The seasons area owns this file; it stands in read-models/, below
 * every area, so any area may join it without an import running up the layers.
 */
const from = expressionBuilder<Database, never>();

export const readProductSeasons = () => from.selectFrom('product_seasons').select(['product_id', 'season_id']);
export const readSeasonTranslations = () =>
  from.selectFrom('season_translations').select(['delivery_window', 'locale', 'name', 'payment_terms', 'season_id', 'shipping_notes']);
export const readSeasons = () =>
  from
    .selectFrom('seasons')
    .select(['code', 'id', 'opening_minimum_cents', 'order_email', 'orders_open', 'reorder_minimum_cents', 'updated_at', 'valid_until']);
