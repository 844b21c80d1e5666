import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { FairLock } from './fair-sqlite.ts';
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
