/**
 * npm run soak: the long checks of the hardening battery.
 *  1. Crash safety with 500 SIGKILLs on SQLite and on PostgreSQL (when DATABASE_URL is set).
 *  2. Load: 100 connections for 60 s each on /, a product page, /blog and GET /api/products
 *     against the built site with the demo content: 0 errors or timeouts, p99 within the bench
 *     budget, resident memory flat after warm-up.
 *
 *   node server/harness/soak.ts [--kills 500] [--seconds 60] [--skip crash|load]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import type { Dialect } from '../src/db/index.ts';
import { runCrashTest } from './crash.ts';
import { freePort, pause, spawnServer } from './server-process.ts';

const P99_BUDGET_MS = 50;
/** Memory may breathe with the garbage collector, not climb. */
const RSS_GROWTH_LIMIT = 0.2;

const { values } = parseArgs({ options: { kills: { type: 'string', default: '500' }, seconds: { type: 'string', default: '60' }, skip: { type: 'string' } } });
const kills = Number(values.kills);
const seconds = Number(values.seconds);
const skip = values.skip;
const failures: string[] = [];

if (skip !== 'crash') {
  const dialects: Dialect[] = process.env.DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
  console.log(`Crash safety: ${kills} kills on ${dialects.join(' and ')}…`);
  const reports = await Promise.all(dialects.map((dialect) => runCrashTest({ dialect, kills, log: (line) => console.log(`  ${line}`) })));
  for (const r of reports) {
    console.log(
      `  ${r.dialect}: ${r.kills} kills in ${r.seconds.toFixed(0)} s; ${r.acknowledged} acknowledged writes checked, ${r.interrupted} requests cut by a kill; ` +
        `${r.products} products, ${r.applications} applications (${r.accepted} accepted), ${r.mails} mails queued; problems: ${r.problems.length}`,
    );
    for (const p of r.problems.slice(0, 20)) failures.push(`crash ${r.dialect}: ${p}`);
  }
}

if (skip !== 'load') {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-soak-'));
  const server = spawnServer(base, {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: base,
    SEED: 'demo',
    LOG_LEVEL: 'error',
  });
  try {
    await server.ready(120_000);
    const products = (await (await fetch(`${base}/api/products?lang=fr`)).json()) as Array<{ id: number }>;
    const productId = products[0]!.id;
    const targets = ['/?lang=fr', `/collection/${productId}?lang=fr`, '/blog?lang=fr', '/api/products?lang=fr'];
    console.log(`Load: 100 connections × ${seconds} s on ${targets.join(', ')}; memory sampled every second.`);

    // Warm-up: every target once through the caches and the JIT.
    await autocannon({ url: base, connections: 100, duration: 10, requests: targets.map((p) => ({ method: 'GET', path: p })) });
    const warm = server.rssMb();
    const samples: number[] = [];
    const sampler = setInterval(() => samples.push(server.rssMb()), 1000);
    for (const target of targets) {
      const result = await autocannon({ url: base + target, connections: 100, duration: seconds, timeout: 10 });
      const errors = result.errors + result.timeouts + result.non2xx;
      const line = `${target}: ${result.requests.total} requests, ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, errors ${errors}, RSS ${server.rssMb().toFixed(0)} MB`;
      console.log(`  ${line}`);
      if (errors > 0) failures.push(`load ${target}: ${errors} errors or timeouts`);
      if (result.latency.p99 > P99_BUDGET_MS) failures.push(`load ${target}: p99 ${result.latency.p99} ms > ${P99_BUDGET_MS} ms`);
    }
    clearInterval(sampler);
    await pause(1000);
    const end = server.rssMb();
    const peak = Math.max(...samples);
    console.log(`  memory: ${warm.toFixed(0)} MB after warm-up, peak ${peak.toFixed(0)} MB, ${end.toFixed(0)} MB at the end`);
    if (end > warm * (1 + RSS_GROWTH_LIMIT)) failures.push(`memory grew from ${warm.toFixed(0)} MB to ${end.toFixed(0)} MB`);
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (failures.length > 0) {
  console.log(`\nSoak FAILED:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
  process.exit(1);
}
console.log('\nSoak passed.');
