// Issuing invoices on SQLite, through the API in process (Fastify inject): a retailer's 50-line
// orders (10 styles × 5 sizes), confirmed, then shipped — each shipment issues its Factur-X
// invoice (numbering, XML, PDF/A-3 with the XML attached) in its transaction. The first shipment
// after start is "cold", shipped as the owner does: she opens the order (which starts the thread that
// draws its PDFs), reads it for two seconds, ships; then 10 more; then one shipped "unannounced" (by a
// second server over the same data, its thread not started: the API or a bulk ship without the order opened); then the stored PDF downloaded 50 times, and the last parcel's delivery note drawn 30 times. Prints one JSON line (read by bench/run.mjs).
// `node bench/invoices.ts`
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
const ORDERS = 12;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-invoices-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED: 'none' });
const database = await openDatabase({ sqliteFile: path.join(dataDir, 'site.db') });
await migrate(database);
const services = createServices(config, database, pino({ level: 'silent' }));
await services.users.create({ email: 'owner@bench.example', role: 'admin', password: 'bench-owner-2026' });
await services.seller.saveSettings(invoicingSettingsInput.parse(legalIdentity()), null);
const shop = await services.users.create({ email: 'shop@bench.example', role: 'retailer', password: null });
await services.companies.saveCompany(
  shop.id,
  companyInput.parse({
    companyName: 'Boutique du banc',
    siret: '55208131766522',
    billing: { line1: '3 rue du Port', postcode: '34200', town: 'Sète', country: 'FR' },
  }),
);
const variants: number[] = [];
for (let i = 0; i < 10; i += 1)
  variants.push((await services.catalogue.save(productInput.parse(benchStyle(i, ['Terracotta'], SIZES, 80 + i)), 'fr'))!.variants[0]!.id);
const brand = { id: 1, email: 'owner@bench.example', role: 'admin' as const };
const orders: number[] = [];
for (let o = 0; o < ORDERS; o += 1) {
  const lines = variants.flatMap((variantId) => SIZES.map((size) => ({ variantId, size, quantity: 1 + (o % 3) })));
  await services.orders.replaceDraft(shop.id, draftInput.parse({ lines }).lines, 'fr');
  const sent = await services.orders.submit(shop.id, `bench-invoice-${o}`, undefined, 'fr');
  for (const order of sent.orders) {
    await services.orders.confirm(order.id, { shipDate: '2027-03-01' }, brand, 'fr');
    orders.push(order.id);
  }
}

const app = await buildApp({ services, logger: false });
await app.ready();
await brandFonts();
const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'owner@bench.example', password: 'bench-owner-2026' } });
const headers = { authorization: `Bearer ${login.json<{ access_token: string }>().access_token}` };
const p = (times: number[], q: number) => Number([...times].sort((a, b) => a - b)[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1));

const shipTimes: number[] = [];
let invoiceId = 0;
const unannounced = orders.pop()!;
const opened = await app.inject({ method: 'GET', url: `/api/admin/orders/${orders[0]}`, headers });
if (opened.statusCode !== 200) throw new Error(`open ${orders[0]}: ${opened.statusCode}`);
await new Promise((resolve) => setTimeout(resolve, 2000));
for (const id of orders) {
  const t0 = performance.now();
  const res = await app.inject({ method: 'POST', url: `/api/admin/orders/${id}/ship`, headers, payload: { shipping: 12 } });
  shipTimes.push(performance.now() - t0);
  if (res.statusCode !== 200 || !res.json().invoice) throw new Error(`ship ${id}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  invoiceId = res.json().invoice.id;
}
const lines = (await services.invoices.get(invoiceId, 'fr'))!.lines.length;
const downloads: number[] = [];
let bytes = 0;
for (let i = 0; i < 50; i += 1) {
  const t0 = performance.now();
  const res = await app.inject({ method: 'GET', url: `/api/admin/invoices/${invoiceId}.pdf`, headers });
  downloads.push(performance.now() - t0);
  if (res.statusCode !== 200) throw new Error(`download ${res.statusCode}`);
  bytes = res.rawPayload.length;
}
// Each parcel's delivery note (issue 45) is drawn when asked: the last 50-line shipment's, 30 times.
const lastOrder = orders.at(-1)!;
const parcel = (await services.orders.get(lastOrder, 'fr'))!.shipments![0]!;
const notes: number[] = [];
for (let i = 0; i < 30; i += 1) {
  const t0 = performance.now();
  const res = await app.inject({ method: 'GET', url: `/api/admin/orders/${lastOrder}/shipments/${parcel.id}/delivery-note.pdf`, headers });
  notes.push(performance.now() - t0);
  if (res.statusCode !== 200) throw new Error(`delivery note ${res.statusCode}`);
}
const other = await buildApp({ services: createServices(config, database, pino({ level: 'silent' })), logger: false });
await other.ready();
const t0 = performance.now();
const shipped = await other.inject({ method: 'POST', url: `/api/admin/orders/${unannounced}/ship`, headers, payload: { shipping: 12 } });
const unannouncedMs = Number((performance.now() - t0).toFixed(1));
if (shipped.statusCode !== 200 || !shipped.json().invoice) throw new Error(`ship ${unannounced}: ${shipped.statusCode}`);
await other.close();
await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
console.log(
  JSON.stringify({
    lines,
    coldIssueMs: Number(shipTimes[0]!.toFixed(1)),
    unannouncedMs,
    warmP50Ms: p(shipTimes.slice(1), 0.5),
    warmMaxMs: Number(Math.max(...shipTimes.slice(1)).toFixed(1)),
    pdfKb: Math.round(bytes / 1024),
    downloadP50Ms: p(downloads, 0.5),
    downloadP95Ms: p(downloads, 0.95),
    deliveryNoteColdMs: Number(notes[0]!.toFixed(1)),
    deliveryNoteP95Ms: p(notes, 0.95),
  }),
);
