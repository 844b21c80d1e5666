// The site as the end-to-end tests see it: a fresh SQLite database in e2e/.tmp,
// demo content, known accounts, mail written as .eml files.
import fs from 'node:fs';
import path from 'node:path';
import { migrate, openDatabase } from '../server/src/db/index.ts';
import pino from 'pino';
import { seedDemo } from '../server/src/cli/seed.ts';
import { loadConfig } from '../server/src/config.ts';
import { createServices } from '../server/src/services.ts';
import { HISTORY_SHOP, seedArchiveStyles, seedOrderHistory } from './seed-history.ts';
import { ACCOUNTS, AXE_CLEAN_DIR, E2E_DATA_DIR, E2E_PORT, SERVER_LOG } from './env.ts';

fs.rmSync(E2E_DATA_DIR, { recursive: true, force: true });
fs.rmSync(AXE_CLEAN_DIR, { recursive: true, force: true });
fs.mkdirSync(E2E_DATA_DIR, { recursive: true });

// Everything the server logs during the run is also kept in a file, which the global teardown
// reads: no password, token or reset link may appear in it.
const logFile = fs.openSync(SERVER_LOG, 'w');
const write = process.stdout.write.bind(process.stdout);
process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
  fs.writeSync(logFile, typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return (write as (...a: unknown[]) => boolean)(chunk, ...rest);
}) as typeof process.stdout.write;

// The accounts and the demo content exist before the server answers its health check.
const database = await openDatabase({ sqliteFile: path.join(E2E_DATA_DIR, 'site.db') });
await migrate(database);
const services = createServices(loadConfig({ DATA_DIR: E2E_DATA_DIR, LOG_LEVEL: 'silent' }), database, pino({ level: 'silent' }));
for (const account of Object.values(ACCOUNTS)) {
  await services.users.create({ email: account.email, role: account.role, password: account.password });
}
await seedDemo(services);
await seedOrderHistory(database.db, (await services.users.create({ email: HISTORY_SHOP.email, role: 'retailer', password: null })).id);
await seedArchiveStyles(database.db);
await database.close();

// The server itself is the one `npm start` runs: server/dist (built by `npm run build`, which the e2e
// command runs first), with the built site mounted. The seed above may use the sources: it only writes rows.
const { start } = (await import(new URL('../server/dist/main.js', import.meta.url).href)) as typeof import('../server/src/main.ts');
const { stop } = await start(
  {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(E2E_PORT),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
    DATA_DIR: E2E_DATA_DIR,
    DATABASE_URL: '',
    SEED: 'none',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'info',
    // Every e2e sign-in comes from 127.0.0.1: the per-IP limit is tested in the API tests.
    LOGIN_MAX_PER_IP: '100000',
    FORMS_MAX_PER_IP: '100000',
    // The webhook test's receiver listens on 127.0.0.1 with the test certificate.
    OUTBOUND_ALLOW_LOOPBACK: 'true',
    OUTBOUND_CA_FILE: path.resolve(import.meta.dirname, '../server/test/tls/localhost.crt'),
  },
  'production',
);
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void stop().then(() => process.exit(0)));
