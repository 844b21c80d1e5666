import './production-env.ts';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import type { AppServices } from './app-services.ts';
import type { FastifyBaseLogger } from 'fastify';
import { migrate, openDatabase } from './db/index.ts';
import { createServices } from './services.ts';
import { brandFonts } from './lib/fonts.ts';
import { MALLOC_ENV } from './runtime/node-flags.ts';
import { collectAfterStart, collectWhenIdle } from './runtime/idle-collect.ts';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';

/** Seeds the demo content in a child process (its image memory leaves with it). */
function runSeed(env: Record<string, string | undefined>): Promise<void> {
  const script = fileURLToPath(new URL('./cli/seed.ts', import.meta.url));
  const child = spawn(process.execPath, [script], { env: { ...process.env, ...env }, stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the demo seed failed (exit code ${code})`))));
  });
}

/** Starts the whole site; returns a function that stops it cleanly. */
export async function start(env: Record<string, string | undefined> = process.env, web: 'production' | 'development' | 'none' = 'production') {
  let config;
  try {
    config = loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const log = pino({ level: config.LOG_LEVEL });
  // Started some other way than `npm start` or the operator's guide's unit: glibc keeps what images free (issue 32).
  const glibc =
    process.platform === 'linux' &&
    Boolean((process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined)?.header?.glibcVersionRuntime);
  const missing = Object.keys(MALLOC_ENV).filter((name) => !env[name] && !process.env[name]);
  if (glibc && missing.length)
    log.warn(
      { event: 'allocator_untuned', missing },
      `started without ${missing.join(', ')} (npm start sets them): resident memory may grow with image uploads`,
    );
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    sqliteFile: path.join(config.dataDir, 'site.db'),
    sqliteCacheMb: config.SQLITE_CACHE_MB,
  });
  const fresh = await migrate(database);
  const services = createServices(config, database, log);

  const admin = await services.users.ensureAdmin(config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
  if (admin?.generatedPassword) {
    // Printed once, on the console only: the password is not kept anywhere in clear.
    console.log(
      `\n  An administrator account was created.\n  E-mail:   ${admin.email}\n  Password: ${admin.generatedPassword}\n  Sign in at ${config.PUBLIC_URL}/login and change it on /account.\n`,
    );
  }
  if (config.SEED === 'demo' && fresh) {
    console.log('Preparing the demo content (first start only)…');
    await runSeed(env);
  }

  await services.platform.start();
  const app = await buildApp({ services, web: web === 'none' ? undefined : web });
  // What a burst of work left in buffers is given back once the instance falls quiet (needs --expose-gc).
  collectWhenIdle(app);
  services.events.start();
  services.mail.start();
  services.webhookWorker.start();
  services.approvedPlatformWorker.start();
  const stopPeriodic = startPeriodicWork(services, app.log, config);
  await app.listen({ port: config.PORT, host: config.HOST });
  // The brand's fonts for the PDFs (invoices, line sheet, cut sheet) are prepared once, in the
  // background: the first invoice a shipment issues does not wait ~0.4 s for them.
  void brandFonts().catch((err: unknown) => app.log.error({ err }, 'brand fonts failed to load'));
  // What starting left (modules compiled, migrations, fonts read) is given back once it has settled.
  collectAfterStart();

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    app.log.info('shutting down: finishing in-flight requests');
    stopPeriodic();
    await app.close();
    await services.events.stop();
    await services.mail.stop();
    await services.webhookWorker.stop();
    await services.approvedPlatformWorker.stop();
    await services.platform.close();
    await database.close();
  };
  return { app, services, stop };
}

/**
 * What the server does on its own, at start and then on a clock: the purges, reminders and lapsed changes
 * every 6 h, the waitlist offers past their time every minute. Returns what stops it.
 */
function startPeriodicWork(services: AppServices, log: FastifyBaseLogger, config: Config): () => void {
  // Contact messages are kept CONTACT_RETENTION_DAYS, then purged; overdue invoices get their
  // reminders (days 1 and 15, once each: several instances queue each mail once); order changes still
  // waiting on orders that can no longer change are refused (issue 57). At start and every 6 h.
  const purge = () =>
    Promise.all([
      services.privacy
        .purgeContactMessages(config.CONTACT_RETENTION_DAYS)
        .then((n) => n > 0 && log.info({ purged: n }, 'old contact messages purged'))
        .catch((err: unknown) => log.error({ err }, 'contact purge failed')),
      services.orders.changes
        .closeLapsed()
        .then((n) => n > 0 && log.info({ refused: n }, 'order changes refused: their orders can no longer change'))
        .catch((err: unknown) => log.error({ err }, 'closing lapsed order changes failed')),
      services.invoices
        .sendReminders()
        .then((n) => n > 0 && log.info({ reminders: n }, 'invoice reminders queued'))
        .catch((err: unknown) => log.error({ err }, 'invoice reminders failed')),
    ]);
  void purge();
  const purgeTimer = setInterval(purge, 6 * 60 * 60 * 1000);
  purgeTimer.unref();
  // Waitlist offers past their time are let go every minute: their pieces pass to the next shop (issue 58).
  const expireOffers = () =>
    services.waitlists
      .expireOffers()
      .then((n) => n > 0 && log.info({ expired: n }, 'waitlist offers let go: past their time'))
      .catch((err: unknown) => log.error({ err }, 'expiring waitlist offers failed'));
  void expireOffers();
  const offerTimer = setInterval(expireOffers, 60 * 1000);
  offerTimer.unref();
  return () => {
    clearInterval(purgeTimer);
    clearInterval(offerTimer);
  };
}

if (import.meta.main) {
  // WEB_MODE=none serves the API and uploads only (the crash and load scripts need no pages).
  const mode = process.env.WEB_MODE === 'development' ? 'development' : process.env.WEB_MODE === 'none' ? 'none' : 'production';
  const { stop } = await start(process.env, mode);
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      stop()
        .then(() => process.exit(0))
        .catch((err: unknown) => {
          console.error(err);
          process.exit(1);
        });
    });
  }
}
