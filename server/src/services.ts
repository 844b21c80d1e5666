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
import { ApprovedPlatformService } from './modules/approved-platform/service.ts';
import { AgentsService } from './modules/agents/service.ts';
import { ShowroomService } from './modules/showroom/service.ts';
import { ApprovedPlatformWorker } from './modules/approved-platform/worker.ts';
import { ContactService } from './modules/contact/service.ts';
import { PrivacyService } from './modules/privacy/service.ts';
import { WholesaleService } from './modules/wholesale/service.ts';
import { OrdersService } from './modules/orders/service.ts';
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
import type { EncodedBody } from './lib/encodings.ts';
import type { PageCache } from './lib/page-cache.ts';
import { createBus, type ChangeBus } from './platform/bus.ts';
import { DomainEvents } from './platform/events.ts';
import { listenForInvoices } from './modules/invoices/listeners.ts';
import { listenForOrders } from './modules/orders/listeners.ts';
import type { OrdersContext } from './modules/orders/context.ts';
import type { OutboundPolicy } from './lib/outbound.ts';
import { SharedRedis } from './platform/redis.ts';
import { Metrics } from './platform/metrics.ts';
import { MemoryAttempts, RedisAttempts } from './modules/auth/rate-limit.ts';

/** A rendered page as every anonymous visitor gets it: bytes, headers, ETag and the CSP naming its scripts. */
export interface CachedPage {
  status: number;
  headers: Array<[string, string]>;
  body: EncodedBody;
  etag: string;
  csp: string;
}

/** Everything the routes and the SSR loaders use; built once per process (or per test). */
export interface AppServices {
  config: Config;
  database: DbHandle;
  users: UsersService;
  auth: AuthService;
  mail: OutboxWorker;
  /** Events after the commit and their listeners (started by main.ts, like the mail outbox). */
  events: DomainEvents;
  catalogue: CatalogueService;
  journal: JournalService;
  retailers: RetailersService;
  contact: ContactService;
  privacy: PrivacyService;
  wholesale: WholesaleService;
  orders: OrdersService;
  returns: ReturnsService;
  /** A retailer's company details and addresses. */
  companies: CompaniesService;
  seasons: SeasonsService;
  stock: StockService;
  security: SecurityService;
  production: ProductionService;
  sales: SalesService;
  /** The label as the seller on its invoices: legal identity, numbering, terms (issue 24). */
  seller: SellerService;
  invoices: InvoicesService;
  pages: PagesService;
  listings: ListingsService;
  activity: ActivityService;
  home: HomeService;
  /** Keys the label's integrations call the API with. */
  apiKeys: ApiKeysService;
  /** The owner's webhook endpoints and their delivery log. */
  webhooks: WebhooksService;
  /** Price lists per currency and rates per day (issue 47). */
  currencies: CurrenciesService;
  /** Sends the webhook deliveries the changes wrote (started by main.ts, like the mail outbox). */
  webhookWorker: WebhookWorker;
  /** The approved e-invoicing platform's settings, check and directory. */
  approvedPlatform: ApprovedPlatformService;
  /** Hands issued documents to the platform and follows them (started by main.ts). */
  approvedPlatformWorker: ApprovedPlatformWorker;
  /** The label's sales agents (invited by the owner). */
  agents: AgentsService;
  /** The showroom tablet's snapshot and orders (issue 34). */
  showroom: ShowroomService;
  /** Uploads through the image pipeline, and their placeholders and AVIF widths. */
  media: MediaService;
  /** Anonymous public API reads, serialized (see lib/json-cache.ts). */
  jsonCache: JsonCache;
  /** Anonymous page renders (set by web.ts when the site is served). */
  pageCache: PageCache<CachedPage> | null;
  /** Called after any admin write that changes public content: clears here, tells the other instances. */
  onContentChange(): void;
  /** What instances share: Redis (REDIS_URL) and the channel that carries content changes. */
  platform: Platform;
  /** Prometheus metrics when METRICS_TOKEN is set. */
  metrics: Metrics | null;
}

export interface Platform {
  redis: SharedRedis | null;
  bus: ChangeBus;
  start(): Promise<void>;
  close(): Promise<void>;
}

export function createServices(config: Config, database: DbHandle, log: Logger, transport?: MailTransport): AppServices {
  const mailTransport = transport ?? (config.SMTP_URL ? smtpTransport(config.SMTP_URL) : fileTransport(path.join(config.dataDir, 'outbox')));
  const from = config.MAIL_FROM ?? `${config.BRAND_NAME} <${config.BRAND_EMAIL}>`;
  const mail = new OutboxWorker(database.db, mailTransport, from, log.child({ module: 'mail' }));
  // What a change records for the other areas' listeners, run after its commit (issue 56, ADR 0026).
  const events = new DomainEvents({ db: database.db, log: log.child({ module: 'events' }) });
  const outbound = { allowLoopback: config.OUTBOUND_ALLOW_LOOPBACK, ca: config.OUTBOUND_CA_FILE };
  const webhookWorker = new WebhookWorker(database.db, outbound, log.child({ module: 'webhooks' }));
  const webhooks = new WebhooksService(database.db, outbound, () => webhookWorker.kick());
  const redis = config.REDIS_URL ? new SharedRedis(config.REDIS_URL, log.child({ module: 'redis' })) : null;
  const { users, auth, security } = accounts(config, database, redis, () => mail.kick());
  const seasons = new SeasonsService(database.db);
  const stock = new StockService(database.db, database.dialect);
  const production = new ProductionService(database.db, seasons, stock);
  const sales = new SalesService(database.db, seasons);
  const seller = new SellerService(database.db);
  const apiKeys = new ApiKeysService(database.db);
  const catalogue = new CatalogueService(database.db, seasons, database.dialect);
  const journal = new JournalService(database.db, database.dialect);
  // After a commit that queued mail or webhook deliveries: both outboxes look now, not at their next run.
  // (An issued invoice or a payment may have something for the e-invoicing platform too: off, it is one read.)
  const kick = () => [events, mail, webhookWorker, approvedPlatformWorker].forEach((worker) => worker.kick());
  const contact = new ContactService(database.db, config, kick, database.dialect);
  const jsonCache = new JsonCache();
  const media = new MediaService(database.db, createMediaStore(config));
  const wholesale = new WholesaleService(database.db, config, catalogue, media.files, seasons, stock);
  const companies = new CompaniesService(database.db, database.dialect, config, auth, kick, wholesale);
  const { invoices, approvedPlatform, approvedPlatformWorker, orders } = trade(config, database, log, {
    kick,
    events,
    outbound,
    companies,
    catalogue,
    wholesale,
    seasons,
    stock,
  });
  const retailers = new RetailersService(database.db, config, auth, kick, companies, database.dialect);
  const agents = new AgentsService(database.db, config, auth, kick);
  const showroom = new ShowroomService(database.db, config, catalogue, seasons, stock, wholesale, companies, orders, retailers, kick);
  // A shop met at the showroom, once approved: its waiting order is made then.
  retailers.onAccepted((applicationId) =>
    showroom
      .releaseWaiting(applicationId)
      .catch((error: unknown) => log.error({ event: 'showroom_release_failed', err: error, applicationId }, 'a waiting showroom order could not be made')),
  );
  const pages = new PagesService(database.db);
  const listings = new ListingsService(database.db);
  const { bus, platform } = sharedPlatform(database, redis, log);
  // Data first, then the pages: their background renders read the fresh data.
  const caches = [pages.cache, listings.publicCache, { clear: () => wholesale.invalidate() }, jsonCache, catalogue.publicCache, journal.publicCache];
  const onContentChange = contentChanges(bus, [...caches, { clear: () => services.pageCache?.invalidate() }]);
  const home = new HomeService({ retailers, orders, invoices, webhooks, stock });
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
    privacy: new PrivacyService(database.db),
    wholesale,
    orders,
    returns: new ReturnsService({ db: database.db, dialect: database.dialect, config, invoices, stock, onMailQueued: kick }),
    companies,
    currencies: new CurrenciesService(database.db),
    seasons,
    stock,
    security,
    production,
    sales,
    seller,
    invoices,
    pages,
    listings,
    activity: new ActivityService(database.db),
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
  };
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

/** The trade's areas (invoices, the e-invoicing platform, orders) and what they do after their commits (issue 56). */
function trade(
  config: Config,
  database: DbHandle,
  log: Logger,
  deps: Pick<OrdersContext, 'catalogue' | 'wholesale' | 'seasons' | 'stock' | 'companies' | 'events'> & { kick: () => void; outbound: OutboundPolicy },
) {
  const { db, dialect } = database;
  const { events, kick } = deps;
  const invoices = new InvoicesService({ db, config, dialect, kick, companies: deps.companies, events });
  const approvedPlatform: ApprovedPlatformService = new ApprovedPlatformService(db, invoices, deps.outbound, () => approvedPlatformWorker.kick());
  const approvedPlatformWorker = new ApprovedPlatformWorker(approvedPlatform, invoices.submissions, log.child({ module: 'einvoicing' }));
  const { catalogue, wholesale, seasons, stock, companies } = deps;
  const orders = new OrdersService({ db, dialect, config, catalogue, wholesale, onMailQueued: kick, seasons, stock, companies, invoices, events });
  listenForInvoices(events, invoices, config);
  listenForOrders(events, orders);
  return { invoices, approvedPlatform, approvedPlatformWorker, orders };
}

/** The accounts and how they sign in: the attempts' budgets (in Redis when several instances share them). */
function accounts(config: Config, database: DbHandle, redis: SharedRedis | null, onMailQueued: () => void) {
  const users = new UsersService(database.db);
  const windowMs = config.LOGIN_WINDOW_MINUTES * 60_000;
  const budget = (prefix: string, max: number) => (redis ? new RedisAttempts(redis, prefix, max, windowMs) : new MemoryAttempts(max, windowMs));
  const auth = new AuthService(database.db, users, config, onMailQueued, budget('atelier:login:', config.LOGIN_MAX_PER_EMAIL));
  // Wrong second-step answers count in a budget of their own, which a right password never refills.
  const security = new SecurityService(database.db, auth, config, onMailQueued, budget('atelier:factor:', config.MFA_MAX_PER_ACCOUNT));
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
