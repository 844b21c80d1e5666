import ts from 'typescript';
import fs from 'node:fs';
const DEFAULTS = {
  companyRoutes: 'retailer-or-owner', accountListingRoutes: 'retailer-or-owner',
  journalRoutes: 'public', catalogueRoutes: 'public', contactRoutes: 'public', applicationRoutes: 'public', publicListingRoutes: 'public',
  healthRoutes: 'public', seoRoutes: 'public', uploadServing: 'public',
  authRoutes: 'public', signInStepRoutes: 'public',
  invoiceRoutes: 'retailer', orderRoutes: 'retailer', availabilityRoutes: 'signed-in', showroomRoutes: 'showroom',
  seasonRoutes: 'signed-in', wholesaleRoutes: 'signed-in', accountSecurityRoutes: 'signed-in',
};
const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'all']);
const files = process.argv.slice(2);
for (const file of files) {
  const text = fs.readFileSync(file, 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const edits = [];
  let current = null;
  const visit = (node) => {
    let saved = current;
    if (ts.isVariableDeclaration(node) && node.initializer && ts.isArrowFunction(node.initializer) && /Routes$|^uploadServing$/.test(node.name.getText())) current = node.name.getText();
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && METHODS.has(node.expression.name.text) && node.arguments.length >= 3 && ts.isStringLiteralLike(node.arguments[0]) && current) {
      const receiver = node.expression.expression.getText();
      let access = /^admin|^agentRoutes$|^apiKeyRoutes$|^webhookRoutes$|^approvedPlatformRoutes$/.test(current) ? 'admin' : DEFAULTS[current];
      if (receiver === 'scope') access = 'signed-in';
      if (!access) throw new Error(`${file}: no access for ${current}`);
      const opts = node.arguments[1];
      if (!ts.isObjectLiteralExpression(opts)) { console.error(`${file}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1} options not literal`); }
      else {
        const cfg = opts.properties.find((p) => ts.isPropertyAssignment(p) && p.name.getText() === 'config');
        if (cfg && ts.isObjectLiteralExpression(cfg.initializer)) edits.push([cfg.initializer.getStart() + 1, ` access: '${access}',`]);
        else if (cfg) console.error(`${file}: config not literal`);
        else edits.push([opts.getStart() + 1, ` config: { access: '${access}' },`]);
      }
    }
    ts.forEachChild(node, visit);
    current = saved;
  };
  visit(sf);
  let out = text;
  for (const [pos, ins] of edits.sort((a, b) => b[0] - a[0])) out = out.slice(0, pos) + ins + out.slice(pos);
  fs.writeFileSync(file, out);
  console.log(file, edits.length);
}
