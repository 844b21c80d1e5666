// Money in (issue 59): a camt.053 statement of 5,000 lines imported and matched — transfers naming the open
// invoices they pay, transfers from shops known by name for exactly what they owe, strangers' transfers and
// the account's own debits — then the reconciliation screen's first page, through the API in process. On the
// ten years of `npm run seed:scale` when DATA_DIR holds them (a copy, for SQLite; PostgreSQL when DATABASE_URL
// is set). Budget: the import ≤ 5 s. Prints one JSON line and writes bench/results/bank-<dialect>.md.
// `DATA_DIR=/tmp/scale-data node bench/bank.ts`
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/src/app.ts';
import { dueOf, readInvoices } from '../server/src/read-models/invoices.ts';
import { readCompanyDetails } from '../server/src/read-models/companies.ts';
import { camtStatement, type CamtEntry } from '../server/test/bank-files.ts';
import { fileForm } from '../server/test/helpers.ts';
import { benchServices } from './scale-copy.ts';

const LINES = 5000;
const BUDGET = { importMs: 5000, pageMs: 500 };
const stamp = String(Date.now()).slice(-6);
const { dialect, db, services, admin, done } = await benchServices('bank');

// The open invoices in euros, and their shops' names.
const open = await db
  .selectFrom(readInvoices().as('i'))
  .leftJoin(readCompanyDetails().as('c'), 'c.user_id', 'i.user_id')
  .select(['i.id', 'i.number', 'i.user_id', 'c.company_name', dueOf('i').as('due')])
  .where('i.type', '=', 'invoice')
  .where('i.currency', '=', 'EUR')
  .where(dueOf('i'), '>', 0)
  .orderBy('i.id')
  .limit(LINES)
  .execute();
const byNumber = open.slice(0, Math.floor(open.length * 0.7));
// By payer: a shop's invoice whose amount no other open invoice of the shop has.
const seen = new Map<string, number>();
for (const i of open) seen.set(`${i.user_id}:${i.due}`, (seen.get(`${i.user_id}:${i.due}`) ?? 0) + 1);
const byPayer = open.slice(byNumber.length).filter((i) => i.company_name && seen.get(`${i.user_id}:${i.due}`) === 1);
const day = new Date().toISOString().slice(0, 10);
const entries: CamtEntry[] = [
  ...byNumber.map((i, n) => ({
    ref: `BN${stamp}-${n}`,
    date: day,
    amount: Number(i.due) / 100,
    credit: true,
    payer: `Payer ${n}`,
    text: `Facture ${i.number}`,
  })),
  ...byPayer.map((i, n) => ({ ref: `BP${stamp}-${n}`, date: day, amount: Number(i.due) / 100, credit: true, payer: i.company_name!, text: 'Virement' })),
];
let n = 0;
while (entries.length < LINES) {
  n += 1;
  entries.push(
    n % 3 === 0
      ? { ref: `BD${stamp}-${n}`, date: day, amount: 10 + (n % 500), credit: false, payer: 'Fournisseur', text: `Prélèvement ${n}` }
      : { ref: `BU${stamp}-${n}`, date: day, amount: 5 + (n % 900), credit: true, payer: `Inconnu ${n}`, text: 'Remboursement' },
  );
}
const xml = camtStatement({ id: `BENCH-${stamp}`, entries });

const app = await buildApp({ services, logger: false });
await app.ready();
const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: admin });
const headers = { authorization: `Bearer ${login.json<{ access_token: string }>().access_token}` };
const form = fileForm(Buffer.from(xml), 'bench.xml', 'application/xml', 'file');
const t0 = performance.now();
const imported = await app.inject({ method: 'POST', url: '/api/admin/bank/statements', payload: form.payload, headers: { ...headers, ...form.headers } });
const importMs = performance.now() - t0;
if (imported.statusCode !== 201) throw new Error(`import: ${imported.statusCode} ${imported.body.slice(0, 300)}`);
const result = imported.json<{ entries: number; matched: number; unmatched: number; payments: unknown[] }>();
const pages: number[] = [];
for (let r = 0; r < 3; r += 1) {
  const p0 = performance.now();
  const page = await app.inject({ method: 'GET', url: '/api/admin/bank/entries?status=unmatched', headers });
  if (page.statusCode !== 200) throw new Error(`entries: ${page.statusCode}`);
  pages.push(performance.now() - p0);
}
const orders = Number(
  (
    await db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n,
);
await app.close();
await done();

const summary = {
  dialect,
  history: orders > 0 ? `seed:scale (${orders} orders, ${open.length} open invoices read)` : 'empty database',
  lines: result.entries,
  fileKb: Math.round(xml.length / 1024),
  matched: result.matched,
  payments: result.payments.length,
  unmatched: result.unmatched,
  importMs: Math.round(importMs),
  firstPageMs: Math.round(Math.max(...pages)),
  budget: BUDGET,
  withinBudget: importMs <= BUDGET.importMs && Math.max(...pages) <= BUDGET.pageMs,
};
console.log(JSON.stringify(summary));
fs.writeFileSync(
  path.resolve(import.meta.dirname, `results/bank-${dialect}.md`),
  [
    `# Bank statement bench (${dialect}, ${summary.history})`,
    '',
    `A camt.053.001.02 of ${summary.lines} lines (${summary.fileKb} KB): ${byNumber.length} transfers naming their invoice, ${byPayer.length} from shops known by name, the rest strangers' credits and the account's debits.`,
    '',
    '| What | Measured | Budget |',
    '|---|---|---|',
    `| Import: XSD, matching, ${summary.payments} payments recorded, ${summary.unmatched} lines left to match (one transaction) | ${summary.importMs} ms | ${BUDGET.importMs} ms |`,
    `| The reconciliation screen's first page (50 lines with their suggestions, slowest of 3) | ${summary.firstPageMs} ms | ${BUDGET.pageMs} ms |`,
    '',
    `\`DATA_DIR=/tmp/scale-data node bench/bank.ts\` on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${new Date().toISOString().slice(0, 10)}.`,
    '',
  ].join('\n'),
);
