// Submitting a wholesale order of 50 lines (10 styles × 5 sizes) on SQLite, through the API in
// process (Fastify inject, no socket): 40 submits, each after its draft is written. Prints one
// JSON line with the p50/p95 of the submit alone (read by bench/run.mjs).
// `node bench/orders.ts`
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { productInput } from '@atelier/contract';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { migrate, openDatabase } from '../server/src/db/index.ts';
import { createServices } from '../server/src/services.ts';

const RUNS = Number(process.env.ORDER_RUNS ?? 40);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-orders-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED: 'none' });
const database = await openDatabase({ sqliteFile: path.join(dataDir, 'site.db') });
await migrate(database);
const services = createServices(config, database, pino({ level: 'silent' }));
await services.users.create({ email: 'shop@bench.example', role: 'retailer', password: 'bench-shop-2026' });
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
          sizes: ['XS', 'S', 'M', 'L', 'XL'],
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
const app = await buildApp({ services, logger: false });
await app.ready();
const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'shop@bench.example', password: 'bench-shop-2026' } });
const headers = { authorization: `Bearer ${login.json<{ access_token: string }>().access_token}` };
const lines = variants.flatMap((variantId) => ['XS', 'S', 'M', 'L', 'XL'].map((size) => ({ variantId, size, quantity: 2 })));
const times: number[] = [];
for (let i = 0; i < RUNS; i += 1) {
  const draft = await app.inject({ method: 'PUT', url: '/api/orders/draft', payload: { lines }, headers });
  if (draft.statusCode !== 200) throw new Error(`draft ${draft.statusCode} ${draft.body}`);
  const started = performance.now();
  const res = await app.inject({ method: 'POST', url: '/api/orders/draft/submit', payload: {}, headers: { ...headers, 'idempotency-key': `bench-${i}-order-key` } });
  times.push(performance.now() - started);
  if (res.statusCode !== 201 || res.json<{ lines: unknown[] }>().lines.length !== 50) throw new Error(`submit ${res.statusCode} ${res.body}`);
}
times.sort((a, b) => a - b);
const at = (q: number) => Number(times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1));
console.log(JSON.stringify({ lines: 50, runs: RUNS, p50Ms: at(0.5), p95Ms: at(0.95) }));
await app.close();
await services.mail.stop();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
