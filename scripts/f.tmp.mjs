import ts from 'typescript';
import fs from 'node:fs';
import { execSync } from 'node:child_process';
const files = execSync("git ls-files 'server/src/**/*.ts' 'web/app/**/*.ts' 'web/app/**/*.tsx' 'contract/src/**/*.ts'", { encoding: 'utf8' }).split('\n').filter((f) => f && !f.includes('.test.'));
const out = [];
for (const file of files) {
  const text = fs.readFileSync(file, 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const visit = (node) => {
    if (ts.isFunctionDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isMethodDeclaration(node)) {
      const a = sf.getLineAndCharacterOfPosition(node.getStart()).line, b = sf.getLineAndCharacterOfPosition(node.end).line;
      const n = b - a + 1;
      if (n > 100) {
        let name = node.name?.getText?.() ?? (ts.isVariableDeclaration(node.parent) ? node.parent.name.getText() : ts.isPropertyAssignment(node.parent) ? node.parent.name.getText() : '(anon)');
        out.push([n, `${file} ${name}`]);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
}
out.sort((x, y) => y[0] - x[0]);
for (const [n, w] of out) console.log(n, w);
console.log(out.length);
