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

/**
 * Screens written before the limit, longer than 100 lines each: to be cut into components and hooks as
 * their issues touch them. The list only shrinks: a screen that grows, or a new one past the limit,
 * fails; one cut below it must leave the list.
 */
const LONG_SCREENS_TO_CUT: Record<string, number> = {
  'web/app/routes/account.tsx AccountScreen': 102,
  'web/app/routes/admin/activity.tsx AdminActivity': 104,
  'web/app/routes/admin/agents.tsx AdminAgents': 177,
  'web/app/routes/admin/api-keys.tsx AdminApiKeys': 133,
  'web/app/routes/admin/blog.tsx PostsManager': 240,
  'web/app/routes/admin/invoices.tsx AdminInvoices': 121,
  'web/app/routes/admin/invoicing.tsx AdminInvoicing': 120,
  'web/app/routes/admin/layout.tsx AdminShell': 106,
  'web/app/routes/admin/orders.tsx AdminOrders': 176,
  'web/app/routes/admin/pages.tsx AdminPages': 130,
  'web/app/routes/admin/production.tsx AdminProduction': 113,
  'web/app/routes/admin/products.tsx AdminProducts': 268,
  'web/app/routes/admin/retailers.tsx AdminRetailers': 188,
  'web/app/routes/admin/sales.tsx AdminSales': 166,
  'web/app/routes/admin/seasons.tsx AdminSeasons': 132,
  'web/app/routes/admin/stock.tsx AdminStock': 160,
  'web/app/routes/admin/webhooks.tsx AdminWebhooks': 340,
  'web/app/routes/admin/wholesale.tsx AdminWholesale': 155,
  'web/app/routes/login.tsx Login': 155,
  'web/app/routes/retailers.tsx Retailers': 145,
  'web/app/routes/showroom.tsx Showroom': 120,
  'web/app/components/ColorPicker.tsx ColorPicker': 109,
  'web/app/components/ListingForm.tsx ListingForm': 198,
  'web/app/components/OrderGrid.tsx OrderGrid': 295,
  'web/app/components/OrderGrid.tsx product.variants.map(…)': 112,
  'web/app/components/PlatformSettings.tsx PlatformSettings': 150,
  'web/app/components/ProductView.tsx ProductView': 116,
  'web/app/components/admin/InvoiceActions.tsx InvoicePayments': 106,
  'web/app/components/admin/JournalSections.tsx JournalSections': 143,
  'web/app/components/admin/ListEditor.tsx ListEditor': 102,
  'web/app/components/admin/PageEditors.tsx RetailersEditor': 107,
  'web/app/components/admin/ProductList.tsx ProductList': 163,
  'web/app/components/admin/SeasonForm.tsx SeasonForm': 206,
  'web/app/components/admin/StockGrid.tsx StockGrid': 129,
  'web/app/components/admin/VariantEditor.tsx VariantEditor': 197,
  'web/app/components/security/Passkeys.tsx Passkeys': 137,
};

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

  it('the site’s components over 100 lines are the known ones, none longer than it was', () => {
    const long = SCREENS.flatMap((f) => longFunctions(f, 100));
    const unknown = long.filter((f) => !(f.where in LONG_SCREENS_TO_CUT) || f.lines > LONG_SCREENS_TO_CUT[f.where]!).map((f) => `${f.where}: ${f.lines}`);
    const cut = Object.keys(LONG_SCREENS_TO_CUT).filter((where) => !long.some((f) => f.where === where));
    expect({ unknown, cut }).toEqual({ unknown: [], cut: [] });
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
