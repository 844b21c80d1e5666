import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// ADR 0011: what a module may import. Read from the sources' own import lines, so a change that breaks
// the rule fails here, not only in a drawing.
const src = path.resolve(import.meta.dirname);
const modules = path.join(src, 'modules');
const areas = fs.readdirSync(modules).filter((name) => fs.statSync(path.join(modules, name)).isDirectory());
const sources = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
const importsOf = (file: string): string[] =>
  [...fs.readFileSync(file, 'utf8').matchAll(/^(?:import|export)[^'"]*?from '(\.[^']+)'/gm)].map((m) => path.resolve(path.dirname(file), m[1]!));

describe('the server stands in one-way layers (ADR 0011)', () => {
  it('no area imports the composition (services.ts, app.ts, http/, web.ts, main.ts) or another area’s routes', () => {
    const wrong: string[] = [];
    for (const area of areas) {
      for (const file of sources(path.join(modules, area))) {
        for (const target of importsOf(file)) {
          const rel = path.relative(src, target);
          const other = rel.startsWith('modules/') ? rel.split('/')[1] : null;
          if (['services.ts', 'app.ts', 'web.ts', 'main.ts'].includes(rel) || rel.startsWith('http/')) wrong.push(`${path.relative(src, file)} -> ${rel}`);
          if (other && other !== area && /\/(routes|index)\.ts$/.test(rel)) wrong.push(`${path.relative(src, file)} -> ${rel}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('lib/, db/ and platform/ import no area', () => {
    const wrong = ['lib', 'db', 'platform'].flatMap((dir) =>
      sources(path.join(src, dir)).flatMap((file) =>
        importsOf(file)
          .filter((t) => path.relative(src, t).startsWith('modules/'))
          .map((t) => `${path.relative(src, file)} -> ${path.relative(src, t)}`),
      ),
    );
    expect(wrong).toEqual([]);
  });

  it('the areas depend on each other without a loop', () => {
    const deps = new Map<string, Set<string>>(areas.map((a) => [a, new Set()]));
    for (const area of areas) {
      for (const file of sources(path.join(modules, area))) {
        for (const target of importsOf(file)) {
          const rel = path.relative(src, target);
          const other = rel.startsWith('modules/') ? rel.split('/')[1]! : null;
          if (other && other !== area) deps.get(area)!.add(other);
        }
      }
    }
    const loops: string[] = [];
    const visit = (area: string, trail: string[]) => {
      if (trail.includes(area)) return void loops.push([...trail.slice(trail.indexOf(area)), area].join(' -> '));
      for (const next of deps.get(area) ?? []) visit(next, [...trail, area]);
    };
    for (const area of areas) visit(area, []);
    expect(loops).toEqual([]);
    // The rule is not empty: orders does reach down to stock and invoices.
    expect([...deps.get('orders')!]).toEqual(expect.arrayContaining(['stock', 'invoices']));
  });

  it('the read models (read-models/, one file per owning area) import nothing but the schema and lib/: every area may join them (ADR 0029)', () => {
    const dir = path.join(src, 'read-models');
    const models = fs.readdirSync(dir).filter((file) => file.endsWith('.ts'));
    expect(models.length).toBeGreaterThan(10);
    expect(models.map((file) => file.replace(/\.ts$/, '')).filter((area) => !areas.includes(area))).toEqual([]);
    for (const file of models) {
      const imported = [...fs.readFileSync(path.join(dir, file), 'utf8').matchAll(/^import[^'"]*?from '([^']+)'/gm)].map((m) => m[1]!);
      expect(imported.filter((target) => !['kysely', '../db/schema.ts', '../db/index.ts'].includes(target) && !target.startsWith('../lib/'))).toEqual([]);
    }
  });
});
