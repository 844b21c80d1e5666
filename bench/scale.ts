// `npm run bench:scale`: the back-office on ten years of a label (issue 43), measured against its budgets.
// Reads the history `npm run seed:scale` wrote (SQLite in DATA_DIR, default ./data; PostgreSQL when
// DATABASE_URL is set), on a copy for SQLite (the bench adds its own admin), with the built server as
// `npm start` runs it. Prints a table and writes bench/results/scale-<dialect>.md and .json.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import pino from 'pino';
import { STORAGE_KEYS } from '@atelier/contract';
import { loadConfig } from '../server/src/config.ts';
import { openDatabase } from '../server/src/db/index.ts';
import { createServices } from '../server/src/services.ts';
import { startBuiltServer } from './built-server.ts';
import { SCALE_SHOP_PASSWORD } from '../server/src/cli/scale/history.ts';
import { hashPassword } from '../server/src/lib/crypto.ts';

const root = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.BENCH_PORT ?? 4320);
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const dialect = process.env.DATABASE_URL ? 'postgres' : 'sqlite';
const BUDGET = {
  homeMs: 100,
  ordersMs: 50,
  ordersKb: 100,
  searchMs: 50,
  shopOrdersMs: 30,
  salesMs: 150,
  cutSheetMs: 100,
  browserFirstRowsMs: 1500,
  exportRssMb: 50,
  fecMs: 5000,
  restRssMb: 300,
  lineSheetMs: 10_000,
};
/** A season holding every style (400 in the generated history): the line sheet's budget is for such a season. */
const BIG_SEASON = 'ALL400';
const ADMIN = { email: 'bench@scale.example', password: 'bench-scale-2026' };

// SQLite: a copy of the generated history, so the bench's admin and whatever the server writes stay there.
const source = path.resolve(process.env.DATA_DIR ?? path.join(root, 'data'));
const dataDir = dialect === 'sqlite' ? fs.mkdtempSync(path.join(os.tmpdir(), 'bench-scale-')) : source;
if (dialect === 'sqlite') {
  if (!fs.existsSync(path.join(source, 'site.db'))) throw new Error(`No history in ${source}: run \`npm run seed:scale\` first (same DATA_DIR).`);
  fs.copyFileSync(path.join(source, 'site.db'), path.join(dataDir, 'site.db'));
  if (fs.existsSync(path.join(source, 'uploads'))) fs.cpSync(path.join(source, 'uploads'), path.join(dataDir, 'uploads'), { recursive: true });
}
{
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, SEED: 'none', LOG_LEVEL: 'silent' });
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, sqliteFile: path.join(dataDir, 'site.db') });
  const services = createServices(config, database, pino({ level: 'silent' }));
  if (!(await services.users.findByEmail(ADMIN.email))) await services.users.create({ email: ADMIN.email, role: 'admin', password: ADMIN.password });
  // A history written before seed:scale gave its first shop a password.
  await database.db
    .updateTable('users')
    .set({ password_hash: await hashPassword(SCALE_SHOP_PASSWORD) })
    .where('email', '=', 'shop001@scale.example')
    .where('password_hash', 'is', null)
    .execute();
  if (!(await services.seasons.byCode(BIG_SEASON))) {
    const now = new Date().toISOString();
    const { id } = await database.db
      .insertInto('seasons')
      .values({
        code: BIG_SEASON,
        orders_open: now.slice(0, 10),
        orders_close: '2099-12-31',
        valid_until: '2099-12-31',
        opening_minimum_cents: 0,
        reorder_minimum_cents: 0,
        order_email: 'orders@scale.example',
        created_at: now,
        updated_at: now,
        updated_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const locale of ['fr', 'en'] as const) {
      await database.db
        .insertInto('season_translations')
        .values({
          season_id: id,
          locale,
          name: locale === 'fr' ? 'Toute la collection' : 'The whole collection',
          payment_terms: '',
          delivery_window: '',
          shipping_notes: '',
        })
        .execute();
    }
    const styles = await database.db.selectFrom('products').select('id').where('status', '=', 'published').execute();
    for (let i = 0; i < styles.length; i += 200)
      await database.db
        .insertInto('product_seasons')
        .values(styles.slice(i, i + 200).map((p) => ({ product_id: p.id, season_id: id })))
        .execute();
  }
  const orders = await database.db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(orders.n) < 1000) throw new Error(`Only ${orders.n} orders here: run \`npm run seed:scale\` first.`);
  await services.platform.close();
  await database.close();
}

let server: ChildProcess | null = null;
process.on('exit', () => server?.kill('SIGTERM'));
server = startBuiltServer(PORT, dataDir, { LOGIN_MAX_PER_IP: '100000' });
for (let i = 0; ; i += 1) {
  if (i > 240) throw new Error('server did not start');
  try {
    if ((await fetch(`${BASE}/api/health`)).ok) break;
  } catch {
    // not up yet
  }
  await new Promise((r) => setTimeout(r, 250));
}

const rssMb = () => {
  const status = fs.readFileSync(`/proc/${server!.pid}/status`, 'utf8');
  return { rss: Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024, peak: Number(/VmHWM:\s+(\d+)/.exec(status)![1]) / 1024 };
};
const resetPeak = () => fs.writeFileSync(`/proc/${server!.pid}/clear_refs`, '5');

async function login(email: string, password: string) {
  const res = await fetch(`${BASE}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { access_token: string; user: unknown };
}
const admin = await login(ADMIN.email, ADMIN.password);
const shop = await login('shop001@scale.example', SCALE_SHOP_PASSWORD);

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)]!;
async function timed(url: string, token: string) {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RUNS + 5; i += 1) {
    const t0 = performance.now();
    const res = await fetch(BASE + url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    const body = Buffer.from(await res.arrayBuffer());
    if (!res.ok) throw new Error(`${url}: ${res.status} ${body.toString().slice(0, 200)}`);
    if (i >= 5) times.push(performance.now() - t0);
    bytes = body.length;
  }
  return { p95: p95(times), kb: bytes / 1024 };
}

const results: Array<{ what: string; value: string; budget: string; met: boolean }> = [];
const record = (what: string, value: number, unit: string, budget: number) => {
  results.push({ what, value: `${value.toFixed(1)} ${unit}`, budget: `≤ ${budget} ${unit}`, met: value <= budget });
  console.log(`${what}: ${value.toFixed(1)} ${unit} (budget ${budget})`);
};

record('the owner’s home (what waits today), p95', (await timed('/api/admin/home', admin.access_token)).p95, 'ms', BUDGET.homeMs);
const first = await timed('/api/admin/orders', admin.access_token);
record('owner’s orders, first page, p95', first.p95, 'ms', BUDGET.ordersMs);
record('owner’s orders, first page, size', first.kb, 'KB', BUDGET.ordersKb);
record('owner’s orders, last page (page=500), p95', (await timed('/api/admin/orders?page=500', admin.access_token)).p95, 'ms', BUDGET.ordersMs);
record('owner’s orders searched by town (q=lyon), p95', (await timed('/api/admin/orders?q=lyon', admin.access_token)).p95, 'ms', BUDGET.searchMs);
record('owner’s orders searched by number (q=2021-0412), p95', (await timed('/api/admin/orders?q=2021-0412', admin.access_token)).p95, 'ms', BUDGET.searchMs);
record(
  'owner’s orders searched by reference (q=aw24-robe), p95',
  (await timed('/api/admin/orders?q=aw24-robe&status=shipped', admin.access_token)).p95,
  'ms',
  BUDGET.searchMs,
);
record(
  'owner’s invoices overdue, first page, p95',
  (await timed('/api/admin/invoices?status=overdue&from=2016-01-01&to=2026-12-31', admin.access_token)).p95,
  'ms',
  BUDGET.searchMs,
);
record('shop’s own orders, p95', (await timed('/api/orders', shop.access_token)).p95, 'ms', BUDGET.shopOrdersMs);
const lastSeason = process.env.BENCH_SEASON ?? 'AW25';
record(`sales at a glance (${lastSeason}), p95`, (await timed(`/api/admin/sales?season=${lastSeason}`, admin.access_token)).p95, 'ms', BUDGET.salesMs);
record(`cut sheet (${lastSeason}), p95`, (await timed(`/api/admin/production?season=${lastSeason}`, admin.access_token)).p95, 'ms', BUDGET.cutSheetMs);

// The collection at 400 styles: the owner's products and stock a page at a time, searched; the public pages.
// Orders that change (issue 57): the owner's list of changes and of proposals.
record(
  'owner’s order changes waiting, first page, p95',
  (await timed('/api/admin/order-changes?status=pending', admin.access_token)).p95,
  'ms',
  BUDGET.ordersMs,
);
record('owner’s order changes, all, page 20, p95', (await timed('/api/admin/order-changes?page=20', admin.access_token)).p95, 'ms', BUDGET.ordersMs);
record('owner’s order changes searched by town (q=lyon), p95', (await timed('/api/admin/order-changes?q=lyon', admin.access_token)).p95, 'ms', BUDGET.searchMs);
record('owner’s proposals, first page, p95', (await timed('/api/admin/proposals?status=sent', admin.access_token)).p95, 'ms', BUDGET.ordersMs);
record('owner’s companies, first page, p95', (await timed('/api/admin/companies', admin.access_token)).p95, 'ms', BUDGET.ordersMs);
record('owner’s companies searched by town (q=lyon), p95', (await timed('/api/admin/companies?q=lyon', admin.access_token)).p95, 'ms', BUDGET.searchMs);
record('owner’s products, first page, p95', (await timed('/api/admin/products', admin.access_token)).p95, 'ms', BUDGET.ordersMs);
record('owner’s products searched (q=robe), p95', (await timed('/api/admin/products?q=robe', admin.access_token)).p95, 'ms', BUDGET.searchMs);
record(`stock of ${lastSeason}, first page, p95`, (await timed(`/api/admin/stock?season=${lastSeason}`, admin.access_token)).p95, 'ms', BUDGET.ordersMs);
record('the public collection, page 5 (HTML), p95', (await timed('/collection?page=5', '')).p95, 'ms', BUDGET.ordersMs);
{
  // The line sheet of a 400-style season, made cold (its cache is per language, shop and season).
  resetPeak();
  const before = rssMb().rss;
  const t0 = performance.now();
  const res = await fetch(`${BASE}/api/wholesale/linesheet.pdf?season=${BIG_SEASON}&lang=fr`, { headers: { authorization: `Bearer ${shop.access_token}` } });
  let firstByte = 0;
  let bytes = 0;
  for await (const chunk of res.body!) {
    if (!firstByte) firstByte = performance.now() - t0;
    bytes += (chunk as Uint8Array).length;
  }
  if (!res.ok) throw new Error(`line sheet: ${res.status}`);
  record(`line sheet of a ${BIG_SEASON} season (${(bytes / 1024 / 1024).toFixed(1)} MB): made and sent`, performance.now() - t0, 'ms', BUDGET.lineSheetMs);
  record('the same: memory added', rssMb().peak - before, 'MB', BUDGET.exportRssMb * 2);
  console.log(`line sheet first byte after ${firstByte.toFixed(0)} ms`);
}

// In Chromium: the owner opens her orders; the first rows are on the screen within the budget.
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic'],
});
try {
  const context = await browser.newContext();
  await context.addInitScript(
    ([keys, token, user]) => {
      localStorage.setItem(keys.token, token);
      localStorage.setItem(keys.user, JSON.stringify(user));
    },
    [STORAGE_KEYS, admin.access_token, admin.user] as const,
  );
  const page = await context.newPage();
  await page.goto(`${BASE}/admin/products`);
  await page.waitForLoadState('networkidle');
  const times: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    const t0 = Date.now();
    await page.goto(`${BASE}/admin/orders?status=all`);
    await page.getByTestId('admin-order-row').first().waitFor();
    times.push(Date.now() - t0);
  }
  record('/admin/orders in Chromium, first rows shown (median of 5)', [...times].sort((a, b) => a - b)[2]!, 'ms', BUDGET.browserFirstRowsMs);
  record('/admin/orders, rows in the page', await page.getByTestId('admin-order-row').count(), 'rows', 50);
} finally {
  await browser.close();
}

// Exports: the resident memory they add (the peak over the download) and the FEC's time.
async function download(url: string) {
  resetPeak();
  const before = rssMb().rss;
  const t0 = performance.now();
  const res = await fetch(BASE + url, { headers: { authorization: `Bearer ${admin.access_token}` } });
  let bytes = 0;
  for await (const chunk of res.body!) bytes += (chunk as Uint8Array).length;
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return { ms: performance.now() - t0, addedMb: rssMb().peak - before, mb: bytes / 1024 / 1024 };
}
const zip = await download('/api/admin/invoices.zip?from=2016-01-01&to=2025-12-31');
record(`invoices ZIP of the ten years (${zip.mb.toFixed(0)} MB): memory added`, zip.addedMb, 'MB', BUDGET.exportRssMb);
const busiest = process.env.BENCH_FEC_YEAR ?? '2025';
const fec = await download(`/api/admin/accounting/fec?year=${busiest}`);
record(`FEC of ${busiest}: time`, fec.ms, 'ms', BUDGET.fecMs);
record(`FEC of ${busiest}: memory added`, fec.addedMb, 'MB', BUDGET.exportRssMb);
const csv = await download('/api/admin/orders.csv?from=2016-01-01&to=2025-12-31');
record(`orders CSV of the ten years (${csv.mb.toFixed(0)} MB): memory added`, csv.addedMb, 'MB', BUDGET.exportRssMb);
await new Promise((r) => setTimeout(r, 5000));
record('the instance at rest after the bench', rssMb().rss, 'MB', BUDGET.restRssMb);

const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
const md = [
  `# bench:scale on ${dialect} — ${date} UTC (${os.cpus().length} cores)`,
  '',
  'The history of `npm run seed:scale`; each API figure is the p95 of ' + RUNS + ' sequential requests after 5 to warm up.',
  '',
  '| measure | value | budget | met |',
  '|---|---|---|---|',
  ...results.map((r) => `| ${r.what} | ${r.value} | ${r.budget} | ${r.met ? 'yes' : '**no**'} |`),
  '',
].join('\n');
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(path.join(root, `bench/results/scale-${dialect}.md`), md);
fs.writeFileSync(path.join(root, `bench/results/scale-${dialect}.json`), JSON.stringify(results, null, 2));
console.log(`\n${md}`);
server.kill('SIGTERM');
if (dialect === 'sqlite') fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
