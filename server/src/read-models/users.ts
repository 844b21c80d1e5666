import { expressionBuilder, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * What other areas may read of the users area's tables (ADR 0029): one query a table, of the columns it
 * publishes. A reader joins it under the name it likes (`selectFrom(readX().as('x'))`) in one SQL query; a
 * column not listed is the area's alone. The users area owns this file; it stands in read-models/, below
 * every area, so any area may join it without an import running up the layers.
 */
const from = expressionBuilder<Database, never>();

export const readUsers = () =>
  from
    .selectFrom('users')
    .select(['company_id', 'company_role', 'created_at', 'disabled_at', 'email', 'id', 'mfa', 'name', 'role'])
    // Whether a password is set, never the hash (a person who has not chosen one yet is not active).
    .select(sql<number>`case when password_hash is null then 0 else 1 end`.as('password_set'));
