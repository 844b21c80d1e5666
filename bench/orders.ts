// Submitting a wholesale order of 50 lines (10 styles × 5 sizes) on SQLite, through the API in
// process (Fastify inject, no socket): 40 submits, each after its draft is written, every line
// at-once from stock in an open season, so each submit reserves 50 sizes (one conditional update
// and one movement each). Prints one JSON line with the p50/p95 of the submit alone (read by
// bench/run.mjs).
// `node bench/orders.ts`
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { productInput, seasonInput } from '@atelier/contract';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { migrate, openDatabase } from '../server/src/db/index.ts';
import { createServices } from '../server/src/services.ts';
import { seasonFixture } from '../server/test/fixtures.ts';

const RUNS = Number(process.env.ORDER_RUNS ?? 40);
const SOLD = ['XS', 'S', 'M', 'L', 'XL'] as const;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-orders-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED: 'none' });
const database = await openDatabase({ sqliteFile: path.join(dataDir, 'site.db') });
await migrate(database);
const services = createServices(config, database, pino({ level: 'silent' }));
await services.users.create({ email: 'shop@bench.example', role: 'retailer', password: 'bench-shop-2026' });
await services.seasons.save(seasonInput.parse(seasonFixture('BENCH', { open: -10, close: 60, deliveries: [['Livraison', 90]] })), undefined, null);
const variants: number[] = [];
for (let i = 0; i < 10; i += 1) {
  const saved = await services.catalogue.save(
    productInput.parse({
      translations: [
        { locale: 'fr', title: `Style ${i}`, description: 'Lin.' },
        { locale: 'en', title: `Style ${i}`, description: 'Linen.' },
      ],
      variants: [
        {
          colorCode: '#b5573a',
          imageUrl: '/uploads/aaaaaaaaaaaaaaaaaaaaaaaa-1200x1500.webp',
          price: 80,
          sizes: [...SOLD],
          translations: [
            { locale: 'fr', colorName: 'Terracotta' },
            { locale: 'en', colorName: 'Terracotta' },
          ],
        },
      ],
    }),
    'fr',
  );
  variants.push(saved!.variants[0]!.id);
}
await services.stock.save(
  variants.flatMap((variantId) => SOLD.map((size) => ({ variantId, size, onHand: RUNS * 2 }))),
  null,
);
const app = await buildApp({ services, logger: false });
await app.ready();
const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'shop@bench.example', password: 'bench-shop-2026' } });
const headers = { authorization: `Bearer ${login.json<{ access_token: string }>().access_token}` };
const lines = variants.flatMap((variantId) => SOLD.map((size) => ({ variantId, size, quantity: 2, mode: 'atOnce' as const })));
const times: number[] = [];
for (let i = 0; i < RUNS; i += 1) {
  const draft = await app.inject({ method: 'PUT', url: '/api/orders/draft', payload: { lines }, headers });
  if (draft.statusCode !== 200) throw new Error(`draft ${draft.statusCode} ${draft.body}`);
  const started = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: '/api/orders/draft/submit',
    payload: {},
    headers: { ...headers, 'idempotency-key': `bench-${i}-order-key` },
  });
  times.push(performance.now() - started);
  if (res.statusCode !== 201 || res.json<{ lines: unknown[]; mode: string }>().lines.length !== 50 || res.json<{ mode: string }>().mode !== 'atOnce')
    throw new Error(`submit ${res.statusCode} ${res.body}`);
}
times.sort((a, b) => a - b);
const at = (q: number) => Number(times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1));
// Every piece is now reserved: the shelf is exactly full.
const left = (await services.stock.list('fr')).flatMap((r) => r.cells).filter((c) => c.onHand !== null);
if (left.some((c) => c.reserved !== RUNS * 2)) throw new Error('the reservations do not add up');
console.log(JSON.stringify({ lines: 50, reserving: true, runs: RUNS, p50Ms: at(0.5), p95Ms: at(0.95) }));
await app.close();
await services.mail.stop();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
