import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from '/work/main/server/src/app.ts';
import { loadConfig } from '/work/main/server/src/config.ts';
import { openDatabase } from '/work/main/server/src/db/index.ts';
import { createServices } from '/work/main/server/src/services.ts';
import BetterSqlite3 from 'better-sqlite3';

const times = new Map<string, { n: number; ms: number }>();
const orig = BetterSqlite3.prototype.prepare;
BetterSqlite3.prototype.prepare = function (source: string) {
  const st = orig.call(this, source);
  for (const m of ['all', 'get', 'run'] as const) {
    const f = (st as any)[m].bind(st);
    (st as any)[m] = (...a: unknown[]) => { const t = performance.now(); try { return f(...a); } finally { const e = times.get(source) ?? { n: 0, ms: 0 }; e.n++; e.ms += performance.now() - t; times.set(source, e); } };
  }
  return st;
};
const dir = '/tmp/scale-copy2'; fs.mkdirSync(dir, { recursive: true }); fs.copyFileSync('/tmp/scale-data/site.db', path.join(dir, 'site.db'));
const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', SEED: 'none' });
const database = await openDatabase({ sqliteFile: path.join(dir, 'site.db') });
const services = createServices(config, database, pino({ level: 'silent' }));
const app = await buildApp({ services, logger: false });
await app.ready();
const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'shop001@scale.example', password: 'scale-shop-2026' } });
const headers = { authorization: `Bearer ${login.json().access_token}` };
const oid = (await app.inject({ method: 'GET', url: '/api/orders?limit=1', headers })).json().data[0].id;
const urls = (process.argv[2] ?? '/api/orders/ORDER').split(',').map((u) => u.replace('ORDER', String(oid)));
for (let i = 0; i < 5; i++) for (const url of urls) await app.inject({ method: 'GET', url, headers });
times.clear();
const N = Number(process.env.N ?? 50); const t0 = performance.now();
for (let i = 0; i < N; i++) for (const url of urls) { const r = await app.inject({ method: 'GET', url, headers }); if (r.statusCode !== 200) throw new Error(url + r.statusCode); }
const total = (performance.now() - t0) / N;
const sqlMs = [...times.values()].reduce((s, e) => s + e.ms, 0) / N;
console.log(`per round ${total.toFixed(2)} ms, of it SQL ${sqlMs.toFixed(2)} ms, ${[...times.values()].reduce((s, e) => s + e.n, 0) / N} statements`);
for (const [sql, e] of [...times].sort((a, b) => b[1].ms - a[1].ms).slice(0, 12)) console.log((e.ms / N).toFixed(3).padStart(8), 'ms', String(e.n / N).padStart(4), 'x ', sql.replace(/\s+/g, ' ').slice(0, 260));
await app.close(); await database.close();
