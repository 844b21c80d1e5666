import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { ReadCache, TableVersions } from './read-cache.ts';
import { FairSqliteDialect, keepStatements } from './fair-sqlite.ts';
import { Migrator } from 'kysely/migration';
import type pg from 'pg';
import type { Database } from './schema.ts';
import { migrationsFor } from './migrations/index.ts';
import type { Dialect } from './dialect.ts';

export type { Dialect } from './dialect.ts';
export type Db = Kysely<Database>;

export interface DbHandle {
  db: Db;
  dialect: Dialect;
  /** PostgreSQL: how to open a connection of its own, on the same schema (LISTEN needs one). */
  pgClientConfig?: pg.ClientConfig;
  /** Answers kept until a table they read changes (SQLite only; on PostgreSQL it computes every time). */
  reads: ReadCache;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PostgreSQL when set. */
  databaseUrl?: string | undefined;
  /** SQLite file; `:memory:` allowed. */
  sqliteFile?: string;
  /** PostgreSQL schema to use (tests give each file its own). */
  pgSchema?: string;
  pgPoolMax?: number;
  /** SQLite's page cache in MB (SQLITE_CACHE_MB); 4 when not given. */
  sqliteCacheMb?: number;
}

/**
 * DATABASE_URL with its tables in `schema` (`?options=-c search_path=schema`), written so that
 * node-postgres and libpq (pg_dump, psql) both read it: a space must be %20, not +.
 */
export function withSearchPath(databaseUrl: string, schema: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error('invalid schema name');
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString().replace(/([?&])options=[^&]*/, `$1options=${encodeURIComponent(`-c search_path=${schema}`)}`);
}

/**
 * The schema the site's tables live in: `public`, or the one DATABASE_URL names with
 * `?options=-c search_path=NAME` (several sites can then share one database).
 */
export function pgSchemaOf(databaseUrl: string): string {
  const options = new URL(databaseUrl).searchParams.get('options') ?? '';
  const name = /search_path\s*=\s*([a-z_][a-z0-9_]*)/i.exec(options)?.[1];
  return name ?? 'public';
}

export async function openDatabase(options: OpenOptions): Promise<DbHandle> {
  if (options.databaseUrl) {
    // The PostgreSQL driver is loaded only by an instance that uses PostgreSQL.
    const { default: pg } = await import('pg');
    const schemaName = options.pgSchema;
    if (schemaName && !/^[a-z_][a-z0-9_]*$/.test(schemaName)) throw new Error('invalid schema name');
    if (schemaName) {
      const admin = new pg.Client({ connectionString: options.databaseUrl });
      await admin.connect();
      await admin.query(`create schema if not exists ${schemaName}`);
      await admin.end();
    }
    // random_page_cost 1.1, not PostgreSQL's 4 (a spinning disk's): the label's tables fit in memory or
    // on an SSD, where reading by an index costs little more than reading in order. At 4 the planner read
    // a season's 20,000 order lines by scanning all 400,000 of ten years, ten times for the season's
    // figures (bench:scale: 584 ms; 60 ms → 14 ms a query once it walks the indexes).
    const settings = ['-c random_page_cost=1.1', ...(schemaName ? [`-c search_path=${schemaName}`] : [])].join(' ');
    const pgClientConfig: pg.ClientConfig = { connectionString: options.databaseUrl, options: settings };
    const pool = new pg.Pool({ ...pgClientConfig, max: options.pgPoolMax ?? 10 });
    // Without this, an idle client error (server restart) would crash the process.
    pool.on('error', () => {});
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', pgClientConfig, reads: new ReadCache(null), close: () => db.destroy() };
  }
  const file = options.sqliteFile ?? ':memory:';
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new BetterSqlite3(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // better-sqlite3 builds SQLite with a 16 MB page cache per connection, which fills as the database
  // grows: the day's soak (issue 32) saw glibc's heap hold ~18 MB more, minute after minute, until it
  // was full. The system's own file cache keeps the file's pages anyway; 4 MB by default.
  sqlite.pragma(`cache_size = ${-Math.round((options.sqliteCacheMb ?? 4) * 1024)}`);
  // First come, first served: a loop of queries never starves a waiting request (fair-sqlite.ts).
  // Each query's statement is prepared once and kept (keepStatements).
  // Each statement is seen by the read cache's table versions before it runs; a write by another process
  // (a command beside the server) changes SQLite's data_version, which the cache compares too.
  const versions = new TableVersions();
  const db = new Kysely<Database>({ dialect: new FairSqliteDialect({ database: keepStatements(sqlite) }, versions) });
  const reads = new ReadCache(versions, () => sqlite.pragma('data_version', { simple: true }) as number);
  return { db, dialect: 'sqlite', reads, close: () => db.destroy() };
}

/**
 * Runs every pending migration; safe to call at every start and from several
 * instances. Returns true when the database was new (its first migration ran now).
 */
export async function migrate(handle: DbHandle): Promise<boolean> {
  // Kysely looks for its migration table in every schema unless told which: with two sites
  // (or test runs) in one PostgreSQL database, it would find the other's and skip its own.
  const schema =
    handle.dialect === 'postgres' ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(handle.db)).rows[0]?.schema : undefined;
  const migrator = new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => migrationsFor(handle.dialect) },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String((error as Error).message ?? error)}`);
  }
  return (results ?? []).some((r) => r.migrationName === '001-auth' && r.status === 'Success');
}

export async function ping(handle: DbHandle): Promise<void> {
  await sql`select 1`.execute(handle.db);
}

export function nowIso(date: Date = new Date()): string {
  return date.toISOString();
}
