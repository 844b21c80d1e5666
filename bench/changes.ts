// Changing a sent order (issue 57), on SQLite through the API in process: 20 shops' pre-orders of 50 lines
// (10 styles × 5 sizes), each asked a change of every line, then accepted whole by the owner; prints the
// decision's p95 (budget 150 ms) as one JSON line. `node bench/changes.ts`
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { companyInput, draftInput, productInput } from '@atelier/contract';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { migrate, openDatabase } from '../server/src/db/index.ts';
import { createServices } from '../server/src/services.ts';
import { benchStyle } from '../server/test/fixtures.ts';

const SIZES = ['XS', 'S', 'M', 'L', 'XL'] as const;
const ORDERS = 20;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-changes-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED: 'none' });
const database = await openDatabase({ sqliteFile: path.join(dataDir, 'site.db') });
await migrate(database);
const services = createServices(config, database, pino({ level: 'silent' }));
await services.users.create({ email: 'owner@bench.example', role: 'admin', password: 'bench-owner-2026' });
const variants: number[] = [];
for (let i = 0; i < 10; i += 1)
  variants.push((await services.catalogue.save(productInput.parse(benchStyle(i, ['Terracotta'], SIZES, 80 + i)), 'fr'))!.variants[0]!.id);
const app = await buildApp({ services, logger: false });
await app.ready();
const login = async (email: string, password: string) => {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  return { authorization: `Bearer ${res.json<{ access_token: string }>().access_token}` };
};
const owner = await login('owner@bench.example', 'bench-owner-2026');
const asked: Array<{ order: number; change: number }> = [];
for (let o = 0; o < ORDERS; o += 1) {
  const email = `shop${o}@bench.example`;
  const shop = await services.users.create({ email, role: 'retailer', password: 'bench-shop-2026' });
  await services.companies.saveCompany(
    shop.id,
    companyInput.parse({
      companyName: `Boutique ${o}`,
      siret: '55208131766522',
      billing: { line1: '3 rue du Port', postcode: '34200', town: 'Sète', country: 'FR' },
    }),
  );
  const lines = variants.flatMap((variantId) => SIZES.map((size) => ({ variantId, size, quantity: 2 })));
  await services.orders.replaceDraft(shop.id, draftInput.parse({ lines }).lines, 'fr');
  const [order] = (await services.orders.submit(shop.id, `bench-change-${o}`, undefined, 'fr')).orders;
  const headers = await login(email, 'bench-shop-2026');
  const res = await app.inject({
    method: 'POST',
    url: `/api/orders/${order!.id}/changes`,
    headers,
    payload: { items: order!.lines.map((l) => ({ lineId: l.id, quantity: 4 })) },
  });
  if (res.statusCode !== 201) throw new Error(`change: ${res.statusCode} ${res.body.slice(0, 200)}`);
  asked.push({ order: order!.id, change: res.json<{ id: number }>().id });
}
const times: number[] = [];
for (const { order, change } of asked) {
  const t0 = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: `/api/admin/orders/${order}/changes/${change}/decision`,
    headers: owner,
    payload: { accept: Array.from({ length: 50 }, (_, i) => i) },
  });
  times.push(performance.now() - t0);
  if (res.statusCode !== 200 || res.json<{ revision: number }>().revision !== 2) throw new Error(`decision: ${res.statusCode} ${res.body.slice(0, 200)}`);
}
const list = performance.now();
await app.inject({ method: 'GET', url: '/api/admin/order-changes?status=accepted', headers: owner });
const listMs = performance.now() - list;
await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
const p95 = [...times].sort((a, b) => a - b)[Math.ceil(times.length * 0.95) - 1]!;
console.log(
  JSON.stringify({
    orders: ORDERS,
    lines: 50,
    acceptP95Ms: Number(p95.toFixed(1)),
    acceptMaxMs: Number(Math.max(...times).toFixed(1)),
    listMs: Number(listMs.toFixed(1)),
  }),
);
