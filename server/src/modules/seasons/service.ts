import {
  LOCALES,
  SEASON_MESSAGES,
  fromCents,
  toCents,
  type AdminSeason,
  type Delivery,
  type Locale,
  type Season,
  type SeasonInput,
  DEFAULT_LOCALE,
} from '@atelier/contract';
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/index.ts';
import { nowIso } from '../../db/index.ts';
import type { Database, SeasonsTable } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { today } from '../../lib/dates.ts';
import { logActivity, type Actor } from '../activity/service.ts';
import { pick } from '../../lib/texts.ts';
import { readProducts } from '../../read-models/catalogue.ts';

type SeasonRow = Selectable<SeasonsTable>;
export type SeasonState = 'open' | 'upcoming' | 'closed';

export function seasonState(row: { orders_open: string; orders_close: string | null }, day = today()): SeasonState {
  if (day < row.orders_open) return 'upcoming';
  if (row.orders_close !== null && day > row.orders_close) return 'closed';
  return 'open';
}

/** The current season: the open one whose window closes first; else the latest to open. */
export function pickCurrent<T extends { id: number; orders_open: string; orders_close: string | null }>(rows: T[], day = today()): T | null {
  const open = rows
    .filter((r) => seasonState(r, day) === 'open')
    .sort((a, b) => (a.orders_close ?? '9999').localeCompare(b.orders_close ?? '9999') || a.id - b.id);
  if (open[0]) return open[0];
  return [...rows].sort((a, b) => b.orders_open.localeCompare(a.orders_open) || b.id - a.id)[0] ?? null;
}

/** A delivery window with its names, and the season it belongs to. */
export interface DeliveryInfo {
  id: number;
  seasonId: number;
  position: number;
  from: string;
  to: string;
  names: Partial<Record<Locale, string>>;
}

/** What ordering needs of a season: its window, names and deliveries. */
export interface SeasonInfo {
  id: number;
  code: string;
  ordersOpen: string;
  ordersClose: string | null;
  state: SeasonState;
  names: Partial<Record<Locale, string>>;
  deliveries: DeliveryInfo[];
}

export function deliveryOf(d: DeliveryInfo, lang: Locale): Delivery {
  return { id: d.id, name: pick(d.names, lang), from: d.from, to: d.to };
}

/**
 * What the seasons ask of the orders, answered by the orders area (`orders/season-orders.ts`, handed in by
 * the composition: the orders area calls the seasons, so seasons never import it; ADR 0029).
 */
export interface SeasonOrders {
  /** How many orders each of these seasons has. */
  perSeason(db: Kysely<Database>, seasonIds: number[]): Promise<Array<{ season_id: number | null; n: number }>>;
  /** How many orders each delivery of these seasons has. */
  perDelivery(db: Kysely<Database>, seasonIds: number[]): Promise<Array<{ delivery_id: number | null; n: number }>>;
  /** Whether an order is for this season, or for one of these deliveries. */
  anyFor(trx: Kysely<Database>, of: { seasonId: number } | { deliveryIds: number[] }): Promise<boolean>;
  /** Drafts' lines for these deliveries (about to go) are left without one. */
  detachDrafts(trx: Kysely<Database>, deliveryIds: number[]): Promise<void>;
}

/**
 * Seasons: an order window, delivery windows, the season's own terms of trade and the products
 * it sells. Every write is one transaction; a season or delivery that orders use stays.
 */
export class SeasonsService {
  private readonly db: Db;
  private readonly orders: SeasonOrders;
  constructor({ db, orders }: { db: Db; orders: SeasonOrders }) {
    this.db = db;
    this.orders = orders;
  }

  async count(db: Kysely<Database> = this.db): Promise<number> {
    const row = await db
      .selectFrom('seasons')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Every season with its names and deliveries (inside a caller's transaction when given). */
  async infos(db: Kysely<Database> = this.db, ids?: number[]): Promise<SeasonInfo[]> {
    if (ids && ids.length === 0) return [];
    let query = db.selectFrom('seasons').select(['id', 'code', 'orders_open', 'orders_close']).orderBy('orders_open', 'desc').orderBy('id', 'desc');
    if (ids) query = query.where('id', 'in', ids);
    const rows = await query.execute();
    if (rows.length === 0) return [];
    const seasonIds = rows.map((r) => r.id);
    const [names, deliveries] = await Promise.all([
      db.selectFrom('season_translations').select(['season_id', 'locale', 'name']).where('season_id', 'in', seasonIds).execute(),
      db.selectFrom('season_deliveries').selectAll().where('season_id', 'in', seasonIds).orderBy('position').orderBy('id').execute(),
    ]);
    const deliveryNames = deliveries.length
      ? await db
          .selectFrom('season_delivery_translations')
          .selectAll()
          .where(
            'delivery_id',
            'in',
            deliveries.map((d) => d.id),
          )
          .execute()
      : [];
    const day = today();
    return rows.map((r) => ({
      id: r.id,
      code: r.code,
      ordersOpen: r.orders_open,
      ordersClose: r.orders_close,
      state: seasonState(r, day),
      names: Object.fromEntries(names.filter((n) => n.season_id === r.id).map((n) => [n.locale, n.name])),
      deliveries: deliveries
        .filter((d) => d.season_id === r.id)
        .map((d) => ({
          id: d.id,
          seasonId: r.id,
          position: d.position,
          from: d.starts_on,
          to: d.ends_on,
          names: Object.fromEntries(deliveryNames.filter((n) => n.delivery_id === d.id).map((n) => [n.locale, n.name])),
        })),
    }));
  }

  async delivery(id: number, db: Kysely<Database> = this.db): Promise<{ id: number; seasonId: number } | null> {
    const row = await db.selectFrom('season_deliveries').select(['id', 'season_id']).where('id', '=', id).executeTakeFirst();
    return row ? { id: row.id, seasonId: row.season_id } : null;
  }

  /**
   * The wholesale terms of the season in force, as the owner saves them on the terms screen (the wholesale
   * area's form): its minimums, validity and order address, and per language its name and terms' texts.
   */
  async saveTerms(
    trx: Kysely<Database>,
    seasonId: number,
    values: Pick<Updateable<SeasonsTable>, 'valid_until' | 'opening_minimum_cents' | 'reorder_minimum_cents' | 'order_email' | 'updated_at' | 'updated_by'>,
    translations: ReadonlyArray<{ locale: Locale; seasonName: string; paymentTerms: string; deliveryWindow: string; shippingNotes: string }>,
  ): Promise<void> {
    await trx.updateTable('seasons').set(values).where('id', '=', seasonId).execute();
    for (const t of translations) {
      await trx
        .updateTable('season_translations')
        .set({ name: t.seasonName, payment_terms: t.paymentTerms, delivery_window: t.deliveryWindow, shipping_notes: t.shippingNotes })
        .where('season_id', '=', seasonId)
        .where('locale', '=', t.locale)
        .execute();
    }
  }

  async current(db: Kysely<Database> = this.db): Promise<SeasonRow | null> {
    const rows = await db.selectFrom('seasons').selectAll().execute();
    return pickCurrent(rows);
  }

  async byCode(code: string, db: Kysely<Database> = this.db): Promise<SeasonRow | null> {
    return (await db.selectFrom('seasons').selectAll().where('code', '=', code.trim().toUpperCase()).executeTakeFirst()) ?? null;
  }

  /** `?season=CODE` → the season's id; unknown → 404; absent → undefined. */
  async idOfCode(code: string | undefined): Promise<number | undefined> {
    if (code === undefined || code === '') return undefined;
    const season = await this.byCode(code);
    if (!season) throw new HttpError(404, SEASON_MESSAGES.seasonUnknown);
    return season.id;
  }

  /** The season a screen is about: the code asked for, else the current one; 404 (`none`) when there is none. */
  async about(code: string | undefined, none: string, db: Kysely<Database> = this.db): Promise<SeasonInfo> {
    const row = code ? await this.byCode(code, db) : await this.current(db);
    if (!row) throw new HttpError(404, code ? SEASON_MESSAGES.seasonUnknown : none);
    const [info] = await this.infos(db, [row.id]);
    return info!;
  }

  /** The season ids each product is sold in. */
  async productSeasons(productIds: number[], db: Kysely<Database> = this.db): Promise<Map<number, number[]>> {
    const result = new Map<number, number[]>();
    if (productIds.length === 0) return result;
    const rows = await db
      .selectFrom('product_seasons')
      .selectAll()
      .where('product_id', 'in', [...new Set(productIds)])
      .orderBy('season_id')
      .execute();
    for (const r of rows) result.set(r.product_id, [...(result.get(r.product_id) ?? []), r.season_id]);
    return result;
  }

  async seasonProductIds(seasonId: number, db: Kysely<Database> = this.db): Promise<Set<number>> {
    const rows = await db.selectFrom('product_seasons').select('product_id').where('season_id', '=', seasonId).execute();
    return new Set(rows.map((r) => r.product_id));
  }

  /**
   * A product's seasons, inside its save. `seasonIds` absent: a new product joins the current
   * season; an existing one keeps its seasons (or joins the current one when it has none).
   */
  async setProductSeasons(trx: Kysely<Database>, productId: number, seasonIds: number[] | undefined, created: boolean): Promise<void> {
    let ids = seasonIds;
    if (ids === undefined) {
      const has = created ? null : await trx.selectFrom('product_seasons').select('season_id').where('product_id', '=', productId).executeTakeFirst();
      if (has) return;
      const current = await this.current(trx);
      ids = current ? [current.id] : [];
    }
    const unique = [...new Set(ids)];
    if (unique.length) {
      const found = await trx.selectFrom('seasons').select('id').where('id', 'in', unique).execute();
      if (found.length !== unique.length) throw new HttpError(422, SEASON_MESSAGES.seasonIdUnknown);
    }
    await trx.deleteFrom('product_seasons').where('product_id', '=', productId).execute();
    if (unique.length)
      await trx
        .insertInto('product_seasons')
        .values(unique.map((season_id) => ({ product_id: productId, season_id })))
        .execute();
  }

  // —— Back-office ——

  async list(db: Kysely<Database> = this.db): Promise<AdminSeason[]> {
    const rows = await db.selectFrom('seasons').selectAll().orderBy('orders_open', 'desc').orderBy('id', 'desc').execute();
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [infos, texts, products, orders, deliveryOrders] = await Promise.all([
      this.infos(db, ids),
      db.selectFrom('season_translations').selectAll().where('season_id', 'in', ids).execute(),
      db
        .selectFrom('product_seasons')
        .select(['season_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('season_id', 'in', ids)
        .groupBy('season_id')
        .execute(),
      this.orders.perSeason(db, ids),
      this.orders.perDelivery(db, ids),
    ]);
    const current = pickCurrent(rows);
    return rows.map((r) => {
      const info = infos.find((i) => i.id === r.id)!;
      return {
        id: r.id,
        code: r.code,
        ordersOpen: r.orders_open,
        ordersClose: r.orders_close,
        state: info.state,
        current: current?.id === r.id,
        translations: LOCALES.map((locale) => ({ locale, name: info.names[locale] ?? '' })),
        deliveries: info.deliveries.map((d) => ({
          id: d.id,
          from: d.from,
          to: d.to,
          translations: LOCALES.map((locale) => ({ locale, name: d.names[locale] ?? '' })),
          orders: Number(deliveryOrders.find((o) => o.delivery_id === d.id)?.n ?? 0),
        })),
        terms: {
          validUntil: r.valid_until,
          openingMinimum: fromCents(r.opening_minimum_cents),
          reorderMinimum: fromCents(r.reorder_minimum_cents),
          orderEmail: r.order_email,
          translations: LOCALES.map((locale) => {
            const t = texts.find((x) => x.season_id === r.id && x.locale === locale);
            return { locale, paymentTerms: t?.payment_terms ?? '', deliveryWindow: t?.delivery_window ?? '', shippingNotes: t?.shipping_notes ?? '' };
          }),
        },
        products: Number(products.find((p) => p.season_id === r.id)?.n ?? 0),
        orders: Number(orders.find((o) => o.season_id === r.id)?.n ?? 0),
        updatedAt: r.updated_at,
      };
    });
  }

  async get(id: number): Promise<AdminSeason | null> {
    return (await this.list()).find((s) => s.id === id) ?? null;
  }

  /**
   * Creates or replaces a season in one transaction. The first season ever made takes every
   * product (a site that sold without seasons keeps selling them).
   */
  async save(input: SeasonInput, id: number | undefined, actor: Actor | null): Promise<AdminSeason> {
    const savedId = await this.db
      .transaction()
      .execute(async (trx) => {
        const now = nowIso();
        const values = {
          code: input.code,
          orders_open: input.ordersOpen,
          orders_close: input.ordersClose,
          valid_until: input.terms.validUntil,
          opening_minimum_cents: toCents(input.terms.openingMinimum),
          reorder_minimum_cents: toCents(input.terms.reorderMinimum),
          order_email: input.terms.orderEmail,
          updated_at: now,
          updated_by: actor?.id ?? null,
        };
        let seasonId: number;
        if (id === undefined) {
          const first = (await this.count(trx)) === 0;
          seasonId = (
            await trx
              .insertInto('seasons')
              .values({ ...values, created_at: now })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id;
          if (first) {
            const products = await trx.selectFrom(readProducts().as('products')).select('id').execute();
            if (products.length)
              await trx
                .insertInto('product_seasons')
                .values(products.map((p) => ({ product_id: p.id, season_id: seasonId })))
                .execute();
          }
        } else {
          const updated = await trx.updateTable('seasons').set(values).where('id', '=', id).executeTakeFirst();
          if (Number(updated.numUpdatedRows) === 0) throw new HttpError(404, SEASON_MESSAGES.seasonNotFound);
          seasonId = id;
        }
        await trx.deleteFrom('season_translations').where('season_id', '=', seasonId).execute();
        await trx
          .insertInto('season_translations')
          .values(
            LOCALES.map((locale) => {
              const t = input.terms.translations.find((x) => x.locale === locale)!;
              return {
                season_id: seasonId,
                locale,
                name: input.translations.find((x) => x.locale === locale)!.name,
                payment_terms: t.paymentTerms,
                delivery_window: t.deliveryWindow,
                shipping_notes: t.shippingNotes,
              };
            }),
          )
          .execute();
        await this.saveDeliveries(trx, seasonId, input.deliveries);
        await logActivity(trx, actor, { kind: 'season', action: id === undefined ? 'create' : 'update', subject: input.code, subjectId: seasonId });
        return seasonId;
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw new HttpError(409, SEASON_MESSAGES.codeTaken);
        throw error;
      });
    return (await this.get(savedId))!;
  }

  private async saveDeliveries(trx: Kysely<Database>, seasonId: number, deliveries: SeasonInput['deliveries']): Promise<void> {
    const existing = new Set((await trx.selectFrom('season_deliveries').select('id').where('season_id', '=', seasonId).execute()).map((d) => d.id));
    const kept = new Set<number>();
    for (const [position, d] of deliveries.entries()) {
      let deliveryId: number;
      const values = { season_id: seasonId, position, starts_on: d.from, ends_on: d.to };
      if (d.id !== undefined && existing.has(d.id) && !kept.has(d.id)) {
        deliveryId = d.id;
        await trx.updateTable('season_deliveries').set(values).where('id', '=', deliveryId).execute();
        await trx.deleteFrom('season_delivery_translations').where('delivery_id', '=', deliveryId).execute();
      } else {
        deliveryId = (await trx.insertInto('season_deliveries').values(values).returning('id').executeTakeFirstOrThrow()).id;
      }
      kept.add(deliveryId);
      await trx
        .insertInto('season_delivery_translations')
        .values(d.translations.map((t) => ({ delivery_id: deliveryId, locale: t.locale, name: t.name })))
        .execute();
    }
    const removed = [...existing].filter((d) => !kept.has(d));
    if (removed.length === 0) return;
    if (await this.orders.anyFor(trx, { deliveryIds: removed })) throw new HttpError(409, SEASON_MESSAGES.deliveryInUse);
    await this.orders.detachDrafts(trx, removed);
    await trx.deleteFrom('season_deliveries').where('id', 'in', removed).execute();
  }

  async remove(id: number, actor: Actor | null): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('seasons').select(['id', 'code']).where('id', '=', id).executeTakeFirst();
      if (!row) throw new HttpError(404, SEASON_MESSAGES.seasonNotFound);
      if (await this.orders.anyFor(trx, { seasonId: id })) throw new HttpError(409, SEASON_MESSAGES.seasonHasOrders);
      const deliveries = (await trx.selectFrom('season_deliveries').select('id').where('season_id', '=', id).execute()).map((d) => d.id);
      if (deliveries.length) await this.orders.detachDrafts(trx, deliveries);
      await trx.deleteFrom('seasons').where('id', '=', id).execute();
      await logActivity(trx, actor, { kind: 'season', action: 'delete', subject: row.code, subjectId: id });
    });
  }

  // —— Retailers ——

  /** Open and upcoming seasons in one language, the soonest to close first. */
  async forRetailers(lang: Locale): Promise<Season[]> {
    const rows = await this.db.selectFrom('seasons').selectAll().execute();
    const day = today();
    const visible = rows.filter((r) => seasonState(r, day) !== 'closed');
    if (visible.length === 0) return [];
    const ids = visible.map((r) => r.id);
    const [infos, texts] = await Promise.all([
      this.infos(this.db, ids),
      this.db.selectFrom('season_translations').selectAll().where('season_id', 'in', ids).execute(),
    ]);
    return visible
      .sort((a, b) => a.orders_open.localeCompare(b.orders_open) || (a.orders_close ?? '9999').localeCompare(b.orders_close ?? '9999'))
      .map((r) =>
        this.retailerShape(
          r,
          infos.find((i) => i.id === r.id)!,
          texts,
          lang,
        ),
      );
  }

  /** One season as a retailer reads it (the line sheet uses it too). */
  retailerShape(
    r: SeasonRow,
    info: SeasonInfo,
    texts: Array<{ season_id: number; locale: Locale; payment_terms: string; delivery_window: string; shipping_notes: string }>,
    lang: Locale,
  ): Season {
    const mine = texts.filter((t) => t.season_id === r.id);
    const t = mine.find((x) => x.locale === lang) ?? mine.find((x) => x.locale === DEFAULT_LOCALE) ?? mine[0];
    return {
      id: r.id,
      code: r.code,
      name: pick(info.names, lang),
      ordersOpen: r.orders_open,
      ordersClose: r.orders_close,
      state: info.state,
      deliveries: info.deliveries.map((d) => deliveryOf(d, lang)),
      terms: {
        validUntil: r.valid_until,
        openingMinimum: fromCents(r.opening_minimum_cents),
        reorderMinimum: fromCents(r.reorder_minimum_cents),
        orderEmail: r.order_email,
        paymentTerms: t?.payment_terms ?? '',
        deliveryWindow: t?.delivery_window ?? '',
        shippingNotes: t?.shipping_notes ?? '',
      },
    };
  }

  async seasonForRetailer(row: SeasonRow, lang: Locale, db: Kysely<Database> = this.db): Promise<Season> {
    const [infos, texts] = await Promise.all([
      this.infos(db, [row.id]),
      db.selectFrom('season_translations').selectAll().where('season_id', '=', row.id).execute(),
    ]);
    return this.retailerShape(row, infos[0]!, texts, lang);
  }
}
