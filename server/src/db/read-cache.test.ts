import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../test/helpers.ts';
import { openDatabase, type DbHandle } from './index.ts';

describe('answers kept until a table they read changes (issue 61, SQLite)', () => {
  let dir: string;
  let handle: DbHandle;
  let computed = 0;
  /** The number of rows of `a` (with `b` joined): what a screen would show. */
  const answer = () =>
    handle.reads.read('a-with-b', async () => {
      computed += 1;
      const { rows } = await sql<{ n: number }>`select count(*) as n from "a" left join "b" on "b"."a_id" = "a"."id"`.execute(handle.db);
      return Number(rows[0]!.n);
    });
  /** Whether the next read computed anew, and what it gave. */
  const next = async () => {
    const before = computed;
    const value = await answer();
    return { value, computed: computed > before };
  };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'read-cache-'));
    handle = await openDatabase({ sqliteFile: path.join(dir, 'site.db') });
    await sql`create table "a" ("id" integer primary key, "v" text)`.execute(handle.db);
    await sql`create table "b" ("id" integer primary key, "a_id" integer)`.execute(handle.db);
    await sql`create table "c" ("id" integer primary key)`.execute(handle.db);
    await sql`insert into "a" ("v") values ('one')`.execute(handle.db);
  });
  afterAll(async () => {
    await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('gives the kept answer while nothing it read was written, even after writes to other tables', async () => {
    expect(await next()).toEqual({ value: 1, computed: true });
    expect(await next()).toEqual({ value: 1, computed: false });
    await handle.db
      .insertInto('c' as never)
      .values({ id: 1 } as never)
      .execute();
    expect(await next()).toEqual({ value: 1, computed: false });
  });

  it('reads again after an insert, an update or a delete on any table it read, in a transaction or not', async () => {
    await handle.db.transaction().execute(async (trx) => {
      await sql`insert into "a" ("v") values ('two')`.execute(trx);
    });
    expect(await next()).toEqual({ value: 2, computed: true });
    await sql`update "b" as "bb" set "a_id" = 1 where "bb"."id" = 0`.execute(handle.db);
    expect((await next()).computed).toBe(true);
    await sql`delete from "a" where "v" = 'two'`.execute(handle.db);
    expect(await next()).toEqual({ value: 1, computed: true });
    expect(await next()).toEqual({ value: 1, computed: false });
  });

  it('reads again when a write came between two of its reads of the same table (another request’s, while it was computed)', async () => {
    const count = async () => Number((await sql<{ n: number }>`select count(*) as n from "a"`.execute(handle.db)).rows[0]!.n);
    const racing = () =>
      handle.reads.read('a-twice', async () => {
        const first = await count();
        await sql`insert into "a" ("v") values ('meanwhile')`.execute(handle.db);
        await count();
        return first;
      });
    const before = await count();
    expect(await racing()).toBe(before);
    expect(await racing()).toBe(before + 1);
    await sql`delete from "a" where "v" = 'meanwhile'`.execute(handle.db);
  });

  it('reads again when another process wrote to the file, or after a statement it cannot name (a migration’s)', async () => {
    const beside = new BetterSqlite3(path.join(dir, 'site.db'));
    beside.prepare(`insert into "a" ("v") values ('from a command')`).run();
    beside.close();
    expect(await next()).toEqual({ value: 2, computed: true });
    expect((await next()).computed).toBe(false);
    await sql`alter table "c" add column "w" text`.execute(handle.db);
    expect((await next()).computed).toBe(true);
  });
});

// On PostgreSQL (when the run has one, as CI does).
describe.each(DIALECTS.filter((dialect) => dialect === 'postgres'))('answers on %s', () => {
  it('are computed at every read (other instances write to the same database)', async () => {
    const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
    let computed = 0;
    const read = () => handle.reads.read('k', async () => (computed += 1));
    expect([await read(), await read()]).toEqual([1, 2]);
    await handle.close();
  });
});
