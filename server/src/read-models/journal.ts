import { expressionBuilder } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * What other areas may read of the journal area's tables (ADR 0029): one query a table, of the columns it
 * publishes. A reader joins it under the name it likes (`selectFrom(readX().as('x'))`) in one SQL query; a
 * column not listed is the area's alone. The journal area owns this file; it stands in read-models/, below
 * every area, so any area may join it without an import running up the layers.
 */
const from = expressionBuilder<Database, never>();

export const readJournalPosts = () => from.selectFrom('journal_posts').select(['id', 'published', 'slug', 'updated_at']);
