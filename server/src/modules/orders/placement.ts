import { ORDER_QUANTITY_MAX, isPackLine, type DraftEntryInput, type DraftLineInput, type Locale, type OrderMode, type Size, PHRASES } from '@atelier/contract';
import { pick } from '../../lib/texts.ts';
import type { OrderableVariant } from '../catalogue/service.ts';
import { deliveryOf, type DeliveryInfo, type SeasonInfo } from '../seasons/service.ts';
import type { StockLevel } from '../stock/service.ts';

/** A draft line's place: how it is ordered, in which season and delivery, or why it cannot be. */
export interface Placed {
  mode: OrderMode;
  season: SeasonInfo | null;
  delivery: DeliveryInfo | null;
  problem?: 'notOrderable' | 'deliveryUnknown';
}

/** A line made by packs: the pack (null once the style no longer has it), its name and how many. */
export interface LinePack {
  id: number | null;
  name: string;
  packs: number;
}

export interface PricedLine {
  line: DraftLineInput;
  variant: OrderableVariant;
  placed: Placed;
  pack?: LinePack | null;
}

/**
 * What the style's way of selling says of a line: a loose line of a style sold in packs only, or a
 * quantity that is not a multiple of the style's order multiple (pack lines follow their pack).
 */
export function sellingProblem(p: Pick<PricedLine, 'line' | 'variant' | 'pack'>): 'packsOnly' | 'notMultiple' | null {
  if (p.pack) return null;
  if (p.variant.packsOnly) return 'packsOnly';
  if (p.variant.orderMultiple > 1 && p.line.quantity % p.variant.orderMultiple !== 0) return 'notMultiple';
  return null;
}

/** Why an entry as sent makes no pieces: the piece or the pack no longer offered, or a pack that would make more than 999 of a size. */
export interface EntryProblem {
  problem: 'unavailable' | 'packUnknown' | 'tooMany';
  size?: Size;
}

/**
 * An entry as sent, as the pieces it makes: a loose line as itself, a pack line as one line per size of
 * the pack (the pack's count times the packs ordered), each with the pack it came from. What it cannot
 * make is said size by size and nothing is made of it (the draft names every size, the showroom the line).
 * One rule for the portal's drafts and the showroom's orders.
 */
export function expandEntry(
  entry: DraftEntryInput,
  variant: OrderableVariant | undefined,
): { pieces: Array<{ line: DraftLineInput; pack: LinePack | null }>; problems: EntryProblem[] } {
  const where = { mode: entry.mode, deliveryId: entry.deliveryId };
  if (!isPackLine(entry)) {
    if (!variant?.sizes.includes(entry.size)) return { pieces: [], problems: [{ problem: 'unavailable', size: entry.size }] };
    return { pieces: [{ line: { variantId: entry.variantId, size: entry.size, quantity: entry.quantity, ...where }, pack: null }], problems: [] };
  }
  const pack = variant?.packs.find((p) => p.id === entry.packId);
  if (!variant || !pack) return { pieces: [], problems: [{ problem: 'packUnknown' }] };
  const pieces: Array<{ line: DraftLineInput; pack: LinePack | null }> = [];
  const problems: EntryProblem[] = [];
  for (const [size, count] of Object.entries(pack.sizes) as Array<[Size, number]>) {
    if (!variant.sizes.includes(size)) problems.push({ problem: 'unavailable', size });
    else if (count * entry.packs > ORDER_QUANTITY_MAX) problems.push({ problem: 'tooMany', size });
    else
      pieces.push({
        line: { variantId: entry.variantId, size, quantity: count * entry.packs, ...where },
        pack: { id: pack.id, name: pack.name, packs: entry.packs },
      });
  }
  return problems.length ? { pieces: [], problems } : { pieces, problems };
}

/** A line as sent, with where it goes and its identity in the draft (piece, mode, delivery window). */
export interface PlacedInput extends PricedLine {
  key: string;
  /** The line as sent it came from (a pack line makes one per size). */
  entry: number;
}

/** A draft line's identity: the piece (variant and size), at-once or the delivery window it is pre-booked for. */
export function placementKey(variantId: number, size: string, placed: Placed, packId: number | null = null): string {
  return `${variantId}:${size}:${placed.mode === 'atOnce' ? 'atOnce' : `preBook:${placed.delivery?.id ?? ''}`}:${packId ?? 'pieces'}`;
}

/** "line 2: Robe Soleil, Terracotta, S, Livraison 1", for a refusal that names the line. */
export function lineName(p: PricedLine, index: number, lang: Locale): string {
  const where = p.placed.mode === 'atOnce' ? PHRASES[lang].atOnce : p.placed.delivery ? pick(p.placed.delivery.names, lang) : null;
  const size = p.pack ? `${p.pack.packs} × ${p.pack.name}` : p.line.size;
  const what = [pick(p.variant.titles, lang), pick(p.variant.colorNames, lang), size, where].filter(Boolean).join(', ');
  return PHRASES[lang].lineNamed(index + 1, what);
}

export interface ModeContext {
  seasons: SeasonInfo[];
  productSeasons: Map<number, number[]>;
  levels: Map<string, StockLevel>;
}

/** The order of preference among a product's seasons: open ones, the soonest to close first. */
export function byClosing(a: SeasonInfo, b: SeasonInfo): number {
  const rank = (s: SeasonInfo) => (s.state === 'open' ? 0 : s.state === 'upcoming' ? 1 : 2);
  return rank(a) - rank(b) || (a.ordersClose ?? '9999').localeCompare(b.ordersClose ?? '9999') || b.ordersOpen.localeCompare(a.ordersOpen);
}

/**
 * Decides a line's mode. With no season at all, every line is pre-booked with no delivery
 * window (as before seasons). A given delivery window must belong to a season of the product.
 * Without a mode: pre-book in the product's open season (its first delivery), else at-once.
 */
export function placeLine(line: Pick<DraftLineInput, 'variantId' | 'size' | 'mode' | 'deliveryId'>, variant: OrderableVariant, ctx: ModeContext): Placed {
  const stocked = ctx.levels.get(`${line.variantId}:${line.size}`)?.onHand != null;
  if (line.mode === 'atOnce') return { mode: 'atOnce', season: null, delivery: null, ...(stocked ? {} : { problem: 'notOrderable' }) };
  if (ctx.seasons.length === 0) return { mode: 'preBook', season: null, delivery: null };
  const own = new Set(ctx.productSeasons.get(variant.productId) ?? []);
  const seasons = ctx.seasons.filter((s) => own.has(s.id)).sort(byClosing);
  if (line.deliveryId) {
    for (const s of seasons) {
      const delivery = s.deliveries.find((d) => d.id === line.deliveryId);
      if (delivery) return { mode: 'preBook', season: s, delivery };
    }
    return { mode: 'preBook', season: null, delivery: null, problem: 'deliveryUnknown' };
  }
  const open = seasons.find((s) => s.state === 'open' && s.deliveries.length);
  if (open) return { mode: 'preBook', season: open, delivery: open.deliveries[0]! };
  if (line.mode === undefined && stocked) return { mode: 'atOnce', season: null, delivery: null };
  const any = seasons.find((s) => s.deliveries.length);
  if (any) return { mode: 'preBook', season: any, delivery: any.deliveries[0]! };
  return { mode: line.mode ?? 'atOnce', season: null, delivery: null, problem: 'notOrderable' };
}

export function modeOut(placed: Placed, lang: Locale) {
  return {
    mode: placed.mode,
    season: placed.season ? { id: placed.season.id, code: placed.season.code, name: pick(placed.season.names, lang) } : null,
    delivery: placed.delivery ? deliveryOf(placed.delivery, lang) : null,
  };
}

/** At-once lines together, then one group per delivery window (the earliest first). */
export function groupLines(lines: PricedLine[]): Array<{ placed: Placed; lines: PricedLine[] }> {
  const groups = new Map<string, { placed: Placed; lines: PricedLine[] }>();
  for (const line of lines) {
    const key = line.placed.mode === 'atOnce' ? 'atOnce' : `preBook:${line.placed.delivery?.id ?? 'none'}`;
    const group = groups.get(key) ?? { placed: line.placed, lines: [] };
    group.lines.push(line);
    groups.set(key, group);
  }
  const order = (g: { placed: Placed }) =>
    g.placed.mode === 'atOnce' ? '0' : `1${g.placed.delivery?.from ?? ''}${String(g.placed.delivery?.id ?? 0).padStart(10, '0')}`;
  return [...groups.values()].sort((a, b) => order(a).localeCompare(order(b)));
}

/** An order's season, mode and delivery as the API shows them. */
export function orderMode(row: { mode: OrderMode; season_id: number | null; delivery_id: number | null }, seasons: SeasonInfo[], lang: Locale) {
  const season = seasons.find((s) => s.id === row.season_id) ?? null;
  const delivery = season?.deliveries.find((d) => d.id === row.delivery_id) ?? null;
  return modeOut({ mode: row.mode, season, delivery }, lang);
}
