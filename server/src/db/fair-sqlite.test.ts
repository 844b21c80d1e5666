import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { FairLock, keepStatements } from './fair-sqlite.ts';
import { openDatabase } from './index.ts';

describe('the SQLite connection, first come first served (issue 56)', () => {
  it('lets a request that arrives during a long loop of queries in, instead of after the loop', async () => {
    const handle = await openDatabase({ sqliteFile: ':memory:' });
    try {
      await sql`create table t (id integer primary key, v text)`.execute(handle.db);
      let loopDone = -1;
      let otherDone = -1;
      let step = 0;
      // What a timer (a request's I/O) asks while the loop runs: better-sqlite3 answers each query at once,
      // so without a turn given to the event loop it would wait for the whole loop.
      const other = new Promise<void>((resolve) =>
        setTimeout(() => {
          void handle.db
            .selectFrom('t' as never)
            .select(sql<number>`count(*)`.as('n'))
            .execute()
            .then(() => {
              otherDone = step;
              resolve();
            });
        }, 0),
      );
      const started = performance.now();
      while (performance.now() - started < 300) {
        await sql`insert into t (v) values (${'x'.repeat(200)})`.execute(handle.db);
        step += 1;
      }
      loopDone = step;
      await other;
      expect(otherDone).toBeGreaterThan(0);
      expect(otherDone).toBeLessThan(loopDone);
    } finally {
      await handle.close();
    }
  });

  it('hands the lock to the waiters in the order they came', async () => {
    const lock = new FairLock();
    const order: number[] = [];
    await lock.acquire();
    const waiters = [1, 2, 3].map((n) => lock.acquire().then(() => order.push(n)));
    lock.release();
    await waiters[0];
    // The releasing side asks again at once: it queues behind 2 and 3.
    const again = lock.acquire().then(() => order.push(4));
    lock.release();
    await waiters[1];
    lock.release();
    await waiters[2];
    lock.release();
    await again;
    lock.release();
    expect(order).toEqual([1, 2, 3, 4]);
  });
});

describe('the statements kept from one query to the next (issue 61)', () => {
  it('prepares a query once, gives a stream its own statement while another reads, and answers as before', async () => {
    const BetterSqlite3 = (await import('better-sqlite3')).default;
    const sqlite = keepStatements(new BetterSqlite3(':memory:'), 2);
    sqlite.exec('create table t (n integer)');
    sqlite.exec('insert into t values (1), (2), (3)');
    const select = 'select n from t where n >= ?';
    const first = sqlite.prepare(select);
    expect(sqlite.prepare(select)).toBe(first);
    expect(first.all(2)).toEqual([{ n: 2 }, { n: 3 }]);
    // While a stream reads through the kept statement, the same SQL gets a statement of its own.
    const reading = first.iterate(1);
    reading.next();
    const other = sqlite.prepare(select);
    expect(other).not.toBe(first);
    expect(other.all(3)).toEqual([{ n: 3 }]);
    reading.return?.();
    expect(sqlite.prepare(select)).toBe(first);
    // At most `max` kept: the least recently used goes.
    sqlite.prepare('select 1');
    sqlite.prepare('select 2');
    expect(sqlite.prepare(select)).not.toBe(first);
    sqlite.close();
  });

  it('serves Kysely as before, through a migration that changes a table', async () => {
    const handle = await openDatabase({ sqliteFile: ':memory:' });
    await sql`create table k (a integer)`.execute(handle.db);
    await sql`insert into k values (1)`.execute(handle.db);
    const read = () => sql<Record<string, number>>`select * from k`.execute(handle.db);
    expect((await read()).rows).toEqual([{ a: 1 }]);
    await sql`alter table k add column b integer default 7`.execute(handle.db);
    expect((await read()).rows).toEqual([{ a: 1, b: 7 }]);
    await handle.close();
  });
});
