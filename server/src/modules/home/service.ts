import { fromCents, type AdminHome } from '@atelier/contract';
import { today } from '../../lib/dates.ts';
import type { InvoicesService } from '../invoices/service.ts';
import type { OrdersService } from '../orders/service.ts';
import type { RetailersService } from '../retailers/service.ts';
import type { StockService } from '../stock/service.ts';
import type { WebhooksService } from '../webhooks/service.ts';
import type { WaitlistsService } from '../waitlists/service.ts';
import type { BankService } from '../bank/service.ts';

/** What the owner's home reads, each from the area that owns it. */
export interface HomeSources {
  retailers: Pick<RetailersService, 'pendingCount'>;
  orders: Pick<OrdersService, 'homeCounts'>;
  invoices: Pick<InvoicesService, 'homeCounts'>;
  webhooks: Pick<WebhooksService, 'failingCount'>;
  stock: Pick<StockService, 'soldOutWithPreorders'>;
  waitlists: Pick<WaitlistsService, 'summary'>;
  bank: Pick<BankService, 'toMatchCount'>;
}

/** The last day of the week `day` is in (weeks end on Sunday). */
export function weekEnd(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + ((7 - date.getUTCDay()) % 7));
  return date.toISOString().slice(0, 10);
}

/** The owner's home (issue 43): what waits for her today, each figure counted by the database. */
export class HomeService {
  private readonly sources: HomeSources;

  constructor(sources: HomeSources) {
    this.sources = sources;
  }

  async today(day = today()): Promise<AdminHome> {
    const { retailers, orders, invoices, webhooks, stock, waitlists, bank } = this.sources;
    const [applications, orderCounts, invoiceCounts, failingWebhooks, soldOutWithPreorders, waiting, bankToMatch] = await Promise.all([
      retailers.pendingCount(),
      orders.homeCounts(weekEnd(day)),
      invoices.homeCounts(day),
      webhooks.failingCount(),
      stock.soldOutWithPreorders(),
      waitlists.summary(),
      bank.toMatchCount(),
    ]);
    return {
      applications,
      toConfirm: orderCounts.toConfirm,
      inReview: orderCounts.inReview,
      orderChanges: orderCounts.changes,
      toShipThisWeek: orderCounts.toShip,
      invoicesWaiting: invoiceCounts.waiting,
      overdue: { count: invoiceCounts.overdueCount, total: fromCents(invoiceCounts.overdueCents) },
      platformRejected: invoiceCounts.platformRejected,
      failingWebhooks,
      soldOutWithPreorders,
      waitlist: waiting,
      bankToMatch,
    };
  }
}
