import {
  SqliteAdapter,
  SqliteDialect,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  type QueryCompiler,
  type SqliteDialectConfig,
  type TransactionSettings,
} from 'kysely';
import type { TableVersions } from './read-cache.ts';

const TURN_MS = 10;

/**
 * Hands the one connection to whoever asked first. Kysely's own lock for a single-connection database
 * wakes its waiters a microtask late, so a loop of queries (bulk shipping fifty parcels) takes the
 * connection again before a waiting request sees it free, and that request waits for the whole loop
 * (issue 56). And it yields to the event loop now and then (see `acquire`).
 */
export class FairLock {
  private held = false;
  private readonly waiting: Array<() => void> = [];
  private lastTurn = performance.now();

  async acquire(): Promise<void> {
    // better-sqlite3 answers at once, so a loop of queries is one unbroken chain of microtasks: nothing else
    // (a request's I/O, a timer) runs until it ends. After 10 ms of such work, let the rest of the process in.
    if (performance.now() - this.lastTurn > TURN_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      this.lastTurn = performance.now();
    }
    if (!this.held) {
      this.held = true;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  /** The next waiter gets it as it stands (still held): nobody can slip in between. */
  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.held = false;
  }
}

class FairDriver implements Driver {
  private readonly inner: Driver;
  private readonly lock = new FairLock();
  private readonly versions: TableVersions | undefined;
  /** The one connection, each statement it runs shown to `versions` first (read-cache.ts). */
  private seen: { inner: DatabaseConnection; outer: DatabaseConnection } | null = null;

  constructor(inner: Driver, versions?: TableVersions) {
    this.inner = inner;
    this.versions = versions;
  }

  private watched(connection: DatabaseConnection): DatabaseConnection {
    const versions = this.versions;
    if (!versions) return connection;
    if (this.seen?.inner !== connection) {
      const outer: DatabaseConnection = {
        executeQuery: (query) => {
          versions.saw(query.sql);
          return connection.executeQuery(query);
        },
        streamQuery: (query, chunkSize) => {
          versions.saw(query.sql);
          return connection.streamQuery(query, chunkSize);
        },
      };
      this.seen = { inner: connection, outer };
    }
    return this.seen.outer;
  }

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.lock.acquire();
    try {
      return this.watched(await this.inner.acquireConnection());
    } catch (error) {
      this.lock.release();
      throw error;
    }
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    try {
      await this.inner.releaseConnection(this.seen?.outer === connection ? this.seen.inner : connection);
    } finally {
      this.lock.release();
    }
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(connection);
  }

  savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return this.inner.savepoint!(connection, name, compile);
  }

  rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return this.inner.rollbackToSavepoint!(connection, name, compile);
  }

  releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return this.inner.releaseSavepoint!(connection, name, compile);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** SQLite's adapter, saying the driver keeps its own lock (so Kysely adds none of its own). */
class FairSqliteAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

/** Kysely's SQLite dialect with a first-come, first-served connection. */
export class FairSqliteDialect extends SqliteDialect {
  private readonly versions: TableVersions | undefined;

  /** `versions` sees every statement before it runs (the read cache's; read-cache.ts). */
  constructor(config: SqliteDialectConfig, versions?: TableVersions) {
    super(config);
    this.versions = versions;
  }

  override createDriver(): Driver {
    return new FairDriver(super.createDriver(), this.versions);
  }

  override createAdapter(): DialectAdapter {
    return new FairSqliteAdapter();
  }
}

/**
 * Keeps each query's prepared statement for the next time the same SQL comes (issue 61): Kysely prepares
 * every query anew, and preparing was a sixth of an order's API time on the ten years (SQLite compiles the
 * SQL each time). Kysely's queries are a few hundred shapes, their values bound apart, so the most recently
 * used `max` statements are kept. A statement still busy (a stream reading through it) is never handed out
 * again: that call prepares its own. SQLite recompiles a kept statement by itself after a migration.
 */
export function keepStatements(sqlite: import('better-sqlite3').Database, max = 500): import('better-sqlite3').Database {
  const prepare = sqlite.prepare.bind(sqlite);
  const kept = new Map<string, ReturnType<typeof prepare>>();
  sqlite.prepare = ((source: string) => {
    const found = kept.get(source);
    if (found && !found.busy) {
      kept.delete(source);
      kept.set(source, found);
      return found;
    }
    const statement = prepare(source);
    if (!found) {
      if (kept.size >= max) kept.delete(kept.keys().next().value!);
      kept.set(source, statement);
    }
    return statement;
  }) as typeof sqlite.prepare;
  return sqlite;
}
