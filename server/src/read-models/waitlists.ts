import { expressionBuilder } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * What other areas may read of the waitlists area's tables (ADR 0029): one query a table, of the columns it
 * publishes. A reader joins it under the name it likes (`selectFrom(readX().as('x'))`) in one SQL query; a
 * column not listed is the area's alone. The waitlists area owns this file; it stands in read-models/, below
 * every area, so any area may join it without an import running up the layers.
 */
const from = expressionBuilder<Database, never>();

/** Pieces offered to waiting shops and what became of them (the season's figures count those ordered). */
export const readWaitlistOffers = () => from.selectFrom('waitlist_offers').select(['id', 'order_id', 'quantity', 'size', 'status', 'variant_id']);
