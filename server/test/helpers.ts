import { API_ERRORS, SENTENCES, type Order } from '@atelier/contract';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { migrate, openDatabase, type Dialect } from '../src/db/index.ts';
import { migrationsFor } from '../src/db/migrations/index.ts';
import { Migrator } from 'kysely/migration';
import type { MailTransport } from '../src/modules/mail/outbox.ts';
import { createServices, type AppServices } from '../src/services.ts';

/** SQLite always; PostgreSQL too when DATABASE_URL is set (CI sets it). */
export const DIALECTS: Dialect[] = process.env.DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export const ADMIN = { email: 'admin@test.example', password: 'admin-pass-2026' };
export const RETAILER = { email: 'shop@test.example', password: 'shop-pass-2026' };

export interface SentMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: Array<{ filename: string; contentType: string; content: Buffer }>;
}

export interface TestContext {
  app: FastifyInstance;
  services: AppServices;
  config: Config;
  dialect: Dialect;
  /** PostgreSQL: the schema this context's tables live in. */
  schema: string | undefined;
  sent: SentMail[];
  /** Bearer header for a fresh sign-in. */
  login(email: string, password: string): Promise<string>;
  auth(token: string): { authorization: string };
  close(): Promise<void>;
}

/** A fresh database (a temp SQLite file or a new PostgreSQL schema), migrated, with an admin and a retailer. */
export async function createTestContext(dialect: Dialect, env: Record<string, string> = {}, options: { web?: 'production' } = {}): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-test-'));
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://shop.test',
    SEED: 'none',
    ...(dialect === 'postgres' ? { DATABASE_URL: process.env.DATABASE_URL! } : {}),
    ...env,
  });
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    sqliteFile: path.join(dataDir, 'site.db'),
    pgSchema: dialect === 'postgres' ? schema : undefined,
    pgPoolMax: 5,
  });
  await migrate(database);
  const sent: SentMail[] = [];
  const transport: MailTransport = {
    send: async (mail) => void sent.push({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, attachments: mail.attachments ?? [] }),
  };
  const services = createServices(config, database, pino({ level: 'silent' }), transport);
  await services.platform.start();
  await services.users.create({ email: ADMIN.email, role: 'admin', password: ADMIN.password });
  await services.users.create({ email: RETAILER.email, role: 'retailer', password: RETAILER.password });
  // `web: 'production'` mounts the built site as `npm start` does (its page catch-all, static files and
  // not-found handling): tests that walk every route or path variant run on that assembly.
  const app = await buildApp({ services, logger: false, web: options.web });
  await app.ready();

  return {
    app,
    services,
    config,
    dialect,
    schema: dialect === 'postgres' ? schema : undefined,
    sent,
    async login(email, password) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
      if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
      return res.json<{ access_token: string }>().access_token;
    },
    auth: (token) => ({ authorization: `Bearer ${token}` }),
    async close() {
      await app.close();
      await services.events.stop();
      await services.mail.stop();
      await services.webhookWorker.stop();
      await services.approvedPlatformWorker.stop();
      await services.platform.close();
      await database.close();
      if (dialect === 'postgres') await dropSchema(schema);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await client.query(`drop schema if exists ${schema} cascade`);
  await client.end();
}

/**
 * A database as an earlier version left it: a fresh SQLite file or PostgreSQL schema migrated up
 * to `version` only, handed to `body` (which fills it, runs today's migrations and checks the
 * upgrade), then removed.
 */
export async function atMigration(
  dialect: Dialect,
  version: string,
  body: (database: Awaited<ReturnType<typeof openDatabase>>, dataDir: string) => Promise<void>,
): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-upgrade-'));
  const schema = `u_${randomBytes(6).toString('hex')}`;
  const database = await openDatabase({
    databaseUrl: dialect === 'postgres' ? process.env.DATABASE_URL : undefined,
    sqliteFile: path.join(dataDir, 'site.db'),
    pgSchema: dialect === 'postgres' ? schema : undefined,
    pgPoolMax: 2,
  });
  try {
    const migrator = new Migrator({
      db: database.db,
      provider: { getMigrations: async () => migrationsFor(database.dialect) },
      ...(dialect === 'postgres' ? { migrationTableSchema: schema } : {}),
    });
    const result = await migrator.migrateTo(version);
    if (result.error) throw result.error;
    await body(database, dataDir);
  } finally {
    await database.close();
    if (dialect === 'postgres') await dropSchema(schema);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A multipart form with one file, as the back-office's upload fields send it: the payload and its content type. */
export function fileForm(
  body: Buffer,
  filename = 'photo.jpg',
  contentType = 'image/jpeg',
  field = 'image',
): { payload: Buffer; headers: { 'content-type': string } } {
  const boundary = '----atelier' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    body,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A second instance of the site on the same database as `t` (another process would be the same). */
export interface Peer {
  app: FastifyInstance;
  services: AppServices;
  close(): Promise<void>;
}

export async function createPeer(t: TestContext, env: Record<string, string> = {}, log: pino.Logger = pino({ level: 'silent' })): Promise<Peer> {
  const config = {
    ...t.config,
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: t.config.dataDir,
      LOG_LEVEL: 'silent',
      PUBLIC_URL: t.config.PUBLIC_URL,
      SEED: 'none',
      ...(t.config.DATABASE_URL ? { DATABASE_URL: t.config.DATABASE_URL } : {}),
      ...env,
    }),
  };
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    sqliteFile: path.join(config.dataDir, 'site.db'),
    pgSchema: t.schema,
    pgPoolMax: 5,
  });
  const services = createServices(config, database, log, { send: async () => {} });
  await services.platform.start();
  const app = await buildApp({ services, logger: false });
  await app.ready();
  return {
    app,
    services,
    async close() {
      await app.close();
      await services.events.stop();
      await services.mail.stop();
      await services.platform.close();
      await database.close();
    },
  };
}

/** The API answers in French unless the caller asks otherwise (same rule as the pages). */
export const FR = Object.fromEntries(Object.entries(API_ERRORS[SENTENCES]).map(([key, said]) => [key, said.fr])) as Record<keyof typeof API_ERRORS, string>;

/** The same sentences as an English caller reads them. */
export const EN = Object.fromEntries(Object.entries(API_ERRORS[SENTENCES]).map(([key, said]) => [key, said.en])) as Record<keyof typeof API_ERRORS, string>;

/** What `npm start` runs: the built server (server/dist, made by `npm run build`) with the site mounted. */
export interface Shipped {
  app: FastifyInstance;
  services: AppServices;
  baseUrl: string;
  close(): Promise<void>;
}

const SHIPPED_MAIN = path.resolve(import.meta.dirname, '../dist/main.js');

/**
 * The site as `npm start` serves it (issue 32): `start()` of server/dist/main.js, in production mode
 * with the React Router build mounted, on a fresh SQLite file in a temp DATA_DIR and a loopback port.
 * Tests of what a client reads from the running server (the API document, the typed client) use this
 * assembly, never one built for tests alone.
 */
export async function startShipped(env: Record<string, string> = {}): Promise<Shipped> {
  if (!fs.existsSync(SHIPPED_MAIN)) throw new Error('server/dist/main.js is missing: run `npm run build` first (npm test does)');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-shipped-'));
  const { start } = (await import(SHIPPED_MAIN)) as typeof import('../src/main.ts');
  const { app, services, stop } = await start(
    {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: '0',
      HOST: '127.0.0.1',
      SEED: 'none',
      LOG_LEVEL: 'silent',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...env,
    },
    'production',
  );
  const { port } = app.server.address() as import('node:net').AddressInfo;
  return {
    app,
    services,
    baseUrl: `http://127.0.0.1:${port}`,
    async close() {
      await stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A site ready to trade and invoice: the label's legal identity, the test retailer's whole French
 * company details, low minimums, and one style (`reference`); answers its first colour's id.
 */
export async function readyToInvoice(t: TestContext, owner: Record<string, string>, reference: string): Promise<number> {
  const { FRENCH_SHOP, legalIdentity, sampleProduct } = await import('./fixtures.ts');
  const user = (await t.services.users.findByEmail(RETAILER.email))!;
  await t.services.companies.saveCompany(user.id, FRENCH_SHOP);
  const identity = await t.app.inject({ method: 'PUT', url: '/api/admin/invoicing/settings', headers: owner, payload: legalIdentity() });
  if (identity.statusCode !== 200) throw new Error(`legal identity: ${identity.body}`);
  const created = await t.app.inject({ method: 'POST', url: '/api/admin/products', payload: sampleProduct({ reference }), headers: owner });
  await openWholesale(t, owner);
  return created.json().variants[0].id as number;
}

/** Wholesale terms valid until 2099 with low minimums (10 €): the site takes orders. */
export async function openWholesale(t: TestContext, owner: Record<string, string>): Promise<void> {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/wholesale/terms',
    headers: owner,
    payload: {
      validUntil: '2099-03-31',
      openingMinimum: 10,
      reorderMinimum: 10,
      orderEmail: 'orders@test.example',
      translations: [
        { locale: 'fr', seasonName: 'PE27' },
        { locale: 'en', seasonName: 'SS27' },
      ],
    },
  });
  if (res.statusCode !== 200) throw new Error(`wholesale terms: ${res.body}`);
}

/**
 * An order as an earlier version wrote it, straight into a database stopped at an older migration (the
 * upgrade tests, from 025 on: `retailer_email` is its name since 023, `shop_email` before): the columns
 * those versions share, the rest left to the later migrations.
 */
export async function insertOldOrder(db: Kysely<any>, o: { userId: number; email: string; key: string; totalCents: number; pieces: number }): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('orders')
    .values({
      number: '2026-0001',
      user_id: o.userId,
      retailer_email: o.email,
      locale: 'fr',
      status: 'submitted',
      idempotency_key: o.key,
      note: null,
      company: '{}',
      total_cents: o.totalCents,
      pieces: o.pieces,
      ship_date: null,
      carrier: null,
      tracking: null,
      cancel_reason: null,
      created_at: now,
      updated_at: now,
      season_id: null,
      delivery_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id as number;
}

/** A shop's account as an earlier version wrote it (the upgrade tests): its id. */
export async function insertOldRetailer(db: Kysely<any>, email: string): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('users')
    .values({ email, role: 'retailer', locale: 'fr', password_hash: null, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id as number;
}

/** A shop's draft of `lines` replaced, then sent with `key`: the first order it made (201 expected). */
export async function sendDraft(t: TestContext, headers: Record<string, string>, lines: object[], key: string): Promise<Order> {
  const draft = await t.app.inject({ method: 'PUT', url: '/api/orders/draft?lang=en', headers: { 'accept-language': 'en', ...headers }, payload: { lines } });
  if (draft.statusCode !== 200) throw new Error(`draft: ${draft.body}`);
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/orders/draft/submit?lang=en',
    headers: { ...headers, 'accept-language': 'en', 'idempotency-key': key },
  });
  if (sent.statusCode !== 201) throw new Error(`submit: ${sent.statusCode} ${sent.body}`);
  return sent.json() as Order;
}

/**
 * Shops that trade, each a company with its name (the first may be RETAILER, created with the context):
 * their sign-in headers and company ids, in the order given.
 */
export async function tradingShops(
  t: TestContext,
  shops: Array<{ email: string; password: string; name: string }>,
): Promise<{ headers: Array<Record<string, string>>; companyIds: number[] }> {
  const { FRENCH_SHOP } = await import('./fixtures.ts');
  const headers: Array<Record<string, string>> = [];
  const companyIds: number[] = [];
  for (const s of shops) {
    if (!(await t.services.users.findByEmail(s.email))) await t.services.users.create({ email: s.email, role: 'retailer', password: s.password, locale: 'en' });
    const id = (await t.services.users.findByEmail(s.email))!.id;
    await t.services.companies.saveCompany(id, { ...FRENCH_SHOP, companyName: s.name });
    companyIds.push(id);
    headers.push(t.auth(await t.login(s.email, s.password)));
  }
  return { headers, companyIds };
}

/** How many rows a table holds now (a test's "nothing was written"). */
export async function countRows(t: TestContext, table: keyof import('../src/db/schema.ts').Database): Promise<number> {
  const row = await t.services.database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
