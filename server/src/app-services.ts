import type { Config } from './config.ts';
import type { DbHandle } from './db/index.ts';
import type { AuthService } from './modules/auth/service.ts';
import type { OutboxWorker } from './modules/mail/outbox.ts';
import type { UsersService } from './modules/users/service.ts';
import type { CatalogueService } from './modules/catalogue/service.ts';
import type { JournalService } from './modules/journal/service.ts';
import type { RetailersService } from './modules/retailers/service.ts';
import type { ApiKeysService } from './modules/apikeys/service.ts';
import type { WebhooksService } from './modules/webhooks/service.ts';
import type { WebhookWorker } from './modules/webhooks/worker.ts';
import type { ApprovedPlatformService } from './modules/approved-platform/service.ts';
import type { AgentsService } from './modules/agents/service.ts';
import type { ShowroomService } from './modules/showroom/service.ts';
import type { ApprovedPlatformWorker } from './modules/approved-platform/worker.ts';
import type { ContactService } from './modules/contact/service.ts';
import type { PrivacyService } from './modules/privacy/service.ts';
import type { WholesaleService } from './modules/wholesale/service.ts';
import type { OrdersService } from './modules/orders/service.ts';
import type { WaitlistsService } from './modules/waitlists/service.ts';
import type { BankService } from './modules/bank/service.ts';
import type { BarcodesService } from './modules/barcodes/service.ts';
import type { DirectDebits } from './modules/bank/debits.ts';
import type { PaymentReturns } from './modules/bank/returns.ts';
import type { ReturnsService } from './modules/returns/service.ts';
import type { CompaniesService } from './modules/companies/service.ts';
import type { CurrenciesService } from './modules/currencies/service.ts';
import type { SeasonsService } from './modules/seasons/service.ts';
import type { StockService } from './modules/stock/service.ts';
import type { SecurityService } from './modules/security/service.ts';
import type { ProductionService } from './modules/production/service.ts';
import type { SalesService } from './modules/sales/service.ts';
import type { SellerService } from './modules/seller/service.ts';
import type { InvoicesService } from './modules/invoices/service.ts';
import type { ActivityService } from './modules/activity/service.ts';
import type { HomeService } from './modules/home/service.ts';
import type { PagesService } from './modules/pages/service.ts';
import type { ListingsService } from './modules/listings/service.ts';
import type { MediaService } from './modules/media/service.ts';
import type { JsonCache } from './lib/json-cache.ts';
import type { EncodedBody } from './lib/encodings.ts';
import type { PageCache } from './lib/page-cache.ts';
import type { ChangeBus } from './platform/bus.ts';
import type { DomainEvents } from './platform/events.ts';
import type { SharedRedis } from './platform/redis.ts';
import type { Metrics } from './platform/metrics.ts';
import type { MountedArea } from './platform/area.ts';

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
  /** Shops waiting for sold-out sizes, and the pieces offered to them when they come back (issue 58). */
  waitlists: WaitlistsService;
  /** Money in (issue 59): bank statements matched to invoices, SEPA direct debits, payments that came back. */
  bank: { statements: BankService; debits: DirectDebits; returns: PaymentReturns };
  /** EAN-13 codes for every colour × size (issue 60). */
  barcodes: BarcodesService;
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
  /** The areas the app mounts (server/src/areas.ts): their routes under /api, their listeners. */
  areas: ReadonlyArray<MountedArea<AppServices>>;
}

export interface Platform {
  redis: SharedRedis | null;
  bus: ChangeBus;
  start(): Promise<void>;
  close(): Promise<void>;
}
