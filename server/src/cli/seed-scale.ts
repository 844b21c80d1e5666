// `npm run seed:scale`: ten years of a label (issue 43), written into an empty database (SQLite in
// DATA_DIR, or PostgreSQL when DATABASE_URL is set): the demo content first (pages, journal, this year's
// seasons and orders), then, in the ten full years before, 20 seasons, 400 styles × 3 colours × 6 sizes,
// 300 shops, 25,000 orders (~400,000 lines) in every status, 10,000 invoices and 1,000 credit notes with
// their stored Factur-X PDFs, 8,000 payments, 50,000 activity entries and 5,000 webhook deliveries.
// SCALE=0.1 writes a tenth of it (the tests run it small). The bench and the budgets read this history.
import { errorText } from '../lib/http-errors.ts';
import path from 'node:path';
import pino from 'pino';
import { sql } from 'kysely';
import { invoicingSettingsInput, type InvoicingSettingsInput } from '@atelier/contract';
import { sampleLegalIdentity } from '../modules/seller/sample.ts';
import { loadConfig, publicBrand } from '../config.ts';
import { migrate, openDatabase, type DbHandle } from '../db/index.ts';
import type { Database } from '../db/schema.ts';
import { createServices } from '../services.ts';
import { seedDemo } from './seed.ts';
import { Ids, SCALE_SHOP_PASSWORD, writeOrders, writeSeasons, writeShops, writeStock, type Plan } from './scale/history.ts';
import { writeDocuments, writePayments } from './scale/documents.ts';
import { writeActivity, writeChanges, writeWebhooks } from './scale/extras.ts';
import { random } from './scale/words.ts';
import { readShippedAsShipments } from '../db/migrations/024-shipments.ts';

/** The tables whose ids seed:scale hands out itself (PostgreSQL's sequences are moved past them after). */
const TABLES: Array<keyof Database> = [
  'seasons',
  'season_deliveries',
  'products',
  'variants',
  'users',
  'retailer_applications',
  'orders',
  'order_lines',
  'order_events',
  'stock_movements',
  'invoices',
  'invoice_lines',
  'invoice_events',
  'invoice_payments',
  'activity_log',
  'webhook_endpoints',
  'webhook_events',
  'webhook_deliveries',
  'webhook_attempts',
  'order_changes',
  'order_change_items',
  'proposals',
  'proposal_lines',
];

export function planOf(scale: number, years: number[]): Plan {
  const n = (full: number, least: number) => Math.max(least, Math.round(full * scale));
  return {
    years,
    styles: n(400, years.length * 2),
    shops: n(300, 10),
    orders: n(25_000, 40),
    invoices: n(10_000, 10),
    creditNotes: n(1_000, 2),
    payments: n(8_000, 6),
    activity: n(50_000, 20),
    webhookDeliveries: n(5_000, 5),
  };
}

/** Writes the history into `database` (migrated, with no order yet); returns what it wrote. */
export async function seedScale(
  database: DbHandle,
  env: NodeJS.ProcessEnv,
  log: (line: string) => void = console.log,
  options: { demo?: boolean } = {},
): Promise<Record<string, number>> {
  const config = loadConfig({ ...env, SEED: 'none' });
  const db = database.db;
  const existing = await db.selectFrom('orders').select('id').limit(1).executeTakeFirst();
  if (existing) throw new Error('seed:scale writes into an empty database, and this one has orders: point DATA_DIR (or DATABASE_URL) at a new one.');
  const services = createServices(config, database, pino({ level: 'silent' }));
  const started = Date.now();
  const step = (what: string) => log(`${what} (${Math.round((Date.now() - started) / 1000)} s)`);
  try {
    const made = await services.users.ensureAdmin(config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
    if (made?.generatedPassword) log(`An administrator account was created: ${made.email}, password ${made.generatedPassword} (printed once).`);
    if (options.demo !== false) {
      await seedDemo(services);
      step('demo content written');
    } else if (!(await services.seller.settings()).configured) {
      // Without the demo (the tests): the label's identity all the same, so the invoices can be issued.
      await services.seller.saveSettings(invoicingSettingsInput.parse(sampleLegalIdentity()), null);
    }
    const first = await db
      .selectFrom('orders')
      .select((eb) => eb.fn.min('created_at').as('at'))
      .executeTakeFirst();
    const endYear = Number(String(first?.at ?? new Date().toISOString()).slice(0, 4)) - 1;
    const years = Array.from({ length: 10 }, (_, i) => endYear - 9 + i);
    const plan = planOf(Number(env.SCALE ?? 1), years);
    const rnd = random(20_160_101);
    const admin = (await db.selectFrom('users').select(['id', 'email']).where('role', '=', 'admin').orderBy('id').executeTakeFirst()) ?? null;
    const drawn = (await db.selectFrom('variants').select('image_url').orderBy('id').execute()).map((r) => r.image_url);
    const images = drawn.length ? drawn : ['/uploads/000000000000000000000000-1200x1500.webp'];
    const settingsRow = await db.selectFrom('invoicing_settings').select('settings').where('id', '=', 1).executeTakeFirstOrThrow();
    const ids = new Ids(db);
    await ids.start(TABLES);
    const today = new Date().toISOString().slice(0, 10);

    const seasons = await writeSeasons(db, ids, rnd, plan, images, config.BRAND_EMAIL);
    step(`${seasons.length} seasons and ${seasons.reduce((s, x) => s + x.styles.length, 0)} styles written (${years[0]}–${endYear})`);
    const shops = await writeShops(db, ids, rnd, plan, admin?.id ?? null);
    step(`${shops.length} shops written`);
    const orders = await writeOrders(db, ids, rnd, plan, seasons, shops, today);
    step(`${orders.length} orders with ${orders.reduce((s, o) => s + o.lines.length, 0)} lines written`);
    const levels = await writeStock(db, ids, rnd, seasons, admin?.id ?? null, `${today}T06:00:00.000Z`);
    const issued = await writeDocuments(
      db,
      ids,
      rnd,
      plan,
      orders,
      JSON.parse(settingsRow.settings) as InvoicingSettingsInput,
      { name: publicBrand(config).name, email: config.BRAND_EMAIL },
      log,
    );
    step(`${issued.invoices.length} invoices and ${issued.creditNotes} credit notes written with their PDFs`);
    // The orders shipped whole, each as its one parcel with its invoice, as the migration reads an old database.
    await readShippedAsShipments(db);
    const payments = await writePayments(db, ids, rnd, plan, issued, admin?.id ?? null);
    const activity = await writeActivity(db, ids, plan, orders, issued, admin);
    const deliveries = await writeWebhooks(db, ids, rnd, plan, orders, issued);
    const changed = await writeChanges(db, ids, rnd, orders, today);
    step(`${changed.changes} order changes and ${changed.proposals} proposals written`);
    if (database.dialect === 'postgres') {
      for (const table of TABLES) {
        await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 1))`.execute(db);
      }
      await sql`analyze`.execute(db);
    } else {
      await sql`analyze`.execute(db);
    }
    step('payments, activity, webhooks written; statistics gathered');
    return {
      seasons: seasons.length,
      styles: seasons.reduce((s, x) => s + x.styles.length, 0),
      shops: shops.length,
      orders: orders.length,
      lines: orders.reduce((s, o) => s + o.lines.length, 0),
      invoices: issued.invoices.length,
      creditNotes: issued.creditNotes,
      payments,
      activity,
      webhookDeliveries: deliveries,
      stockLevels: levels,
      seconds: Math.round((Date.now() - started) / 1000),
    };
  } finally {
    await services.events.stop();
    await services.mail.stop();
    await services.webhookWorker.stop();
    await services.approvedPlatformWorker.stop();
    await services.platform.close();
  }
}

if (import.meta.main) {
  const config = loadConfig({ ...process.env, SEED: 'none' });
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    sqliteFile: path.join(config.dataDir, 'site.db'),
    sqliteCacheMb: config.SQLITE_CACHE_MB,
  });
  try {
    await migrate(database);
    const done = await seedScale(database, process.env);
    console.log(`\nTen years written into ${config.DATABASE_URL ? 'PostgreSQL' : path.join(config.dataDir, 'site.db')} in ${done.seconds} s:`);
    console.log(
      Object.entries(done)
        .map(([k, v]) => `  ${k}: ${v}`)
        .join('\n'),
    );
    console.log(
      `\nTry it: npm start (with the same DATA_DIR or DATABASE_URL); sign in as ${config.ADMIN_EMAIL ?? 'the administrator printed above'}, or as shop001@scale.example (${SCALE_SHOP_PASSWORD}).`,
    );
  } catch (error) {
    console.error(process.env.SCALE_DEBUG ? error : errorText(error));
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}
