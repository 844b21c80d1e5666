import { lineGtins } from './line-gtins.ts';
import {
  carrierName,
  formatDay,
  formatPrice,
  fromCents,
  trackingUrl,
  type Locale,
  type Order,
  type OrderChange,
  type OrderReview,
  type OrderStatus,
  type OrderSummary,
  type Shipment,
  type Size,
  type Currency,
} from '@atelier/contract';
import { sql, type Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import { publicBrand } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { parseTexts, pick } from '../../lib/texts.ts';
import { enqueueMail, type QueuedMail } from '../mail/outbox.ts';
import { INVOICE_LISTENERS } from '../invoices/listeners.ts';
import type { DomainEvents } from '../../platform/events.ts';
import { orderNotice, orderStatusMail, orderSubmittedMail, type OrderMailData } from '../mail/templates.ts';
import type { SeasonsService } from '../seasons/service.ts';
import type { InvoicesService } from '../invoices/service.ts';
import { parseCompany } from '../companies/service.ts';
import { companyMailbox } from '../companies/people.ts';
import { inScope, type OrderScope } from '../companies/scope.ts';
import { orderMode } from './placement.ts';
import type { OrdersContext } from './context.ts';
import type { Dialect } from '../../db/index.ts';
import { mapPage, readPage, type Page, type PageRequest } from '../../lib/paging.ts';
import { matchesSearch, searchTerms } from '../../lib/search.ts';
import { accountById, accountsByIds, personOf } from '../users/accounts.ts';
import { readInvoices } from '../../read-models/invoices.ts';
import { readRetailerDoors } from '../../read-models/companies.ts';
import { changesOf } from './change-records.ts';

/** What the order lists can be narrowed to (`q`: the search box). */

export interface OrderFilter {
  userId?: number | undefined;
  /** A buyer's doors (null or absent: every door). */
  doorIds?: number[] | null | undefined;
  doorId?: number | undefined;
  placedBy?: number | undefined;
  status?: OrderStatus | undefined;
  from?: string | undefined;
  to?: string | undefined;
  seasonId?: number | undefined;
  deliveryId?: number | undefined;
  channel?: 'portal' | 'showroom' | undefined;
  takenBy?: number | undefined;
  /** Held in review (credit control, issue 47). */
  review?: 'pending' | undefined;
  q?: string | undefined;
}

/**
 * Orders as they are read and told: one order with its lines, history and invoice, the lists, and the mails
 * a status change queues (in the caller's transaction).
 */
export class OrderRecords {
  private readonly db: Db;
  private readonly seasons: SeasonsService;
  private readonly invoices: InvoicesService;
  private readonly config: Config;
  private readonly dialect: Dialect;
  private readonly events: DomainEvents;
  private readonly drawDeliveryNote: OrdersContext['drawDeliveryNote'];

  constructor(deps: Pick<OrdersContext, 'db' | 'dialect' | 'seasons' | 'invoices' | 'config' | 'events' | 'drawDeliveryNote'>) {
    ({ events: this.events, drawDeliveryNote: this.drawDeliveryNote } = deps);
    this.db = deps.db;
    this.dialect = deps.dialect;
    this.seasons = deps.seasons;
    this.invoices = deps.invoices;
    this.config = deps.config;
  }

  /** The orders of one submission, first made first. */
  async byKey(userId: number, key: string, db: Kysely<Database> = this.db): Promise<number[]> {
    const rows = await db
      .selectFrom('orders')
      .select('id')
      .where('company_id', '=', userId)
      .where('idempotency_key', '=', key)
      .orderBy('submission_rank')
      .execute();
    return rows.map((r) => r.id);
  }

  // —— Reading ——

  async load(db: Kysely<Database>, id: number) {
    const row = await db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return null;
    const [lines, events, seasons, shipments] = await Promise.all([
      db.selectFrom('order_lines').selectAll().where('order_id', '=', id).orderBy('position').execute(),
      db.selectFrom('order_events').selectAll().where('order_id', '=', id).orderBy('at').orderBy('id').execute(),
      this.seasons.infos(db, row.season_id === null ? [] : [row.season_id]),
      this.shipments(db, id),
    ]);
    const [door, person] = await Promise.all([
      row.door_id === null
        ? null
        : db.selectFrom(readRetailerDoors().as('retailer_doors')).select(['id', 'name', 'town']).where('id', '=', row.door_id).executeTakeFirst(),
      row.placed_by === null ? null : accountById(db, row.placed_by),
    ]);
    return { row, lines, events, seasons, shipments, door: door ?? null, placedBy: person ? personOf(person) : null };
  }

  /** An order's parcels, first sent first, each with its lines and its invoice (issue 45). */
  private async shipments(db: Kysely<Database>, orderId: number): Promise<Shipment[]> {
    const rows = await db
      .selectFrom('shipments as s')
      .leftJoin(readInvoices().as('i'), 'i.shipment_id', 's.id')
      .select(['s.id', 's.number', 's.shipped_at', 's.carrier', 's.tracking', 's.shipping_cents', 'i.id as invoice_id', 'i.number as invoice_number'])
      .where('s.order_id', '=', orderId)
      .orderBy('s.seq')
      .execute();
    if (rows.length === 0) return [];
    const lines = await db
      .selectFrom('shipment_lines')
      .select(['shipment_id', 'order_line_id', 'quantity'])
      .where(
        'shipment_id',
        'in',
        rows.map((r) => r.id),
      )
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      number: r.number,
      shippedAt: r.shipped_at,
      carrier: r.carrier,
      tracking: r.tracking,
      trackingUrl: trackingUrl(r.carrier, r.tracking),
      shippingCharge: r.shipping_cents === null ? null : fromCents(r.shipping_cents),
      lines: lines.filter((l) => l.shipment_id === r.id).map((l) => ({ lineId: l.order_line_id, quantity: l.quantity })),
      invoice: r.invoice_id === null || r.invoice_number === null ? null : { id: r.invoice_id, number: r.invoice_number },
    }));
  }

  shape(loaded: NonNullable<Awaited<ReturnType<OrderRecords['load']>>>, lang: Locale): Order {
    const { row, lines, events } = loaded;
    const company = parseCompany(row.company);
    return {
      id: row.id,
      number: row.number,
      status: row.status,
      lines: lines.map((l) => ({
        id: l.id,
        variantId: l.variant_id,
        productId: l.product_id,
        productTitle: pick(parseTexts(l.product_title), lang),
        reference: l.reference,
        colorName: pick(parseTexts(l.color_name), lang),
        colorCode: l.color_code,
        size: l.size as Size,
        quantity: l.quantity,
        unitPrice: fromCents(l.unit_price_cents),
        ...(l.list_price_cents === null ? {} : { listPrice: fromCents(l.list_price_cents) }),
        total: fromCents(l.unit_price_cents * l.quantity),
        pack: l.pack_name && l.packs ? { id: null, name: l.pack_name, packs: l.packs } : null,
        shipped: l.shipped,
        cancelled: l.cancelled,
        ...(l.allocated > 0 ? { allocated: l.allocated } : {}),
      })),
      pieces: row.pieces,
      total: fromCents(row.total_cents),
      ...(row.discount_bp > 0 ? { discount: row.discount_bp / 100 } : {}),
      ...(row.currency !== 'EUR' ? { currency: row.currency as Currency } : {}),
      ...(row.review ? { review: { ...(JSON.parse(row.review) as OrderReview), state: row.review_state ?? 'pending' } } : {}),
      note: row.note,
      createdAt: row.created_at,
      shipDate: row.ship_date,
      carrier: row.carrier,
      tracking: row.tracking,
      trackingUrl: trackingUrl(row.carrier, row.tracking),
      cancelReason: row.cancel_reason,
      // The API's word for the retailer in an order's history is 'stockist' (a published payload).
      history: events.map((e) => ({ status: e.status, at: e.at, by: e.by_role === 'retailer' ? ('stockist' as const) : ('brand' as const), note: e.note })),
      shop: { email: row.retailer_email, company, userId: row.company_id },
      ...orderMode(row, loaded.seasons, lang),
      channel: row.channel,
      takenBy: row.taken_by_name ? { id: row.taken_by, name: row.taken_by_name } : null,
      shipments: loaded.shipments,
      followDate: row.follow_date,
      door: loaded.door,
      placedBy: loaded.placedBy,
    };
  }

  /** One order; with a scope, only that company's (of a buyer's doors): another's is simply not found. */
  async get(id: number, lang: Locale, scope?: number | OrderScope): Promise<Order | null> {
    const loaded = await this.load(this.db, id);
    if (!loaded || !inScope(loaded.row, scope)) return null;
    const userId = scope === undefined ? undefined : typeof scope === 'number' ? scope : scope.companyId;
    const order = this.shape(loaded, lang);
    const uninvoiced = (order.shipments ?? []).filter((s) => s.invoice === null).map((s) => s.id);
    const [invoice, deposit, pending, changes] = await Promise.all([
      this.invoices.forOrder(id, loaded.row.company_id ?? 0, loaded.row.status),
      this.invoices.deposits.of(id, loaded.row.company_id),
      this.events.pending('shipment.created', uninvoiced, INVOICE_LISTENERS.issue),
      changesOf(this.db, id, lang),
    ]);
    return {
      ...order,
      // A parcel whose invoice is being issued (its listener has not run yet, issue 56) says so.
      ...(pending.size ? { shipments: order.shipments!.map((s) => (pending.has(s.id) ? { ...s, invoicePending: true } : s)) } : {}),
      invoice: invoice.invoice,
      ...(invoice.waiting && userId === undefined ? { invoiceWaiting: invoice.waiting } : {}),
      ...(deposit ? { deposit } : {}),
      // Its changes (issue 57): the revision, the last changes, the one waiting for the label.
      revision: loaded.row.revision,
      changes,
      pendingChange: changes.find((c) => c.status === 'pending') ?? null,
    };
  }

  /** The orders a filter and a search keep, not yet ordered nor paged. */
  private filtered(filter: OrderFilter) {
    let query = this.db
      .selectFrom('orders')
      .select([
        'id',
        'number',
        'status',
        'created_at',
        'pieces',
        'total_cents',
        'company',
        'retailer_email',
        'mode',
        'season_id',
        'delivery_id',
        'channel',
        'taken_by',
        'taken_by_name',
        'door_id',
        'placed_by',
        'review_state',
        'currency',
      ]);
    if (filter.doorIds) query = query.where('door_id', 'in', filter.doorIds.length ? filter.doorIds : [0]);
    if (filter.doorId !== undefined) query = query.where('door_id', '=', filter.doorId);
    if (filter.placedBy !== undefined) query = query.where('placed_by', '=', filter.placedBy);
    if (filter.channel) query = query.where('channel', '=', filter.channel);
    if (filter.takenBy !== undefined) query = query.where('taken_by', '=', filter.takenBy);
    if (filter.review) query = query.where('review_state', '=', filter.review).where('status', 'in', ['submitted', 'confirmed', 'partlyShipped']);
    if (filter.userId !== undefined) query = query.where('company_id', '=', filter.userId);
    if (filter.status) query = query.where('status', '=', filter.status);
    if (filter.from) query = query.where('created_at', '>=', `${filter.from}T00:00:00.000Z`);
    if (filter.to) query = query.where('created_at', '<=', `${filter.to}T23:59:59.999Z`);
    if (filter.seasonId !== undefined) query = query.where('season_id', '=', filter.seasonId);
    if (filter.deliveryId !== undefined) query = query.where('delivery_id', '=', filter.deliveryId);
    const terms = searchTerms(filter.q);
    if (terms.length) query = query.where(matchesSearch(this.dialect, 'orders', terms));
    return query;
  }

  /** One page of orders, newest first (ties by id), with the total the filters and the search keep. */
  async list(filter: OrderFilter, paging: PageRequest = {}, lang: Locale = 'fr'): Promise<Page<OrderSummary>> {
    const page = await readPage(this.filtered(filter), { sort: 'orders.created_at', id: 'orders.id', sortOf: (r) => r.created_at, idOf: (r) => r.id }, paging);
    return mapPage(page, async (rows) => {
      const seasonIds = [...new Set(rows.map((r) => r.season_id).filter((v): v is number => v !== null))];
      const seasons = await this.seasons.infos(this.db, seasonIds);
      const { doors, people } = await this.doorsAndPeople(rows);
      return rows.map((r) => {
        const name = parseCompany(r.company).companyName;
        return {
          id: r.id,
          number: r.number,
          status: r.status,
          createdAt: r.created_at,
          pieces: r.pieces,
          total: fromCents(r.total_cents),
          shop: name ?? r.retailer_email,
          ...orderMode(r, seasons, lang),
          channel: r.channel,
          takenBy: r.taken_by_name ? { id: r.taken_by, name: r.taken_by_name } : null,
          door: r.door_id === null ? null : (doors.get(r.door_id) ?? null),
          placedBy: r.placed_by === null ? null : personOf(people.get(r.placed_by)),
          ...(r.review_state === 'pending' && ['submitted', 'confirmed', 'partlyShipped'].includes(r.status) ? { inReview: true } : {}),
          ...(r.currency !== 'EUR' ? { currency: r.currency as Currency } : {}),
        };
      });
    });
  }

  /** The doors and people a page of orders names, read at once. */
  private async doorsAndPeople(rows: Array<{ door_id: number | null; placed_by: number | null }>) {
    const doorIds = [...new Set(rows.map((r) => r.door_id).filter((v): v is number => v !== null))];
    const personIds = [...new Set(rows.map((r) => r.placed_by).filter((v): v is number => v !== null))];
    const [doors, people] = await Promise.all([
      doorIds.length ? this.db.selectFrom(readRetailerDoors().as('retailer_doors')).select(['id', 'name', 'town']).where('id', 'in', doorIds).execute() : [],
      accountsByIds(this.db, personIds),
    ]);
    return { doors: new Map(doors.map((d) => [d.id, d])), people };
  }

  /** What waits on the owner's home: orders to confirm, and confirmed ones to ship by `weekEnd` (late ones too). */
  async homeCounts(weekEnd: string): Promise<{ toConfirm: number; toShip: number; inReview: number; changes: number }> {
    const row = await this.db
      .selectFrom('orders')
      .select([
        sql<number>`sum(case when status = 'submitted' and coalesce(review_state, '') <> 'pending' then 1 else 0 end)`.as('to_confirm'),
        sql<number>`sum(case when review_state = 'pending' then 1 else 0 end)`.as('in_review'),
        // A partly shipped order is to ship again when its rest follows (its follow date, else its ship date).
        sql<number>`sum(case when status in ('confirmed', 'partlyShipped') and coalesce(review_state, '') <> 'pending' and coalesce(follow_date, ship_date) <= ${weekEnd} then 1 else 0 end)`.as(
          'to_ship',
        ),
      ])
      .where('status', 'in', ['submitted', 'confirmed', 'partlyShipped'])
      .executeTakeFirstOrThrow();
    // Changes shops asked, waiting for the owner (issue 57).
    const changes = await this.db
      .selectFrom('order_changes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    return { toConfirm: Number(row.to_confirm ?? 0), toShip: Number(row.to_ship ?? 0), inReview: Number(row.in_review ?? 0), changes: Number(changes.n) };
  }

  // —— Moves ——

  /** Who hears of an order (issue 46): the person who placed it while they belong to the company, else its first admin. */
  private async mailbox(trx: Kysely<Database>, row: { company_id: number | null; placed_by: number | null; retailer_email: string }): Promise<string> {
    if (row.company_id === null) return row.retailer_email;
    return (await companyMailbox(trx, row.company_id, 'orders', row.placed_by)) ?? row.retailer_email;
  }

  private mailData(order: ReturnType<OrderRecords['shape']>, lang: Locale, admin: boolean): OrderMailData {
    return {
      number: order.number,
      shop: order.shop.company.companyName ?? order.shop.email,
      lines: order.lines.map((l) => ({
        title: l.productTitle,
        colour: l.colorName,
        size: l.size,
        quantity: l.quantity,
        total: formatPrice(l.total, lang, order.currency),
      })),
      pieces: order.pieces,
      total: formatPrice(order.total, lang, order.currency),
      note: order.note,
      url: `${this.config.PUBLIC_URL}${admin ? `/admin/orders/${order.id}` : `/account/orders/${order.id}`}?lang=${lang}`,
    };
  }

  /** What a status change tells, in its transaction: the shop and the brand by mail, and `order.<status>` (recordOrder). */
  async announce(
    trx: Kysely<Database>,
    loaded: NonNullable<Awaited<ReturnType<OrderRecords['load']>>>,
    status: 'submitted' | 'confirmed' | 'cancelled',
    byStockist = false,
    options: { skipRetailerMail?: boolean } = {},
  ) {
    await this.recordOrder(trx, `order.${status}`, loaded);
    // Held by credit control (issue 47): told apart, for whoever follows what the company owes.
    if (status === 'submitted' && loaded.row.review_state === 'pending') await this.recordOrder(trx, 'order.review', loaded);
    const brand = publicBrand(this.config);
    const locale = loaded.row.locale;
    const order = this.shape(loaded, locale);
    const data = this.mailData(order, locale, false);
    const key = `order:${order.id}:${status}`;
    if (status === 'submitted') {
      // A showroom order's buyer gets one mail for the whole submission, with its PDF (the showroom sends it).
      if (!options.skipRetailerMail)
        await enqueueMail(trx, { to: await this.mailbox(trx, loaded.row), dedupeKey: `${key}:stockist`, ...orderSubmittedMail(brand, locale, data) });
      await enqueueMail(trx, {
        to: this.config.BRAND_EMAIL,
        dedupeKey: `${key}:brand`,
        ...orderNotice(brand, this.mailData(this.shape(loaded, 'fr'), 'fr', true)),
      });
      return;
    }
    // A shipment tells its own (announceShipment).
    const change = status === 'confirmed' ? { status, shipDate: formatDay(order.shipDate!, locale) } : { status, reason: order.cancelReason ?? '', byStockist };
    await enqueueMail(trx, {
      to: await this.mailbox(trx, loaded.row),
      dedupeKey: `${key}:stockist`,
      ...orderStatusMail(brand, locale, data, change as Parameters<typeof orderStatusMail>[3]),
    });
  }

  /** An order's event, with the order as the owner's API gives it (French, the API's default) for the webhooks. */
  private recordOrder(trx: Kysely<Database>, type: `order.${'submitted' | 'confirmed' | 'cancelled' | 'review' | 'shipped'}`, loaded: Loaded) {
    return this.events.record(trx, type, loaded.row.id, { orderId: loaded.row.id }, () => this.shape(loaded, 'fr'));
  }

  /** `order.changed` (issue 57): the order at its new revision, and the change that made it, for the webhooks. */
  announceChange(trx: Kysely<Database>, loaded: Loaded, change: OrderChange): Promise<number | null> {
    const payload = { orderId: loaded.row.id, changeId: change.id, revision: loaded.row.revision };
    return this.events.record(trx, 'order.changed', loaded.row.id, payload, () => ({ ...this.shape(loaded, 'fr'), revision: loaded.row.revision, change }));
  }

  /** A parcel's `shipment.created` (`payload` for its listeners; the parcel and its order for the webhooks), and `order.shipped` when nothing is left. */
  async announceShipment<P>(trx: Kysely<Database>, loaded: Loaded, shipmentId: number, payload: P): Promise<number | null> {
    const shipment = loaded.shipments.find((s) => s.id === shipmentId)!;
    const eventId = await this.events.record(trx, 'shipment.created', shipmentId, payload, () => ({ shipment, order: this.shape(loaded, 'fr') }));
    if (loaded.row.status === 'shipped') await this.recordOrder(trx, 'order.shipped', loaded);
    return eventId;
  }

  /**
   * The shop's mail for a parcel (read after the commit, outside every lock): the whole order's as before
   * when one parcel took it all (`inOne`, as it stood when it shipped), else what this parcel holds and what
   * follows; its delivery note attached.
   */
  async shipmentMail(db: Kysely<Database>, loaded: Loaded, shipmentId: number, inOne: boolean): Promise<QueuedMail> {
    const locale = loaded.row.locale;
    const order = this.shape(loaded, locale);
    const shipment = loaded.shipments.find((s) => s.id === shipmentId)!;
    const inParcel = new Map(shipment.lines.map((l) => [l.lineId, l.quantity]));
    const toFollow = order.lines.filter((l) => l.quantity - (l.shipped ?? 0) - (l.cancelled ?? 0) > 0);
    const change = {
      status: 'shipped' as const,
      carrier: carrierName(shipment.carrier),
      tracking: shipment.tracking,
      trackingUrl: shipment.trackingUrl,
      ...(inOne
        ? {}
        : {
            parcel: {
              number: shipment.number,
              pieces: pieceList(order.lines.filter((l) => inParcel.has(l.id)).map((l) => ({ ...l, quantity: inParcel.get(l.id)! }))),
              toFollow: toFollow.length ? pieceList(toFollow.map((l) => ({ ...l, quantity: l.quantity - (l.shipped ?? 0) - (l.cancelled ?? 0) }))) : null,
              followDate: order.followDate ? formatDay(order.followDate, locale) : null,
            },
          }),
    };
    const brand = publicBrand(this.config);
    const words = orderStatusMail(brand, locale, this.mailData(order, locale, false), change);
    return {
      to: await this.mailbox(db, loaded.row),
      dedupeKey: inOne ? `order:${order.id}:shipped:stockist` : `order:${order.id}:shipment:${shipment.number}:stockist`,
      ...words,
      // The parcel's delivery note goes with it; its invoice has its own mail (invoices/listeners.ts).
      attachments: [
        {
          filename: `${shipment.number}.pdf`,
          contentType: 'application/pdf',
          content: await this.drawDeliveryNote(brand, order, shipment, locale, await lineGtins(db, order.id)),
        },
      ],
    };
  }

  /** "Cancel the rest" tells the webhooks (`order.cancelled`, its lines counting what was cancelled) and the shop. */
  async announceRestCancelled(trx: Kysely<Database>, loaded: Loaded, reason: string) {
    await this.recordOrder(trx, 'order.cancelled', loaded);
    const locale = loaded.row.locale;
    const order = this.shape(loaded, locale);
    const cancelled = order.lines.filter((l) => (l.cancelled ?? 0) > 0).map((l) => ({ ...l, quantity: l.cancelled ?? 0 }));
    await enqueueMail(trx, {
      to: await this.mailbox(trx, loaded.row),
      dedupeKey: `order:${order.id}:rest-cancelled:stockist`,
      ...orderStatusMail(publicBrand(this.config), locale, this.mailData(order, locale, false), {
        status: 'restCancelled',
        reason,
        pieces: pieceList(cancelled),
      }),
    });
  }
}

type Loaded = NonNullable<Awaited<ReturnType<OrderRecords['load']>>>;

/** "· Robe Lina — Rouille, M × 2", a line each. */
function pieceList(lines: Array<Pick<Order['lines'][number], 'productTitle' | 'colorName' | 'size' | 'quantity'>>): string {
  return lines.map((l) => `· ${l.productTitle} — ${l.colorName}, ${l.size} × ${l.quantity}`).join('\n');
}
