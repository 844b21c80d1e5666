import { expressionBuilder } from 'kysely';
import type { Dialect } from '../db/index.ts';
import type { Database } from '../db/schema.ts';
import { matchesSearch } from '../lib/search.ts';

/**
 * What other areas may read of the catalogue area's tables (ADR 0029): one query a table, of the columns it
 * publishes. A reader joins it under the name it likes (`selectFrom(readX().as('x'))`) in one SQL query; a
 * column not listed is the area's alone. The catalogue area owns this file; it stands in read-models/, below
 * every area, so any area may join it without an import running up the layers.
 */
const from = expressionBuilder<Database, never>();

export const readProductTranslations = () => from.selectFrom('product_translations').select(['locale', 'product_id', 'title']);
export const readProducts = () => from.selectFrom('products').select(['id', 'order_multiple', 'position', 'reference', 'status', 'updated_at', 'search_text']);

/** A style found by reference or title in either language (`alias` names `readProducts` in the reader's query): the collection's own search. */
export const productMatches = (dialect: Dialect, terms: string[], alias = 'products') => matchesSearch(dialect, 'products', terms, alias);
export const readVariantTranslations = () => from.selectFrom('variant_translations').select(['color_name', 'locale', 'variant_id']);
export const readVariants = () =>
  from.selectFrom('variants').select(['color_code', 'id', 'position', 'price_cents', 'product_id', 'retail_price_cents', 'sizes']);
