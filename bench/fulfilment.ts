// The stockroom's day on SQLite, through the API in process (Fastify inject), issue 45: 200 confirmed
// orders of 10 lines (10 styles, one size each), their pick list as CSV and PDF (budget 2 s), then
// "Ship these" on 50 of them, each a parcel with its Factur-X invoice (budget 5 s) while a shop sends an
// order every 100 ms (each must wait ≤ 100 ms p95: the parcels' PDFs are drawn after their commits, issue
// 56); and 20 parcels of 50 lines shipped one by one, timing the shipment's transaction (the write lock
// on SQLite: ≤ 20 ms p95). Prints one JSON line (read by bench/run.mjs). `node bench/fulfilment.ts`
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { companyInput, draftInput, invoicingSettingsInput, productInput } from '@atelier/contract';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { migrate, openDatabase } from '../server/src/db/index.ts';
import { createServices } from '../server/src/services.ts';
import { brandFonts } from '../server/src/lib/fonts.ts';
import { benchStyle, legalIdentity } from '../server/test/fixtures.ts';

const SIZES = ['XS', 'S', 'M', 'L', 'XL'] as const;
const ORDERS = 200;
const SHIPPED = 50;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-fulfilment-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED: 'none' });
const database = await openDatabase({ sqliteFile: path.join(dataDir, 'site.db') });
await migrate(database);
const services = createServices(config, database, pino({ level: 'silent' }));
await services.users.create({ email: 'owner@bench.example', role: 'admin', password: 'bench-owner-2026' });
await services.seller.saveSettings(invoicingSettingsInput.parse(legalIdentity()), null);
const variants: number[] = [];
for (let i = 0; i < 10; i += 1)
  variants.push((await services.catalogue.save(productInput.parse(benchStyle(i, ['Terracotta'], SIZES, 80 + i)), 'fr'))!.variants[0]!.id);
const brand = { id: 1, email: 'owner@bench.example', role: 'admin' as const };
const orders: number[] = [];
for (let o = 0; o < ORDERS; o += 1) {
  // Twenty shops, ten orders each.
  const email = `shop${o % 20}@bench.example`;
  const shop = (await services.users.findByEmail(email)) ?? (await services.users.create({ email, role: 'retailer', password: null }));
  if (o < 20) {
    await services.companies.saveCompany(
      shop.id,
      companyInput.parse({
        companyName: `Boutique ${o}`,
        siret: '55208131766522',
        billing: { line1: '3 rue du Port', postcode: '34200', town: 'Sète', country: 'FR' },
      }),
    );
  }
  const lines = variants.map((variantId, i) => ({ variantId, size: SIZES[(o + i) % SIZES.length]!, quantity: 1 + ((o + i) % 4) }));
  await services.orders.replaceDraft(shop.id, draftInput.parse({ lines }).lines, 'fr');
  const sent = await services.orders.submit(shop.id, `bench-pick-${o}`, undefined, 'fr');
  for (const order of sent.orders) {
    await services.orders.confirm(order.id, { shipDate: '2027-03-01' }, brand, 'fr');
    orders.push(order.id);
  }
}

// Twenty orders of 50 lines (10 styles × 5 sizes), for the shipment's own transaction.
const large: number[] = [];
for (let o = 0; o < 20; o += 1) {
  const shop = (await services.users.findByEmail(`shop${o}@bench.example`))!;
  const lines = variants.flatMap((variantId) => SIZES.map((size) => ({ variantId, size, quantity: 2 })));
  await services.orders.replaceDraft(shop.id, draftInput.parse({ lines }).lines, 'fr');
  for (const order of (await services.orders.submit(shop.id, `bench-large-${o}`, undefined, 'fr')).orders) {
    await services.orders.confirm(order.id, { shipDate: '2027-03-01' }, brand, 'fr');
    large.push(order.id);
  }
}
// A shop that sends orders while the stockroom ships.
const sender = await services.users.create({ email: 'sender@bench.example', role: 'retailer', password: 'bench-sender-2026' });
await services.companies.saveCompany(
  sender.id,
  companyInput.parse({
    companyName: 'Boutique qui commande',
    siret: '55208131766522',
    billing: { line1: '1 quai', postcode: '34200', town: 'Sète', country: 'FR' },
  }),
);

// How long each shipment's transaction holds the database (on SQLite its one connection: every other write waits).
const held: number[] = [];
const kysely = database.db as unknown as { transaction: () => { execute: (fn: unknown) => Promise<unknown> } };
const transaction = kysely.transaction.bind(kysely);
kysely.transaction = () => {
  const builder = transaction();
  // The shipment's own transaction (its caller's frame), not its listeners' (their async frames name it too).
  if (!(new Error().stack ?? '').split('\n')[2]?.includes('OrderShipments.commit')) return builder;
  const execute = builder.execute.bind(builder);
  builder.execute = async (fn) => {
    const t0 = performance.now();
    try {
      return await execute(fn);
    } finally {
      held.push(performance.now() - t0);
    }
  };
  return builder;
};
const p95 = (values: number[]) => Number(([...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1] ?? 0).toFixed(1));

const app = await buildApp({ services, logger: false });
await app.ready();
await brandFonts();
const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'owner@bench.example', password: 'bench-owner-2026' } });
const headers = { authorization: `Bearer ${login.json<{ access_token: string }>().access_token}` };
const ids = orders.slice(0, ORDERS).join(',');
const timed = async (url: string) => {
  const t0 = performance.now();
  const res = await app.inject({ method: 'GET', url, headers });
  const ms = performance.now() - t0;
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  return { ms: Number(ms.toFixed(1)), bytes: res.rawPayload.length };
};
const csv = await timed(`/api/admin/orders/pick-list.csv?ids=${ids}&lang=fr`);
const pdf = await timed(`/api/admin/orders/pick-list.pdf?ids=${ids}&lang=fr`);
const senderLogin = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'sender@bench.example', password: 'bench-sender-2026' } });
const senderHeaders = { authorization: `Bearer ${senderLogin.json<{ access_token: string }>().access_token}` };
const sendOne = async (n: number) => {
  const lines = variants.slice(0, 5).map((variantId, i) => ({ variantId, size: SIZES[(n + i) % SIZES.length]!, quantity: 2 }));
  const draft = await app.inject({ method: 'PUT', url: '/api/orders/draft?lang=fr', headers: senderHeaders, payload: { lines } });
  if (draft.statusCode !== 200) throw new Error(`draft: ${draft.statusCode} ${draft.body.slice(0, 200)}`);
  const t0 = performance.now();
  const sent = await app.inject({
    method: 'POST',
    url: '/api/orders/draft/submit?lang=fr',
    headers: { ...senderHeaders, 'idempotency-key': `bench-during-${n}` },
    payload: {},
  });
  if (sent.statusCode !== 201) throw new Error(`submit: ${sent.statusCode} ${sent.body.slice(0, 200)}`);
  return performance.now() - t0;
};
// As `npm start` runs: the listeners' worker (the parcels' mails, their delivery notes drawn) and the mail outbox.
services.events.start();
services.mail.start();
const t0 = performance.now();
let shipping = true;
const during: number[] = [];
const sending = (async () => {
  for (let n = 0; shipping; n += 1) {
    during.push(await sendOne(n));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
})();
const bulk = await app.inject({
  method: 'POST',
  url: '/api/admin/orders/ship-bulk?lang=fr',
  headers,
  payload: { orderIds: orders.slice(0, SHIPPED), carrier: 'colissimo' },
});
const bulkMs = performance.now() - t0;
shipping = false;
await sending;
held.length = 0;
for (const id of large) {
  const res = await app.inject({ method: 'POST', url: `/api/admin/orders/${id}/ship?lang=fr`, headers, payload: { carrier: 'colissimo' } });
  if (res.statusCode !== 200 || !res.json<{ shipments: Array<{ invoice: unknown }> }>().shipments[0]!.invoice) throw new Error(`ship: ${res.statusCode}`);
}
const results = bulk.json<{ results: Array<{ shipped: boolean; invoice: string | null }> }>().results;
if (bulk.statusCode !== 200 || results.some((r) => !r.shipped || !r.invoice)) throw new Error(`ship-bulk: ${bulk.statusCode} ${bulk.body.slice(0, 300)}`);
await services.events.stop();
await services.mail.stop();
await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
console.log(
  JSON.stringify({
    orders: ORDERS,
    pickCsvMs: csv.ms,
    pickPdfMs: pdf.ms,
    pickPdfKb: Math.round(pdf.bytes / 1024),
    shipped: results.length,
    bulkShipMs: Number(bulkMs.toFixed(0)),
    sentDuringBulk: during.length,
    sendDuringBulkP95Ms: p95(during),
    shipTransactionP95Ms: p95(held),
    shipTransactionMaxMs: Number(Math.max(...held).toFixed(1)),
  }),
);
