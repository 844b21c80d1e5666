// Stock on SQLite, through the API in process (Fastify inject, no socket): the owner's stock screen
// for 60 styles × 4 colours × 8 sizes (GET /api/admin/stock?limit=60: one page holds them, as the screen did before it paged by 50; 30 reads), then a 2,000-line CSV
// import confirmed in one transaction (5 imports, each changing every line). Prints one JSON line
// (read by bench/run.mjs).
// `node bench/stock.ts`
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { SIZES, productInput } from '@atelier/contract';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { migrate, openDatabase } from '../server/src/db/index.ts';
import { createServices } from '../server/src/services.ts';
import { benchStyle } from '../server/test/fixtures.ts';

const READS = Number(process.env.STOCK_READS ?? 30);
const IMPORTS = Number(process.env.STOCK_IMPORTS ?? 5);
const COLOURS = ['Terracotta', 'Safran', 'Indigo', 'Écru'];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-stock-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED: 'none', ADMIN_EMAIL: 'owner@bench.example', ADMIN_PASSWORD: 'bench-owner-2026' });
const database = await openDatabase({ sqliteFile: path.join(dataDir, 'site.db') });
await migrate(database);
const services = createServices(config, database, pino({ level: 'silent' }));
await services.users.create({ email: 'owner@bench.example', role: 'admin', password: 'bench-owner-2026' });

const style = (i: number) => services.catalogue.save(productInput.parse(benchStyle(i, COLOURS, SIZES)), 'fr');
for (let i = 0; i < 60; i += 1) await style(i);

const app = await buildApp({ services, logger: false });
await app.ready();
const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'owner@bench.example', password: 'bench-owner-2026' } });
const headers = { authorization: `Bearer ${login.json<{ access_token: string }>().access_token}` };

// Every size counted, as on a real season's screen.
const rows = (await services.stock.list('fr')).flatMap((r) => r.cells.map((c) => ({ variantId: r.variantId, size: c.size, onHand: 12 })));
await services.stock.save(rows, null);

const p = (times: number[], q: number) => Number([...times].sort((a, b) => a - b)[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1));
const reads: number[] = [];
let cells = 0;
for (let i = 0; i < READS; i += 1) {
  const started = performance.now();
  const res = await app.inject({ method: 'GET', url: '/api/admin/stock?lang=fr&limit=60', headers });
  reads.push(performance.now() - started);
  if (res.statusCode !== 200) throw new Error(`stock ${res.statusCode} ${res.body}`);
  cells = res.json<{ data: Array<{ cells: unknown[] }> }>().data.reduce((sum, r) => sum + r.cells.length, 0);
}
if (cells !== 60 * 4 * 8) throw new Error(`the stock screen shows ${cells} sizes`);

// The import file: 2,000 lines, so 3 more styles beyond the screen's 60.
for (let i = 60; i < 63; i += 1) await style(i);
const imports: number[] = [];
for (let run = 0; run < IMPORTS; run += 1) {
  const lines = ['Référence;Coloris;Taille;En stock'];
  for (let i = 0; i < 63 && lines.length <= 2000; i += 1) {
    for (const colour of COLOURS) for (const size of SIZES) if (lines.length <= 2000) lines.push(`BENCH-${i};${colour};${size};${20 + run}`);
  }
  const started = performance.now();
  const res = await app.inject({ method: 'POST', url: '/api/admin/stock/import?lang=fr', payload: { csv: lines.join('\r\n'), confirm: true }, headers });
  imports.push(performance.now() - started);
  const body = res.json<{ confirmed: boolean; changes: unknown[] }>();
  if (res.statusCode !== 200 || !body.confirmed || body.changes.length !== 2000) throw new Error(`import ${res.statusCode} ${res.body.slice(0, 300)}`);
}
console.log(
  JSON.stringify({
    styles: 60,
    cells,
    reads: READS,
    readP50Ms: p(reads, 0.5),
    readP95Ms: p(reads, 0.95),
    importLines: 2000,
    imports: IMPORTS,
    importP50Ms: p(imports, 0.5),
    importMaxMs: p(imports, 1),
  }),
);
await app.close();
await services.mail.stop();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
