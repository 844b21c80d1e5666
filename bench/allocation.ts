// Short production shared out (issue 58): a delivery window of 1,000 confirmed pre-orders (5 lines each, 10
// styles × 5 sizes), its production counted 40 % short, then the owner's proposal under each rule and its
// application, through the API in process. On the ten years of `npm run seed:scale` when DATA_DIR holds
// them (a copy, for SQLite; PostgreSQL when DATABASE_URL is set), else on an empty database.
// Budgets: the proposal ≤ 2 s, applying it ≤ 5 s. Prints one JSON line and writes bench/results/allocation-<dialect>.md.
// `DATA_DIR=/tmp/scale-data node bench/allocation.ts`
import fs from 'node:fs';
import path from 'node:path';
import { productInput, seasonInput, type AllocationProposal } from '@atelier/contract';
import { buildApp } from '../server/src/app.ts';
import { nowIso } from '../server/src/db/index.ts';
import { benchServices } from './scale-copy.ts';
import { benchStyle, seasonFixture } from '../server/test/fixtures.ts';
import { chunks } from '../server/src/lib/chunks.ts';

const ORDERS = 1000;
const LINES = 5;
const SHOPS = 200;
const SIZES = ['XS', 'S', 'M', 'L', 'XL'] as const;
const BUDGET = { proposalMs: 2000, applyMs: 5000 };
const stamp = String(Date.now()).slice(-6);
const { dialect, db, services, admin, done } = await benchServices('allocation');

// The window, its styles, and the shops that pre-ordered.
const season = await services.seasons.save(seasonInput.parse(seasonFixture(`AB${stamp}`, { close: 300, deliveries: [['Février', 320]] })), undefined, null);
const delivery = season.deliveries[0]!.id;
const variants: number[] = [];
for (let i = 0; i < 10; i += 1) {
  const style = productInput.parse({ ...benchStyle(i, ['Terracotta'], SIZES, 80 + i), reference: `ALLOC-${stamp}-${i}`, seasonIds: [season.id] });
  variants.push((await services.catalogue.save(style, 'fr', undefined, null))!.variants[0]!.id);
}
const shops: number[] = [];
for (let s = 0; s < SHOPS; s += 1)
  shops.push((await services.users.create({ email: `alloc-${stamp}-${s}@bench.example`, role: 'retailer', password: null })).id);

// A thousand confirmed pre-orders, written as the submit writes them (one a minute, in turn).
const demand = new Map<string, number>();
const start = Date.now() - ORDERS * 60_000;
let random = 42;
const next = (n: number) => {
  random = (random * 1103515245 + 12345) % 2 ** 31;
  return random % n;
};
for (const batch of chunks(
  Array.from({ length: ORDERS }, (_, i) => i),
  100,
)) {
  await db.transaction().execute(async (trx) => {
    for (const i of batch) {
      const at = nowIso(new Date(start + i * 60_000));
      const lines = Array.from({ length: LINES }, (_, l) => ({
        variant: variants[(i + l * 3) % variants.length]!,
        size: SIZES[(i + l) % SIZES.length]!,
        quantity: 2 + next(5),
      }));
      const pieces = lines.reduce((sum, l) => sum + l.quantity, 0);
      const order = await trx
        .insertInto('orders')
        .values({
          number: `AB${stamp}-${String(i).padStart(4, '0')}`,
          company_id: shops[i % SHOPS]!,
          retailer_email: `alloc-${stamp}-${i % SHOPS}@bench.example`,
          locale: 'fr',
          status: 'confirmed',
          idempotency_key: `alloc-${stamp}-${i}`,
          note: null,
          company: JSON.stringify({ companyName: `Boutique ${i % SHOPS}` }),
          total_cents: pieces * 8000,
          pieces,
          ship_date: null,
          carrier: null,
          tracking: null,
          cancel_reason: null,
          created_at: at,
          updated_at: at,
          mode: 'preBook',
          season_id: season.id,
          delivery_id: delivery,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('order_lines')
        .values(
          lines.map((l, position) => ({
            order_id: order.id,
            position,
            variant_id: l.variant,
            product_id: null,
            product_title: '{"fr":"Style","en":"Style"}',
            color_name: '{"fr":"Terracotta","en":"Terracotta"}',
            color_code: null,
            reference: null,
            size: l.size,
            quantity: l.quantity,
            unit_price_cents: 8000,
          })),
        )
        .execute();
      for (const l of lines) demand.set(`${l.variant}:${l.size}`, (demand.get(`${l.variant}:${l.size}`) ?? 0) + l.quantity);
    }
  });
}
// The workshop delivers 60 % of what was asked, size by size.
await services.stock.save(
  [...demand.entries()].map(([key, asked]) => {
    const [variantId, size] = key.split(':');
    return { variantId: Number(variantId), size: size!, onHand: Math.floor(asked * 0.6) };
  }),
  null,
);

const app = await buildApp({ services, logger: false });
await app.ready();
const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: admin });
const headers = { authorization: `Bearer ${login.json<{ access_token: string }>().access_token}` };
const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
  const t0 = performance.now();
  const result = await work();
  return [result, performance.now() - t0];
};
const proposalMs: Record<string, number> = {};
let proposal: AllocationProposal | null = null;
for (const rule of ['arrival', 'proportion', 'priority']) {
  const runs: number[] = [];
  for (let r = 0; r < 3; r += 1) {
    const [res, ms] = await timed(() => app.inject({ method: 'GET', url: `/api/admin/allocations/proposal?delivery=${delivery}&rule=${rule}`, headers }));
    if (res.statusCode !== 200) throw new Error(`proposal: ${res.statusCode} ${res.body.slice(0, 200)}`);
    runs.push(ms);
    if (rule === 'proportion') proposal = res.json<AllocationProposal>();
  }
  proposalMs[rule] = Math.max(...runs);
}
const lines = proposal!.sizes.flatMap((s) => s.lines.map((l) => ({ lineId: l.lineId, quantity: l.gets })));
const [applied, applyMs] = await timed(() =>
  app.inject({
    method: 'POST',
    url: '/api/admin/allocations',
    headers,
    payload: { delivery, basis: proposal!.basis, rule: 'proportion', lines, rest: 'follow' },
  }),
);
if (applied.statusCode !== 201) throw new Error(`apply: ${applied.statusCode} ${applied.body.slice(0, 200)}`);
const [, mailsMs] = await timed(async () => {
  while ((await services.events.runOnce()) > 0);
});
const otherOrders =
  Number(
    (
      await db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ) - ORDERS;
await app.close();
await done();

const result = {
  dialect,
  history: otherOrders > 0 ? `seed:scale (${otherOrders} other orders)` : 'empty database',
  orders: ORDERS,
  lines: lines.length,
  asked: proposal!.asked,
  shelf: proposal!.shelf,
  proposalMs: Object.fromEntries(Object.entries(proposalMs).map(([k, v]) => [k, Math.round(v)])),
  applyMs: Math.round(applyMs),
  mailsAfterCommitMs: Math.round(mailsMs),
  budget: BUDGET,
  withinBudget: Math.max(...Object.values(proposalMs)) <= BUDGET.proposalMs && applyMs <= BUDGET.applyMs,
};
console.log(JSON.stringify(result));
const table = [
  `# Allocation bench (${dialect}, ${result.history})`,
  '',
  `${ORDERS} confirmed pre-orders of one delivery window, ${result.lines} lines asking ${result.asked} pieces; ${result.shelf} on the shelf.`,
  '',
  '| What | Measured | Budget |',
  '|---|---|---|',
  ...Object.entries(result.proposalMs).map(([rule, ms]) => `| Proposal, ${rule} (slowest of 3) | ${ms} ms | ${BUDGET.proposalMs} ms |`),
  `| Applying it (${result.lines} lines, one transaction) | ${result.applyMs} ms | ${BUDGET.applyMs} ms |`,
  `| The shops' mails after the commit (${ORDERS}) | ${result.mailsAfterCommitMs} ms | — |`,
  '',
  `Measured ${new Date().toISOString().slice(0, 10)} with \`${otherOrders > 0 ? 'DATA_DIR=/tmp/scale-data ' : ''}node bench/allocation.ts\`.`,
  '',
].join('\n');
fs.writeFileSync(path.join(import.meta.dirname, 'results', `allocation-${dialect}.md`), table);
if (!result.withinBudget) process.exitCode = 1;
