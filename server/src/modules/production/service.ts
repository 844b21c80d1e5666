import { PRODUCTION_MESSAGES, SEASON_MESSAGES, SIZES, type CutSheet, type Locale, type OrderStatus, type Size } from '@atelier/contract';

import type { Db } from '../../db/index.ts';

import { HttpError } from '../../lib/http-errors.ts';
import { parseTexts, pick } from '../../lib/texts.ts';
import type { SeasonsService } from '../seasons/service.ts';
import { availableNow, type StockService } from '../stock/service.ts';
import { readOrderLines, readOrders } from '../../read-models/orders.ts';
import { readProducts } from '../../read-models/catalogue.ts';

export type CutStatus = 'submitted' | 'confirmed' | 'both';

const sizeOrder = (size: string) => {
  const i = (SIZES as readonly string[]).indexOf(size);
  return i === -1 ? SIZES.length : i;
};

/** Shares of each size in `counts`, summing to 1 (empty when there are no pieces). */
export function curve(counts: Partial<Record<Size, number>>): Partial<Record<Size, number>> {
  const total = Object.values(counts).reduce((n, v) => n + (v ?? 0), 0);
  if (total === 0) return {};
  return Object.fromEntries(Object.entries(counts).map(([size, n]) => [size, (n ?? 0) / total]));
}

/**
 * What the workshop makes: the pieces of the season's pre-book orders (submitted, confirmed or
 * both; cancelled never count) per style × colour × size, summed by the database from the orders'
 * frozen lines, with the stock of each size beside them. One read transaction: an order sent
 * meanwhile is in every figure or in none.
 */
export class ProductionService {
  private readonly db: Db;
  private readonly seasons: SeasonsService;
  private readonly stock: StockService;

  constructor({ db, seasons, stock }: { db: Db; seasons: SeasonsService; stock: StockService }) {
    this.db = db;
    this.seasons = seasons;
    this.stock = stock;
  }

  async cutSheet(filter: { season?: string; deliveryId?: number; status?: CutStatus }, lang: Locale): Promise<CutSheet> {
    const status = filter.status ?? 'both';
    return this.db.transaction().execute(async (trx) => {
      const season = await this.seasons.about(filter.season, PRODUCTION_MESSAGES.noSeason, trx);
      const delivery = filter.deliveryId === undefined ? null : (season.deliveries.find((d) => d.id === filter.deliveryId) ?? null);
      if (filter.deliveryId !== undefined && !delivery) {
        const other = await this.seasons.delivery(filter.deliveryId, trx);
        throw new HttpError(other ? 422 : 404, other ? SEASON_MESSAGES.deliveryOtherSeason : SEASON_MESSAGES.deliveryNotFound);
      }
      // A partly shipped order counts as confirmed: the cut sheet counts what was ordered (issue 45).
      const statuses: OrderStatus[] =
        status === 'both' ? ['submitted', 'confirmed', 'partlyShipped'] : status === 'confirmed' ? ['confirmed', 'partlyShipped'] : [status];
      let orders = trx
        .selectFrom(readOrders().as('orders'))
        .where('orders.season_id', '=', season.id)
        .where('orders.mode', '=', 'preBook')
        .where('orders.status', 'in', [...statuses]);
      if (delivery) orders = orders.where('orders.delivery_id', '=', delivery.id);
      const rows = await orders
        .innerJoin(readOrderLines().as('order_lines'), 'order_lines.order_id', 'orders.id')
        .select((eb) => [
          'order_lines.product_id',
          'order_lines.variant_id',
          'order_lines.size',
          eb.fn.sum<number>('order_lines.quantity').as('pieces'),
          eb.fn.max('order_lines.product_title').as('product_title'),
          eb.fn.max('order_lines.color_name').as('color_name'),
          eb.fn.max('order_lines.color_code').as('color_code'),
          eb.fn.max('order_lines.reference').as('reference'),
        ])
        .groupBy(['order_lines.product_id', 'order_lines.variant_id', 'order_lines.size'])
        .execute();
      const count = await orders.select((eb) => eb.fn.count<number>('orders.id').as('n')).executeTakeFirstOrThrow();
      const positions = new Map(
        (await trx.selectFrom(readProducts().as('products')).select(['id', 'position']).execute()).map((p) => [p.id, p.position] as const),
      );
      const variantIds = [...new Set(rows.map((r) => r.variant_id).filter((id): id is number => id !== null))];
      const levels = await this.stock.levels(variantIds, trx);

      const styles = new Map<string, CutSheet['styles'][number] & { position: number }>();
      const sizeTotals: Partial<Record<Size, number>> = {};
      for (const row of rows) {
        const size = row.size as Size;
        const pieces = Number(row.pieces);
        const styleKey = row.product_id === null ? `t:${row.product_title}` : `p:${row.product_id}`;
        let style = styles.get(styleKey);
        if (!style) {
          style = {
            productId: row.product_id,
            reference: row.reference ?? null,
            title: pick(parseTexts(String(row.product_title ?? '{}')), lang),
            colors: [],
            sizes: {},
            total: 0,
            sizeCurve: {},
            position: row.product_id !== null ? (positions.get(row.product_id) ?? Number.MAX_SAFE_INTEGER) : Number.MAX_SAFE_INTEGER,
          };
          styles.set(styleKey, style);
        }
        const colorName = pick(parseTexts(String(row.color_name ?? '{}')), lang);
        let color = style.colors.find((c) => (row.variant_id !== null ? c.variantId === row.variant_id : c.colorName === colorName));
        if (!color) {
          color = { variantId: row.variant_id, colorName, colorCode: row.color_code ?? null, sizes: {}, total: 0, stock: {} };
          style.colors.push(color);
        }
        color.sizes[size] = (color.sizes[size] ?? 0) + pieces;
        color.total += pieces;
        style.sizes[size] = (style.sizes[size] ?? 0) + pieces;
        style.total += pieces;
        sizeTotals[size] = (sizeTotals[size] ?? 0) + pieces;
      }
      // The at-once side of each colour: every size of it sold from stock.
      for (const style of styles.values()) {
        for (const color of style.colors) {
          for (const size of SIZES) {
            const level = color.variantId !== null ? levels.get(`${color.variantId}:${size}`) : undefined;
            if (level && level.onHand !== null) color.stock[size] = { onHand: level.onHand, reserved: level.reserved, available: availableNow(level) };
          }
        }
      }
      const ordered = [...styles.values()].sort((a, b) => a.position - b.position || (a.reference ?? a.title).localeCompare(b.reference ?? b.title));
      const total = Object.values(sizeTotals).reduce((n, v) => n + (v ?? 0), 0);
      return {
        season: { code: season.code, name: pick(season.names, lang) },
        delivery: delivery ? { id: delivery.id, name: pick(delivery.names, lang), from: delivery.from, to: delivery.to } : null,
        status,
        sizes: (Object.keys(sizeTotals) as Size[]).sort((a, b) => sizeOrder(a) - sizeOrder(b)),
        styles: ordered.map(({ position: _position, ...style }) => ({ ...style, sizeCurve: curve(style.sizes) })),
        sizeTotals,
        sizeCurve: curve(sizeTotals),
        total,
        orders: Number(count.n),
      };
    });
  }
}
