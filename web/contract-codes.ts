import ts from 'typescript';
import type { Plugin } from 'vite';

/**
 * The browser needs the API's codes, not its sentences (issue 56, ADR 0027: the server writes every error
 * in the caller's language from its code). In the client's build each `defineMessages(area, { key: { en,
 * fr } })` of the contract keeps its keys, and its sentences become `0`: they stay out of every page's
 * JavaScript, as the French did before they stood beside the English.
 */
export function contractCodesOnly(): Plugin {
  return {
    name: 'contract-codes-only',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    transform(code, id) {
      if (!/[\\/]contract[\\/]src[\\/][^\\/]+\.ts$/.test(id) || !code.includes('defineMessages(')) return null;
      const file = ts.createSourceFile(id, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
      const cuts: Array<[number, number]> = [];
      const visit = (node: ts.Node) => {
        if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'defineMessages') {
          const list = node.arguments[1];
          if (list && ts.isObjectLiteralExpression(list))
            for (const entry of list.properties)
              if (ts.isPropertyAssignment(entry) && ts.isObjectLiteralExpression(entry.initializer))
                cuts.push([entry.initializer.getStart(file), entry.initializer.getEnd()]);
        }
        ts.forEachChild(node, visit);
      };
      visit(file);
      let out = code;
      for (const [from, to] of cuts.sort((a, b) => b[0] - a[0])) out = `${out.slice(0, from)}0${out.slice(to)}`;
      return { code: out, map: null };
    },
  };
}
