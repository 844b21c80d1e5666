import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AREAS } from './areas.ts';
import { EVENT_TABLES } from './platform/events.ts';

/**
 * Which area owns which table (issue 56, item 2; docs/ARCHITECTURE.md's table), as each area declares it in
 * its folder (`tables`, ADR 0028). An area's code that names
 * another area's table in a query (`selectFrom`, a join, `insertInto`, `updateTable`, `deleteFrom`) is a
 * crossing. The crossings that exist today are listed below as debt, each to be replaced by a call to the
 * owner's service or a read model the owner declares; the test fails on a **new** one, and on one listed
 * that is gone (so the list only shrinks and stays true).
 */
const OWNER: Record<string, string> = Object.fromEntries([
  ...AREAS.flatMap((area) => area.tables.map((table) => [table, area.name])),
  // The events and their runs belong to the platform that carries them (ADR 0026).
  ...EVENT_TABLES.map((table) => [table, 'platform']),
]);

/**
 * Today's crossings, by area: "read orders" = the area's code reads `orders`, owned by another. Only ever
 * shrinks; only reads are left (no area writes another's table since issue 56: ADR 0029).
 */
const KNOWN: Record<string, string[]> = {
  auth: ['read users'],
  catalogue: ['read product_seasons', 'read season_translations', 'read seasons'],
  companies: ['read invoices', 'read invoicing_settings', 'read order_lines', 'read orders', 'read price_lists', 'read users'],
  currencies: ['read product_translations', 'read products', 'read variants'],
  invoices: [
    'read company_details',
    'read invoicing_settings',
    'read mail_outbox',
    'read order_lines',
    'read orders',
    'read retailer_doors',
    'read shipment_lines',
    'read shipments',
  ],
  listings: ['read company_details', 'read retailer_doors'],
  orders: ['read invoices', 'read retailer_doors', 'read stock_levels', 'read variants'],
  production: ['read order_lines', 'read orders', 'read products'],
  returns: ['read invoice_lines', 'read invoices', 'read order_lines', 'read orders', 'read shipment_lines', 'read shipments'],
  sales: [
    'read company_details',
    'read order_lines',
    'read orders',
    'read product_seasons',
    'read product_translations',
    'read products',
    'read retailer_listings',
    'read stock_levels',
    'read variants',
  ],
  seasons: ['read products'],
  seo: ['read journal_posts', 'read products'],
  showroom: ['read agents', 'read orders', 'read retailer_doors'],
  stock: [
    'read order_lines',
    'read orders',
    'read product_seasons',
    'read product_translations',
    'read products',
    'read variant_translations',
    'read variants',
  ],
  wholesale: ['read retailer_applications', 'read season_translations', 'read seasons'],
};

const root = path.resolve(import.meta.dirname, '..', '..');
const QUERY = /\b(selectFrom|updateTable|insertInto|deleteFrom|innerJoin|leftJoin|rightJoin|fullJoin)\(\s*'([a-z_]+)(?: as [a-z_]+)?'/g;

function crossings(): { found: Record<string, Set<string>>; unknown: string[] } {
  const found: Record<string, Set<string>> = {};
  const unknown: string[] = [];
  const modules = path.join(root, 'server/src/modules');
  for (const area of fs.readdirSync(modules)) {
    for (const file of fs.readdirSync(path.join(modules, area)).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      for (const [, verb, table] of fs.readFileSync(path.join(modules, area, file), 'utf8').matchAll(QUERY)) {
        const owner = OWNER[table!];
        if (!owner) unknown.push(`${area}/${file}: ${table}`);
        if (!owner || owner === area) continue;
        const kind = ['updateTable', 'insertInto', 'deleteFrom'].includes(verb!) ? 'write' : 'read';
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

  it('no area reads or writes another area’s table beyond the crossings listed as debt, and none listed is gone', () => {
    const { found } = crossings();
    const added: string[] = [];
    const gone: string[] = [];
    for (const [area, set] of Object.entries(found)) for (const c of set) if (!KNOWN[area]?.includes(c)) added.push(`${area}: ${c}`);
    for (const [area, list] of Object.entries(KNOWN)) for (const c of list) if (!found[area]?.has(c)) gone.push(`${area}: ${c}`);
    // A new crossing: call the owner's service (or ask it for a read model) instead.
    expect(added).toEqual([]);
    // Gone: take it off KNOWN.
    expect(gone).toEqual([]);
  });

  it('no area writes another area’s table: it calls the owner (a service, a function it exports, a port it implements)', () => {
    const writes = Object.entries(crossings().found).flatMap(([area, set]) => [...set].filter((c) => c.startsWith('write ')).map((c) => `${area}: ${c}`));
    expect(writes).toEqual([]);
    // And none is waiting in the debt list either.
    expect(
      Object.values(KNOWN)
        .flat()
        .filter((c) => c.startsWith('write ')),
    ).toEqual([]);
  });
});
