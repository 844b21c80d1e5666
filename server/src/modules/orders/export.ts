import { fromCents, type Currency, type Locale, type Order, type Size } from '@atelier/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { eachBatch } from '../../lib/paging.ts';
import { parseTexts, pick } from '../../lib/texts.ts';
import { parseCompany } from '../companies/service.ts';

/** What the orders CSV writes of an order (a full `Order` has it all too). */
export type ExportedOrder = Pick<Order, 'number' | 'createdAt' | 'status' | 'shipDate' | 'currency'> & {
  shop: Pick<Order['shop'], 'email' | 'company'>;
  lines: Array<Pick<Order['lines'][number], 'reference' | 'productTitle' | 'colorName' | 'size' | 'quantity' | 'unitPrice' | 'total'>>;
};

/**
 * Every order of a period with its lines, oldest first, 200 at a time: what the CSV export writes while
 * it reads (issue 43), one query for the orders and one for their lines per batch.
 */
export async function* exportBatches(db: Kysely<Database>, filter: { from: string; to: string }, lang: Locale): AsyncGenerator<ExportedOrder[]> {
  const query = db
    .selectFrom('orders')
    .select(['id', 'number', 'status', 'created_at', 'company', 'retailer_email', 'ship_date', 'currency'])
    .where('created_at', '>=', `${filter.from}T00:00:00.000Z`)
    .where('created_at', '<=', `${filter.to}T23:59:59.999Z`);
  for await (const rows of eachBatch(query, { sort: 'orders.created_at', id: 'orders.id', sortOf: (r) => r.created_at, idOf: (r) => r.id }, 200)) {
    const lines = await db
      .selectFrom('order_lines')
      .select(['order_id', 'reference', 'product_title', 'color_name', 'size', 'quantity', 'unit_price_cents'])
      .where(
        'order_id',
        'in',
        rows.map((r) => r.id),
      )
      .orderBy('order_id')
      .orderBy('position')
      .execute();
    const byOrder = new Map<number, typeof lines>();
    for (const l of lines) (byOrder.get(l.order_id) ?? byOrder.set(l.order_id, []).get(l.order_id)!).push(l);
    yield rows.map((r) => ({
      number: r.number,
      createdAt: r.created_at,
      status: r.status,
      shop: { email: r.retailer_email, company: parseCompany(r.company) },
      shipDate: r.ship_date,
      ...(r.currency === 'EUR' ? {} : { currency: r.currency as Currency }),
      lines: (byOrder.get(r.id) ?? []).map((l) => ({
        reference: l.reference,
        productTitle: pick(parseTexts(l.product_title), lang),
        colorName: pick(parseTexts(l.color_name), lang),
        size: l.size as Size,
        quantity: l.quantity,
        unitPrice: fromCents(l.unit_price_cents),
        total: fromCents(l.unit_price_cents * l.quantity),
      })),
    }));
  }
}
