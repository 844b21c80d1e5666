// `DATA_DIR=<seed:scale> node bench/sql-time.ts "/api/orders/ORDER,/api/orders?limit=20"` (issue 61): where an API
// call's time goes on the ten years — each call made N times in process as shop001 (ORDER: its newest order),
// the time per round, how much of it SQLite spent, and the statements that cost most. A diagnosis, not a budget.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pino from 'pino';
import { buildApp } from '../server/src/app.ts';
import { SCALE_SHOP_PASSWORD } from '../server/src/cli/scale/history.ts';
import { loadConfig } from '../server/src/config.ts';
import { openDatabase } from '../server/src/db/index.ts';
import { createServices } from '../server/src/services.ts';

type Timed = { n: number; ms: number };
const times = new Map<string, Timed>();
const prepare = BetterSqlite3.prototype.prepare;
BetterSqlite3.prototype.prepare = function timedPrepare(this: BetterSqlite3.Database, source: string) {
  const statement = prepare.call(this, source);
  for (const method of ['all', 'get', 'run'] as const) {
    const run = (statement[method] as (...args: unknown[]) => unknown).bind(statement);
    (statement as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      const started = performance.now();
      try {
        return run(...args);
      } finally {
        const entry = times.get(source) ?? { n: 0, ms: 0 };
        entry.n += 1;
        entry.ms += performance.now() - started;
        times.set(source, entry);
      }
    };
  }
  return statement;
} as typeof prepare;

const source = path.resolve(process.env.DATA_DIR ?? 'data');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-sql-time-'));
fs.copyFileSync(path.join(source, 'site.db'), path.join(dir, 'site.db'));
const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', SEED: 'none' });
const database = await openDatabase({ sqliteFile: path.join(dir, 'site.db') });
const app = await buildApp({ services: createServices(config, database, pino({ level: 'silent' })), logger: false });
await app.ready();
const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'shop001@scale.example', password: SCALE_SHOP_PASSWORD } });
const headers = { authorization: `Bearer ${login.json<{ access_token: string }>().access_token}` };
const order = (await app.inject({ method: 'GET', url: '/api/orders?limit=1', headers })).json<{ data: Array<{ id: number }> }>().data[0]!.id;
const urls = (process.argv[2] ?? '/api/orders/ORDER').split(',').map((u) => u.replace('ORDER', String(order)));
const ROUNDS = Number(process.env.N ?? 50);
const round = async () => {
  for (const url of urls) {
    const res = await app.inject({ method: 'GET', url, headers });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
  }
};
for (let i = 0; i < 5; i += 1) await round();
times.clear();
const started = performance.now();
for (let i = 0; i < ROUNDS; i += 1) await round();
const all = [...times.values()];
const per = (ms: number) => (ms / ROUNDS).toFixed(2);
console.log(
  `${urls.join(', ')}: ${per(performance.now() - started)} ms a round, ${per(all.reduce((s, e) => s + e.ms, 0))} ms of it in SQLite, ${all.reduce((s, e) => s + e.n, 0) / ROUNDS} statements`,
);
for (const [sql, e] of [...times].sort((a, b) => b[1].ms - a[1].ms).slice(0, 12))
  console.log(`${per(e.ms).padStart(7)} ms ${String(e.n / ROUNDS).padStart(4)}×  ${sql.replace(/\s+/g, ' ').slice(0, 200)}`);
await app.close();
await database.close();
fs.rmSync(dir, { recursive: true, force: true });
