import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Issue 44, ADR 0017: the house's own limits, read from the sources, so that a change past them fails
// here. Harnesses (server/harness, the seed of ten years in cli/scale) and released migrations (never
// edited) are aside.
const root = path.resolve(import.meta.dirname, '../..');
const files = (dir: string, test: (file: string) => boolean): string[] =>
  fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(rel, test);
    return test(rel) ? [rel] : [];
  });
const source = (file: string) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file);
const lines = (file: string) => fs.readFileSync(path.join(root, file), 'utf8').split('\n').length;
const aside = (file: string) => file.includes('/db/migrations/') || file.startsWith('server/src/cli/scale/');

const SERVER = files('server/src', source).filter((f) => !aside(f));
const CONTRACT = files('contract/src', source);
const SITE = files('web/app', (f) => source(f) && !f.includes('/+types/'));
const SCREENS = [...files('web/app/routes', (f) => f.endsWith('.tsx')), ...files('web/app/components', (f) => f.endsWith('.tsx'))];

/** Every function, method and arrow of a file longer than `limit` lines, with its line and name. */
function longFunctions(file: string, limit: number): Array<{ where: string; lines: number }> {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: Array<{ where: string; lines: number }> = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isMethodDeclaration(node)) {
      const from = sf.getLineAndCharacterOfPosition(node.getStart()).line;
      const count = sf.getLineAndCharacterOfPosition(node.end).line - from + 1;
      const parent = node.parent;
      const name =
        node.name?.getText() ??
        (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)
          ? parent.name.getText()
          : ts.isCallExpression(parent)
            ? `${parent.expression.getText().slice(0, 40)}(…)`
            : 'function');
      if (count > limit) found.push({ where: `${file} ${name}`, lines: count });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

describe('the house’s limits (issue 44)', () => {
  it('no service, route or library file of the server is over 500 lines', () => {
    const over = SERVER.filter((f) => f !== 'server/src/db/schema.ts' && lines(f) > 500).map((f) => `${f}: ${lines(f)}`);
    expect(over).toEqual([]);
  });

  it('no screen or component of the site is over 400 lines', () => {
    expect(SCREENS.filter((f) => lines(f) > 400).map((f) => `${f}: ${lines(f)}`)).toEqual([]);
  });

  it('no function of the server or the contract is over 100 lines', () => {
    expect([...SERVER, ...CONTRACT].flatMap((f) => longFunctions(f, 100)).map((f) => `${f.where}: ${f.lines}`)).toEqual([]);
  });

  it('no function, component or hook of the site is over 100 lines', () => {
    expect(SITE.flatMap((f) => longFunctions(f, 100)).map((f) => `${f.where}: ${f.lines}`)).toEqual([]);
  });

  it('services speak no language themselves: no branch on French or English in the server', () => {
    const branches = SERVER.flatMap((f) =>
      fs
        .readFileSync(path.join(root, f), 'utf8')
        .split('\n')
        .flatMap((line, i) => (/(?<![.\w])(lang|locale|language)\s*[!=]==?\s*'(fr|en)'/.test(line) ? [`${f}:${i + 1}`] : [])),
    );
    expect(branches).toEqual([]);
  });
});
