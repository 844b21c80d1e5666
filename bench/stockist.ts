// `node bench/stockist.ts` (issue 61): what a signed-in stockist opens — the collection, a product, its orders, an
// order — under 20 connections, on the ten years of `npm run seed:scale` (a copy of DATA_DIR's SQLite), with the
// built server as `npm start` runs it. Each page's HTML and each API call its screen makes are loaded on their
// own (autocannon, 20 connections × BENCH_SECONDS); the budget is on p97.5 (autocannon has no p95: a stricter one).
// Writes bench/results/stockist.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startBuiltServer } from './built-server.ts';
import { SCALE_SHOP_PASSWORD } from '../server/src/cli/scale/history.ts';

const root = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.BENCH_PORT ?? 4330);
const BASE = `http://127.0.0.1:${PORT}`;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const BUDGET_MS = 30;
const source = path.resolve(process.env.DATA_DIR ?? 'data');
if (!fs.existsSync(path.join(source, 'site.db'))) throw new Error(`no ${source}/site.db: run DATA_DIR=${source} npm run seed:scale first`);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-stockist-'));
fs.copyFileSync(path.join(source, 'site.db'), path.join(dataDir, 'site.db'));

const server = startBuiltServer(PORT, dataDir, { DATABASE_URL: '' });
const stop = () => {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
};
process.on('exit', stop);
for (let i = 0; ; i += 1) {
  if (i > 600) throw new Error('the server did not start');
  if (
    await fetch(`${BASE}/api/health`).then(
      (r) => r.ok,
      () => false,
    )
  )
    break;
  await new Promise((r) => setTimeout(r, 250));
}

const login = await (
  await fetch(`${BASE}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'shop001@scale.example', password: SCALE_SHOP_PASSWORD }),
  })
).json();
const auth = { authorization: `Bearer ${login.access_token as string}` };
const json = async (url: string) => {
  const res = await fetch(BASE + url, { headers: auth });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.json();
};
const products = await json('/api/products?lang=fr');
const product = (Array.isArray(products) ? products : products.data)[0] as { id: number };
const orders = await json('/api/orders?limit=20');
const order = (orders.data as Array<{ id: number }>)[0]!;

// The screens as the browser opens them: the page (the shop's cookies: its language) and each call its screen makes.
const cookie = { cookie: 'lang=fr' };
const targets: Array<[string, string, Record<string, string>]> = [
  ['the collection (page)', '/collection?lang=fr', cookie],
  ['the collection (trade data)', '/api/products?lang=fr', auth],
  ['a product (page)', `/collection/${product.id}?lang=fr`, cookie],
  ['a product (trade data)', `/api/products/${product.id}?lang=fr`, auth],
  ['a product (availability)', `/api/wholesale/availability/${product.id}`, auth],
  ['its orders (page)', '/account/orders?lang=fr', cookie],
  ['its orders (list)', '/api/orders?limit=20', auth],
  ['an order (page)', `/account/orders/${order.id}?lang=fr`, cookie],
  ['an order (data)', `/api/orders/${order.id}`, auth],
];
const rows: string[] = [];
const missed: string[] = [];
for (const [name, url, headers] of targets) {
  await autocannon({ url: BASE + url, headers, connections: 20, duration: 1 });
  const r = await autocannon({ url: BASE + url, headers, connections: 20, duration: SECONDS });
  const errors = r.errors + r.timeouts + r.non2xx;
  const ok = r.latency.p97_5 <= BUDGET_MS && errors === 0;
  if (!ok) missed.push(name);
  rows.push(
    `| ${name} | \`${url.replace(/\d{2,}/g, '{id}')}\` | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p97_5} | ${r.latency.p99} | ${errors} | ${ok ? 'yes' : '**no**'} |`,
  );
  console.log(rows.at(-1));
}
const report = `# A signed-in stockist's screens under 20 connections (issue 61) — ${new Date().toISOString()}

\`DATA_DIR=<seed:scale> node bench/stockist.ts\` on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.versions.node}, SQLite,
the built server as npm start runs it; autocannon, 20 connections × ${SECONDS} s per target (after 1 s to warm up).

| screen | address | req/s | p50 ms | p97.5 ms | p99 ms | errors | p97.5 ≤ ${BUDGET_MS} ms |
|---|---|---|---|---|---|---|---|
${rows.join('\n')}

${missed.length ? `Over budget: ${missed.join(', ')}.` : 'Every target within budget.'}
`;
fs.writeFileSync(path.join(root, 'bench/results/stockist.md'), report);
console.log(missed.length ? `over budget: ${missed.join(', ')}` : 'all within budget');
stop();
process.exit(0);
