import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { DbHandle } from './db/index.ts';
import { AuthService } from './modules/auth/service.ts';
import { OutboxWorker, fileTransport, smtpTransport, type MailTransport } from './modules/mail/outbox.ts';
import { UsersService } from './modules/users/service.ts';
import { CatalogueService } from './modules/catalogue/service.ts';
import { JournalService } from './modules/journal/service.ts';
import { StockistsService } from './modules/stockists/service.ts';
import { ContactService } from './modules/contact/service.ts';
import { PrivacyService } from './modules/privacy/service.ts';
import { WholesaleService } from './modules/wholesale/service.ts';
import { OrdersService } from './modules/orders/service.ts';
import { ActivityService } from './modules/activity/service.ts';
import { PagesService } from './modules/pages/service.ts';
import { ListingsService } from './modules/directory/service.ts';
import { MediaService } from './modules/media/service.ts';
import { JsonCache } from './lib/json-cache.ts';
import type { NoncedBody } from './lib/nonced-body.ts';
import { TtlCache } from './lib/ttl-cache.ts';

/** A rendered page kept with a placeholder where each response puts its own CSP nonce. */
export interface CachedPage {
  status: number;
  headers: Array<[string, string]>;
  /** The HTML with a placeholder where each response writes its own nonce. */
  body: NoncedBody;
  etag: string;
}

/** Everything the routes and the SSR loaders use; built once per process (or per test). */
export interface AppServices {
  config: Config;
  database: DbHandle;
  users: UsersService;
  auth: AuthService;
  mail: OutboxWorker;
  catalogue: CatalogueService;
  journal: JournalService;
  stockists: StockistsService;
  contact: ContactService;
  privacy: PrivacyService;
  wholesale: WholesaleService;
  orders: OrdersService;
  pages: PagesService;
  listings: ListingsService;
  activity: ActivityService;
  /** Uploads through the image pipeline, and their placeholders and AVIF widths. */
  media: MediaService;
  /** Anonymous public API reads, serialized (see lib/json-cache.ts). */
  jsonCache: JsonCache;
  /** Anonymous page renders (see web.ts). */
  pageCache: TtlCache<CachedPage>;
  /** Called after any admin write that changes public content (caches listen here). */
  onContentChange(): void;
}

export function createServices(config: Config, database: DbHandle, log: Logger, transport?: MailTransport): AppServices {
  const mailTransport =
    transport ?? (config.SMTP_URL ? smtpTransport(config.SMTP_URL) : fileTransport(path.join(config.dataDir, 'outbox')));
  const from = config.MAIL_FROM ?? `${config.BRAND_NAME} <${config.BRAND_EMAIL}>`;
  const mail = new OutboxWorker(database.db, mailTransport, from, log.child({ module: 'mail' }));
  const users = new UsersService(database.db);
  const auth = new AuthService(database.db, users, config, () => mail.kick());
  const catalogue = new CatalogueService(database.db);
  const journal = new JournalService(database.db);
  const kick = () => mail.kick();
  const contact = new ContactService(database.db, config, kick);
  const pageCache = new TtlCache<CachedPage>(config.PAGE_CACHE_SECONDS * 1000, 500);
  const jsonCache = new JsonCache();
  const wholesale = new WholesaleService(database.db, config, catalogue);
  const orders = new OrdersService(database.db, database.dialect, config, catalogue, wholesale, kick);
  const stockists = new StockistsService(database.db, config, auth, kick, orders);
  const pages = new PagesService(database.db);
  const listings = new ListingsService(database.db);
  const onContentChange = () => {
    pages.cache.clear();
    listings.publicCache.clear();
    wholesale.invalidate();
    jsonCache.clear();
    catalogue.publicCache.clear();
    journal.publicCache.clear();
    pageCache.clear();
  };
  const privacy = new PrivacyService(database.db);
  const activity = new ActivityService(database.db);
  const media = new MediaService(database.db, MediaService.uploadsDirOf(config.dataDir));
  return { config, database, users, auth, mail, catalogue, journal, stockists, contact, privacy, wholesale, orders, pages, listings, activity, media, jsonCache, pageCache, onContentChange };
}
