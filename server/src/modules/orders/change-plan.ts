import { ORDER_CHANGE_MESSAGES, ORDER_MESSAGES, PHRASES, type Locale, type OrderChangeInput, type Size } from '@atelier/contract';
import type { Kysely } from 'kysely';
import type { Database, OrderChangeKind } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { parseTexts, pick } from '../../lib/texts.ts';
import { atDiscount } from '../catalogue/service.ts';
import { readProductSeasons } from '../../read-models/seasons.ts';
import type { OrdersContext } from './context.ts';
import type { OrderDrafts } from './draft.ts';

/** What checking a change reads beside the order: the catalogue, the company's terms, the season, the minimums. */
export type PlanDeps = Pick<OrdersContext, 'catalogue' | 'companies' | 'seasons'> & { drafts: Pick<OrderDrafts, 'minimum'> };

/** Who asks: the label (any door of the company), or a person of the shop (a buyer: the doors they order for). */
export type Asker = { doorIds: number[] | null };

/** The order's columns a change reads, in the caller's transaction. */
export function orderRow(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('orders')
    .select([
      'id',
      'number',
      'status',
      'mode',
      'season_id',
      'company_id',
      'door_id',
      'delivery_id',
      'taken_by',
      'deposit_pct',
      'discount_bp',
      'currency',
      'locale',
      'retailer_email',
      'company',
      'revision',
      'total_cents',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

type Line = {
  id: number;
  variant_id: number | null;
  size: string;
  quantity: number;
  shipped: number;
  cancelled: number;
  pack_name: string | null;
  packs: number | null;
};
/** The order's columns a change reads. */
export type OrderRow = NonNullable<Awaited<ReturnType<typeof orderRow>>>;

/** One line of a change as planned: the line (null: a piece added) and the quantity asked, with what the line was. */
export interface Planned {
  /** A quantity (0 removes the line), a piece added, a line moved to another window, the order sent to another door. */
  kind: OrderChangeKind;
  lineId: number | null;
  variantId: number | null;
  size: string;
  before: number;
  quantity: number;
  productTitle: string;
  colorName: string;
  reference: string | null;
  /** A piece added: its price frozen at the order's terms. */
  added?: { productId: number; colorCode: string | null; unitPriceCents: number; listPriceCents: number | null };
  /** A move (or a piece added to another window): the windows from and to. */
  delivery?: { from: number | null; to: number };
  /** A door: the doors from and to. */
  door?: { from: number | null; to: number };
  /** A move or a door as named when asked: the window's names (JSON of the languages), or the door's name and town. */
  fromLabel?: string | null;
  toLabel?: string | null;
}

const OPEN = ['submitted', 'confirmed', 'partlyShipped'] as const;

/** A pre-order changes while its season's window is open; an at-once order until a parcel has left (its deposit follows: issue 57). */
export async function mayChange(deps: PlanDeps, trx: Kysely<Database>, order: OrderRow): Promise<void> {
  const open = (OPEN as readonly string[]).includes(order.status);
  if (!open || (order.mode === 'atOnce' && order.status === 'partlyShipped')) throw new HttpError(409, ORDER_CHANGE_MESSAGES.closed);
  if (order.mode === 'preBook' && order.season_id !== null) {
    const [season] = await deps.seasons.infos(trx, [order.season_id]);
    if (season && season.state !== 'open') throw new HttpError(409, ORDER_CHANGE_MESSAGES.closed);
  }
}

/** What a change asks, line by line, checked against the order's lines, the catalogue and the order's terms. */
export async function planChange(
  deps: PlanDeps,
  trx: Kysely<Database>,
  order: OrderRow,
  input: OrderChangeInput,
  lang: Locale,
  asker: Asker = { doorIds: null },
): Promise<Planned[]> {
  const lines = await trx
    .selectFrom('order_lines')
    .select([
      'id',
      'variant_id',
      'size',
      'quantity',
      'shipped',
      'cancelled',
      'pack_name',
      'packs',
      'product_title',
      'color_name',
      'reference',
      'unit_price_cents',
    ])
    .where('order_id', '=', order.id)
    .execute();
  const byId = new Map(lines.map((l) => [l.id, l]));
  const keys = input.items.map((item) => ('lineId' in item ? `line:${item.lineId}` : `piece:${item.variantId}:${item.size}`));
  if (new Set(keys).size !== keys.length) throw new HttpError(422, ORDER_CHANGE_MESSAGES.itemsInvalid);
  const variantIds = [...new Set([...lines.map((l) => l.variant_id), ...input.items.map((i) => ('variantId' in i ? i.variantId : null))])].filter(
    (v): v is number => v !== null,
  );
  // Added pieces at the order's frozen terms: its discount, in its currency.
  const { pricing } = await deps.companies.terms.shopPricing(order.company_id, trx);
  const variants = atDiscount(await deps.catalogue.orderable(variantIds, trx), { discount: order.discount_bp / 100, pricing });
  const name = (title: string, colour: string, size: string) => `${pick(parseTexts(title), lang)} — ${pick(parseTexts(colour), lang)}, ${size}`;
  const windows = await seasonWindows(deps, trx, order);
  /** A window asked for a piece: one of the order's season, for a pre-order only. */
  const windowOf = (deliveryId: number, label: string) => {
    if (order.mode !== 'preBook' || windows === null) throw new HttpError(422, ORDER_CHANGE_MESSAGES.notPreOrder, {}, label);
    const window = windows.get(deliveryId);
    if (!window) throw new HttpError(422, ORDER_CHANGE_MESSAGES.deliveryInvalid, {}, label);
    return window;
  };
  const planned: Planned[] = [];
  for (const item of input.items) {
    if ('lineId' in item) {
      const line = byId.get(item.lineId);
      if (!line) throw new HttpError(422, ORDER_CHANGE_MESSAGES.lineNotInOrder, {}, `#${item.lineId}`);
      const label = name(line.product_title, line.color_name, line.size);
      const p =
        'deliveryId' in item
          ? planMove(order, line, windowOf(item.deliveryId, label), item.deliveryId, windows, label)
          : planQuantity(line, item.quantity, variants, label);
      if (p) planned.push(p);
      continue;
    }
    planned.push(await planAdd(trx, order, item, variants.get(item.variantId), lines, windowOf, lang));
  }
  if (input.doorId !== undefined && input.doorId !== order.door_id) planned.push(await planDoor(deps, trx, order, input.doorId, asker));
  if (planned.length === 0) throw new HttpError(422, ORDER_CHANGE_MESSAGES.sameAsOrder);
  // The order after the change: never empty, and above its minimum when it goes down.
  const after = new Map(lines.map((l) => [l.id, l.quantity]));
  for (const p of planned) if (p.lineId !== null && p.kind === 'quantity') after.set(p.lineId, p.quantity);
  const pieces = [...after.values()].reduce((sum, n) => sum + n, 0) + planned.reduce((sum, p) => sum + (p.lineId === null ? p.quantity : 0), 0);
  if (pieces === 0) throw new HttpError(422, ORDER_CHANGE_MESSAGES.wouldEmpty);
  const totalCents =
    lines.reduce((sum, l) => sum + l.unit_price_cents * after.get(l.id)!, 0) +
    planned.reduce((sum, p) => sum + (p.added ? p.added.unitPriceCents * p.quantity : 0), 0);
  if (totalCents < order.total_cents) {
    const minimum = await minimumOf(deps, trx, order, totalCents);
    if (minimum.missing > 0)
      throw new HttpError(422, ORDER_MESSAGES.belowMinimum, {}, (locale) => PHRASES[locale].belowMinimum(minimum.kind, minimum.amount, minimum.missing));
  }
  return planned;
}

/** What adding a piece reads of its style and colour, priced at the order's terms. */
type AddedVariant = ReturnType<typeof atDiscount> extends Map<number, infer V> ? V : never;

type PlanLine = Line & { product_title: string; color_name: string; reference: string | null };

/** A line moved to another window (none when it is there already); a line of which pieces left stays. */
function planMove(
  order: OrderRow,
  line: PlanLine,
  to: { names: string },
  deliveryId: number,
  windows: Map<number, { names: string }> | null,
  label: string,
): Planned | null {
  if (deliveryId === order.delivery_id) return null;
  if (line.shipped + line.cancelled > 0) throw new HttpError(422, ORDER_CHANGE_MESSAGES.moveStarted, {}, label);
  return {
    kind: 'delivery',
    lineId: line.id,
    variantId: line.variant_id,
    size: line.size,
    before: line.quantity,
    quantity: line.quantity,
    productTitle: line.product_title,
    colorName: line.color_name,
    reference: line.reference,
    delivery: { from: order.delivery_id, to: deliveryId },
    fromLabel: order.delivery_id === null ? null : (windows?.get(order.delivery_id)?.names ?? null),
    toLabel: to.names,
  };
}

/** A line at a new quantity (none when it is the same): never below what left, in whole packs or the style's multiple. */
function planQuantity(line: PlanLine, quantity: number, variants: Map<number, { orderMultiple: number }>, label: string): Planned | null {
  if (quantity < line.shipped + line.cancelled) throw new HttpError(422, ORDER_CHANGE_MESSAGES.belowShipped, {}, label);
  if (quantity === line.quantity) return null;
  if (quantity > 0) checkQuantity(line, variants, quantity, label);
  return {
    kind: 'quantity',
    lineId: line.id,
    variantId: line.variant_id,
    size: line.size,
    before: line.quantity,
    quantity,
    productTitle: line.product_title,
    colorName: line.color_name,
    reference: line.reference,
  };
}

/** A piece added at the order's frozen terms (in its window, or in another of its season): offered in that size, of the order's season, not a line already. */
async function planAdd(
  trx: Kysely<Database>,
  order: OrderRow,
  item: { variantId: number; size: Size; quantity: number; deliveryId?: number | undefined },
  variant: AddedVariant | undefined,
  lines: Array<{ variant_id: number | null; size: string; pack_name: string | null }>,
  windowOf: (deliveryId: number, label: string) => { names: string },
  lang: Locale,
): Promise<Planned> {
  const label = variant ? `${pick(variant.titles, lang)} — ${pick(variant.colorNames, lang)}, ${item.size}` : `#${item.variantId}`;
  if (!variant || !variant.sizes.includes(item.size) || variant.packsOnly) throw new HttpError(422, ORDER_CHANGE_MESSAGES.notOffered, {}, label);
  if (variant.orderMultiple > 1 && item.quantity % variant.orderMultiple !== 0) throw new HttpError(422, ORDER_MESSAGES.notMultiple, {}, label);
  const elsewhere = item.deliveryId !== undefined && item.deliveryId !== order.delivery_id;
  const window = item.deliveryId !== undefined ? windowOf(item.deliveryId, label) : null;
  if (!elsewhere && lines.some((l) => l.variant_id === item.variantId && l.size === item.size && l.pack_name === null))
    throw new HttpError(422, ORDER_CHANGE_MESSAGES.alreadyInOrder, {}, label);
  // A pre-order takes the pieces of its own season only.
  if (order.mode === 'preBook' && order.season_id !== null) {
    const inSeason = await trx
      .selectFrom(readProductSeasons().as('ps'))
      .select('ps.product_id')
      .where('ps.product_id', '=', variant.productId)
      .where('ps.season_id', '=', order.season_id)
      .executeTakeFirst();
    if (!inSeason) throw new HttpError(422, ORDER_CHANGE_MESSAGES.notOffered, {}, label);
  }
  return {
    kind: 'add',
    lineId: null,
    variantId: variant.variantId,
    size: item.size,
    before: 0,
    quantity: item.quantity,
    productTitle: JSON.stringify(variant.titles),
    colorName: JSON.stringify(variant.colorNames),
    reference: variant.reference,
    added: {
      productId: variant.productId,
      colorCode: variant.colorCode,
      unitPriceCents: variant.priceCents,
      listPriceCents: variant.listPriceCents ?? null,
    },
    ...(elsewhere && window ? { delivery: { from: order.delivery_id, to: item.deliveryId! }, toLabel: window.names } : {}),
  };
}

/** The windows of a pre-order's season, by id, each with its names (JSON of the languages); null for an order without a season. */
async function seasonWindows(deps: PlanDeps, trx: Kysely<Database>, order: OrderRow): Promise<Map<number, { names: string }> | null> {
  if (order.season_id === null) return null;
  const [season] = await deps.seasons.infos(trx, [order.season_id]);
  return new Map((season?.deliveries ?? []).map((d) => [d.id, { names: JSON.stringify(d.names) }]));
}

/** The order sent to another door: one of its company's, and, for a buyer, one they order for. */
async function planDoor(deps: PlanDeps, trx: Kysely<Database>, order: OrderRow, doorId: number, asker: Asker): Promise<Planned> {
  const mayUse = asker.doorIds === null || asker.doorIds.includes(doorId);
  const door = order.company_id === null || !mayUse ? null : await deps.companies.doors.one(order.company_id, doorId, trx);
  if (!door) throw new HttpError(422, ORDER_CHANGE_MESSAGES.doorInvalid);
  const before = order.door_id === null ? null : await deps.companies.doors.one(order.company_id!, order.door_id, trx, true);
  const label = (d: { name: string; address: { town: string } }) => JSON.stringify({ fr: `${d.name}, ${d.address.town}`, en: `${d.name}, ${d.address.town}` });
  return {
    kind: 'door',
    lineId: null,
    variantId: null,
    size: '',
    before: 0,
    quantity: 0,
    productTitle: '{}',
    colorName: '{}',
    reference: null,
    door: { from: order.door_id, to: door.id },
    fromLabel: before ? label(before) : null,
    toLabel: label(door),
  };
}

/** A line's new quantity as its style is sold: whole packs for a pack line, the order multiple for a loose one. */
function checkQuantity(line: Line, variants: Map<number, { orderMultiple: number }>, quantity: number, label: string): void {
  if (line.pack_name && line.packs) {
    const perPack = line.quantity / line.packs;
    if (quantity % perPack !== 0) throw new HttpError(422, ORDER_MESSAGES.notMultiple, {}, label);
    return;
  }
  const multiple = (line.variant_id !== null ? variants.get(line.variant_id)?.orderMultiple : undefined) ?? 1;
  if (multiple > 1 && quantity % multiple !== 0) throw new HttpError(422, ORDER_MESSAGES.notMultiple, {}, label);
}

/** The company's minimum for this order (opening or reorder, as when it was sent: the orders before it count). */
async function minimumOf(deps: PlanDeps, trx: Kysely<Database>, order: OrderRow, totalCents: number) {
  const m = await deps.drafts.minimum(null, totalCents, trx, order.season_id ?? undefined);
  if (order.company_id === null) return m;
  const terms = (await deps.companies.terms.get(order.company_id, trx, order.season_id ?? undefined)).applied;
  const earlier = await trx
    .selectFrom('orders')
    .select('id')
    .where('company_id', '=', order.company_id)
    .where('status', '!=', 'cancelled')
    .where('id', '<', order.id)
    .limit(1)
    .executeTakeFirst();
  const kind = earlier ? ('reorder' as const) : ('opening' as const);
  const amount = kind === 'opening' ? terms.openingMinimum : terms.reorderMinimum;
  return { kind, amount, missing: Math.max(0, Math.round(amount * 100) - totalCents) / 100 };
}
