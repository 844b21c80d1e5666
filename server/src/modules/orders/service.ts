import { logActivity } from '../activity/service.ts';
import {
  ORDER_MESSAGES,
  formatDay,
  formatPrice,
  fromCents,
  type CompanyDetails,
  type CompanyInput,
  type Draft,
  type DraftLineInput,
  type Locale,
  type Order,
  type OrderStatus,
  type OrderSummary,
  type Size,
} from '@atelier/contract';
import { sql, type Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import { publicBrand } from '../../config.ts';
import type { Db, Dialect } from '../../db/index.ts';
import { nowIso } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { isUniqueViolation, type CatalogueService, type OrderableVariant } from '../catalogue/service.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { orderNotice, orderStatusMail, orderSubmittedMail, type OrderMailData } from '../mail/templates.ts';
import type { WholesaleService } from '../wholesale/service.ts';

type Texts = Partial<Record<Locale, string>>;
const pick = (texts: Texts, lang: Locale) => texts[lang] ?? texts.fr ?? texts.en ?? '';
const parseTexts = (json: string): Texts => {
  try {
    return JSON.parse(json) as Texts;
  } catch {
    return {};
  }
};

const EMPTY_COMPANY: CompanyDetails = { companyName: null, siret: null, vatNumber: null, billingAddress: null, deliveryAddress: null, phone: null };

/** The company details an order was sent with (empty details if the stored JSON is unreadable). */
function parseCompany(json: string): CompanyDetails {
  try {
    return { ...EMPTY_COMPANY, ...(JSON.parse(json) as CompanyDetails) };
  } catch {
    return { ...EMPTY_COMPANY };
  }
}

/** Who acts on an order: the stockist who placed it, or the brand (an admin). */
export type Actor = { role: 'stockist'; userId: number } | { role: 'brand'; userId: number; email: string };

/**
 * Wholesale orders. The draft lives on the server (one per stockist); a submit prices every line
 * itself, checks the season's minimum, freezes the lines and queues both mails in one transaction;
 * every later move is a conditional update on the status (the row is the lock), with its history
 * row and its mail in the same transaction.
 */
export class OrdersService {
  private readonly db: Db;
  private readonly dialect: Dialect;
  private readonly config: Config;
  private readonly catalogue: CatalogueService;
  private readonly wholesale: WholesaleService;
  private readonly onMailQueued: () => void;

  constructor(db: Db, dialect: Dialect, config: Config, catalogue: CatalogueService, wholesale: WholesaleService, onMailQueued: () => void) {
    this.db = db;
    this.dialect = dialect;
    this.config = config;
    this.catalogue = catalogue;
    this.wholesale = wholesale;
    this.onMailQueued = onMailQueued;
  }

  // —— Company details ——

  async company(userId: number, db: Kysely<Database> = this.db): Promise<CompanyDetails> {
    const row = await db.selectFrom('company_details').selectAll().where('user_id', '=', userId).executeTakeFirst();
    if (!row) return { ...EMPTY_COMPANY };
    return {
      companyName: row.company_name,
      siret: row.siret,
      vatNumber: row.vat_number,
      billingAddress: row.billing_address,
      deliveryAddress: row.delivery_address,
      phone: row.phone,
    };
  }

  async saveCompany(userId: number, input: CompanyInput): Promise<CompanyDetails> {
    const values = {
      company_name: input.companyName,
      siret: input.siret,
      vat_number: input.vatNumber,
      billing_address: input.billingAddress,
      delivery_address: input.deliveryAddress,
      phone: input.phone,
      updated_at: nowIso(),
    };
    await this.db
      .insertInto('company_details')
      .values({ user_id: userId, ...values })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
      .execute();
    return this.company(userId);
  }

  /** At accept: the application's company, SIRET and phone become the account's details (what is already there stays). */
  async seedCompany(trx: Kysely<Database>, userId: number, from: { company: string | null; siret: string | null; phone: string | null }): Promise<void> {
    await trx
      .insertInto('company_details')
      .values({
        user_id: userId,
        company_name: from.company,
        siret: from.siret,
        vat_number: null,
        billing_address: null,
        delivery_address: null,
        phone: from.phone,
        updated_at: nowIso(),
      })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
  }

  // —— The draft ——

  private async minimum(userId: number, totalCents: number, db: Kysely<Database>): Promise<Draft['minimum']> {
    const terms = await this.wholesale.adminTerms(db);
    const previous = await db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('status', '!=', 'cancelled')
      .executeTakeFirstOrThrow();
    const kind = Number(previous.n) === 0 ? 'opening' : 'reorder';
    const amount = kind === 'opening' ? terms.openingMinimum : terms.reorderMinimum;
    return { kind, amount, missing: Math.max(0, fromCents(Math.round(amount * 100) - totalCents)) };
  }

  private async draftRows(userId: number, db: Kysely<Database>) {
    return db.selectFrom('order_draft_lines').selectAll().where('user_id', '=', userId).orderBy('position').execute();
  }

  /** The draft priced today, lines whose variant or size went set apart. */
  async draft(userId: number, lang: Locale, db: Kysely<Database> = this.db): Promise<Draft & { priced: Array<{ line: DraftLineInput; variant: OrderableVariant }> }> {
    const rows = await this.draftRows(userId, db);
    const variants = await this.catalogue.orderable(
      rows.map((r) => r.variant_id),
      db,
    );
    const lines: Draft['lines'] = [];
    const unavailable: Draft['unavailable'] = [];
    const priced: Array<{ line: DraftLineInput; variant: OrderableVariant }> = [];
    let totalCents = 0;
    let pieces = 0;
    for (const row of rows) {
      const size = row.size as Size;
      const variant = variants.get(row.variant_id);
      if (!variant || !variant.sizes.includes(size)) {
        unavailable.push({ variantId: row.variant_id, size, quantity: row.quantity });
        continue;
      }
      const lineCents = variant.priceCents * row.quantity;
      totalCents += lineCents;
      pieces += row.quantity;
      priced.push({ line: { variantId: row.variant_id, size, quantity: row.quantity }, variant });
      lines.push({
        variantId: variant.variantId,
        productId: variant.productId,
        productTitle: pick(variant.titles, lang),
        reference: variant.reference,
        colorName: pick(variant.colorNames, lang),
        colorCode: variant.colorCode,
        imageUrl: variant.imageUrl,
        size,
        quantity: row.quantity,
        unitPrice: fromCents(variant.priceCents),
        total: fromCents(lineCents),
      });
    }
    return { lines, unavailable, pieces, total: fromCents(totalCents), minimum: await this.minimum(userId, totalCents, db), priced };
  }

  /**
   * The stockist's row, locked until the transaction ends on PostgreSQL, so one draft write or
   * submit at a time per stockist (SQLite transactions already run one at a time).
   */
  private lockStockist(trx: Kysely<Database>, userId: number) {
    const query = trx.selectFrom('users').select(['id', 'email', 'locale', 'role']).where('id', '=', userId);
    return (this.dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirstOrThrow();
  }

  /** Replaces the draft (one line per variant and size, the last one wins); unknown variants or sizes are refused. */
  async replaceDraft(userId: number, input: DraftLineInput[], lang: Locale): Promise<Draft> {
    const merged = new Map<string, DraftLineInput>();
    for (const line of input) merged.set(`${line.variantId}:${line.size}`, line);
    const lines = [...merged.values()];
    const variants = await this.catalogue.orderable(lines.map((l) => l.variantId));
    const wrong = lines.filter((l) => !variants.get(l.variantId)?.sizes.includes(l.size));
    if (wrong.length) throw new HttpError(422, ORDER_MESSAGES.lineUnavailable, {}, wrong.map((l) => `${l.variantId}/${l.size}`).join(', '));
    await this.db.transaction().execute(async (trx) => {
      await this.lockStockist(trx, userId);
      await trx.deleteFrom('order_draft_lines').where('user_id', '=', userId).execute();
      if (lines.length) {
        await trx
          .insertInto('order_draft_lines')
          .values(lines.map((l, position) => ({ user_id: userId, variant_id: l.variantId, size: l.size, quantity: l.quantity, position })))
          .execute();
      }
    });
    return this.publicDraft(userId, lang);
  }

  async publicDraft(userId: number, lang: Locale): Promise<Draft> {
    const { priced: _priced, ...draft } = await this.draft(userId, lang);
    return draft;
  }

  // —— Submit ——

  /** One order per idempotency key: a retry, a double click or a race answers the same order. */
  async submit(userId: number, key: string, note: string | undefined, lang: Locale): Promise<{ order: Order; created: boolean }> {
    const existing = await this.byKey(userId, key);
    if (existing) return { order: (await this.get(existing, lang))!, created: false };
    let outcome: { id: number; created: boolean };
    try {
      outcome = await this.db.transaction().execute(async (trx) => {
        const user = await this.lockStockist(trx, userId);
        if (user.role !== 'retailer') throw new HttpError(403, ORDER_MESSAGES.adminsCannotOrder);
        const again = await trx.selectFrom('orders').select('id').where('user_id', '=', userId).where('idempotency_key', '=', key).executeTakeFirst();
        if (again) return { id: again.id, created: false };

        const draft = await this.draft(userId, lang, trx);
        if (draft.unavailable.length) {
          throw new HttpError(422, ORDER_MESSAGES.lineUnavailable, {}, draft.unavailable.map((l) => `${l.variantId}/${l.size}`).join(', '));
        }
        if (draft.priced.length === 0) throw new HttpError(422, ORDER_MESSAGES.emptyDraft);
        if (draft.minimum.missing > 0) {
          const detail =
            lang === 'fr'
              ? `Minimum ${draft.minimum.kind === 'opening' ? 'de première commande' : 'de réassort'} : ${formatPrice(draft.minimum.amount, 'fr')} HT ; il manque ${formatPrice(draft.minimum.missing, 'fr')}.`
              : `The ${draft.minimum.kind === 'opening' ? 'opening order' : 'reorder'} minimum is ${formatPrice(draft.minimum.amount, 'en')} excl. VAT; ${formatPrice(draft.minimum.missing, 'en')} to go.`;
          throw new HttpError(422, ORDER_MESSAGES.belowMinimum, {}, detail);
        }

        const now = nowIso();
        const year = Number(now.slice(0, 4));
        const counter = await trx
          .insertInto('order_counters')
          .values({ year, last: 1 })
          .onConflict((oc) => oc.column('year').doUpdateSet({ last: sql<number>`order_counters.last + 1` }))
          .returning('last')
          .executeTakeFirstOrThrow();
        const number = `${year}-${String(counter.last).padStart(4, '0')}`;
        const company = await this.company(userId, trx);
        const totalCents = draft.priced.reduce((sum, p) => sum + p.variant.priceCents * p.line.quantity, 0);
        const pieces = draft.priced.reduce((sum, p) => sum + p.line.quantity, 0);
        const inserted = await trx
          .insertInto('orders')
          .values({
            number,
            user_id: userId,
            shop_email: user.email,
            locale: user.locale,
            status: 'submitted',
            idempotency_key: key,
            note: note || null,
            company: JSON.stringify(company),
            total_cents: totalCents,
            pieces,
            ship_date: null,
            carrier: null,
            tracking: null,
            cancel_reason: null,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('order_lines')
          .values(
            draft.priced.map(({ line, variant }, position) => ({
              order_id: inserted.id,
              position,
              variant_id: variant.variantId,
              product_id: variant.productId,
              product_title: JSON.stringify(variant.titles),
              color_name: JSON.stringify(variant.colorNames),
              color_code: variant.colorCode,
              reference: variant.reference,
              size: line.size,
              quantity: line.quantity,
              unit_price_cents: variant.priceCents,
            })),
          )
          .execute();
        await trx.insertInto('order_events').values({ order_id: inserted.id, status: 'submitted', by_role: 'stockist', note: null, at: now }).execute();
        await trx.deleteFrom('order_draft_lines').where('user_id', '=', userId).execute();
        const order = (await this.load(trx, inserted.id))!;
        await this.queueMails(trx, order, 'submitted');
        return { id: inserted.id, created: true };
      });
    } catch (error) {
      // Two submits with one key racing: the unique index let one through; answer it.
      if (isUniqueViolation(error)) {
        const winner = await this.byKey(userId, key);
        if (winner) return { order: (await this.get(winner, lang))!, created: false };
      }
      throw error;
    }
    if (outcome.created) this.onMailQueued();
    return { order: (await this.get(outcome.id, lang))!, created: outcome.created };
  }

  private async byKey(userId: number, key: string): Promise<number | null> {
    const row = await this.db.selectFrom('orders').select('id').where('user_id', '=', userId).where('idempotency_key', '=', key).executeTakeFirst();
    return row?.id ?? null;
  }

  // —— Reading ——

  private async load(db: Kysely<Database>, id: number) {
    const row = await db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return null;
    const [lines, events] = await Promise.all([
      db.selectFrom('order_lines').selectAll().where('order_id', '=', id).orderBy('position').execute(),
      db.selectFrom('order_events').selectAll().where('order_id', '=', id).orderBy('at').orderBy('id').execute(),
    ]);
    return { row, lines, events };
  }

  private shape(loaded: NonNullable<Awaited<ReturnType<OrdersService['load']>>>, lang: Locale): Order {
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
        total: fromCents(l.unit_price_cents * l.quantity),
      })),
      pieces: row.pieces,
      total: fromCents(row.total_cents),
      note: row.note,
      createdAt: row.created_at,
      shipDate: row.ship_date,
      carrier: row.carrier,
      tracking: row.tracking,
      cancelReason: row.cancel_reason,
      history: events.map((e) => ({ status: e.status, at: e.at, by: e.by_role, note: e.note })),
      shop: { email: row.shop_email, company },
    };
  }

  /** One order; with `userId`, only that stockist's (another's is simply not found). */
  async get(id: number, lang: Locale, userId?: number): Promise<Order | null> {
    const loaded = await this.load(this.db, id);
    if (!loaded || (userId !== undefined && loaded.row.user_id !== userId)) return null;
    return this.shape(loaded, lang);
  }

  async list(filter: { userId?: number; status?: OrderStatus; from?: string; to?: string }): Promise<OrderSummary[]> {
    let query = this.db.selectFrom('orders').select(['id', 'number', 'status', 'created_at', 'pieces', 'total_cents', 'company', 'shop_email']);
    if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
    if (filter.status) query = query.where('status', '=', filter.status);
    if (filter.from) query = query.where('created_at', '>=', `${filter.from}T00:00:00.000Z`);
    if (filter.to) query = query.where('created_at', '<=', `${filter.to}T23:59:59.999Z`);
    const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    return rows.map((r) => {
      const name = parseCompany(r.company).companyName;
      return { id: r.id, number: r.number, status: r.status, createdAt: r.created_at, pieces: r.pieces, total: fromCents(r.total_cents), shop: name ?? r.shop_email };
    });
  }

  async listFull(filter: { from: string; to: string }, lang: Locale): Promise<Order[]> {
    const summaries = await this.list(filter);
    const orders: Order[] = [];
    for (const s of summaries.reverse()) orders.push((await this.get(s.id, lang))!);
    return orders;
  }

  // —— Moves ——

  /**
   * One status move: a conditional update from the allowed statuses is the lock, so two moves at
   * once (confirm and cancel) leave exactly one outcome; the loser gets 409 and nothing changes.
   */
  private async move(
    id: number,
    from: OrderStatus[],
    to: OrderStatus,
    actor: Actor,
    lang: Locale,
    apply: (trx: Kysely<Database>) => Promise<Record<string, string | number | null>>,
    note: string | null,
  ): Promise<Order> {
    await this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('orders').select(['id', 'user_id', 'status']).where('id', '=', id).executeTakeFirst();
      if (!row || (actor.role === 'stockist' && row.user_id !== actor.userId)) throw new HttpError(404, ORDER_MESSAGES.orderNotFound);
      const extra = await apply(trx);
      const now = nowIso();
      const updated = await trx
        .updateTable('orders')
        .set({ status: to, updated_at: now, ...extra })
        .where('id', '=', id)
        .where('status', 'in', from)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) throw new HttpError(409, ORDER_MESSAGES.transitionRefused);
      await trx.insertInto('order_events').values({ order_id: id, status: to, by_role: actor.role, note, at: now }).execute();
      const order = (await this.load(trx, id))!;
      await this.queueMails(trx, order, to, actor.role === 'stockist');
      if (actor.role === 'brand') {
        const action = to === 'confirmed' ? 'confirm' : to === 'shipped' ? 'ship' : 'cancel';
        await logActivity(trx, { id: actor.userId, email: actor.email }, { kind: 'order', action, subject: order.row.number, subjectId: id, detail: { from: row.status, to } });
      }
    });
    this.onMailQueued();
    return (await this.get(id, lang))!;
  }

  confirm(id: number, input: { shipDate: string; lines?: Array<{ id: number; quantity: number }> }, actor: Actor, lang: Locale): Promise<Order> {
    return this.move(
      id,
      ['submitted'],
      'confirmed',
      actor,
      lang,
      async (trx) => {
        if (!input.lines) return { ship_date: input.shipDate } as Record<string, string | number | null>;
        const own = await trx.selectFrom('order_lines').select(['id', 'unit_price_cents']).where('order_id', '=', id).execute();
        const ownIds = new Set(own.map((l) => l.id));
        const wanted = new Map(input.lines.map((l) => [l.id, l.quantity]));
        if ([...wanted.keys()].some((lineId) => !ownIds.has(lineId))) throw new HttpError(400, ORDER_MESSAGES.confirmLinesInvalid);
        const removed = own.filter((l) => !wanted.has(l.id)).map((l) => l.id);
        if (removed.length) await trx.deleteFrom('order_lines').where('id', 'in', removed).execute();
        let total = 0;
        let pieces = 0;
        for (const line of own) {
          const quantity = wanted.get(line.id);
          if (quantity === undefined) continue;
          await trx.updateTable('order_lines').set({ quantity }).where('id', '=', line.id).execute();
          total += line.unit_price_cents * quantity;
          pieces += quantity;
        }
        return { ship_date: input.shipDate, total_cents: total, pieces };
      },
      null,
    );
  }

  ship(id: number, input: { carrier?: string; tracking?: string }, actor: Actor, lang: Locale): Promise<Order> {
    return this.move(id, ['confirmed'], 'shipped', actor, lang, async () => ({ carrier: input.carrier || null, tracking: input.tracking || null }), null);
  }

  /** The brand cancels a submitted or confirmed order; a stockist only a submitted one of theirs. */
  cancel(id: number, reason: string, actor: Actor, lang: Locale): Promise<Order> {
    const from: OrderStatus[] = actor.role === 'stockist' ? ['submitted'] : ['submitted', 'confirmed'];
    return this.move(id, from, 'cancelled', actor, lang, async () => ({ cancel_reason: reason }), reason);
  }

  /** An old order's lines added to the draft at today's prices; what no longer exists is named and left out. */
  async reorder(id: number, userId: number, lang: Locale): Promise<{ draft: Draft; skipped: Array<{ productTitle: string; colorName: string; size: Size }> }> {
    const order = await this.get(id, lang, userId);
    if (!order) throw new HttpError(404, ORDER_MESSAGES.orderNotFound);
    const variants = await this.catalogue.orderable(order.lines.map((l) => l.variantId).filter((v): v is number => v !== null));
    const skipped: Array<{ productTitle: string; colorName: string; size: Size }> = [];
    const current = await this.draftRows(userId, this.db);
    const lines = new Map(current.map((r) => [`${r.variant_id}:${r.size}`, { variantId: r.variant_id, size: r.size as Size, quantity: r.quantity }]));
    for (const line of order.lines) {
      const variant = line.variantId === null ? undefined : variants.get(line.variantId);
      if (!variant || !variant.sizes.includes(line.size)) {
        skipped.push({ productTitle: line.productTitle, colorName: line.colorName, size: line.size });
        continue;
      }
      const key = `${variant.variantId}:${line.size}`;
      const quantity = Math.min(999, (lines.get(key)?.quantity ?? 0) + line.quantity);
      lines.set(key, { variantId: variant.variantId, size: line.size, quantity });
    }
    const draft = await this.replaceDraft(userId, [...lines.values()], lang);
    return { draft, skipped };
  }

  // —— Mail ——

  private mailData(order: ReturnType<OrdersService['shape']>, lang: Locale, admin: boolean): OrderMailData {
    return {
      number: order.number,
      shop: order.shop.company.companyName ?? order.shop.email,
      lines: order.lines.map((l) => ({ title: l.productTitle, colour: l.colorName, size: l.size, quantity: l.quantity, total: formatPrice(l.total, lang) })),
      pieces: order.pieces,
      total: formatPrice(order.total, lang),
      note: order.note,
      url: `${this.config.PUBLIC_URL}${admin ? `/admin/orders/${order.id}` : `/account/orders/${order.id}`}?lang=${lang}`,
    };
  }

  private async queueMails(trx: Kysely<Database>, loaded: NonNullable<Awaited<ReturnType<OrdersService['load']>>>, status: OrderStatus, byStockist = false) {
    const brand = publicBrand(this.config);
    const locale = loaded.row.locale;
    const order = this.shape(loaded, locale);
    const data = this.mailData(order, locale, false);
    const key = `order:${order.id}:${status}`;
    if (status === 'submitted') {
      await enqueueMail(trx, { to: order.shop.email, dedupeKey: `${key}:stockist`, ...orderSubmittedMail(brand, locale, data) });
      await enqueueMail(trx, { to: this.config.BRAND_EMAIL, dedupeKey: `${key}:brand`, ...orderNotice(brand, this.mailData(this.shape(loaded, 'fr'), 'fr', true)) });
      return;
    }
    const change =
      status === 'confirmed'
        ? { status, shipDate: formatDay(order.shipDate!, locale) }
        : status === 'shipped'
          ? { status, carrier: order.carrier, tracking: order.tracking }
          : { status, reason: order.cancelReason ?? '', byStockist };
    await enqueueMail(trx, { to: order.shop.email, dedupeKey: `${key}:stockist`, ...orderStatusMail(brand, locale, data, change as Parameters<typeof orderStatusMail>[3]) });
  }
}
