// A day's mixed work against one instance as `npm start` runs it (issue 32: memory that holds after a day).
// The built server (server/dist, npm start's heap bounds) on a fresh demo database, then for SOAK_SECONDS
// (600 by default) 20 workers at once: visitors' pages and API reads, the owner's image uploads, retailers'
// line sheets, orders submitted, confirmed and shipped (each shipment issues its Factur-X invoice), invoice
// PDFs, credit notes, stock CSV imports, the cut sheet (JSON and PDF), the sales, the invoices ZIP.
// The work runs a minute at a time, and the resident memory is read two seconds after each minute, with
// nothing in flight (and every 5 s during the work, for the peaks). Prints one JSON line (read by
// bench/run.mjs): RSS at rest before, after each minute, at the end, at rest after, the peak, and the
// growth over the last half (least-squares slope of the minutes' readings).
// `node bench/day.ts` (SOAK_SECONDS=120 for a short look; SOAK_SNAPSHOT=1 writes heap snapshots at the
// start, after the last minute and at rest beside the data, for Chrome's memory tab; each one collects
// all garbage and leaves ~150 MB in glibc's heap, so a run with snapshots reads no memory figure).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { MALLOC_ENV, NODE_FLAGS } from '../server/src/runtime/node-flags.ts';
import { freePort, pause } from '../server/harness/server-process.ts';

const root = path.resolve(import.meta.dirname, '..');
const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const WORKERS = Number(process.env.SOAK_WORKERS ?? 20);
const SNAPSHOT = process.env.SOAK_SNAPSHOT === '1';
/** A comma-separated list of task names: only those run (to find which work holds memory). */
const ONLY = process.env.SOAK_TASKS?.split(',').map((t) => t.trim());
const METRICS_TOKEN = 'bench-day-metrics-token-0123456789';
const OWNER = { email: 'owner@bench.example', password: 'owner-bench-2026' };
const SHOP = { email: 'boutique@demo.example', password: 'boutique2026' };

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-day-'));
const server = spawn(
  process.execPath,
  [...NODE_FLAGS, ...(SNAPSHOT ? ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${dataDir}`] : []), 'server/dist/main.js'],
  {
    cwd: root,
    env: {
      ...process.env,
      ...MALLOC_ENV,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      LOG_LEVEL: 'error',
      SEED: 'demo',
      DATABASE_URL: '',
      REDIS_URL: '',
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
      LOGIN_MAX_PER_IP: '100000',
      FORMS_MAX_PER_IP: '100000',
      METRICS_TOKEN,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);
process.on('exit', () => server.kill('SIGTERM'));
const status = () => fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(status())![1]) / 1024;

for (let i = 0; ; i += 1) {
  if (i > 1200) throw new Error('the server did not start');
  try {
    if ((await fetch(`${base}/api/health`)).ok) break;
  } catch {
    /* not up yet */
  }
  await pause(250);
}

async function call(method: string, url: string, token: string | null, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
  const init: RequestInit = { method, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
  }
  return fetch(base + url, init);
}
async function signIn(who: { email: string; password: string }): Promise<string> {
  const res = await call('POST', '/api/auth/login', null, who);
  const body = (await res.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`sign-in of ${who.email}: ${res.status}`);
  return body.access_token;
}
const owner = await signIn(OWNER);
const shop = await signIn(SHOP);
// The demo shop has two doors: each order names the first, as the portal asks its buyer to (issue 46).
const doorId = ((await (await call('GET', '/api/account/doors', shop)).json()) as { data: Array<{ id: number }> }).data[0]?.id;
const products = (await (await call('GET', '/api/products?lang=fr', null)).json()) as Array<{ id: number }>;
const tradeProducts = (await (await call('GET', '/api/admin/products', owner)).json()) as Array<{
  id: number;
  reference: string | null;
  variants: Array<{ id: number; sizes: string[]; translations: Array<{ locale: string; colorName: string }> }>;
}>;
const posts = (await (await call('GET', '/api/blog?lang=fr', null)).json()) as Array<{ posts: Array<{ slug: string }> }>;
const slugs = posts.flatMap((s) => s.posts.map((p) => p.slug));

// Photographs as the owner's phone makes them (12 MP), each of different bytes.
const photos = await Promise.all(
  Array.from({ length: 6 }, async (_, seed) => {
    const [width, height] = [3000, 4000];
    const grain = await sharp({ create: { width, height, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 30 } } })
      .blur(0.8)
      .png({ compressionLevel: 0 })
      .toBuffer();
    const scene = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#d9c3a0"/><ellipse cx="${1300 + seed * 90}" cy="2000" rx="800" ry="1500" fill="#b5573a"/></svg>`,
    );
    return sharp(scene)
      .composite([{ input: grain, blend: 'overlay' }])
      .jpeg({ quality: 90 })
      .toBuffer();
  }),
);

const PAGES = [
  '/?lang=fr',
  '/?lang=en',
  '/collection?lang=fr',
  '/story?lang=fr',
  '/faq?lang=en',
  '/retailers?lang=fr',
  '/blog?lang=fr',
  '/contact?lang=fr',
  ...products.map((p) => `/collection/${p.id}?lang=fr`),
  ...products.map((p) => `/collection/${p.id}?lang=en`),
  ...slugs.map((s) => `/blog/${s}?lang=fr`),
];
const API = ['/api/products?lang=fr', '/api/products?lang=en', '/api/blog?lang=fr', ...products.map((p) => `/api/products/${p.id}?lang=fr`)];
const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)]!;

const counts: Record<string, number> = {};
const errors: string[] = [];
async function expectOk(task: string, res: Response): Promise<Response> {
  if (res.status >= 400) errors.push(`${task}: ${res.status} ${(await res.text()).slice(0, 200)}`);
  else await res.arrayBuffer();
  return res;
}

/** One retailer's draft at a time: orders are made one after the other (their flows overlap the rest). */
let orderChain: Promise<unknown> = Promise.resolve();
let orderSeq = 0;
async function orderFlow(): Promise<void> {
  // As the grid does: what each size offers today decides the line (in stock now, or pre-ordered).
  const style = pick(tradeProducts.filter((p) => p.variants.length));
  const offer = (await (await call('GET', `/api/wholesale/availability/${style.id}?lang=fr`, shop)).json()) as {
    variants: Array<{ variantId: number; sizes: Array<{ size: string; state: string; available: number | null; delivery: { id: number } | null }> }>;
  };
  const lines = offer.variants.flatMap((v) =>
    v.sizes.flatMap((a) =>
      a.state === 'inStock' && (a.available ?? 0) >= 4
        ? [{ variantId: v.variantId, size: a.size, quantity: 4, mode: 'atOnce' as const }]
        : a.state === 'preBook'
          ? [{ variantId: v.variantId, size: a.size, quantity: 4, mode: 'preBook' as const, deliveryId: a.delivery?.id ?? null }]
          : [],
    ),
  );
  if (lines.length < 3) return;
  const draft = await call('PUT', '/api/orders/draft?lang=fr', shop, { lines });
  if (draft.status !== 200) return void errors.push(`draft: ${draft.status} ${(await draft.text()).slice(0, 200)}`);
  const sent = await call('POST', '/api/orders/draft/submit?lang=fr', shop, doorId === undefined ? {} : { doorId }, {
    'idempotency-key': `day-${process.pid}-${(orderSeq += 1)}`,
  });
  if (sent.status !== 201) return void errors.push(`submit: ${sent.status} ${(await sent.text()).slice(0, 200)}`);
  const made = (await sent.json()) as { orders: Array<{ id: number; review?: { state: string } | null }> };
  for (const order of made.orders) {
    // An order held by credit control (issue 47: a shop owing an invoice long overdue) waits for the owner, who accepts it.
    if (order.review?.state === 'pending')
      await expectOk('review', await call('POST', `/api/admin/orders/${order.id}/review?lang=fr`, owner, { decision: 'accept' }));
    await expectOk('confirm', await call('POST', `/api/admin/orders/${order.id}/confirm?lang=fr`, owner, { shipDate: new Date().toISOString().slice(0, 10) }));
    const shipped = await call('POST', `/api/admin/orders/${order.id}/ship?lang=fr`, owner, { carrier: 'Colissimo', tracking: `6A${orderSeq}`, shipping: 9.5 });
    if (shipped.status !== 200) {
      errors.push(`ship: ${shipped.status} ${(await shipped.text()).slice(0, 200)}`);
      continue;
    }
    const invoice = ((await shipped.json()) as { invoice: { id: number } | null }).invoice;
    if (!invoice) continue;
    await expectOk('invoice pdf', await call('GET', `/api/invoices/${invoice.id}.pdf`, shop));
    if (orderSeq % 2 === 0)
      await expectOk(
        'credit note',
        await call('POST', `/api/admin/invoices/${invoice.id}/credit-notes?lang=fr`, owner, { amount: 5, reason: 'Geste commercial' }),
      );
    counts.invoices = (counts.invoices ?? 0) + 1;
  }
}

const TASKS: Array<[name: string, weight: number, run: () => Promise<unknown>]> = [
  ['page', 50, async () => expectOk('page', await call('GET', pick(PAGES), null))],
  ['api read', 20, async () => expectOk('api read', await call('GET', pick(API), null))],
  ['trade read', 6, async () => expectOk('trade read', await call('GET', `/api/wholesale/availability/${pick(products).id}?lang=fr`, shop))],
  [
    'upload',
    3,
    async () => {
      const form = new FormData();
      form.append('image', new Blob([pick(photos)], { type: 'image/jpeg' }), 'photo.jpg');
      return expectOk('upload', await call('POST', '/api/admin/uploads', owner, form));
    },
  ],
  ['line sheet', 3, async () => expectOk('line sheet', await call('GET', `/api/wholesale/linesheet.pdf?lang=${pick(['fr', 'en'])}`, shop))],
  [
    'orders',
    4,
    () => {
      orderChain = orderChain.then(orderFlow, orderFlow);
      return orderChain;
    },
  ],
  [
    'stock import',
    2,
    async () => {
      const style = pick(tradeProducts.filter((p) => p.reference && p.variants.length));
      const variant = style.variants[0]!;
      const colour = variant.translations.find((t) => t.locale === 'fr')!.colorName;
      const csv = `Référence;Coloris;Taille;En stock\n${variant.sizes.map((size) => `${style.reference};${colour};${size};${20 + Math.floor(Math.random() * 30)}`).join('\n')}\n`;
      await expectOk('stock preview', await call('POST', '/api/admin/stock/import?lang=fr', owner, { csv }));
      return expectOk('stock import', await call('POST', '/api/admin/stock/import?lang=fr', owner, { csv, confirm: true }));
    },
  ],
  ['cut sheet', 3, async () => expectOk('cut sheet', await call('GET', '/api/admin/production?lang=fr', owner))],
  ['cut sheet pdf', 2, async () => expectOk('cut sheet pdf', await call('GET', '/api/admin/production.pdf?lang=fr', owner))],
  ['sales', 3, async () => expectOk('sales', await call('GET', '/api/admin/sales?lang=fr', owner))],
  [
    'owner lists',
    3,
    async () =>
      expectOk(
        'owner lists',
        await call('GET', pick(['/api/admin/orders?lang=fr', '/api/admin/invoices?lang=fr', '/api/admin/stock?lang=fr', '/api/admin/products']), owner),
      ),
  ],
  [
    'invoices zip',
    1,
    async () =>
      expectOk(
        'invoices zip',
        await call('GET', `/api/admin/invoices.zip?from=${new Date().getFullYear()}-01-01&to=${new Date().toISOString().slice(0, 10)}`, owner),
      ),
  ],
];
const RUNNING = ONLY ? TASKS.filter(([name]) => ONLY.includes(name)) : TASKS;
const totalWeight = RUNNING.reduce((n, [, w]) => n + w, 0);
function chooseTask(): (typeof TASKS)[number] {
  let r = Math.random() * totalWeight;
  for (const task of RUNNING) if ((r -= task[1]) < 0) return task;
  return RUNNING[0]!;
}

/** Where the resident memory is, from /proc/<pid>/smaps: the brk heap (glibc's main arena), other anonymous mappings (V8's heap, thread arenas, large buffers), files (code). */
function residentByKind(): Record<string, number> {
  const kinds: Record<string, number> = { brkHeap: 0, anonymous: 0, files: 0, stacksAndOther: 0 };
  let kind = 'anonymous';
  for (const line of fs.readFileSync(`/proc/${server.pid}/smaps`, 'utf8').split('\n')) {
    const header = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (header) {
      const name = header[1]!.trim();
      kind = name === '[heap]' ? 'brkHeap' : name === '' ? 'anonymous' : name.startsWith('/') ? 'files' : 'stacksAndOther';
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) kinds[kind]! += Number(rss[1]);
  }
  return Object.fromEntries(Object.entries(kinds).map(([k, kb]) => [k, Math.round(kb / 1024)]));
}

/** V8's heap and the memory it counts outside it (Buffers, ArrayBuffers), from the server's own metrics. */
async function heap(): Promise<{ heapUsedMb: number; heapTotalMb: number; externalMb: number }> {
  const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const value = (name: string) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+]+)$`, 'm').exec(text)?.[1] ?? NaN) / 2 ** 20;
  return {
    heapUsedMb: Math.round(value('nodejs_heap_size_used_bytes')),
    heapTotalMb: Math.round(value('nodejs_heap_size_total_bytes')),
    externalMb: Math.round(value('nodejs_external_memory_bytes')),
  };
}

await pause(5000);
const restBeforeMb = rssMb();
if (SNAPSHOT) server.kill('SIGUSR2');

// The work runs a minute at a time; between two minutes the workers finish what they are doing and,
// two seconds later, the resident memory is read with nothing in flight: what the instance *keeps*.
// (Samples during the work swing by 100 MB and more with each pair of uploads being decoded.)
const samples: Array<{ s: number; mb: number }> = [];
const settled: Array<{ s: number; mb: number }> = [];
const detail: Array<Record<string, number>> = [];
let worked = 0;
const sampler = setInterval(() => samples.push({ s: worked + (Date.now() - minuteStarted) / 1000, mb: rssMb() }), 5000);
let minuteStarted = Date.now();
while (worked < SECONDS) {
  const span = Math.min(60, SECONDS - worked);
  minuteStarted = Date.now();
  const until = minuteStarted + span * 1000;
  await Promise.all(
    Array.from({ length: WORKERS }, async () => {
      while (Date.now() < until) {
        const [name, , run] = chooseTask();
        try {
          await run();
        } catch (error) {
          errors.push(`${name}: ${(error as Error).message}`);
        }
        counts[name] = (counts[name] ?? 0) + 1;
      }
    }),
  );
  await orderChain;
  worked += span;
  await pause(2000);
  const mb = rssMb();
  settled.push({ s: worked, mb });
  // Where it is, to tell a trend from the swing of one part (the brk heap, V8's pages, buffers).
  detail.push({ s: worked, mb: Math.round(mb), ...residentByKind(), ...(await heap()) });
}
clearInterval(sampler);
const endMb = settled.at(-1)!.mb;
// One as the last minute's reading saw the instance, one at rest (Chrome's Comparison view tells them apart).
if (SNAPSHOT) server.kill('SIGUSR2');
await pause(15_000);
const restAfterMb = rssMb();
const heapAfter = await heap();
const residentAfter = residentByKind();
const peakMb = Number(/VmHWM:\s+(\d+)/.exec(status())![1]) / 1024;
if (SNAPSHOT) {
  server.kill('SIGUSR2');
  await pause(5000);
}

// Growth over the last half: the least-squares slope (MB per minute) of the settled readings of its minutes.
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
function slopePerMinute(points: Array<{ s: number; mb: number }>): number {
  if (points.length < 2) return 0;
  const [mx, my] = [mean(points.map((p) => p.s)), mean(points.map((p) => p.mb))];
  return (
    (points.reduce((n, p) => n + (p.s - mx) * (p.mb - my), 0) /
      Math.max(
        1e-9,
        points.reduce((n, p) => n + (p.s - mx) ** 2, 0),
      )) *
    60
  );
}
const lastHalf = settled.filter((p) => p.s >= SECONDS / 2);
const settledSlope = slopePerMinute(lastHalf);
const round = (n: number) => Math.round(n * 10) / 10;
const result = {
  seconds: SECONDS,
  workers: WORKERS,
  tasks: Object.values(counts).reduce((a, b) => a + b, 0) - (counts.invoices ?? 0),
  counts,
  errors: errors.length,
  firstErrors: errors.slice(0, 5),
  restBeforeMb: round(restBeforeMb),
  endMb: round(endMb),
  restAfterMb: round(restAfterMb),
  heapAfter,
  residentAfter,
  peakMb: round(peakMb),
  settledMb: settled.map((p) => Math.round(p.mb)),
  settledDetail: detail,
  lastHalfSlopeMbPerMin: round(settledSlope),
  lastHalfGrowthMb: round((settledSlope * SECONDS) / 120),
  samples: samples.map((p) => Math.round(p.mb)),
  ...(SNAPSHOT
    ? {
        snapshots: fs
          .readdirSync(dataDir)
          .filter((f) => f.endsWith('.heapsnapshot'))
          .map((f) => path.join(dataDir, f)),
      }
    : {}),
};
server.kill('SIGTERM');
if (!SNAPSHOT) fs.rmSync(dataDir, { recursive: true, force: true });
console.log(JSON.stringify(result));
process.exit(0);
