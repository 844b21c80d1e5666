import { AsyncLocalStorage } from 'node:async_hooks';

/** The tables a statement writes: `insert into`, `replace into`, `delete from`, `update … set` (anywhere: a `with` may lead). */
const WRITES = [
  /\b(?:insert(?:\s+or\s+\w+)?\s+into|replace\s+into|delete\s+from)\s+"?(\w+)"?/gi,
  /\bupdate(?:\s+or\s+\w+)?\s+"?(\w+)"?(?:\s+as\s+"?\w+"?)?\s+set\b/gi,
];
/** The tables a statement reads. */
const READS = /\b(?:from|join)\s+"?(\w+)"?/gi;
/** What changes no table's rows: a read, or the transaction's own statements (any other statement no pattern names bumps every table). */
const READ_ONLY = /^\s*(?:select|with|pragma|begin|commit|rollback|savepoint|release)\b/i;
/** An FTS index kept by triggers from its table (migration 021): a write to `orders` is one to `orders_fts`. */
const baseTable = (table: string) => table.toLowerCase().replace(/_fts$/, '');

/**
 * Every statement the one SQLite connection runs is seen here before it runs (fair-sqlite.ts): a write bumps
 * the version of each table it names; a read made while a `ReadCache` computes an answer notes each table it
 * names with the version it had then. A statement of any other kind (a migration's) bumps every table.
 */
export class TableVersions {
  private readonly versions = new Map<string, number>();
  private epoch = 0;
  private readonly reading = new AsyncLocalStorage<Map<string, number>>();

  saw(sql: string): void {
    let wrote = false;
    for (const pattern of WRITES)
      for (const [, table] of sql.matchAll(pattern)) {
        const name = baseTable(table!);
        this.versions.set(name, (this.versions.get(name) ?? 0) + 1);
        wrote = true;
      }
    if (!wrote && !READ_ONLY.test(sql)) this.epoch += 1;
    const read = this.reading.getStore();
    // The version a table had when the answer first read it: a write between two of its reads of the same table
    // leaves the answer with the older one, so it is not given again.
    if (read)
      for (const [, table] of sql.matchAll(READS)) {
        const name = baseTable(table!);
        if (!read.has(name)) read.set(name, this.of(name));
      }
  }

  of(table: string): number {
    return (this.versions.get(table) ?? 0) + this.epoch * 1_000_000_000;
  }

  /** Runs `compute`, noting each table its statements read with the version it had when first read. */
  async noting<T>(compute: () => Promise<T>): Promise<{ value: T; tables: Map<string, number> }> {
    const tables = new Map<string, number>();
    const value = await this.reading.run(tables, compute);
    return { value, tables };
  }
}

interface Entry {
  value: unknown;
  tables: Map<string, number>;
  outside: number;
}

/**
 * Answers kept until a table they were read from changes (issue 61): a stockist's order, her orders' page and
 * a product's availability are read far more often than they change, and each took 2-4 ms of the one thread
 * (20 statements for an order). An answer is kept with the version of every table its statements read; it is
 * given again only while none of them has been written since, and while no other process has written to the
 * file (SQLite's `data_version`: a command run beside the server). The key holds everything else the answer
 * depends on (the person's scope, the language, the minute for what depends on the day). Only the SQLite
 * instance keeps answers: on PostgreSQL other instances write, and every read computes.
 * The most recently used `max` answers are kept; a caller must not change what it is given.
 */
export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly versions: TableVersions | null;
  private readonly outside: () => number;
  private readonly max: number;

  constructor(versions: TableVersions | null, outside: () => number = () => 0, max = 300) {
    this.versions = versions;
    this.outside = outside;
    this.max = max;
  }

  async read<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const versions = this.versions;
    if (!versions) return compute();
    const outside = this.outside();
    const kept = this.entries.get(key);
    if (kept && kept.outside === outside && [...kept.tables].every(([table, version]) => versions.of(table) === version)) {
      this.entries.delete(key);
      this.entries.set(key, kept);
      return kept.value as T;
    }
    const { value, tables } = await versions.noting(compute);
    this.entries.delete(key);
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, tables, outside });
    return value;
  }
}
