import type { Locale } from '@atelier/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { pick } from '../../lib/texts.ts';
import { readVariants } from '../../read-models/catalogue.ts';
import { readOrderLines, readOrders, readShipmentLines, readShipments } from '../../read-models/orders.ts';
import type { CompaniesService } from '../companies/service.ts';
import { retailIn } from '../currencies/pricing.ts';
import type { TagPiece } from './tags.ts';

const texts = (json: string | null): Partial<Record<Locale, string>> => {
  if (!json) return {};
  try {
    return JSON.parse(json) as Partial<Record<Locale, string>>;
  } catch {
    return { fr: json };
  }
};

/**
 * The pieces of an order (what it still has, not cancelled) or of one of its parcels, a tag each, in the order's
 * line order: its retail price in the company's currency, its EAN-13. Null when the order (or the parcel, or the
 * company's order, when `companyId` is given) is not there.
 */
export async function orderPieces(
  db: Kysely<Database>,
  companies: Pick<CompaniesService, 'terms'>,
  order: { id: number; shipmentId?: number; companyId?: number },
  lang: Locale,
): Promise<{ number: string; pieces: TagPiece[] } | null> {
  let found = db.selectFrom(readOrders().as('o')).select(['o.id', 'o.number', 'o.company_id']).where('o.id', '=', order.id);
  if (order.companyId !== undefined) found = found.where('o.company_id', '=', order.companyId);
  const row = await found.executeTakeFirst();
  if (!row) return null;
  const lines = await db.selectFrom(readOrderLines().as('l')).selectAll().where('l.order_id', '=', row.id).orderBy('l.position').orderBy('l.id').execute();
  let counts = new Map(lines.map((l) => [l.id, l.quantity - l.cancelled]));
  let number = row.number;
  if (order.shipmentId !== undefined) {
    const parcel = await db
      .selectFrom(readShipments().as('s'))
      .select(['s.id', 's.number'])
      .where('s.id', '=', order.shipmentId)
      .where('s.order_id', '=', row.id)
      .executeTakeFirst();
    if (!parcel) return null;
    const shipped = await db
      .selectFrom(readShipmentLines().as('sl'))
      .select(['sl.order_line_id', 'sl.quantity'])
      .where('sl.shipment_id', '=', parcel.id)
      .execute();
    counts = new Map(shipped.map((s) => [s.order_line_id, s.quantity]));
    number = parcel.number;
  }
  const variantIds = [...new Set(lines.map((l) => l.variant_id).filter((v): v is number => v !== null))];
  const [variants, codes, shop] = await Promise.all([
    variantIds.length
      ? db.selectFrom(readVariants().as('v')).select(['v.id', 'v.product_id', 'v.retail_price_cents']).where('v.id', 'in', variantIds).execute()
      : [],
    variantIds.length ? db.selectFrom('barcodes').select(['variant_id', 'size', 'gtin']).where('variant_id', 'in', variantIds).execute() : [],
    companies.terms.shopPricing(row.company_id, db),
  ]);
  const variant = new Map(variants.map((v) => [v.id, v]));
  const gtin = new Map(codes.map((c) => [`${c.variant_id}:${c.size}`, c.gtin]));
  const pieces: TagPiece[] = [];
  for (const l of lines) {
    const v = l.variant_id === null ? undefined : variant.get(l.variant_id);
    const piece: TagPiece = {
      title: pick(texts(l.product_title), lang) ?? '',
      colour: pick(texts(l.color_name), lang) ?? '',
      size: l.size,
      reference: l.reference,
      retailCents: v ? retailIn(shop.pricing, v.product_id, v.retail_price_cents) : null,
      currency: shop.pricing.currency,
      gtin: l.variant_id === null ? null : (gtin.get(`${l.variant_id}:${l.size}`) ?? null),
    };
    for (let n = 0; n < (counts.get(l.id) ?? 0); n += 1) pieces.push(piece);
  }
  return { number, pieces };
}
