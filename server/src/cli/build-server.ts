// `node server/src/cli/build-server.ts` (part of `npm run build`): the server and the contract as plain
// JavaScript, in server/dist and contract/dist (each beside its src, at the same depth, so every path a
// module finds from its own location holds). `npm start` runs server/dist/main.js: Node then loads no
// TypeScript, and does not keep its type stripper (the swc build of `amaro`, its WebAssembly memory and
// 3.7 MB of source: ~25 MB resident) for the life of the process. Tests and `npm run dev` run the sources.
import fs from 'node:fs';
import path from 'node:path';
import { stripTypeScriptTypes } from 'node:module';

const root = path.resolve(import.meta.dirname, '../../..');
const trees = [
  { src: path.join(root, 'server/src'), dist: path.join(root, 'server/dist') },
  { src: path.join(root, 'contract/src'), dist: path.join(root, 'contract/dist') },
];
const contractDist = path.join(root, 'contract/dist');
const CONTRACT_ENTRIES: Record<string, string> = { '@atelier/contract': 'index.js', '@atelier/contract/pure': 'pure.js' };

// A relative module named with .ts (import, export … from, import(), new URL(…, import.meta.url)), or the contract.
const RELATIVE_TS = /(['"])(\.{1,2}\/[^'"\n]+)\.ts\1/g;
const CONTRACT = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(@atelier\/contract(?:\/pure)?)\2/g;

/** The JavaScript of one module: types stripped (positions kept), .ts specifiers → .js, the contract by path. */
export function toJavaScript(code: string, distFile: string): string {
  const js = stripTypeScriptTypes(code, { mode: 'strip' });
  return js
    .replace(RELATIVE_TS, (_, quote: string, name: string) => `${quote}${name}.js${quote}`)
    .replace(CONTRACT, (_, before: string, quote: string, name: string) => {
      let relative = path.relative(path.dirname(distFile), path.join(contractDist, CONTRACT_ENTRIES[name]!)).split(path.sep).join('/');
      if (!relative.startsWith('.')) relative = `./${relative}`;
      return `${before}${quote}${relative}${quote}`;
    });
}

if (import.meta.main) {
  process.removeAllListeners('warning'); // stripTypeScriptTypes is flagged experimental: not news at build time
  let count = 0;
  for (const { src, dist } of trees) {
    fs.rmSync(dist, { recursive: true, force: true });
    for (const entry of fs.readdirSync(src, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts') || entry.name.endsWith('.d.ts')) continue;
      const from = path.join(entry.parentPath, entry.name);
      const to = path.join(dist, path.relative(src, from)).replace(/\.ts$/, '.js');
      fs.mkdirSync(path.dirname(to), { recursive: true });
      fs.writeFileSync(to, toJavaScript(fs.readFileSync(from, 'utf8'), to));
      count += 1;
    }
  }
  console.log(`server and contract as JavaScript: ${count} modules in server/dist and contract/dist`);
}
