import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../server/src/config.ts';
import { migrate, openDatabase } from '../server/src/db/index.ts';
import { createServices } from '../server/src/services.ts';

/**
 * The services of a bench on the ten years of `npm run seed:scale` when DATA_DIR holds them (a copy, for SQLite,
 * so the bench never changes them; PostgreSQL when DATABASE_URL is set), else on an empty database; with an owner.
 */
export async function benchServices(name: string) {
  const dialect = process.env.DATABASE_URL ? ('postgres' as const) : ('sqlite' as const);
  const source = process.env.DATA_DIR ? path.resolve(process.env.DATA_DIR) : null;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-${name}-`));
  if (dialect === 'sqlite' && source !== null && fs.existsSync(path.join(source, 'site.db')))
    fs.copyFileSync(path.join(source, 'site.db'), path.join(dataDir, 'site.db'));
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED: 'none' });
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, sqliteFile: path.join(dataDir, 'site.db') });
  await migrate(database);
  const services = createServices(config, database, pino({ level: 'silent' }));
  const admin = { email: `${name}-${String(Date.now()).slice(-6)}@bench.example`, password: 'bench-owner-2026' };
  await services.users.create({ email: admin.email, role: 'admin', password: admin.password });
  const done = async () => {
    await services.events.stop();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { dialect, database, db: database.db, services, admin, done };
}
