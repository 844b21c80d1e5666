// Pages while the owner edits: autocannon on / for BENCH_SECONDS while an admin save lands every
// second (the home texts, saved as they are: each save is a content change). Reads the server's
// own counters (/metrics) for how many responses waited on a React render. Starts its own built
// server on the demo content; prints one JSON line (read by bench/run.mjs).
// `node bench/edits.mjs`
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { MALLOC_ENV, NODE_FLAGS } from '../server/src/runtime/node-flags.ts';

const root = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.BENCH_EDITS_PORT ?? 4330);
const BASE = `http://127.0.0.1:${PORT}`;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const TOKEN = 'bench-metrics-token-000000';
const ADMIN = { email: 'owner@bench.example', password: 'bench-owner-2026' };

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-edits-'));
const server = spawn(process.execPath, [...NODE_FLAGS, 'server/dist/main.js'], {
  cwd: root,
  env: {
    ...process.env,
    ...MALLOC_ENV,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: BASE,
    LOG_LEVEL: 'error',
    DATABASE_URL: '',
    SEED: 'demo',
    METRICS_TOKEN: TOKEN,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
process.on('exit', () => {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

for (let i = 0; ; i += 1) {
  try {
    if ((await fetch(`${BASE}/api/health`)).ok) break;
  } catch {
    // not up yet
  }
  if (i > 480) throw new Error('server did not start');
  await new Promise((r) => setTimeout(r, 250));
}

const pageCounts = async () => {
  const text = await (await fetch(`${BASE}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
  const read = (result) => Number(new RegExp(`^page_cache_requests_total\\{result="${result}"\\} (\\d+)`, 'm').exec(text)?.[1] ?? 0);
  const renders = Number(/^page_renders_total (\d+)/m.exec(text)?.[1] ?? 0);
  return { hit: read('hit'), stale: read('stale'), miss: read('miss'), renders };
};

const login = await (
  await fetch(`${BASE}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) })
).json();
const auth = { authorization: `Bearer ${login.access_token}` };
let home = await (await fetch(`${BASE}/api/admin/pages/home`, { headers: auth })).json();

// Warm: the page and the other pages a visitor would have opened are in the cache.
for (const page of ['/', '/collection', '/story', '/blog', '/faq', '/retailers']) for (const lang of ['fr', 'en']) await fetch(`${BASE}${page}?lang=${lang}`);
await autocannon({ url: `${BASE}/?lang=fr`, connections: 50, duration: 2 });

const before = await pageCounts();
let saves = 0;
let failedSaves = 0;
const editing = setInterval(async () => {
  // The texts as they are, under the version last saved (the owner's editor does the same).
  const res = await fetch(`${BASE}/api/admin/pages/home`, {
    method: 'PUT',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ version: home.version, content: home.content }),
  });
  if (res.ok) {
    saves += 1;
    home = await res.json();
  } else {
    failedSaves += 1;
    await res.arrayBuffer();
  }
}, 1000);
const result = await autocannon({ url: `${BASE}/?lang=fr`, connections: 50, duration: DURATION });
clearInterval(editing);
const after = await pageCounts();

const served = after.hit + after.stale + after.miss - (before.hit + before.stale + before.miss);
const waited = after.miss - before.miss;
console.log(
  JSON.stringify({
    seconds: DURATION,
    saves,
    failedSaves,
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    served,
    stale: after.stale - before.stale,
    backgroundRenders: after.renders - before.renders - (after.miss - before.miss),
    waited,
    waitedShare: served > 0 ? Number((waited / served).toFixed(4)) : 1,
  }),
);
process.exit(0);
