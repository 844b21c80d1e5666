import type { deliveryNotePdf } from './delivery-note.ts';
import type { Config } from '../../config.ts';
import type { Db, Dialect } from '../../db/index.ts';
import type { ReadCache } from '../../db/read-cache.ts';
import type { DomainEvents } from '../../platform/events.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import type { CompaniesService } from '../companies/service.ts';
import type { InvoicesService } from '../invoices/service.ts';
import type { SeasonsService } from '../seasons/service.ts';
import type { StockService } from '../stock/service.ts';
import type { WholesaleService } from '../wholesale/service.ts';

/** What the order parts share: the database and the services of other areas they call. */
export interface OrdersContext {
  db: Db;
  dialect: Dialect;
  config: Config;
  catalogue: CatalogueService;
  wholesale: WholesaleService;
  onMailQueued: () => void;
  seasons: SeasonsService;
  stock: StockService;
  companies: CompaniesService;
  /** Ships issue invoices and cancels credit them, in the order's own transaction (the invoices take its executor). */
  invoices: InvoicesService;
  /** Records what happened (`shipment.created`) for the listeners after the commit, and runs them (issue 56). */
  events: DomainEvents;
  /** Draws a parcel's delivery note for its mail (in a worker thread: the requests do not wait behind it). */
  drawDeliveryNote: typeof deliveryNotePdf;
  /** The owner opened an order: its parcel's invoice and delivery note may be drawn soon, the thread that draws them starts. */
  prepareDocuments: () => void;
  /** Answers kept until a table they read changes (db/read-cache.ts): a shop's order screens. */
  reads: ReadCache;
}
