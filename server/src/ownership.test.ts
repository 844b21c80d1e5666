import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AREAS } from './areas.ts';
import { EVENT_TABLES } from './platform/events.ts';

/**
 * Which area owns which table (issue 56, item 2; docs/ARCHITECTURE.md's table), as each area declares it in
 * its folder (`tables`, ADR 0028). An area's code that names another area's table in a query (`selectFrom`,
 * a join, `insertInto`, `updateTable`, `deleteFrom`, or `from`/`join` in raw SQL) is a **crossing**, and
 * none is left (ADR 0029): a write calls the owner, a read calls the owner's service or joins one of the
 * owner's **read models** (`read-models/<area>.ts`: a query of one of its tables, of the columns it publishes).
 */
const OWNER: Record<string, string> = Object.fromEntries([
  ...AREAS.flatMap((area) => area.tables.map((table) => [table, area.name])),
  // The events and their runs belong to the platform that carries them (ADR 0026).
  ...EVENT_TABLES.map((table) => [table, 'platform']),
]);

const root = path.resolve(import.meta.dirname, '..', '..');
const QUERY = /\b(selectFrom|updateTable|insertInto|deleteFrom|innerJoin|leftJoin|rightJoin|fullJoin)\(\s*'([a-z_]+)(?: as [a-z_]+)?'/g;
/** Raw SQL (`sql` templates): the tables it reads (`from t`, `join t`) or writes (`update t`, `into t`). */
const RAW = /\bsql(?:<[^`]*?>)?`([^`]*)`/g;
const RAW_TABLE = /\b(from|join|update|into)\s+([a-z_]+)/gi;

function crossings(): { found: Record<string, Set<string>>; unknown: string[] } {
  const found: Record<string, Set<string>> = {};
  const unknown: string[] = [];
  const modules = path.join(root, 'server/src/modules');
  for (const area of fs.readdirSync(modules)) {
    for (const file of fs.readdirSync(path.join(modules, area)).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const code = fs.readFileSync(path.join(modules, area, file), 'utf8');
      const named: Array<[string, string, boolean]> = [...code.matchAll(QUERY)].map(([, verb, table]) => [verb!, table!, true]);
      for (const [, text] of code.matchAll(RAW))
        for (const [, verb, table] of text!.matchAll(RAW_TABLE))
          named.push([{ update: 'updateTable', into: 'insertInto' }[verb!.toLowerCase()] ?? 'selectFrom', table!, false]);
      for (const [verb, table, builder] of named) {
        const owner = OWNER[table];
        // A word after `from` in raw SQL that is no table (`extract(year from x)`) is not a query of one.
        if (!owner && builder) unknown.push(`${area}/${file}: ${table}`);
        if (!owner || owner === area) continue;
        const kind = ['updateTable', 'insertInto', 'deleteFrom'].includes(verb) ? 'write' : 'read';
        (found[area] ??= new Set()).add(`${kind} ${table}`);
      }
    }
  }
  return { found, unknown };
}

describe('each table owned by one area (issue 56)', () => {
  it('every area folder is mounted once, under its own name', () => {
    const folders = fs.readdirSync(path.join(root, 'server/src/modules')).filter((f) => fs.existsSync(path.join(root, 'server/src/modules', f, 'index.ts')));
    expect(AREAS.map((area) => area.name).sort()).toEqual(folders.sort());
  });

  it('every table the schema declares has its owner here, and every table a query names is known', () => {
    const schema = fs.readFileSync(path.join(root, 'server/src/db/schema.ts'), 'utf8');
    const tables = [...schema.matchAll(/^ {2}([a-z_]+): [A-Z][A-Za-z]*Table;$/gm)].map((m) => m[1]!);
    expect(tables.length).toBeGreaterThan(60);
    expect(tables.filter((t) => !OWNER[t])).toEqual([]);
    // One owner each: no table declared by two areas.
    const declared = [...AREAS.flatMap((area) => area.tables), ...EVENT_TABLES];
    expect(declared.filter((t, i) => declared.indexOf(t) !== i)).toEqual([]);
    expect(declared.filter((t) => !tables.includes(t))).toEqual([]);
    expect(crossings().unknown).toEqual([]);
  });

  it('no area reads or writes another area’s table: it calls the owner, or joins a read model the owner declares', () => {
    const found = Object.entries(crossings().found).flatMap(([area, set]) => [...set].map((c) => `${area}: ${c}`));
    // A read: join the owner's read model (add the column there if it is not published yet); a write: call the owner.
    expect(found).toEqual([]);
  });

  it('a read model reads its own area’s tables only, and publishes no password hash', () => {
    const dir = path.join(root, 'server/src/read-models');
    const models = fs.readdirSync(dir).filter((file) => file.endsWith('.ts'));
    expect(models.length).toBeGreaterThan(10);
    for (const file of models) {
      const area = file.replace(/\.ts$/, '');
      const code = fs.readFileSync(path.join(dir, file), 'utf8');
      for (const [, , table] of code.matchAll(QUERY)) expect(`${area}: ${OWNER[table!]}`).toBe(`${area}: ${area}`);
      expect(code).not.toMatch(/'password_hash'|'token_hash'|'secret/);
    }
  });
});
