import { readBarcodes } from '../../read-models/barcodes.ts';
import { SEASON_MESSAGES, normalizeSizes, type Locale, type StockImportResult, type StockItemInput, type StockRow } from '@atelier/contract';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/index.ts';
import { nowIso } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { pick } from '../../lib/texts.ts';
import { eachBatch, readPage, type Page, type PageRequest } from '../../lib/paging.ts';
import { searchTerms } from '../../lib/search.ts';
import { logActivity, type Actor } from '../activity/service.ts';
import type { EventRecorder } from '../../platform/events.ts';
import { parseStockFile, readStockLines } from './import.ts';
import { key, type StockLevel, type StockLine, type VariantForStock } from './pieces.ts';
import { merge, reserveMany, restock, type OrderHold } from './lines.ts';
import { readProductSeasons } from '../../read-models/seasons.ts';
import { readOrderLines, readOrders } from '../../read-models/orders.ts';
import { productMatches, readProductTranslations, readProducts, readVariantTranslations, readVariants } from '../../read-models/catalogue.ts';

export { IMPORT_MAX_LINES, type StockLevel, type StockLine } from './pieces.ts';

/** A line that could not be served, with what is left of it. */
export interface ShortLine extends StockLine {
  left: number;
}

/** Pieces that can still be promised now: on hand − reserved, never negative. */
export function availableNow(level: StockLevel | undefined): number | null {
  if (!level || level.onHand === null) return null;
  return Math.max(0, level.onHand - level.reserved);
}

/** Pieces that can be promised at all: on hand and incoming, less what is reserved. */
export function promisable(level: StockLevel | undefined): number {
  if (!level || level.onHand === null) return 0;
  return Math.max(0, level.onHand + level.incoming.reduce((n, i) => n + i.quantity, 0) - level.reserved);
}

/**
 * Stock per variant and size: pieces on hand (null: not sold from stock), pieces reserved by
 * at-once orders, and incoming quantities. Every change is a movement written in the same
 * transaction as its cause (a count, an import, an order's reserve, release or shipment), so
 * the levels always equal the sum of the movements.
 */
export class StockService {
  private readonly db: Db;
  private readonly dialect: Dialect;
  private readonly events: EventRecorder;
  /** `events`: `stock.changed`, with the changed styles' rows as the owner's API gives them. */
  constructor({ db, dialect, events }: { db: Db; dialect: Dialect; events: EventRecorder }) {
    this.db = db;
    this.dialect = dialect;
    this.events = events;
  }

  /** Sizes sold out in stock that open pre-orders still wait for (the owner's home). */
  async soldOutWithPreorders(): Promise<number> {
    const row = await this.db
      .selectFrom('stock_levels as s')
      .select(sql<number>`count(*)`.as('n'))
      .where('s.on_hand', 'is not', null)
      .where(sql<boolean>`s.on_hand - s.reserved <= 0`)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom(readOrderLines().as('l'))
            .innerJoin(readOrders().as('o'), 'o.id', 'l.order_id')
            .select('l.id')
            .whereRef('l.variant_id', '=', 's.variant_id')
            .whereRef('l.size', '=', 's.size')
            .where('o.status', 'in', ['submitted', 'confirmed', 'partlyShipped'])
            .where(sql<boolean>`l.quantity - l.shipped - l.cancelled > 0`)
            .where('o.mode', '=', 'preBook'),
        ),
      )
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async levels(variantIds: number[], db: Kysely<Database> = this.db): Promise<Map<string, StockLevel>> {
    const result = new Map<string, StockLevel>();
    const ids = [...new Set(variantIds)];
    if (ids.length === 0) return result;
    const [levels, incoming] = await Promise.all([
      db.selectFrom('stock_levels').selectAll().where('variant_id', 'in', ids).execute(),
      db.selectFrom('stock_incoming').selectAll().where('variant_id', 'in', ids).orderBy('available_from').orderBy('id').execute(),
    ]);
    for (const l of levels) result.set(key(l.variant_id, l.size), { onHand: l.on_hand, reserved: l.reserved, incoming: [] });
    for (const i of incoming) {
      const level = result.get(key(i.variant_id, i.size));
      if (level) level.incoming.push({ quantity: i.quantity, availableFrom: i.available_from });
    }
    return result;
  }

  private async variants(
    db: Kysely<Database>,
    filter: { seasonId?: number | undefined; variantIds?: number[]; productIds?: number[] | undefined },
  ): Promise<VariantForStock[]> {
    let query = db
      .selectFrom(readVariants().as('v'))
      .innerJoin(readProducts().as('p'), 'p.id', 'v.product_id')
      .select(['v.id', 'v.product_id', 'v.color_code', 'v.sizes', 'p.reference'])
      .orderBy('p.position')
      .orderBy('p.id')
      .orderBy('v.position')
      .orderBy('v.id');
    if (filter.seasonId !== undefined) {
      query = query.where(
        'p.id',
        'in',
        db.selectFrom(readProductSeasons().as('product_seasons')).select('product_id').where('season_id', '=', filter.seasonId),
      );
    }
    if (filter.productIds) {
      if (filter.productIds.length === 0) return [];
      query = query.where('p.id', 'in', filter.productIds);
    }
    if (filter.variantIds) {
      if (filter.variantIds.length === 0) return [];
      query = query.where('v.id', 'in', [...new Set(filter.variantIds)]);
    }
    const rows = await query.execute();
    if (rows.length === 0) return [];
    const productIds = [...new Set(rows.map((r) => r.product_id))];
    const [titles, names] = await Promise.all([
      db
        .selectFrom(readProductTranslations().as('product_translations'))
        .select(['product_id', 'locale', 'title'])
        .where('product_id', 'in', productIds)
        .execute(),
      db
        .selectFrom(readVariantTranslations().as('variant_translations'))
        .select(['variant_id', 'locale', 'color_name'])
        .where(
          'variant_id',
          'in',
          rows.map((r) => r.id),
        )
        .execute(),
    ]);
    const titleBy = new Map<number, Partial<Record<Locale, string>>>();
    for (const t of titles) titleBy.set(t.product_id, { ...titleBy.get(t.product_id), [t.locale]: t.title });
    const nameBy = new Map<number, Partial<Record<Locale, string>>>();
    for (const n of names) nameBy.set(n.variant_id, { ...nameBy.get(n.variant_id), [n.locale]: n.color_name });
    return rows.map((r) => ({
      variantId: r.id,
      productId: r.product_id,
      reference: r.reference,
      titles: titleBy.get(r.product_id) ?? {},
      colorNames: nameBy.get(r.id) ?? {},
      colorCode: r.color_code,
      sizes: normalizeSizes(r.sizes.split(',')),
    }));
  }

  /** Every variant's grid (of one season's products when given), in the collection's order. */
  async list(lang: Locale, filter: { seasonId?: number; productId?: number } = {}): Promise<StockRow[]> {
    const variants = await this.variants(this.db, { seasonId: filter.seasonId, productIds: filter.productId === undefined ? undefined : [filter.productId] });
    return this.rows(this.db, variants, lang);
  }

  /** The styles the stock screen and file read (of one season, found by reference or title), in the collection's order. */
  private styles(filter: { seasonId?: number | undefined; q?: string | undefined; productId?: number | undefined }) {
    let query = this.db.selectFrom(readProducts().as('products')).select(['products.id', 'products.position']);
    if (filter.productId !== undefined) query = query.where('products.id', '=', filter.productId);
    if (filter.seasonId !== undefined)
      query = query.where(
        'products.id',
        'in',
        this.db.selectFrom(readProductSeasons().as('product_seasons')).select('product_id').where('season_id', '=', filter.seasonId),
      );
    const terms = searchTerms(filter.q);
    if (terms.length) query = query.where(productMatches(this.dialect, terms));
    return query;
  }

  /** A page of styles with their colours' grids (issue 43): a season of 400 styles is read 50 at a time. */
  async page(
    lang: Locale,
    filter: { seasonId?: number | undefined; q?: string | undefined; productId?: number | undefined },
    paging: PageRequest,
  ): Promise<Page<StockRow>> {
    const page = await readPage(
      this.styles(filter),
      { sort: 'products.position', id: 'products.id', sortOf: (r) => r.position, idOf: (r) => r.id, direction: 'asc' },
      paging,
    );
    if (page.data.length === 0) return { ...page, data: [] };
    return { ...page, data: await this.rows(this.db, await this.variants(this.db, { productIds: page.data.map((r) => r.id) }), lang) };
  }

  /** Every row of the stock file, `size` styles at a time (the CSV is written while they are read). */
  async *batches(lang: Locale, filter: { seasonId?: number | undefined }, size = 100): AsyncGenerator<StockRow[]> {
    for await (const styles of eachBatch(
      this.styles(filter),
      { sort: 'products.position', id: 'products.id', sortOf: (r) => r.position, idOf: (r) => r.id },
      size,
    )) {
      yield this.rows(this.db, await this.variants(this.db, { productIds: styles.map((r) => r.id) }), lang);
    }
  }

  private async rows(db: Kysely<Database>, variants: VariantForStock[], lang: Locale): Promise<StockRow[]> {
    const ids = variants.map((v) => v.variantId);
    const [levels, codes] = await Promise.all([
      this.levels(ids, db),
      ids.length ? db.selectFrom(readBarcodes().as('b')).selectAll().where('b.variant_id', 'in', ids).execute() : [],
    ]);
    const gtin = new Map(codes.map((c) => [key(c.variant_id, c.size), c.gtin])); // issue 60
    return variants.map((v) => ({
      variantId: v.variantId,
      productId: v.productId,
      reference: v.reference,
      title: pick(v.titles, lang),
      colorName: pick(v.colorNames, lang),
      colorCode: v.colorCode,
      cells: v.sizes.map((size) => cellOf(size, levels.get(key(v.variantId, size)), gtin.get(key(v.variantId, size)) ?? null)),
    }));
  }

  /**
   * `stock.changed`, recorded in the change's transaction: the changed styles' rows as `GET /api/admin/stock`
   * gives them (French, the API's default), built only when a listener reads them (an endpoint wants it).
   */
  private async tell(trx: Kysely<Database>, variantIds: number[]): Promise<void> {
    if (variantIds.length === 0) return;
    const changed = [...new Set(variantIds)];
    await this.events.record(trx, 'stock.changed', null, { variantIds: changed }, async () => ({
      rows: await this.rows(trx, await this.variants(trx, { variantIds: changed }), 'fr'),
    }));
  }

  /** Sets on-hand counts (and incoming, where given) in one transaction; unknown variants or sizes refuse the whole set. */
  async save(items: StockItemInput[], actor: Actor | null, reason: 'count' | 'import' = 'count'): Promise<number> {
    const variants = await this.variants(this.db, { variantIds: items.map((i) => i.variantId) });
    const byId = new Map(variants.map((v) => [v.variantId, v]));
    const wrong = items.filter((i) => !byId.get(i.variantId)?.sizes.includes(i.size));
    if (wrong.length) throw new HttpError(422, SEASON_MESSAGES.stockUnknownVariant, {}, wrong.map((i) => `${i.variantId}/${i.size}`).join(', '));
    const merged = new Map<string, StockItemInput>();
    for (const item of items) merged.set(key(item.variantId, item.size), item);
    let changed = 0;
    const touched: number[] = [];
    await this.db.transaction().execute(async (trx) => {
      const now = nowIso();
      const variantIds = [...new Set([...merged.values()].map((i) => i.variantId))];
      // A count is written with the movement from the level it replaces: on PostgreSQL the levels are
      // locked first (in one order), so a shipment or a reservation committed meanwhile is read, not lost
      // from the movements (SQLite has one writer at a time).
      if (this.dialect === 'postgres') {
        await trx
          .selectFrom('stock_levels')
          .select('variant_id')
          .where('variant_id', 'in', variantIds)
          .orderBy('variant_id')
          .orderBy('size')
          .forUpdate()
          .execute();
      }
      const levels = await this.levels(variantIds, trx);
      for (const item of merged.values()) {
        const before = levels.get(key(item.variantId, item.size));
        if (item.onHand === null && (before?.reserved ?? 0) > 0) {
          throw new HttpError(
            422,
            SEASON_MESSAGES.stockReserved,
            {},
            `${byId.get(item.variantId)!.reference ?? item.variantId} ${pick(byId.get(item.variantId)!.colorNames, 'fr')} ${item.size}`,
          );
        }
        const from = before?.onHand ?? null;
        const incomingBefore = JSON.stringify((before?.incoming ?? []).map((i) => [i.quantity, i.availableFrom]));
        if (item.incoming && incomingBefore !== JSON.stringify(item.incoming.map((i) => [i.quantity, i.availableFrom]))) touched.push(item.variantId);
        if (from !== item.onHand) {
          changed += 1;
          touched.push(item.variantId);
          await trx
            .insertInto('stock_levels')
            .values({ variant_id: item.variantId, size: item.size, on_hand: item.onHand, reserved: 0, updated_at: now })
            .onConflict((oc) => oc.columns(['variant_id', 'size']).doUpdateSet({ on_hand: item.onHand, updated_at: now }))
            .execute();
          await trx
            .insertInto('stock_movements')
            .values({
              variant_id: item.variantId,
              size: item.size,
              order_id: null,
              on_hand_delta: (item.onHand ?? 0) - (from ?? 0),
              reserved_delta: 0,
              reason,
              user_id: actor?.id ?? null,
              at: now,
            })
            .execute();
        }
        if (item.incoming) {
          await trx.deleteFrom('stock_incoming').where('variant_id', '=', item.variantId).where('size', '=', item.size).execute();
          if (item.incoming.length) {
            await trx
              .insertInto('stock_incoming')
              .values(item.incoming.map((i) => ({ variant_id: item.variantId, size: item.size, quantity: i.quantity, available_from: i.availableFrom })))
              .execute();
            if (!before) {
              // Incoming pieces of a size with no count yet: it is sold from stock, 0 on hand.
              await trx
                .insertInto('stock_levels')
                .values({ variant_id: item.variantId, size: item.size, on_hand: item.onHand ?? 0, reserved: 0, updated_at: now })
                .onConflict((oc) => oc.columns(['variant_id', 'size']).doNothing())
                .execute();
            }
          }
        }
      }
      await logActivity(trx, actor, {
        kind: 'stock',
        action: reason === 'import' ? 'import' : 'update',
        subject: String(merged.size),
        detail: { lines: merged.size, changed },
      });
      await this.tell(trx, touched);
    });
    return changed;
  }

  /**
   * Reads the owner's spreadsheet (style reference, colour, size, on hand; a header row is
   * skipped): a preview of every change and every unreadable line; with `confirm`, the whole file
   * is written in one transaction, or nothing when any line is wrong.
   */
  async importCsv(text: string, confirm: boolean, actor: Actor | null, lang: Locale = 'fr'): Promise<StockImportResult> {
    const records = parseStockFile(text);
    const all = await this.variants(this.db, {});
    const { changes, errors, items, unchanged } = readStockLines(records, all, await this.levels(all.map((v) => v.variantId)), lang);
    if (!confirm) return { confirmed: false, changes, unchanged, errors };
    if (errors.length) throw new HttpError(422, SEASON_MESSAGES.importInvalid, {}, errors.map((e) => e.line).join(', '));
    if (items.length === 0) throw new HttpError(422, SEASON_MESSAGES.importEmpty);
    await this.save(items, actor, 'import');
    return { confirmed: true, changes, unchanged, errors };
  }

  // —— Inside an order's transaction ——

  /**
   * Reserves pieces: each line is one conditional update (on hand and incoming less what is reserved
   * must cover it; on hand alone with `onHandOnly`), so two retailers racing for the last pieces cannot
   * both get them. An at-once order's, a pre-order's allocation, or a waitlist offer's (`orderId` null,
   * issue 58). Returns the lines that could not be served (the caller then rolls back).
   */
  async reserve(trx: Kysely<Database>, orderId: number | null, lines: StockLine[], options: { onHandOnly?: boolean } = {}): Promise<ShortLine[]> {
    const short: ShortLine[] = [];
    const touched: number[] = [];
    const now = nowIso();
    for (const line of merge(lines)) {
      const incoming = trx
        .selectFrom('stock_incoming')
        .select(sql<number>`coalesce(sum(quantity), 0)`.as('n'))
        .where('variant_id', '=', line.variantId)
        .where('size', '=', line.size);
      // Pieces held for a pre-order's allocation must be on the shelf; an at-once order may take incoming ones.
      const covered = options.onHandOnly
        ? sql<boolean>`on_hand - reserved >= ${line.quantity}`
        : sql<boolean>`on_hand + (${incoming}) - reserved >= ${line.quantity}`;
      const updated = await trx
        .updateTable('stock_levels')
        .set({ reserved: sql<number>`reserved + ${line.quantity}`, updated_at: now })
        .where('variant_id', '=', line.variantId)
        .where('size', '=', line.size)
        .where('on_hand', 'is not', null)
        .where(covered)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) {
        const level = (await this.levels([line.variantId], trx)).get(key(line.variantId, line.size));
        short.push({ ...line, left: options.onHandOnly ? (availableNow(level) ?? 0) : promisable(level) });
        continue;
      }
      await trx
        .insertInto('stock_movements')
        .values({
          variant_id: line.variantId,
          size: line.size,
          order_id: orderId,
          on_hand_delta: 0,
          reserved_delta: line.quantity,
          reason: 'reserve',
          user_id: null,
          at: now,
        })
        .execute();
      touched.push(line.variantId);
    }
    // Short lines roll the whole order back: nothing to tell then.
    if (short.length === 0) await this.tell(trx, touched);
    return short;
  }

  /** Pieces held on the shelf for many orders' lines in one go (an allocation, issue 58): on hand only; what is short, or nothing. */
  async hold(trx: Kysely<Database>, holds: OrderHold[]): Promise<StockLine[]> {
    const { short, touched } = await reserveMany(trx, holds);
    return short.length === 0 ? (await this.tell(trx, touched), short) : short;
  }

  /** Gives reserved pieces back (a cancel, or a lower quantity at confirm). */
  async release(trx: Kysely<Database>, orderId: number | null, lines: StockLine[], userId: number | null): Promise<void> {
    const now = nowIso();
    const touched: number[] = [];
    for (const line of merge(lines)) {
      if (line.quantity <= 0) continue;
      const level = await trx
        .selectFrom('stock_levels')
        .select('reserved')
        .where('variant_id', '=', line.variantId)
        .where('size', '=', line.size)
        .executeTakeFirst();
      if (!level) continue; // the colour is gone, and its stock with it
      const quantity = Math.min(line.quantity, level.reserved);
      if (quantity === 0) continue;
      await trx
        .updateTable('stock_levels')
        .set({ reserved: sql<number>`reserved - ${quantity}`, updated_at: now })
        .where('variant_id', '=', line.variantId)
        .where('size', '=', line.size)
        .execute();
      await trx
        .insertInto('stock_movements')
        .values({
          variant_id: line.variantId,
          size: line.size,
          order_id: orderId,
          on_hand_delta: 0,
          reserved_delta: -quantity,
          reason: 'release',
          user_id: userId,
          at: now,
        })
        .execute();
      touched.push(line.variantId);
    }
    await this.tell(trx, touched);
  }

  /** Returned resellable pieces back on the shelf, and the change told. */
  async restock(trx: Kysely<Database>, orderId: number, lines: StockLine[], userId: number | null): Promise<void> {
    await this.tell(trx, await restock(trx, orderId, lines, userId));
  }

  /** Takes shipped pieces off the shelf (on hand −, reserved −); lines without the pieces on hand are returned. */
  async ship(trx: Kysely<Database>, orderId: number, lines: StockLine[], userId: number | null): Promise<ShortLine[]> {
    const now = nowIso();
    const short: ShortLine[] = [];
    const touched: number[] = [];
    for (const line of merge(lines)) {
      const level = await trx
        .selectFrom('stock_levels')
        .select(['on_hand', 'reserved'])
        .where('variant_id', '=', line.variantId)
        .where('size', '=', line.size)
        .executeTakeFirst();
      if (!level || level.on_hand === null) continue; // the colour is gone: nothing left to count
      const reservedTaken = Math.min(line.quantity, level.reserved);
      const updated = await trx
        .updateTable('stock_levels')
        .set({ on_hand: sql<number>`on_hand - ${line.quantity}`, reserved: sql<number>`reserved - ${reservedTaken}`, updated_at: now })
        .where('variant_id', '=', line.variantId)
        .where('size', '=', line.size)
        .where('on_hand', '>=', line.quantity)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) {
        short.push({ ...line, left: level.on_hand });
        continue;
      }
      await trx
        .insertInto('stock_movements')
        .values({
          variant_id: line.variantId,
          size: line.size,
          order_id: orderId,
          on_hand_delta: -line.quantity,
          reserved_delta: -reservedTaken,
          reason: 'ship',
          user_id: userId,
          at: now,
        })
        .execute();
      touched.push(line.variantId);
    }
    if (short.length === 0) await this.tell(trx, touched);
    return short;
  }
}

/** A size's cell of the grid: its counts, what comes, its EAN-13 once it has one. */
const cellOf = (size: VariantForStock['sizes'][number], level: StockLevel | undefined, gtin: string | null) => ({
  size,
  onHand: level?.onHand ?? null,
  reserved: level?.reserved ?? 0,
  available: availableNow(level),
  incoming: level?.incoming ?? [],
  ...(gtin ? { gtin } : {}),
});
