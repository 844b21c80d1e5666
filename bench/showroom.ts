// The showroom (issue 34), on SQLite, through the API in process (Fastify inject, no socket):
// - the snapshot of a 60-style season (4 colours × 6 sizes each, stock on every size, 3 delivery
//   windows) with 150 stockists: the first call, then the p50/p95 of 20 more, and its size gzipped;
// - 50 orders queued on a tablet sent one after the other, as the app sends them when the network
//   returns (each 2 packs + 6 lines for a stockist), the whole time.
// Prints one JSON line (read by bench/run.mjs). `node bench/showroom.ts`
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import pino from 'pino';
import { companyInput, productInput, seasonInput } from '@atelier/contract';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { migrate, openDatabase } from '../server/src/db/index.ts';
import { createServices } from '../server/src/services.ts';
import { benchStyle, seasonFixture } from '../server/test/fixtures.ts';

const STYLES = 60;
const SHOPS = 150;
const QUEUED = 50;
const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'] as const;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-showroom-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED: 'none' });
const database = await openDatabase({ sqliteFile: path.join(dataDir, 'site.db') });
await migrate(database);
const services = createServices(config, database, pino({ level: 'silent' }));
await services.users.create({ email: 'owner@bench.example', role: 'admin', password: 'bench-owner-2026' });
const season = await services.seasons.save(
  seasonInput.parse(
    seasonFixture('SHOW', {
      open: -10,
      close: 60,
      deliveries: [
        ['Février', 90],
        ['Mars', 120],
        ['Avril', 150],
      ],
    }),
  ),
  undefined,
  null,
);
const styles: Array<{ variants: number[]; pack: number }> = [];
for (let i = 0; i < STYLES; i += 1) {
  const saved = await services.catalogue.save(
    productInput.parse({
      ...benchStyle(i, ['Terracotta', 'Ocre', 'Écru', 'Indigo'], [...SIZES], 80 + (i % 5)),
      packs: [{ name: 'Pack boutique', sizes: { S: 1, M: 2, L: 1 } }],
      seasonIds: [season.id],
    }),
    'fr',
    undefined,
    null,
  );
  styles.push({ variants: saved!.variants.map((v) => v.id), pack: saved!.packs[0]!.id });
}
await services.stock.save(
  styles.flatMap((s) => s.variants.flatMap((variantId) => SIZES.map((size) => ({ variantId, size, onHand: 500 })))),
  null,
);
const shops: number[] = [];
for (let i = 0; i < SHOPS; i += 1) {
  const user = await services.users.create({ email: `shop${i}@bench.example`, role: 'retailer', password: null });
  await services.companies.saveCompany(
    user.id,
    companyInput.parse({
      companyName: `Boutique ${i}`,
      billing: { line1: `${i} rue du Port`, postcode: '44000', town: i % 2 ? 'Nantes' : 'Lyon', country: 'FR' },
    }),
  );
  shops.push(user.id);
}
const app = await buildApp({ services, logger: false });
await app.ready();
const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'owner@bench.example', password: 'bench-owner-2026' } });
const headers = { authorization: `Bearer ${login.json<{ access_token: string }>().access_token}` };

const snapshot = () => app.inject({ method: 'GET', url: '/api/showroom/snapshot?season=SHOW&lang=fr', headers });
let started = performance.now();
const first = await snapshot();
const coldMs = performance.now() - started;
if (first.statusCode !== 200) throw new Error(`snapshot ${first.statusCode} ${first.body}`);
const times: number[] = [];
for (let i = 0; i < 20; i += 1) {
  started = performance.now();
  const res = await snapshot();
  times.push(performance.now() - started);
  if (res.statusCode !== 200) throw new Error(`snapshot ${res.statusCode}`);
}
times.sort((a, b) => a - b);
const at = (q: number) => Number(times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1));
const body = Buffer.from(first.body);
const again = await app.inject({
  method: 'GET',
  url: '/api/showroom/snapshot?season=SHOW&lang=fr',
  headers: { ...headers, 'if-none-match': first.headers.etag as string },
});
if (again.statusCode !== 304) throw new Error(`the same version again answered ${again.statusCode}`);

// 50 queued orders, sent one after the other.
const deliveries = first.json<{ season: { deliveries: Array<{ id: number }> } }>().season.deliveries.map((d) => d.id);
const signature = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNk+A8AAQUBAScY42YAAAAASUVORK5CYII=';
started = performance.now();
for (let i = 0; i < QUEUED; i += 1) {
  const style = styles[i % STYLES]!;
  const lines = [
    { variantId: style.variants[0]!, packId: style.pack, packs: 2, deliveryId: deliveries[0] },
    ...(['S', 'M', 'L'] as const).flatMap((size) => [
      { variantId: style.variants[1]!, size, quantity: 4, deliveryId: deliveries[1] },
      { variantId: style.variants[2]!, size, quantity: 2, mode: 'atOnce' as const },
    ]),
  ];
  const res = await app.inject({
    method: 'POST',
    url: '/api/showroom/orders',
    headers: { ...headers, 'idempotency-key': randomUUID() },
    payload: { stockistId: shops[i % SHOPS], lines, signature, takenAt: new Date().toISOString() },
  });
  if (res.statusCode !== 201) throw new Error(`showroom order ${res.statusCode} ${res.body}`);
}
const queueMs = performance.now() - started;
const made = await database.db
  .selectFrom('orders')
  .select((eb) => eb.fn.countAll<number>().as('n'))
  .where('channel', '=', 'showroom')
  .executeTakeFirstOrThrow();
if (Number(made.n) !== QUEUED * 3) throw new Error(`expected ${QUEUED * 3} orders, found ${made.n}`);

console.log(
  JSON.stringify({
    styles: STYLES,
    variants: STYLES * 4,
    stockists: SHOPS,
    snapshotColdMs: Number(coldMs.toFixed(1)),
    snapshotP50Ms: at(0.5),
    snapshotP95Ms: at(0.95),
    snapshotKb: Number((body.length / 1024).toFixed(1)),
    snapshotGzipKb: Number((zlib.gzipSync(body).length / 1024).toFixed(1)),
    queued: QUEUED,
    queueMs: Math.round(queueMs),
    perOrderMs: Number((queueMs / QUEUED).toFixed(1)),
  }),
);
await app.close();
await services.mail.stop();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
