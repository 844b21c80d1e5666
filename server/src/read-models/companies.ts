import { expressionBuilder } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * What other areas may read of the companies area's tables (ADR 0029): one query a table, of the columns it
 * publishes. A reader joins it under the name it likes (`selectFrom(readX().as('x'))`) in one SQL query; a
 * column not listed is the area's alone. The companies area owns this file; it stands in read-models/, below
 * every area, so any area may join it without an import running up the layers.
 */
const from = expressionBuilder<Database, never>();

export const readCompanyDetails = () => from.selectFrom('company_details').select(['company_name', 'invoice_reminders', 'user_id']);
export const readRetailerDoors = () =>
  from
    .selectFrom('retailer_doors')
    .select(['country', 'created_at', 'id', 'line1', 'line2', 'name', 'postcode', 'public', 'removed_at', 'retailer_id', 'town']);
