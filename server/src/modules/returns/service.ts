import { PHRASES, RETURN_MESSAGES, type Locale, type ReturnInput, type ReturnList, type ReturnRecord, type ReturnStatus, type Size } from '@atelier/contract';
import { sql, type Kysely } from 'kysely';
import { publicBrand, type Config } from '../../config.ts';
import { nowIso, type Db, type Dialect } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { mapPage, readPage, type PageRequest } from '../../lib/paging.ts';
import { matchesSearch, searchTerms, searchText } from '../../lib/search.ts';
import { parseTexts, pick } from '../../lib/texts.ts';
import { logActivity } from '../activity/service.ts';
import { parseCompany } from '../companies/service.ts';
import { inScope, type OrderScope } from '../companies/scope.ts';
import type { InvoicesService } from '../invoices/service.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { returnMail } from '../mail/templates.ts';
import type { StockService } from '../stock/service.ts';
import type { EventRecorder } from '../../platform/events.ts';
import { holdOrder } from '../orders/shipments.ts';
import { readOrderLines, readOrders, readShipmentLines, readShipments } from '../../read-models/orders.ts';
import { readInvoiceLines, readInvoices } from '../../read-models/invoices.ts';

const DAY_MS = 86_400_000;

/**
 * Returns (issue 45 item 5). A shop asks to send back pieces of one parcel (per line: how many, why, up
 * to three photos); the owner accepts (all or part, with instructions) or refuses (a reason); when the
 * parcel arrives she records per line what came and whether it can be sold again: the resellable pieces
 * go back on the shelf and a credit note is issued at once for what arrived, on that parcel's invoice.
 * Each step is one transaction holding the return's row, with its mail to the shop and its webhook.
 */
export class ReturnsService {
  private readonly db: Db;
  private readonly dialect: Dialect;
  private readonly config: Config;
  private readonly invoices: InvoicesService;
  private readonly stock: StockService;
  private readonly onMailQueued: () => void;
  private readonly events: EventRecorder;

  constructor(deps: {
    db: Db;
    dialect: Dialect;
    config: Config;
    invoices: InvoicesService;
    stock: StockService;
    onMailQueued: () => void;
    /** `return.<status>`, with the return as the owner's API gives it. */
    events: EventRecorder;
  }) {
    this.events = deps.events;
    this.db = deps.db;
    this.dialect = deps.dialect;
    this.config = deps.config;
    this.invoices = deps.invoices;
    this.stock = deps.stock;
    this.onMailQueued = deps.onMailQueued;
  }

  /** A shop asks to return pieces of one parcel of its order (another shop's order, or another door's for a buyer, is 404). */
  async request(orderId: number, scope: number | OrderScope, input: ReturnInput, lang: Locale, today = nowIso()): Promise<ReturnRecord> {
    const userId = typeof scope === 'number' ? scope : scope.companyId;
    const id = await this.db.transaction().execute(async (trx) => {
      const order = await trx
        .selectFrom(readOrders().as('orders'))
        .select(['id', 'number', 'company_id', 'door_id', 'company', 'retailer_email'])
        .where('id', '=', orderId)
        .executeTakeFirst();
      if (!order || !inScope(order, scope)) throw new HttpError(404, RETURN_MESSAGES.returnNotFound);
      // One request at a time per order: the order is held, as its owner holds it (ADR 0029).
      await holdOrder(trx, orderId);
      const parcel = await trx
        .selectFrom(readShipments().as('shipments'))
        .select(['id', 'shipped_at'])
        .where('id', '=', input.shipmentId)
        .where('order_id', '=', orderId)
        .executeTakeFirst();
      if (!parcel) throw new HttpError(422, RETURN_MESSAGES.parcelNotFound);
      await this.check(trx, parcel, input, lang, today);
      const seq =
        Number(
          (
            await trx
              .selectFrom('returns')
              .select(sql<number>`coalesce(max(seq), 0)`.as('n'))
              .where('order_id', '=', orderId)
              .executeTakeFirstOrThrow()
          ).n,
        ) + 1;
      const number = `${order.number}-R${seq}`;
      const shop = parseCompany(order.company).companyName ?? order.retailer_email;
      const row = await trx
        .insertInto('returns')
        .values({
          order_id: orderId,
          shipment_id: parcel.id,
          seq,
          number,
          user_id: userId,
          status: 'requested',
          requested_at: today,
          decided_at: null,
          decided_by: null,
          instructions: null,
          refusal: null,
          received_at: null,
          received_by: null,
          credit_note_id: null,
          search_text: searchText(number, order.number, shop, order.retailer_email),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const l of input.lines) {
        const line = await trx
          .insertInto('return_lines')
          .values({
            return_id: row.id,
            order_line_id: l.lineId,
            quantity: l.quantity,
            reason: l.reason,
            note: l.note || null,
            accepted: null,
            received: null,
            resellable: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (l.photos?.length)
          await trx
            .insertInto('return_photos')
            .values(l.photos.map((url, i) => ({ return_line_id: line.id, position: i, url })))
            .execute();
      }
      await this.tell(trx, row.id, 'requested');
      return row.id;
    });
    this.onMailQueued();
    return (await this.get(id, lang))!;
  }

  /** Each asked line: in the parcel, within what it brought less what is already being returned, within the window (a faulty piece any time). */
  private async check(trx: Kysely<Database>, parcel: { id: number; shipped_at: string }, input: ReturnInput, lang: Locale, today: string) {
    const carried = await trx
      .selectFrom(readShipmentLines().as('s'))
      .innerJoin(readOrderLines().as('l'), 'l.id', 's.order_line_id')
      .select(['s.order_line_id', 's.quantity', 'l.product_title', 'l.color_name', 'l.size'])
      .where('s.shipment_id', '=', parcel.id)
      .execute();
    const pending = await trx
      .selectFrom('return_lines as rl')
      .innerJoin('returns as r', 'r.id', 'rl.return_id')
      .select(['rl.order_line_id', sql<number>`sum(coalesce(rl.received, rl.accepted, rl.quantity))`.as('n')])
      .where('r.shipment_id', '=', parcel.id)
      .where('r.status', '!=', 'refused')
      .groupBy('rl.order_line_id')
      .execute();
    const taken = new Map(pending.map((p) => [p.order_line_id, Number(p.n)]));
    const closed = Date.parse(today) > Date.parse(parcel.shipped_at) + this.config.RETURN_WINDOW_DAYS * DAY_MS;
    for (const asked of input.lines) {
      const line = carried.find((c) => c.order_line_id === asked.lineId);
      if (!line) throw new HttpError(422, RETURN_MESSAGES.notInParcel, {}, `#${asked.lineId}`);
      const name = `${pick(parseTexts(line.product_title), lang)} — ${pick(parseTexts(line.color_name), lang)}, ${line.size}`;
      const left = line.quantity - (taken.get(asked.lineId) ?? 0);
      if (asked.quantity > left) throw new HttpError(422, RETURN_MESSAGES.tooMany, {}, `${name} (${Math.max(0, left)})`);
      if (closed && asked.reason !== 'faulty') throw new HttpError(422, RETURN_MESSAGES.windowClosed, {}, name);
      if (asked.photos?.some((url) => !/^\/uploads\/[0-9a-f]{24}-\d+x\d+\.webp$/.test(url))) throw new HttpError(422, RETURN_MESSAGES.photosInvalid, {}, name);
    }
  }

  /** The owner accepts all that was asked, or part of it, with instructions for the shop. */
  async accept(
    id: number,
    input: { lines?: Array<{ lineId: number; quantity: number }> | undefined; instructions?: string | undefined },
    actor: Actor,
    lang: Locale,
  ) {
    return this.decide(id, actor, lang, 'accepted', async (trx, lines) => {
      const wanted = new Map((input.lines ?? []).map((l) => [l.lineId, l.quantity]));
      if ([...wanted.keys()].some((lineId) => !lines.some((l) => l.id === lineId))) throw new HttpError(422, RETURN_MESSAGES.acceptInvalid);
      let pieces = 0;
      for (const l of lines) {
        const accepted = input.lines ? (wanted.get(l.id) ?? 0) : l.quantity;
        if (accepted > l.quantity) throw new HttpError(422, RETURN_MESSAGES.acceptInvalid);
        pieces += accepted;
        await trx.updateTable('return_lines').set({ accepted }).where('id', '=', l.id).execute();
      }
      if (pieces === 0) throw new HttpError(422, RETURN_MESSAGES.acceptInvalid);
      return { instructions: input.instructions || null };
    });
  }

  /** The owner refuses, with the reason the shop reads. */
  async refuse(id: number, reason: string, actor: Actor, lang: Locale) {
    return this.decide(id, actor, lang, 'refused', async () => ({ refusal: reason }));
  }

  /** A decision on a requested return: its lines set by `apply`, the status moved, the shop told. */
  private async decide(
    id: number,
    actor: Actor,
    lang: Locale,
    to: 'accepted' | 'refused',
    apply: (trx: Kysely<Database>, lines: Array<{ id: number; quantity: number }>) => Promise<{ instructions?: string | null; refusal?: string }>,
  ): Promise<ReturnRecord> {
    await this.db.transaction().execute(async (trx) => {
      const row = await this.hold(trx, id);
      if (row.status !== 'requested') throw new HttpError(409, RETURN_MESSAGES.transitionRefused);
      const lines = await trx.selectFrom('return_lines').select(['id', 'quantity']).where('return_id', '=', id).execute();
      const extra = await apply(trx, lines);
      await trx
        .updateTable('returns')
        .set({ status: to, decided_at: nowIso(), decided_by: actor.id, ...extra })
        .where('id', '=', id)
        .execute();
      await logActivity(trx, actor, {
        kind: 'order',
        action: to === 'accepted' ? 'accept' : 'cancel',
        subject: row.number,
        subjectId: row.order_id,
        detail: { return: row.number },
      });
      await this.tell(trx, id, to);
    });
    this.onMailQueued();
    return (await this.get(id, lang))!;
  }

  /**
   * The parcel came back: per accepted line what arrived (at most what was accepted) and whether it can be
   * sold again. Resellable pieces go back on the shelf; a credit note for all that arrived is issued at once
   * on the parcel's invoice (Factur-X, the shop's language) and counted against what the shop owes.
   */
  async receive(id: number, lines: Array<{ lineId: number; quantity: number; resellable: boolean }>, actor: Actor, lang: Locale): Promise<ReturnRecord> {
    await this.db.transaction().execute(async (trx) => {
      const row = await this.hold(trx, id);
      if (row.status !== 'accepted') throw new HttpError(409, RETURN_MESSAGES.transitionRefused);
      const own = await trx
        .selectFrom('return_lines as rl')
        .innerJoin(readOrderLines().as('l'), 'l.id', 'rl.order_line_id')
        .select(['rl.id', 'rl.accepted', 'rl.order_line_id', 'l.variant_id', 'l.size'])
        .where('rl.return_id', '=', id)
        .execute();
      const given = new Map(lines.map((l) => [l.lineId, l]));
      if ([...given.keys()].some((lineId) => !own.some((l) => l.id === lineId))) throw new HttpError(422, RETURN_MESSAGES.receiveInvalid);
      const invoice = await trx
        .selectFrom(readInvoices().as('invoices'))
        .select(['id', 'locale'])
        .where('shipment_id', '=', row.shipment_id)
        .where('type', '=', 'invoice')
        .executeTakeFirst();
      const arrived: Array<{ orderLineId: number; quantity: number }> = [];
      const back: Array<{ variantId: number; size: string; quantity: number }> = [];
      for (const l of own) {
        const got = given.get(l.id);
        const quantity = got?.quantity ?? 0;
        if (quantity > (l.accepted ?? 0)) throw new HttpError(422, RETURN_MESSAGES.receiveInvalid);
        await trx
          .updateTable('return_lines')
          .set({ received: quantity, resellable: got?.resellable ? 1 : 0 })
          .where('id', '=', l.id)
          .execute();
        if (quantity > 0) arrived.push({ orderLineId: l.order_line_id, quantity });
        if (quantity > 0 && got?.resellable && l.variant_id !== null) back.push({ variantId: l.variant_id, size: l.size, quantity });
      }
      if (arrived.length && !invoice) throw new HttpError(409, RETURN_MESSAGES.notInvoiced);
      let creditNoteId: number | null = null;
      if (arrived.length) creditNoteId = await this.credit(trx, invoice!, row.number, arrived, actor);
      await this.stock.restock(trx, row.order_id, back, actor.id);
      await trx
        .updateTable('returns')
        .set({ status: 'received', received_at: nowIso(), received_by: actor.id, credit_note_id: creditNoteId })
        .where('id', '=', id)
        .execute();
      await logActivity(trx, actor, {
        kind: 'order',
        action: 'change',
        subject: row.number,
        subjectId: row.order_id,
        detail: { return: row.number, received: arrived.reduce((n, a) => n + a.quantity, 0) },
      });
      await this.tell(trx, id, 'received');
    });
    this.onMailQueued();
    return (await this.get(id, lang))!;
  }

  /** The credit note of what arrived: the invoice's lines of those order lines, so many each. */
  private async credit(
    trx: Kysely<Database>,
    invoice: { id: number; locale: Locale },
    number: string,
    arrived: Array<{ orderLineId: number; quantity: number }>,
    actor: Actor,
  ) {
    const invoiceLines = await trx
      .selectFrom(readInvoiceLines().as('invoice_lines'))
      .select(['id', 'order_line_id'])
      .where('invoice_id', '=', invoice.id)
      .execute();
    const lines = arrived.map((a) => ({ lineId: invoiceLines.find((l) => l.order_line_id === a.orderLineId)!.id, quantity: a.quantity }));
    // In the invoice's language, as the credit note itself is.
    return this.invoices.creditInTransaction(trx, invoice.id, { reason: PHRASES[invoice.locale].returnCredit(number), lines }, actor);
  }

  private async hold(trx: Kysely<Database>, id: number) {
    await trx
      .updateTable('returns')
      .set({ number: sql<string>`number` })
      .where('id', '=', id)
      .execute();
    const row = await trx.selectFrom('returns').select(['id', 'status', 'number', 'order_id', 'shipment_id']).where('id', '=', id).executeTakeFirst();
    if (!row) throw new HttpError(404, RETURN_MESSAGES.returnNotFound);
    return row;
  }

  /** A step's webhook (`return.<status>`, the return as the owner's API gives it) and the shop's mail (its language; the brand's when asked). */
  private async tell(trx: Kysely<Database>, id: number, status: ReturnStatus) {
    await this.events.record(trx, `return.${status}`, id, { returnId: id }, async () => (await this.read(trx, id, 'fr'))!);
    const owner = await trx
      .selectFrom('returns as r')
      .innerJoin(readOrders().as('o'), 'o.id', 'r.order_id')
      .select(['o.locale', 'o.retailer_email', 'o.id as order_id'])
      .where('r.id', '=', id)
      .executeTakeFirstOrThrow();
    const record = (await this.read(trx, id, owner.locale))!;
    const brand = publicBrand(this.config);
    const url = `${this.config.PUBLIC_URL}/account/orders/${owner.order_id}?lang=${owner.locale}`;
    await enqueueMail(trx, { to: owner.retailer_email, dedupeKey: `return:${id}:${status}:stockist`, ...returnMail(brand, owner.locale, record, url) });
    if (status === 'requested') {
      const fr = (await this.read(trx, id, 'fr'))!;
      await enqueueMail(trx, {
        to: this.config.BRAND_EMAIL,
        dedupeKey: `return:${id}:requested:brand`,
        ...returnMail(brand, 'fr', fr, `${this.config.PUBLIC_URL}/admin/returns/${id}`, true),
      });
    }
  }

  // —— Reading ——

  /** One return; with `userId`, only that shop's (another's is simply not found). */
  async get(id: number, lang: Locale, scope?: number | OrderScope): Promise<ReturnRecord | null> {
    return this.read(this.db, id, lang, scope);
  }

  private async read(db: Kysely<Database>, id: number, lang: Locale, scope?: number | OrderScope): Promise<ReturnRecord | null> {
    const row = await db
      .selectFrom('returns as r')
      .innerJoin(readOrders().as('o'), 'o.id', 'r.order_id')
      .innerJoin(readShipments().as('s'), 's.id', 'r.shipment_id')
      .leftJoin(readInvoices().as('c'), 'c.id', 'r.credit_note_id')
      .select([
        'r.id',
        'r.number',
        'r.status',
        'r.order_id',
        'o.number as order_number',
        'o.company',
        'o.retailer_email',
        'o.company_id',
        'o.door_id',
        'r.shipment_id',
      ])
      .select([
        's.number as shipment_number',
        'r.requested_at',
        'r.decided_at',
        'r.instructions',
        'r.refusal',
        'r.received_at',
        'c.id as credit_id',
        'c.number as credit_number',
      ])
      .where('r.id', '=', id)
      .executeTakeFirst();
    if (!row || !inScope(row, scope)) return null;
    const lines = await db
      .selectFrom('return_lines as rl')
      .innerJoin(readOrderLines().as('l'), 'l.id', 'rl.order_line_id')
      .select(['rl.id', 'rl.order_line_id', 'rl.quantity', 'rl.reason', 'rl.note', 'rl.accepted', 'rl.received', 'rl.resellable'])
      .select(['l.reference', 'l.product_title', 'l.color_name', 'l.size'])
      .where('rl.return_id', '=', id)
      .orderBy('l.position')
      .execute();
    const photos = lines.length
      ? await db
          .selectFrom('return_photos')
          .select(['return_line_id', 'url'])
          .where(
            'return_line_id',
            'in',
            lines.map((l) => l.id),
          )
          .orderBy('position')
          .execute()
      : [];
    return {
      id: row.id,
      number: row.number,
      status: row.status,
      order: { id: row.order_id, number: row.order_number },
      shipment: { id: row.shipment_id, number: row.shipment_number },
      shop: parseCompany(row.company).companyName ?? row.retailer_email,
      lines: lines.map((l) => ({
        id: l.id,
        orderLineId: l.order_line_id,
        reference: l.reference,
        productTitle: pick(parseTexts(l.product_title), lang),
        colorName: pick(parseTexts(l.color_name), lang),
        size: l.size as Size,
        quantity: l.quantity,
        reason: l.reason,
        note: l.note,
        photos: photos.filter((p) => p.return_line_id === l.id).map((p) => p.url),
        accepted: l.accepted,
        received: l.received,
        resellable: l.resellable === null ? null : l.resellable === 1,
      })),
      requestedAt: row.requested_at,
      decidedAt: row.decided_at,
      instructions: row.instructions,
      refusal: row.refusal,
      receivedAt: row.received_at,
      creditNote: row.credit_id !== null && row.credit_number !== null ? { id: row.credit_id, number: row.credit_number } : null,
    };
  }

  /** The returns of one order, first asked first (with a scope: only a company's, of a buyer's doors). */
  async ofOrder(orderId: number, lang: Locale, scope?: number | OrderScope): Promise<ReturnRecord[] | null> {
    const order = await this.db.selectFrom(readOrders().as('orders')).select(['company_id', 'door_id']).where('id', '=', orderId).executeTakeFirst();
    if (!order || !inScope(order, scope)) return null;
    const ids = await this.db.selectFrom('returns').select('id').where('order_id', '=', orderId).orderBy('seq').limit(100).execute();
    return Promise.all(ids.map((r) => this.get(r.id, lang).then((x) => x!)));
  }

  /** The owner's list: newest first, a page at a time, of one status, searched by number, order or shop. */
  async list(filter: { status?: ReturnStatus | undefined; q?: string | undefined }, paging: PageRequest = {}): Promise<ReturnList> {
    let query = this.db
      .selectFrom('returns')
      .innerJoin(readOrders().as('orders'), 'orders.id', 'returns.order_id')
      .select([
        'returns.id',
        'returns.number',
        'returns.status',
        'returns.order_id',
        'orders.number as order_number',
        'orders.company',
        'orders.retailer_email',
        'returns.requested_at',
      ])
      .select(sql<number>`(select coalesce(sum(quantity), 0) from return_lines where return_id = returns.id)`.as('pieces'));
    if (filter.status) query = query.where('returns.status', '=', filter.status);
    const terms = searchTerms(filter.q);
    if (terms.length) query = query.where(matchesSearch(this.dialect, 'returns', terms));
    const page = await readPage(query, { sort: 'returns.requested_at', id: 'returns.id', sortOf: (r) => r.requested_at, idOf: (r) => r.id }, paging);
    return mapPage(page, async (rows) =>
      rows.map((r) => ({
        id: r.id,
        number: r.number,
        status: r.status,
        order: { id: r.order_id, number: r.order_number },
        shop: parseCompany(r.company).companyName ?? r.retailer_email,
        requestedAt: r.requested_at,
        pieces: Number(r.pieces),
      })),
    );
  }
}
