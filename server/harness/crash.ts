/**
 * Crash safety: runs admin writes, retailer accepts, order submits (pre-book and at-once, which
 * reserve stock), order moves (confirm with fewer pieces, ship — which issues the invoice —, cancel,
 * also of a shipped order — which credits it), credit notes and stock counts against a
 * real server process, kills it with SIGKILL at random moments, restarts it, and at the end
 * checks that every write acknowledged with a 2xx is in the database, that no
 * application is half accepted, that no account or mail is duplicated and that
 * the database is sound (SQLite `PRAGMA integrity_check`, PostgreSQL amcheck), and that on hand and
 * reservations equal what the stock movements and the orders say, with nothing negative; that each
 * shipped order has exactly one invoice, each series of numbers no hole and no repeat, and no
 * credit note takes more than its invoice had left.
 *
 *   node server/harness/crash.ts [--kills 500] [--db sqlite|postgres|both]
 *
 * PostgreSQL is used when DATABASE_URL is set; each run gets its own schema.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import pino from 'pino';
import { loadConfig } from '../src/config.ts';
import { migrate, openDatabase, withSearchPath, type Dialect } from '../src/db/index.ts';
import { createServices } from '../src/services.ts';
import { sampleLegalIdentity } from '../src/modules/seller/sample.ts';
import { freePort, pause, spawnServer, type ServerProcess } from './server-process.ts';

const ADMIN = { email: 'crash-admin@test.example', password: 'crash-admin-pass-2026' };
const RETAILER_ACCOUNT = { email: 'crash-shop@test.example', password: 'crash-shop-pass-2026' };

export interface CrashReport {
  dialect: Dialect;
  kills: number;
  /** Writes answered with a 2xx before a kill, all checked afterwards. */
  acknowledged: number;
  /** Requests cut by a kill (their outcome may go either way; both are checked to be whole). */
  interrupted: number;
  products: number;
  applications: number;
  accepted: number;
  orders: number;
  /** At-once orders among them (each reserved pieces). */
  atOnce: number;
  /** Stock movements written (counts, reservations, releases, shipments). */
  movements: number;
  /** Invoices and credit notes issued. */
  invoices: number;
  creditNotes: number;
  mails: number;
  problems: string[];
  seconds: number;
}

interface Ledger {
  /** Product id → the title versions: last acknowledged, and the one in flight when it was cut. */
  products: Map<number, { acked: string; inFlight: string | null; deleted: 'no' | 'acked' | 'maybe'; standing?: true }>;
  /** Emails of applications acknowledged (202). */
  applied: Set<string>;
  /** Emails sent whose answer was lost to a kill. */
  appliedMaybe: Set<string>;
  /** Application ids acknowledged as accepted. */
  accepted: Set<number>;
  /** Idempotency key → order id of every submit acknowledged (201/200). */
  orders: Map<string, number>;
  /** Order id → the statuses the owner's moves were acknowledged for. */
  moves: Map<number, Set<string>>;
  /** Stock counts acknowledged that changed a level (each must have left its movement). */
  counts: number;
  /** Stock counts sent whose answer was lost to a kill. */
  countsMaybe: number;
  acknowledged: number;
  interrupted: number;
  /** At-once orders acknowledged (each reserved pieces). */
  atOnceAcked: number;
  /** An invoice was found issued (a parcel's answer is often lost to the kill, its invoice is not). */
  invoiced: boolean;
}

/** A request cut by the kill (connection refused or reset) rather than answered. */
class Cut extends Error {}

async function call(
  base: string,
  method: string,
  url: string,
  token: string | null,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: any }> {
  let res: Response;
  try {
    res = await fetch(base + url, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    throw new Cut();
  }
  let text: string;
  try {
    text = await res.text();
  } catch {
    throw new Cut();
  }
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

function productBody(title: string) {
  return {
    translations: [
      { locale: 'fr', title, description: 'Robe écrite pendant un crash.', mantra: '' },
      { locale: 'en', title, description: 'A dress written during a crash.', mantra: '' },
    ],
    variants: [
      {
        colorCode: '#B5573A',
        imageUrl: '/uploads/aaaaaaaaaaaaaaaaaaaaaaaa-1200x1500.webp',
        imageGallery: [],
        position: 0,
        price: 99,
        sizes: ['S', 'M'],
        translations: [
          { locale: 'fr', colorName: 'Terracotta' },
          { locale: 'en', colorName: 'Terracotta' },
        ],
      },
    ],
  };
}

export async function runCrashTest(options: { dialect: Dialect; kills: number; log?: (line: string) => void }): Promise<CrashReport> {
  const started = Date.now();
  const log = options.log ?? (() => {});
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-crash-'));
  const schema = `crash_${randomBytes(5).toString('hex')}`;
  const baseUrl = process.env.DATABASE_URL;
  if (options.dialect === 'postgres' && !baseUrl) throw new Error('DATABASE_URL is required for the PostgreSQL crash test');
  let databaseUrl: string | undefined;
  if (options.dialect === 'postgres') {
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    databaseUrl = withSearchPath(baseUrl!, schema);
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'test',
    WEB_MODE: 'none',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    SEED: 'none',
    PUBLIC_URL: 'http://crash.test',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    FORMS_MAX_PER_IP: '1000000',
    LOGIN_MAX_PER_IP: '1000000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };

  let server: ServerProcess | null = null;
  const startServer = async () => {
    server = spawnServer(base, env);
    await server.ready(30_000);
  };
  const kill = () => server!.kill();

  const ledger: Ledger = {
    products: new Map(),
    applied: new Set(),
    appliedMaybe: new Set(),
    accepted: new Set(),
    orders: new Map(),
    moves: new Map(),
    counts: 0,
    countsMaybe: 0,
    acknowledged: 0,
    interrupted: 0,
    atOnceAcked: 0,
    invoiced: false,
  };
  let counter = 0;
  let token: string | null = null;
  let retailerToken: string | null = null;
  /** The variant retailers order: its product is never edited or deleted, so a submit never meets a line gone stale. */
  let orderVariant: { id: number; size: string } | null = null;
  /** The variant sold from stock (sizes S and M): at-once orders reserve it, the owner counts it. */
  let stockVariant: number | null = null;
  const problems: string[] = [];

  /** One random write (or the kind `pick` names); records what the server acknowledged. */
  const oneWrite = async (pick = Math.random()) => {
    const n = ++counter;
    const live = [...ledger.products.entries()].filter(([, p]) => p.deleted === 'no' && p.inFlight === null && !p.standing);
    // Edits and deletes need a few products: until there are three, a product write creates one.
    if (pick < 0.3 || (pick < 0.62 && live.length < 3)) {
      const title = `Robe ${n}`;
      try {
        const res = await call(base, 'POST', '/api/admin/products', token, productBody(title));
        if (res.status !== 201) throw new Error(`create answered ${res.status} ${JSON.stringify(res.json)}`);
        ledger.products.set(res.json.id, { acked: title, inFlight: null, deleted: 'no' });
        ledger.acknowledged += 1;
      } catch (err) {
        if (!(err instanceof Cut)) throw err;
        ledger.interrupted += 1; // it may exist or not; the checks below find no half product either way
      }
    } else if (pick < 0.55) {
      const [id, entry] = live[Math.floor(Math.random() * live.length)]!;
      const title = `Robe ${n} (v)`;
      entry.inFlight = title;
      try {
        const res = await call(base, 'PUT', `/api/admin/products/${id}`, token, productBody(title));
        if (res.status !== 200) throw new Error(`update answered ${res.status}`);
        entry.acked = title;
        entry.inFlight = null;
        ledger.acknowledged += 1;
      } catch (err) {
        if (!(err instanceof Cut)) throw err;
        ledger.interrupted += 1; // stays in flight: either version is right
      }
    } else if (pick < 0.62) {
      const [id, entry] = live[Math.floor(Math.random() * live.length)]!;
      entry.deleted = 'maybe';
      try {
        const res = await call(base, 'DELETE', `/api/admin/products/${id}`, token);
        if (res.status !== 204) throw new Error(`delete answered ${res.status}`);
        entry.deleted = 'acked';
        ledger.acknowledged += 1;
      } catch (err) {
        if (!(err instanceof Cut)) throw err;
        ledger.interrupted += 1;
      }
    } else if (pick < 0.7 || (pick >= 0.76 && pick < 0.82)) {
      // A retailer fills the draft and sends it (pre-book, or at-once from stock, which reserves
      // pieces and may find too few: 422); a retry after a cut reuses the key.
      const line =
        pick < 0.7
          ? { variantId: orderVariant!.id, size: orderVariant!.size, quantity: 1 + (n % 5) }
          : { variantId: stockVariant!, size: n % 2 ? 'S' : 'M', quantity: 1 + (n % 4), mode: 'atOnce' };
      const draft = await call(base, 'PUT', '/api/orders/draft', retailerToken, { lines: [line] });
      if (draft.status !== 200) throw new Error(`draft answered ${draft.status} ${JSON.stringify(draft.json)}`);
      const key = `crash-${n}-${randomBytes(4).toString('hex')}`;
      for (let attempt = 0; attempt < 2; attempt += 1) {
        try {
          const res = await call(base, 'POST', '/api/orders/draft/submit', retailerToken, {}, { 'idempotency-key': key });
          if (res.status === 201 || res.status === 200) {
            ledger.orders.set(key, res.json.id);
            ledger.acknowledged += 1;
            if ('mode' in line) ledger.atOnceAcked += 1;
          } else if (res.status !== 422) throw new Error(`submit answered ${res.status} ${JSON.stringify(res.json)}`);
          return;
        } catch (err) {
          if (!(err instanceof Cut)) throw err;
          ledger.interrupted += 1;
          if (attempt === 0) await pause(50);
          else throw err;
        }
      }
    } else if (pick < 0.76) {
      // The owner moves an order on: confirm, ship or cancel, whichever its status allows.
      const list = await call(base, 'GET', '/api/admin/orders', token);
      const open: Array<{ id: number; status: string }> = (list.json?.data ?? []).filter((o: { status: string }) => o.status !== 'cancelled');
      if (open.length === 0) return;
      // Confirmed orders first half the time, so shipments (and their invoices) happen often.
      const confirmed = open.filter((o) => o.status === 'confirmed');
      const from = confirmed.length && Math.random() < 0.5 ? confirmed : open;
      const order = from[Math.floor(Math.random() * from.length)]!;
      const [action, body, to]: [string, Record<string, unknown>, string] =
        Math.random() < 0.2 || order.status === 'shipped'
          ? ['cancel', { reason: 'crash test' }, 'cancelled']
          : order.status === 'submitted'
            ? ['confirm', { shipDate: '2027-03-01' }, 'confirmed']
            : ['ship', Math.random() < 0.5 ? { shipping: 9.9 } : {}, 'shipped'];
      if (action === 'confirm' && Math.random() < 0.5) {
        // The owner confirms one piece fewer on each line: reserved pieces go back to stock.
        const full = await call(base, 'GET', `/api/admin/orders/${order.id}`, token);
        const lines: Array<{ id: number; quantity: number }> = full.json?.lines ?? [];
        if (lines.length) body.lines = lines.map((l) => ({ id: l.id, quantity: Math.max(1, l.quantity - 1) }));
      }
      try {
        const res = await call(base, 'POST', `/api/admin/orders/${order.id}/${action}`, token, body);
        if (res.status === 200) {
          const moves = ledger.moves.get(order.id) ?? new Set<string>();
          moves.add(to);
          ledger.moves.set(order.id, moves);
          ledger.acknowledged += 1;
        } else if (res.status !== 409) throw new Error(`${action} answered ${res.status}`);
      } catch (err) {
        if (!(err instanceof Cut)) throw err;
        ledger.interrupted += 1;
      }
    } else if (pick < 0.8) {
      // The owner credits part of an invoice (a returned piece's worth); 422 once nothing is left.
      const list = await call(base, 'GET', '/api/admin/invoices?status=unpaid', token);
      const invoices: Array<{ id: number; type: string }> = (list.json?.data ?? []).filter((d: { type: string }) => d.type === 'invoice');
      if (invoices.length === 0) return;
      const invoice = invoices[Math.floor(Math.random() * invoices.length)]!;
      try {
        const res = await call(base, 'POST', `/api/admin/invoices/${invoice.id}/credit-notes`, token, { amount: 15, reason: 'crash test' });
        if (res.status === 200) ledger.acknowledged += 1;
        else if (res.status !== 422) throw new Error(`credit note answered ${res.status}`);
      } catch (err) {
        if (!(err instanceof Cut)) throw err;
        ledger.interrupted += 1;
      }
    } else if (pick < 0.86) {
      // The owner counts the shelf: a new on-hand figure for one size.
      try {
        const res = await call(base, 'PUT', '/api/admin/stock', token, { items: [{ variantId: stockVariant!, size: n % 2 ? 'S' : 'M', onHand: n % 41 }] });
        if (res.status !== 200) throw new Error(`stock answered ${res.status} ${JSON.stringify(res.json)}`);
        if (res.json.changed > 0) ledger.counts += 1;
        ledger.acknowledged += 1;
      } catch (err) {
        if (!(err instanceof Cut)) throw err;
        ledger.countsMaybe += 1;
        ledger.interrupted += 1;
      }
    } else if (pick < 0.93) {
      const email = `shop-${n}@crash.test`;
      try {
        const res = await call(base, 'POST', '/api/retailers/contact', null, { name: `Boutique ${n}`, email, message: 'Bonjour', consent: true });
        if (res.status !== 202) throw new Error(`application answered ${res.status}`);
        ledger.applied.add(email);
        ledger.acknowledged += 1;
      } catch (err) {
        if (!(err instanceof Cut)) throw err;
        ledger.appliedMaybe.add(email);
        ledger.interrupted += 1;
      }
    } else {
      const list = await call(base, 'GET', '/api/admin/retailers/applications?status=pending', token);
      if (list.status !== 200) throw new Error(`list answered ${list.status}`);
      const pending: Array<{ id: number }> = list.json.data;
      if (pending.length === 0) return;
      const target = pending[Math.floor(Math.random() * pending.length)]!;
      // Two clicks at once on the same application, as an impatient owner would.
      const answers = await Promise.allSettled([
        call(base, 'POST', `/api/admin/retailers/applications/${target.id}/accept`, token),
        call(base, 'POST', `/api/admin/retailers/applications/${target.id}/accept`, token),
      ]);
      for (const answer of answers) {
        if (answer.status === 'rejected') {
          if (!(answer.reason instanceof Cut)) throw answer.reason;
          ledger.interrupted += 1;
        } else if (answer.value.status === 200 && answer.value.json.status === 'accepted') {
          ledger.accepted.add(target.id);
          ledger.acknowledged += 1;
        } else throw new Error(`accept answered ${answer.value.status}`);
      }
    }
  };

  try {
    // The retailer who orders exists before the first start (as an accepted one would).
    const setup = await openDatabase({ databaseUrl, sqliteFile: path.join(dataDir, 'site.db'), pgPoolMax: 1 });
    await migrate(setup);
    const services = createServices(loadConfig({ ...env, LOG_LEVEL: 'silent' }), setup, pino({ level: 'silent' }));
    await services.users.create({ email: RETAILER_ACCOUNT.email, role: 'retailer', password: RETAILER_ACCOUNT.password });
    await setup.close();

    await startServer();
    const login = await call(base, 'POST', '/api/auth/login', null, ADMIN);
    if (login.status !== 200) throw new Error(`admin sign-in answered ${login.status}`);
    token = login.json.access_token;
    const retailerLogin = await call(base, 'POST', '/api/auth/login', null, RETAILER_ACCOUNT);
    if (retailerLogin.status !== 200) throw new Error(`stockist sign-in answered ${retailerLogin.status}`);
    retailerToken = retailerLogin.json.access_token;
    const standing = await call(base, 'POST', '/api/admin/products', token, productBody('Robe à commander'));
    if (standing.status !== 201) throw new Error(`the standing product answered ${standing.status}`);
    ledger.products.set(standing.json.id, { acked: 'Robe à commander', inFlight: null, deleted: 'no', standing: true });
    orderVariant = { id: standing.json.variants[0].id, size: 'S' };
    // The label's identity and the shop's whole details: each shipment issues its invoice.
    const identity = await call(base, 'PUT', '/api/admin/invoicing/settings', token, sampleLegalIdentity({ legalName: 'Crash SAS' }));
    if (identity.status !== 200) throw new Error(`the legal identity answered ${identity.status}`);
    const details = await call(base, 'PUT', '/api/account/company', retailerToken, {
      companyName: 'Boutique du crash',
      siret: '55208131766522',
      vatNumber: null,
      phone: null,
      billing: { line1: '3 rue du Port', line2: '', postcode: '34200', town: 'Sète', country: 'FR' },
    });
    if (details.status !== 200) throw new Error(`the shop's details answered ${details.status}`);
    // No minimum, so every submit of a non-empty draft goes through.
    await call(base, 'PUT', '/api/admin/wholesale/terms', token, {
      validUntil: '2027-03-31',
      openingMinimum: 0,
      reorderMinimum: 0,
      orderEmail: 'orders@crash.test',
      translations: [
        { locale: 'fr', seasonName: 'PE27' },
        { locale: 'en', seasonName: 'SS27' },
      ],
    });

    // A season open for orders (the first one takes every product), then a style sold from stock.
    const today = new Date();
    const dayOf = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    const season = await call(base, 'POST', '/api/admin/seasons', token, {
      code: 'CRASH',
      ordersOpen: dayOf(-30),
      ordersClose: dayOf(60),
      translations: [
        { locale: 'fr', name: 'Saison du crash' },
        { locale: 'en', name: 'Crash season' },
      ],
      deliveries: [
        {
          from: dayOf(90),
          to: dayOf(120),
          translations: [
            { locale: 'fr', name: 'Livraison' },
            { locale: 'en', name: 'Delivery' },
          ],
        },
      ],
      terms: { validUntil: null, openingMinimum: 0, reorderMinimum: 0, orderEmail: 'orders@crash.test', translations: [{ locale: 'fr' }, { locale: 'en' }] },
    });
    if (season.status !== 201) throw new Error(`the season answered ${season.status} ${JSON.stringify(season.json)}`);
    const stocked = await call(base, 'POST', '/api/admin/products', token, productBody('Robe en stock'));
    if (stocked.status !== 201) throw new Error(`the stocked product answered ${stocked.status}`);
    ledger.products.set(stocked.json.id, { acked: 'Robe en stock', inFlight: null, deleted: 'no', standing: true });
    stockVariant = stocked.json.variants[0].id;
    const stock = await call(base, 'PUT', '/api/admin/stock', token, {
      items: [
        { variantId: stockVariant, size: 'S', onHand: 30 },
        { variantId: stockVariant, size: 'M', onHand: 30 },
      ],
    });
    if (stock.status !== 200) throw new Error(`the first stock count answered ${stock.status} ${JSON.stringify(stock.json)}`);

    // A run proves something only once it has written and been cut across every kind of write: a busy
    // machine writes less between two kills, so past the kills asked, it goes on (at most twice as many,
    // each run then long and aimed at what is lacking) until the ledger holds acknowledged orders (an at-once one too), an accepted shop and, seen at
    // a start, an invoice (a parcel's answer is often the one the kill cuts).
    const covered = () => ledger.acknowledged > 50 && ledger.interrupted > 0 && ledger.accepted.size > 0 && ledger.atOnceAcked > 0 && ledger.invoiced;
    let killed = 0;
    for (let k = 0; k < options.kills || (!covered() && k < options.kills * 2); k++) {
      if (k > 0) await startServer();
      // The session survives every crash: the same token goes on working.
      const me = await call(base, 'GET', '/api/auth/me', token);
      if (me.status !== 200) problems.push(`after crash ${k}: the admin session was lost (${me.status})`);
      if (!ledger.invoiced) ledger.invoiced = ((await call(base, 'GET', '/api/admin/invoices', token)).json?.data ?? []).length > 0;
      let alive = true;
      // A run past the kills asked is long, and its workers start with what the ledger still lacks: moving
      // orders on (a parcel, so an invoice), an at-once order, accepting an application.
      const extra = k >= options.kills;
      const lacking = [!ledger.invoiced && 0.7, !ledger.invoiced && 0.7, ledger.atOnceAcked === 0 && 0.78, ledger.accepted.size === 0 && 0.95].filter(
        (pick): pick is number => pick !== false,
      );
      const workers = Array.from({ length: 4 }, async (_, worker) => {
        // Each run starts with a retailer's order on one worker, so every run checks orders too
        // (at random they are one write in twelve, and a short run could have none).
        let first = worker === 0 || (k % 3 === 2 && worker < 3) || extra;
        while (alive) {
          try {
            // A long run's second and third workers start by moving an order on (a shipment, often); every
            // other run's first order is at-once from stock, so a slow run (a busy machine) still reserves pieces.
            const usual = worker === 0 ? (k % 2 ? 0.78 : 0.65) : 0.7;
            const pick = first ? (extra ? (lacking[worker] ?? usual) : usual) : undefined;
            first = false;
            await oneWrite(pick);
          } catch (err) {
            if (err instanceof Cut) continue;
            if (alive) problems.push(`crash ${k}: ${(err as Error).message} ${server?.lastError() ?? ''}`.trim());
          }
        }
      });
      // Every third run lives longer: a shipment right after a start (fonts still loading, a
      // cold PDF) takes ~0.5 s, and the invoices it issues must be crashed into too.
      await pause(k % 3 === 2 || extra ? 900 + Math.random() * 900 : 80 + Math.random() * 400);
      await kill();
      killed += 1;
      alive = false;
      await Promise.all(workers);
      if ((k + 1) % 50 === 0) log(`${options.dialect}: ${k + 1} kills, ${ledger.acknowledged} writes acknowledged`);
    }

    log(`${options.dialect}: ${killed} kills, ${ledger.acknowledged} writes acknowledged`);

    // One last clean start (migrations and startup after the last crash): what a kill left between a
    // commit and its listeners (a parcel's invoice, its mails) is done then; then a clean stop.
    await startServer();
    await untilListenersDone(databaseUrl, dataDir, problems);
    await server!.stop();

    const report = await verify({ dialect: options.dialect, dataDir, databaseUrl: baseUrl, schema, ledger, problems });
    return {
      ...report,
      dialect: options.dialect,
      kills: killed,
      acknowledged: ledger.acknowledged,
      interrupted: ledger.interrupted,
      problems,
      seconds: (Date.now() - started) / 1000,
    };
  } finally {
    await (server as ServerProcess | null)?.kill().catch(() => {});
    if (options.dialect === 'postgres') {
      const admin = new pg.Client({ connectionString: baseUrl });
      await admin.connect();
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Waits (60 s at most) until no listener run is left to do: a run a killed process held waits for its lease to end. */
async function untilListenersDone(databaseUrl: string | undefined, dataDir: string, problems: string[]) {
  const handle = await openDatabase({ databaseUrl, sqliteFile: path.join(dataDir, 'site.db'), pgPoolMax: 1 });
  try {
    for (let waited = 0; ; waited += 250) {
      const left = await handle.db.selectFrom('event_runs').select(['listener', 'attempts', 'last_error']).where('status', '!=', 'done').execute();
      if (left.length === 0) return;
      if (waited >= 60_000) {
        problems.push(`${left.length} listener runs not done a minute after the last start: ${JSON.stringify(left.slice(0, 3))}`);
        return;
      }
      await pause(250);
    }
  } finally {
    await handle.close();
  }
}

async function verify(input: { dialect: Dialect; dataDir: string; databaseUrl: string | undefined; schema: string; ledger: Ledger; problems: string[] }) {
  const { ledger, problems } = input;
  const handle = await openDatabase({
    databaseUrl: input.dialect === 'postgres' ? input.databaseUrl : undefined,
    sqliteFile: path.join(input.dataDir, 'site.db'),
    pgSchema: input.dialect === 'postgres' ? input.schema : undefined,
    pgPoolMax: 2,
  });
  const { db } = handle;
  try {
    if (input.dialect === 'sqlite') {
      const integrity = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
      const verdict = integrity.rows.map((r) => r.integrity_check).join('; ');
      if (verdict !== 'ok') problems.push(`PRAGMA integrity_check: ${verdict}`);
      const fk = await sql`pragma foreign_key_check`.execute(db);
      if (fk.rows.length > 0) problems.push(`${fk.rows.length} rows break a foreign key`);
    } else {
      // amcheck verifies every B-tree index of the schema against its table.
      await sql`create extension if not exists amcheck schema public`.execute(db);
      const home = await sql<{
        nspname: string;
      }>`select n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'amcheck'`.execute(db);
      const check = sql.id(home.rows[0]!.nspname, 'bt_index_check');
      const indexes = await sql<{ oid: number; name: string }>`
        select c.oid, c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid
        join pg_namespace n on n.oid = c.relnamespace join pg_am a on a.oid = c.relam
        where n.nspname = ${input.schema} and a.amname = 'btree'`.execute(db);
      for (const index of indexes.rows) {
        try {
          await sql`select ${check}(${index.oid}::regclass, true)`.execute(db);
        } catch (err) {
          problems.push(`index ${index.name}: ${(err as Error).message}`);
        }
      }
      if (indexes.rows.length === 0) problems.push('amcheck found no index to verify');
    }

    // Products: every acknowledged one is whole, with the acknowledged (or the cut) version.
    const products = await db.selectFrom('products').select('id').execute();
    const titles = await db.selectFrom('product_translations').select(['product_id', 'locale', 'title']).execute();
    const variants = await db.selectFrom('variants').select(['product_id']).execute();
    for (const product of products) {
      const own = titles.filter((t) => t.product_id === product.id);
      if (own.length !== 2 || own[0]!.title !== own[1]!.title) problems.push(`product ${product.id} is half written (${own.length} translations)`);
      if (!variants.some((v) => v.product_id === product.id)) problems.push(`product ${product.id} has no variant`);
    }
    for (const [id, entry] of ledger.products) {
      const row = titles.find((t) => t.product_id === id && t.locale === 'fr');
      if (entry.deleted === 'acked') {
        if (row) problems.push(`product ${id} was deleted (acknowledged) but is back`);
        continue;
      }
      if (!row) {
        if (entry.deleted === 'no') problems.push(`product ${id} was acknowledged and is lost`);
        continue;
      }
      if (row.title !== entry.acked && row.title !== entry.inFlight) problems.push(`product ${id} has "${row.title}", acknowledged "${entry.acked}"`);
    }

    // Applications: every acknowledged one kept once; none accepted by half.
    const apps = await db.selectFrom('retailer_applications').select(['id', 'email', 'status', 'retailer_user_id']).execute();
    for (const email of ledger.applied) {
      const count = apps.filter((a) => a.email === email).length;
      if (count !== 1) problems.push(`application ${email} acknowledged, found ${count} times`);
    }
    for (const app of apps) {
      if (!ledger.applied.has(app.email) && !ledger.appliedMaybe.has(app.email)) problems.push(`application ${app.email} was never sent`);
    }
    const users = await db.selectFrom('users').select(['id', 'email', 'role']).execute();
    const emails = users.map((u) => u.email.toLowerCase());
    if (new Set(emails).size !== emails.length) problems.push('an account exists twice');
    const mails = await db.selectFrom('mail_outbox').select(['id', 'dedupe_key', 'to_address', 'status']).execute();
    const keys = mails.map((m) => m.dedupe_key).filter(Boolean);
    if (new Set(keys).size !== keys.length) problems.push('a mail was queued twice');
    const tokens = await db.selectFrom('password_tokens').select(['user_id']).execute();
    for (const app of apps) {
      const acceptMails = mails.filter((m) => m.dedupe_key === `stockist-accepted:${app.id}`);
      if (app.status === 'accepted') {
        const user = users.find((u) => u.id === app.retailer_user_id);
        if (!user || user.email !== app.email || user.role !== 'retailer') problems.push(`application ${app.id} accepted without its account`);
        if (acceptMails.length !== 1) problems.push(`application ${app.id} accepted with ${acceptMails.length} mails`);
        if (user && !tokens.some((t) => t.user_id === user.id)) problems.push(`application ${app.id} accepted without a set-password link`);
      } else {
        if (app.retailer_user_id !== null || acceptMails.length > 0) problems.push(`application ${app.id} is pending but half accepted`);
        if (users.some((u) => u.email === app.email)) problems.push(`application ${app.id} is pending but has an account`);
      }
    }
    for (const id of ledger.accepted) {
      if (apps.find((a) => a.id === id)?.status !== 'accepted') problems.push(`application ${id} acknowledged as accepted, found pending`);
    }
    // Orders: every acknowledged submit there once, whole; every move with its one history row
    // and one mail; no mail for a move that did not happen.
    const orders = await db.selectFrom('orders').select(['id', 'idempotency_key', 'status', 'total_cents', 'pieces']).execute();
    const lines = await db.selectFrom('order_lines').select(['order_id', 'quantity', 'unit_price_cents']).execute();
    const events = await db.selectFrom('order_events').select(['order_id', 'status']).execute();
    for (const [key, id] of ledger.orders) {
      const found = orders.filter((o) => o.idempotency_key === key);
      if (found.length !== 1 || found[0]!.id !== id) problems.push(`order ${key} acknowledged as ${id}, found ${found.length} times`);
    }
    for (const order of orders) {
      const own = lines.filter((l) => l.order_id === order.id);
      if (own.length === 0) problems.push(`order ${order.id} has no line`);
      const total = own.reduce((sum, l) => sum + l.quantity * l.unit_price_cents, 0);
      if (total !== order.total_cents) problems.push(`order ${order.id} total ${order.total_cents} ≠ its lines ${total}`);
      const statuses = events.filter((e) => e.order_id === order.id).map((e) => e.status);
      if (new Set(statuses).size !== statuses.length) problems.push(`order ${order.id} has a move twice in its history`);
      if (!statuses.includes('submitted') || statuses.at(-1) !== order.status)
        problems.push(`order ${order.id} is ${order.status} but its history says ${statuses.join(' → ')}`);
      for (const status of statuses) {
        const count = mails.filter((m) => m.dedupe_key === `order:${order.id}:${status}:stockist`).length;
        if (count !== 1) problems.push(`order ${order.id} ${status} has ${count} mails to the stockist`);
      }
      if (mails.filter((m) => m.dedupe_key === `order:${order.id}:submitted:brand`).length !== 1)
        problems.push(`order ${order.id} was not announced to the brand once`);
      for (const acked of ledger.moves.get(order.id) ?? []) {
        if (!(statuses as string[]).includes(acked)) problems.push(`order ${order.id} move to ${acked} was acknowledged and is lost`);
      }
    }
    // Invoices: each parcel of each shipped order (and of each cancelled after shipping) exactly one
    // (issue 45); each series numbered 1..n with its counter at n; no credit note above what its invoice had left.
    const invoices = await db
      .selectFrom('invoices')
      .select(['id', 'type', 'year', 'seq', 'number', 'shipment_id', 'invoice_id', 'total_incl_cents', 'pdf'])
      .orderBy('id')
      .execute();
    const parcels = await db.selectFrom('shipments').select(['id', 'order_id']).execute();
    const counters = await db.selectFrom('invoice_counters').selectAll().execute();
    for (const order of orders) {
      const own = parcels.filter((p) => p.order_id === order.id);
      const shipped = events.some((e) => e.order_id === order.id && (e.status === 'shipped' || e.status === 'partlyShipped'));
      if (shipped !== own.length > 0) problems.push(`order ${order.id} (${order.status}${shipped ? ', shipped' : ''}) has ${own.length} parcels`);
      for (const parcel of own) {
        const billed = invoices.filter((d) => d.shipment_id === parcel.id).length;
        if (billed !== 1) problems.push(`order ${order.id}'s parcel ${parcel.id} has ${billed} invoices`);
      }
    }
    for (const kind of ['invoice', 'creditNote'] as const) {
      for (const year of new Set(invoices.filter((d) => d.type === kind).map((d) => d.year))) {
        const seqs = invoices
          .filter((d) => d.type === kind && d.year === year)
          .map((d) => d.seq)
          .sort((a, b) => a - b);
        if (seqs.some((q, i) => q !== i + 1)) problems.push(`${kind} ${year} series has a hole or a repeat: ${seqs.join(',')}`);
        const counter = counters.find((c) => c.kind === kind && c.year === year);
        if (counter?.last !== seqs.length) problems.push(`${kind} ${year} counter at ${counter?.last}, ${seqs.length} documents`);
      }
    }
    for (const invoice of invoices.filter((d) => d.type === 'invoice')) {
      const credited = invoices.filter((d) => d.invoice_id === invoice.id).reduce((sum, d) => sum + d.total_incl_cents, 0);
      if (credited > invoice.total_incl_cents) problems.push(`invoice ${invoice.number} credited ${credited} of ${invoice.total_incl_cents}`);
    }
    for (const doc of invoices) if (!Buffer.from(doc.pdf).subarray(0, 5).equals(Buffer.from('%PDF-'))) problems.push(`${doc.number} has no PDF`);
    // Each parcel's invoice mailed once with its PDF, whether its listener ran before a kill or after the restart (issue 56).
    for (const doc of invoices.filter((d) => d.type === 'invoice' && d.shipment_id !== null)) {
      const sent = mails.filter((m) => m.dedupe_key === `invoice:${doc.id}:issued`).length;
      if (sent !== 1) problems.push(`invoice ${doc.number} of a parcel has ${sent} mails`);
    }
    for (const mail of mails) {
      const match = /^order:(\d+):(\w+):/.exec(mail.dedupe_key ?? '');
      if (match && !events.some((e) => e.order_id === Number(match[1]) && e.status === match[2]))
        problems.push(`mail ${mail.dedupe_key} for a move that did not happen`);
    }

    // Stock: every level equals the sum of its movements and what the open at-once orders hold;
    // nothing negative; every acknowledged count left its movement; each at-once order's own
    // movements match where it stands.
    const levels = await db.selectFrom('stock_levels').select(['variant_id', 'size', 'on_hand', 'reserved']).execute();
    const movements = await db.selectFrom('stock_movements').select(['variant_id', 'size', 'order_id', 'on_hand_delta', 'reserved_delta', 'reason']).execute();
    const fullOrders = await db.selectFrom('orders').select(['id', 'status', 'mode']).execute();
    const stockLines = await db.selectFrom('order_lines').select(['order_id', 'variant_id', 'size', 'quantity']).execute();
    const heldBy = (status: string) => status === 'submitted' || status === 'confirmed';
    for (const level of levels) {
      const own = movements.filter((m) => m.variant_id === level.variant_id && m.size === level.size);
      const onHand = own.reduce((sum, m) => sum + m.on_hand_delta, 0);
      const reserved = own.reduce((sum, m) => sum + m.reserved_delta, 0);
      const held = stockLines
        .filter(
          (l) =>
            l.variant_id === level.variant_id &&
            l.size === level.size &&
            fullOrders.some((o) => o.id === l.order_id && o.mode === 'atOnce' && heldBy(o.status)),
        )
        .reduce((sum, l) => sum + l.quantity, 0);
      const where = `stock ${level.variant_id}/${level.size}`;
      if ((level.on_hand ?? 0) < 0 || level.reserved < 0) problems.push(`${where} is negative (${level.on_hand} on hand, ${level.reserved} reserved)`);
      if ((level.on_hand ?? 0) !== onHand) problems.push(`${where}: ${level.on_hand} on hand, its movements say ${onHand}`);
      if (level.reserved !== reserved) problems.push(`${where}: ${level.reserved} reserved, its movements say ${reserved}`);
      if (level.reserved !== held) problems.push(`${where}: ${level.reserved} reserved, the open at-once orders hold ${held}`);
    }
    for (const order of fullOrders.filter((o) => o.mode === 'atOnce')) {
      const own = movements.filter((m) => m.order_id === order.id);
      const pieces = stockLines.filter((l) => l.order_id === order.id).reduce((sum, l) => sum + l.quantity, 0);
      const reserved = own.reduce((sum, m) => sum + m.reserved_delta, 0);
      const shipped = -own.reduce((sum, m) => sum + m.on_hand_delta, 0);
      // A shipped order cancelled afterwards (returned, credited) keeps its shipment: the pieces left the shelf.
      const wentOut = order.status === 'shipped' || events.some((e) => e.order_id === order.id && e.status === 'shipped');
      const expected = heldBy(order.status) ? [pieces, 0] : wentOut ? [0, pieces] : [0, 0];
      if (reserved !== expected[0] || shipped !== expected[1])
        problems.push(`at-once order ${order.id} (${order.status}, ${pieces} pieces) holds ${reserved} and shipped ${shipped}`);
    }
    const counted = movements.filter((m) => m.reason === 'count').length;
    // The first count (two sizes) is set up before the crashes; a count that changed nothing leaves no movement.
    if (counted < ledger.counts + 2 || counted > ledger.counts + ledger.countsMaybe + 2)
      problems.push(`${counted} count movements for ${ledger.counts} counts acknowledged (${ledger.countsMaybe} cut)`);

    // Mail files: one per sent row at most (a file named by the outbox id is rewritten, never doubled).
    const outboxDir = path.join(input.dataDir, 'outbox');
    const files = fs.existsSync(outboxDir) ? fs.readdirSync(outboxDir).filter((f) => f.endsWith('.eml')) : [];
    for (const mail of mails.filter((m) => m.status === 'sent')) {
      if (!files.includes(`${String(mail.id).padStart(6, '0')}.eml`)) problems.push(`mail ${mail.id} is marked sent but was never written`);
    }
    return {
      products: products.length,
      applications: apps.length,
      accepted: apps.filter((a) => a.status === 'accepted').length,
      orders: orders.length,
      atOnce: fullOrders.filter((o) => o.mode === 'atOnce').length,
      movements: movements.length,
      mails: mails.length,
      invoices: invoices.filter((d) => d.type === 'invoice').length,
      creditNotes: invoices.filter((d) => d.type === 'creditNote').length,
    };
  } finally {
    await handle.close();
  }
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { kills: { type: 'string', default: '500' }, db: { type: 'string', default: 'both' } } });
  const kills = Number(values.kills);
  const which = values.db;
  const dialects: Dialect[] = which === 'both' ? (process.env.DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite']) : [which as Dialect];
  const reports = await Promise.all(dialects.map((dialect) => runCrashTest({ dialect, kills, log: console.log })));
  let failed = false;
  for (const r of reports) {
    console.log(
      `${r.dialect}: ${r.kills} kills in ${r.seconds.toFixed(0)} s; ${r.acknowledged} acknowledged writes checked, ${r.interrupted} requests cut; ` +
        `${r.products} products, ${r.applications} applications (${r.accepted} accepted), ${r.orders} orders (${r.atOnce} at-once), ${r.movements} stock movements, ${r.invoices} invoices, ${r.creditNotes} credit notes, ${r.mails} mails; problems: ${r.problems.length}`,
    );
    for (const p of r.problems) console.log(`  - ${p}`);
    failed ||= r.problems.length > 0;
  }
  process.exit(failed ? 1 : 0);
}
