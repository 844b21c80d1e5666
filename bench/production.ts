// The cut sheet and the season at a glance on SQLite, through the API in process (Fastify inject):
// 10,000 order lines from 200 retailers over 60 styles (4 colours × 5 sizes), sent through the
// orders service as retailers send them, then the cut sheet JSON (30 reads), its PDF (5) and
// /api/admin/sales (30). Prints one JSON line (read by bench/run.mjs).
// `node bench/production.ts`
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { draftInput, productInput, seasonInput } from '@atelier/contract';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { migrate, openDatabase } from '../server/src/db/index.ts';
import { createServices } from '../server/src/services.ts';
import { benchStyle, seasonFixture } from '../server/test/fixtures.ts';

const RETAILERS = 200;
const STYLES = 60;
const SIZES = ['XS', 'S', 'M', 'L', 'XL'] as const;
const COLOURS = ['Terracotta', 'Safran', 'Indigo', 'Écru'];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-production-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED: 'none' });
const database = await openDatabase({ sqliteFile: path.join(dataDir, 'site.db') });
await migrate(database);
const services = createServices(config, database, pino({ level: 'silent' }));
await services.users.create({ email: 'owner@bench.example', role: 'admin', password: 'bench-owner-2026' });
const season = await services.seasons.save(
  seasonInput.parse(
    seasonFixture('BENCH', {
      deliveries: [
        ['Livraison 1', 60],
        ['Livraison 2', 120],
      ],
    }),
  ),
  undefined,
  null,
);
const variants: number[] = [];
for (let i = 0; i < STYLES; i += 1) {
  const saved = await services.catalogue.save(productInput.parse(benchStyle(i, COLOURS, SIZES, 80 + i)), 'fr');
  variants.push(...saved!.variants.map((v) => v.id));
}
// Each retailer: 50 lines (10 colours of styles spread over the collection × 5 sizes), in both deliveries.
const started = performance.now();
for (let s = 0; s < RETAILERS; s += 1) {
  const user = await services.users.create({ email: `shop-${s}@bench.example`, role: 'retailer', password: null });
  const lines = Array.from({ length: 10 }, (_, k) => variants[(s * 7 + k * 23) % variants.length]!).flatMap((variantId, k) =>
    SIZES.map((size, z) => ({ variantId, size, quantity: 1 + ((s + k + z) % 4), mode: 'preBook' as const, deliveryId: season.deliveries[(s + k) % 2]!.id })),
  );
  await services.orders.replaceDraft(user.id, draftInput.parse({ lines }).lines, 'fr');
  await services.orders.submit(user.id, `bench-production-${s}`, undefined, 'fr');
}
const seeding = performance.now() - started;
const lineCount = Number(
  (
    await database.db
      .selectFrom('order_lines')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n,
);

const app = await buildApp({ services, logger: false });
await app.ready();
const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'owner@bench.example', password: 'bench-owner-2026' } });
const headers = { authorization: `Bearer ${login.json<{ access_token: string }>().access_token}` };
const p = (times: number[], q: number) => Number([...times].sort((a, b) => a - b)[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1));
async function time(url: string, runs: number, check: (body: string) => void): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url, headers });
    times.push(performance.now() - t0);
    if (res.statusCode !== 200) throw new Error(`${url} ${res.statusCode} ${res.body.slice(0, 200)}`);
    if (i === 0) check(res.body);
  }
  return times;
}
const sheet = await time('/api/admin/production?season=BENCH&lang=fr', 30, (body) => {
  const total = JSON.parse(body).total;
  if (total < 10_000) throw new Error(`the cut sheet counts ${total} pieces`);
});
const pdf = await time('/api/admin/production.pdf?season=BENCH&lang=fr', 5, () => {});
const sales = await time('/api/admin/sales?season=BENCH&lang=fr', 30, (body) => {
  if (JSON.parse(body).totals.stockists.value !== RETAILERS) throw new Error('the season at a glance misses stockists');
});
console.log(
  JSON.stringify({
    lines: lineCount,
    stockists: RETAILERS,
    styles: STYLES,
    seedingSeconds: Number((seeding / 1000).toFixed(1)),
    cutSheetP50Ms: p(sheet, 0.5),
    cutSheetP95Ms: p(sheet, 0.95),
    pdfColdMs: Number(pdf[0]!.toFixed(0)),
    pdfMaxMs: Number(Math.max(...pdf).toFixed(0)),
    salesP50Ms: p(sales, 0.5),
    salesP95Ms: p(sales, 0.95),
  }),
);
await app.close();
await services.mail.stop();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
