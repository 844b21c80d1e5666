import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { DbHandle } from './db/index.ts';
import { AuthService } from './modules/auth/service.ts';
import { OutboxWorker, fileTransport, smtpTransport, type MailTransport } from './modules/mail/outbox.ts';
import { UsersService } from './modules/users/service.ts';
import { CatalogueService } from './modules/catalogue/service.ts';
import { JournalService } from './modules/journal/service.ts';
import { RetailersService } from './modules/retailers/service.ts';
import { ApiKeysService } from './modules/apikeys/service.ts';
import { WebhooksService } from './modules/webhooks/service.ts';
import { WebhookWorker } from './modules/webhooks/worker.ts';
import { WorkerPool } from './platform/worker-thread.ts';
import { ApprovedPlatformService } from './modules/approved-platform/service.ts';
import { AgentsService } from './modules/agents/service.ts';
import { ShowroomService } from './modules/showroom/service.ts';
import { ApprovedPlatformWorker } from './modules/approved-platform/worker.ts';
import { ContactService } from './modules/contact/service.ts';
import { PrivacyService } from './modules/privacy/service.ts';
import { WholesaleService } from './modules/wholesale/service.ts';
import { OrdersService } from './modules/orders/service.ts';
import { WaitlistsService } from './modules/waitlists/service.ts';
import { BankService } from './modules/bank/service.ts';
import { BarcodesService } from './modules/barcodes/service.ts';
import { DirectDebits } from './modules/bank/debits.ts';
import { PaymentReturns } from './modules/bank/returns.ts';
import { ReturnsService } from './modules/returns/service.ts';
import { CompaniesService } from './modules/companies/service.ts';
import { CurrenciesService } from './modules/currencies/service.ts';
import { SeasonsService } from './modules/seasons/service.ts';
import { StockService } from './modules/stock/service.ts';
import { SecurityService } from './modules/security/service.ts';
import { ProductionService } from './modules/production/service.ts';
import { SalesService } from './modules/sales/service.ts';
import { SellerService } from './modules/seller/service.ts';
import { InvoicesService } from './modules/invoices/service.ts';
import { ActivityService } from './modules/activity/service.ts';
import { HomeService } from './modules/home/service.ts';
import { PagesService } from './modules/pages/service.ts';
import { ListingsService } from './modules/listings/service.ts';
import { MediaService } from './modules/media/service.ts';
import { createMediaStore } from './modules/media/store.ts';
import { JsonCache } from './lib/json-cache.ts';
import { createBus, type ChangeBus } from './platform/bus.ts';
import { DomainEvents } from './platform/events.ts';
import { AREAS } from './areas.ts';
import { seasonOrders } from './modules/orders/season-orders.ts';
import { invoiceOrders } from './modules/orders/invoice-orders.ts';
import type { MountedArea } from './platform/area.ts';
import type { OrdersContext } from './modules/orders/context.ts';
import type { OutboundPolicy } from './lib/outbound.ts';
import { SharedRedis } from './platform/redis.ts';
import { Metrics } from './platform/metrics.ts';
import { MemoryAttempts, RedisAttempts } from './modules/auth/rate-limit.ts';

import type { AppServices, Platform } from './app-services.ts';

export type { AppServices, CachedPage, Platform } from './app-services.ts';

/** Builds every service, then lets each area of `areas` (all of them, but in a test) register its listeners. */
export function createServices(
  config: Config,
  database: DbHandle,
  log: Logger,
  transport?: MailTransport,
  areas: ReadonlyArray<MountedArea<AppServices>> = AREAS,
): AppServices {
  const mail = mailOutbox(config, database, log, transport);
  const outbound = { allowLoopback: config.OUTBOUND_ALLOW_LOOPBACK, ca: config.OUTBOUND_CA_FILE };
  const webhookWorker = new WebhookWorker({ db: database.db, policy: outbound, log: log.child({ module: 'webhooks' }) });
  // What a change records for the other areas' listeners, run after its commit (issue 56, ADR 0026); what they queued is looked at once they ran.
  const events = new DomainEvents({ db: database.db, log: log.child({ module: 'events' }), afterRuns: () => [mail, webhookWorker].forEach((w) => w.kick()) });
  const webhooks = new WebhooksService({ db: database.db, policy: outbound, kick: () => webhookWorker.kick() });
  const redis = config.REDIS_URL ? new SharedRedis(config.REDIS_URL, log.child({ module: 'redis' })) : null;
  const { users, auth, security } = accounts(config, database, redis, () => mail.kick());
  const seasons = new SeasonsService({ db: database.db, orders: seasonOrders });
  const stock = new StockService({ db: database.db, dialect: database.dialect, events });
  const production = new ProductionService({ db: database.db, seasons, stock });
  const sales = new SalesService({ db: database.db, seasons });
  const seller = new SellerService({ db: database.db });
  const apiKeys = new ApiKeysService({ db: database.db });
  const catalogue = new CatalogueService({ db: database.db, seasons, dialect: database.dialect });
  const journal = new JournalService({ db: database.db, dialect: database.dialect });
  // After a commit that queued mail or webhook deliveries: both outboxes (and the e-invoicing platform's) look now.
  const kick = () => [events, mail, webhookWorker, approvedPlatformWorker].forEach((worker) => worker.kick());
  const contact = new ContactService({ db: database.db, config, onMailQueued: kick, dialect: database.dialect });
  const jsonCache = new JsonCache();
  const media = new MediaService({ db: database.db, files: createMediaStore(config) });
  const wholesale = new WholesaleService({ db: database.db, config, catalogue, uploads: media.files, seasons, stock });
  const companies = new CompaniesService({ db: database.db, dialect: database.dialect, config, auth, kick, label: wholesale, events });
  // The parcels' invoices and delivery notes are drawn in worker threads (issue 56), ended after a minute idle.
  const pdfs = new WorkerPool({ url: new URL('./pdf-worker.ts', import.meta.url), log: log.child({ module: 'pdf' }), idleMs: 60_000, size: PDF_THREADS });
  const tradeDeps = { kick, events, outbound, companies, catalogue, wholesale, seasons, stock, pdfs };
  const { invoices, approvedPlatform, approvedPlatformWorker, orders, waitlists } = trade(config, database, log, tradeDeps);
  const retailers = new RetailersService({ db: database.db, config, auth, onMailQueued: kick, companies, dialect: database.dialect, events });
  const agents = new AgentsService({ db: database.db, config, auth, kick });
  const showroom = new ShowroomService({ db: database.db, config, catalogue, seasons, stock, wholesale, companies, orders, retailers, onMailQueued: kick });
  // A shop met at the showroom, once approved: its waiting order is made then.
  retailers.onAccepted((applicationId) =>
    showroom
      .releaseWaiting(applicationId)
      .catch((error: unknown) => log.error({ event: 'showroom_release_failed', err: error, applicationId }, 'a waiting showroom order could not be made')),
  );
  const [pages, listings] = [new PagesService({ db: database.db }), new ListingsService({ db: database.db })];
  const { bus, platform } = sharedPlatform(database, redis, log);
  // Data first, then the pages: their background renders read the fresh data.
  const caches = [pages.cache, listings.publicCache, { clear: () => wholesale.invalidate() }, jsonCache, catalogue.publicCache, journal.publicCache];
  const onContentChange = contentChanges(bus, [...caches, { clear: () => services.pageCache?.invalidate() }]);
  const bank = moneyIn(config, database, invoices, kick);
  const home = new HomeService({ retailers, orders, invoices, webhooks, stock, waitlists, bank: bank.statements });
  const services: AppServices = {
    config,
    database,
    users,
    auth,
    mail,
    events,
    catalogue,
    journal,
    retailers,
    contact,
    privacy: new PrivacyService({ db: database.db }),
    wholesale,
    orders,
    waitlists,
    bank,
    barcodes: new BarcodesService({ db: database.db, companies, brand: config.BRAND_NAME }),
    returns: new ReturnsService({ db: database.db, dialect: database.dialect, config, invoices, stock, onMailQueued: kick, events }),
    companies,
    currencies: new CurrenciesService({ db: database.db }),
    seasons,
    stock,
    security,
    production,
    sales,
    seller,
    invoices,
    pages,
    listings,
    activity: new ActivityService({ db: database.db }),
    home,
    agents,
    showroom,
    apiKeys,
    webhooks,
    webhookWorker,
    approvedPlatform,
    approvedPlatformWorker,
    media,
    jsonCache,
    pageCache: null,
    onContentChange,
    platform,
    metrics: config.METRICS_TOKEN ? new Metrics(database.db) : null,
    areas,
  };
  // What each area does after others' commits, declared in its folder (ADR 0026, ADR 0028).
  for (const area of areas) area.listen(events, services);
  return services;
}

/** Clears these caches on a change here (and tells the other instances) or there; returns what a change here calls. */
function contentChanges(bus: ChangeBus, caches: Array<{ clear(): void }>): () => void {
  const clearLocal = () => caches.forEach((cache) => cache.clear());
  bus.onRemoteChange(clearLocal);
  return () => {
    clearLocal();
    bus.publish();
  };
}

/** The mail outbox's worker: SMTP when SMTP_URL is set, else files in DATA_DIR/outbox (or the test's transport). */
function mailOutbox(config: Config, database: DbHandle, log: Logger, transport: MailTransport | undefined): OutboxWorker {
  const mailTransport = transport ?? (config.SMTP_URL ? smtpTransport(config.SMTP_URL) : fileTransport(path.join(config.dataDir, 'outbox')));
  const from = config.MAIL_FROM ?? `${config.BRAND_NAME} <${config.BRAND_EMAIL}>`;
  return new OutboxWorker({ db: database.db, transport: mailTransport, from, log: log.child({ module: 'mail' }) });
}

/** Two threads: the parcels' invoices and their delivery notes are drawn side by side on a two-core machine. */
const PDF_THREADS = Math.min(2, availableParallelism());

type InvoicesDrawPdf = ConstructorParameters<typeof InvoicesService>[0]['drawPdf'];

/** The trade's areas (invoices, the e-invoicing platform, orders, waitlists). */
function trade(
  config: Config,
  database: DbHandle,
  log: Logger,
  deps: Pick<OrdersContext, 'catalogue' | 'wholesale' | 'seasons' | 'stock' | 'companies' | 'events'> & {
    kick: () => void;
    outbound: OutboundPolicy;
    pdfs: WorkerPool;
  },
) {
  const { db, dialect } = database;
  const { events, kick, pdfs } = deps;
  const drawPdf: InvoicesDrawPdf = (doc, xml, brandName) => pdfs.run('invoice', [doc, xml, brandName]);
  const invoices = new InvoicesService({ db, config, dialect, kick, companies: deps.companies, events, orders: invoiceOrders, drawPdf });
  const approvedPlatform: ApprovedPlatformService = new ApprovedPlatformService({
    db,
    invoices,
    policy: deps.outbound,
    kick: () => approvedPlatformWorker.kick(),
  });
  const approvedPlatformWorker = new ApprovedPlatformWorker({
    platform: approvedPlatform,
    submissions: invoices.submissions,
    log: log.child({ module: 'einvoicing' }),
  });
  const { catalogue, wholesale, seasons, stock, companies } = deps;
  const drawDeliveryNote: OrdersContext['drawDeliveryNote'] = (brand, order, shipment, lang, gtins) =>
    pdfs.run('deliveryNote', [brand, order, shipment, lang, gtins]);
  const orders = new OrdersService({
    db,
    dialect,
    config,
    catalogue,
    wholesale,
    onMailQueued: kick,
    seasons,
    stock,
    companies,
    invoices,
    events,
    drawDeliveryNote,
    prepareDocuments: () => pdfs.warm(),
    reads: database.reads,
  });
  // Shops waiting for sold-out sizes, offered the pieces that come back (issue 58).
  const waitlists = new WaitlistsService({ db, config, stock, catalogue, orders, onMailQueued: kick });
  return { invoices, approvedPlatform, approvedPlatformWorker, orders, waitlists };
}

/** The accounts and how they sign in: the attempts' budgets (in Redis when several instances share them). */
function accounts(config: Config, database: DbHandle, redis: SharedRedis | null, onMailQueued: () => void) {
  const users = new UsersService({ db: database.db });
  const windowMs = config.LOGIN_WINDOW_MINUTES * 60_000;
  const budget = (prefix: string, max: number) => (redis ? new RedisAttempts(redis, prefix, max, windowMs) : new MemoryAttempts(max, windowMs));
  const auth = new AuthService({ db: database.db, users, config, onMailQueued, attempts: budget('atelier:login:', config.LOGIN_MAX_PER_EMAIL) });
  // Wrong second-step answers count in a budget of their own, which a right password never refills.
  const security = new SecurityService({ db: database.db, auth, config, onMailQueued, factorAttempts: budget('atelier:factor:', config.MFA_MAX_PER_ACCOUNT) });
  return { users, auth, security };
}

/** What several instances share: Redis (when REDIS_URL is set) and the bus that tells the others a change. */
function sharedPlatform(database: DbHandle, redis: SharedRedis | null, log: Logger): { bus: ChangeBus; platform: Platform } {
  const bus = createBus(database, redis, log.child({ module: 'bus' }));
  const platform: Platform = {
    redis,
    bus,
    async start() {
      if (redis && !(await redis.connected())) log.error({ event: 'redis_down' }, 'Redis did not answer at start: sign-in and forms wait for it');
      await bus.start();
    },
    async close() {
      await bus.close();
      await redis?.close();
    },
  };
  return { bus, platform };
}

/** Money in (issue 59): statements, direct debits and returns, recording and unmarking payments through the invoices area. */
function moneyIn(config: Config, database: DbHandle, invoices: InvoicesService, kick: () => void): AppServices['bank'] {
  const deps = { db: database.db, config, payments: invoices.bankPayments, kick };
  const returns = new PaymentReturns(deps);
  return { statements: new BankService({ ...deps, returns }), debits: new DirectDebits(deps), returns };
}
