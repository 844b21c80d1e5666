import { expressionBuilder } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * What other areas may read of the listings area's tables (ADR 0029): one query a table, of the columns it
 * publishes. A reader joins it under the name it likes (`selectFrom(readX().as('x'))`) in one SQL query; a
 * column not listed is the area's alone. The listings area owns this file; it stands in read-models/, below
 * every area, so any area may join it without an import running up the layers.
 */
const from = expressionBuilder<Database, never>();

export const readRetailerListings = () => from.selectFrom('retailer_listings').select(['city', 'country', 'id', 'user_id']);
