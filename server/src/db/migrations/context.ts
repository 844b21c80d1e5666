import type { Kysely, CreateTableBuilder } from 'kysely';
import type { Dialect } from '../dialect.ts';

/** What every migration receives beside the database: the dialect, and the dialect's way of making an id. */
export interface MigrationContext {
  dialect: Dialect;
  /** Adds an auto-increment integer primary key named `id`, the right way for the dialect. */
  id<T extends string>(table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'>;
}

export type MigrationFn = (db: Kysely<any>, ctx: MigrationContext) => Promise<void>;
