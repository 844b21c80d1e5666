// Barcodes (issue 60): a season of 400 styles (2 colours × 5 sizes: 4,000 codes given in one call), the hang tags
// of a 200-piece order, and a shop's product feed read cold (CSV and JSON), through the API in process, on a fresh
// database. Budgets: the tags ≤ 2 s; the feed ≤ 1 s cold. Prints one JSON line and writes bench/results/barcodes.md.
// `node bench/barcodes.ts`
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { productInput } from '@atelier/contract';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { migrate, openDatabase } from '../server/src/db/index.ts';
import { createServices } from '../server/src/services.ts';
import { benchStyle, FRENCH_SHOP } from '../server/test/fixtures.ts';

const STYLES = 400;
const SIZES = ['XS', 'S', 'M', 'L', 'XL'] as const;
const BUDGET = { tagsMs: 2000, feedColdMs: 1000 };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-barcodes-'));
const config = loadConfig({ ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED: 'none' });
const database = await openDatabase({ databaseUrl: undefined, sqliteFile: path.join(dataDir, 'site.db') });
await migrate(database);
const services = createServices(config, database, pino({ level: 'silent' }));
const admin = { email: 'owner@bench.example', password: 'bench-owner-2026' };
const shop = { email: 'shop@bench.example', password: 'bench-shop-2026' };
await services.users.create({ email: admin.email, role: 'admin', password: admin.password });
const shopId = (await services.users.create({ email: shop.email, role: 'retailer', password: shop.password })).id;
await services.companies.saveCompany(shopId, FRENCH_SHOP);
const variants: number[] = [];
for (let i = 0; i < STYLES; i += 1) {
  const style = productInput.parse({ ...benchStyle(i, ['Terracotta', 'Écru'], SIZES, 80), reference: `BC-${i}` });
  variants.push((await services.catalogue.save(style, 'fr', undefined, null))!.variants[0]!.id);
}

const app = await buildApp({ services, logger: false });
await app.ready();
const login = async (who: { email: string; password: string }) => ({
  authorization: `Bearer ${(await app.inject({ method: 'POST', url: '/api/auth/login', payload: who })).json<{ access_token: string }>().access_token}`,
});
const owner = await login(admin);
const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
  const t0 = performance.now();
  const result = await work();
  return [result, performance.now() - t0];
};
await app.inject({ method: 'PUT', url: '/api/admin/settings/gs1', headers: owner, payload: { prefix: '3760123' } });
const [assigned, assignMs] = await timed(() => app.inject({ method: 'POST', url: '/api/admin/barcodes/assign', headers: owner }));
if (assigned.statusCode !== 200) throw new Error(`assign: ${assigned.body}`);

// An order of 200 pieces: 40 colours × 5 sizes, one of each.
await app.inject({
  method: 'PUT',
  url: '/api/admin/wholesale/terms',
  headers: owner,
  payload: {
    validUntil: '2099-03-31',
    openingMinimum: 0,
    reorderMinimum: 0,
    orderEmail: 'o@bench.example',
    translations: [{ locale: 'fr' }, { locale: 'en' }],
  },
});
const buyer = await login(shop);
const lines = variants.slice(0, 40).flatMap((variantId) => SIZES.map((size) => ({ variantId, size, quantity: 1 })));
const draft = await app.inject({ method: 'PUT', url: '/api/orders/draft', headers: buyer, payload: { lines } });
if (draft.statusCode !== 200) throw new Error(`draft: ${draft.body.slice(0, 200)}`);
const sent = await app.inject({ method: 'POST', url: '/api/orders/draft/submit', headers: { ...buyer, 'idempotency-key': 'bench-tags' }, payload: {} });
if (sent.statusCode !== 201) throw new Error(`submit: ${sent.body.slice(0, 200)}`);
const orderId = sent.json<{ id: number }>().id;
const [tags, tagsMs] = await timed(() => app.inject({ method: 'GET', url: `/api/admin/orders/${orderId}/tags.pdf?layout=a4-21`, headers: owner }));
if (tags.statusCode !== 200) throw new Error(`tags: ${tags.statusCode}`);
services.onContentChange();
const [csv, csvColdMs] = await timed(() => app.inject({ method: 'GET', url: '/api/feed/products.csv', headers: buyer }));
services.onContentChange();
const [json, jsonColdMs] = await timed(() => app.inject({ method: 'GET', url: '/api/feed/products.json', headers: buyer }));
const [, csvWarmMs] = await timed(() => app.inject({ method: 'GET', url: '/api/feed/products.csv', headers: buyer }));
await app.close();
await services.events.stop();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });

const result = {
  styles: STYLES,
  codes: assigned.json<{ assigned: number }>().assigned,
  assignMs: Math.round(assignMs),
  tagsPieces: lines.length,
  tagsKb: Math.round(tags.rawPayload.length / 1024),
  tagsMs: Math.round(tagsMs),
  feedCsvRows: csv.body.split('\r\n').length - 2,
  feedCsvColdMs: Math.round(csvColdMs),
  feedJsonColdMs: Math.round(jsonColdMs),
  feedJsonKb: Math.round(json.rawPayload.length / 1024),
  feedCsvWarmMs: Math.round(csvWarmMs),
  budget: BUDGET,
  withinBudget: tagsMs <= BUDGET.tagsMs && Math.max(csvColdMs, jsonColdMs) <= BUDGET.feedColdMs,
};
console.log(JSON.stringify(result));
fs.writeFileSync(
  path.resolve(import.meta.dirname, 'results/barcodes.md'),
  [
    `# Barcodes bench (SQLite, a fresh database)`,
    '',
    `${STYLES} styles × 2 colours × 5 sizes: ${result.codes} EAN-13 given in one call (${result.assignMs} ms).`,
    '',
    '| What | Measured | Budget |',
    '|---|---|---|',
    `| Hang tags of a ${result.tagsPieces}-piece order (A4, 21 labels a sheet; ${result.tagsKb} KB) | ${result.tagsMs} ms | ${BUDGET.tagsMs} ms |`,
    `| The shop's feed, Shopify CSV, cold (${result.feedCsvRows} rows) | ${result.feedCsvColdMs} ms | ${BUDGET.feedColdMs} ms |`,
    `| The same as JSON, cold (${result.feedJsonKb} KB) | ${result.feedJsonColdMs} ms | ${BUDGET.feedColdMs} ms |`,
    `| The CSV again, its styles cached | ${result.feedCsvWarmMs} ms | — |`,
    '',
    `\`node bench/barcodes.ts\` on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${new Date().toISOString().slice(0, 10)}.`,
    '',
  ].join('\n'),
);
