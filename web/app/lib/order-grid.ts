import { ORDER_QUANTITY_MAX } from '@atelier/contract/pure';
import type { Availability, DraftEntryInput, DraftLineInput, Draft, Size, SizeAvailability, TradeProduct } from '@atelier/contract';
import { draftEntries } from './order-draft.ts';

export type GridVariant = TradeProduct['variants'][number];
export type GridPack = NonNullable<TradeProduct['packs']>[number];
export type Offer = Map<string, SizeAvailability>;
export type Windows = Availability['deliveries'];

export const sizeKey = (variantId: number, size: Size) => `${variantId}:${size}`;
/** A quantity's cell: one piece, at once (null) or for one delivery window. */
export const cellKey = (variantId: number, size: Size, deliveryId: number | null) => `${variantId}:${size}:${deliveryId ?? 'now'}`;
/** A pack's cell: so many packs of one colour, at once (null) or for one delivery window. */
export const packKey = (variantId: number, packId: number, deliveryId: number | null) => `pack:${packId}:${variantId}:${deliveryId ?? 'now'}`;

/** The draft's quantities of one product, by cell. */
export function draftCells(draft: Draft, productId: number): Record<string, string> {
  const mine: Record<string, string> = {};
  for (const line of draft.lines) {
    if (line.productId !== productId) continue;
    const where = line.mode === 'atOnce' ? null : (line.delivery?.id ?? null);
    if (line.pack?.id) mine[packKey(line.variantId, line.pack.id, where)] = String(line.pack.packs);
    else mine[cellKey(line.variantId, line.size, where)] = String(line.quantity);
  }
  return mine;
}

/**
 * What the order grid computes from a product, what each size offers, the delivery windows and the
 * quantities typed: the cells of each size and pack, the totals, and the draft's lines once the grid's
 * cells replace those it shows (every other line of the draft is kept).
 */
export function gridModel(product: TradeProduct, offer: Offer, windows: Windows, quantities: Record<string, string>) {
  const several = windows.length > 1;
  const packs = product.packs ?? [];
  const packsOnly = product.packsOnly ?? false;
  /** The cells a size has: one per delivery window for a pre-order when there are several, else one. */
  const cellsOf = (variantId: number, size: Size): Array<number | null> => {
    const a = offer.get(sizeKey(variantId, size));
    if (a?.state !== 'preBook') return [null];
    return several ? windows.map((w) => w.id) : [a.delivery?.id ?? null];
  };
  const qty = (cell: string) => {
    const n = Number(quantities[cell] ?? '');
    return Number.isInteger(n) && n > 0 ? Math.min(n, ORDER_QUANTITY_MAX) : 0;
  };
  const firstSize = (v: GridVariant, pack: GridPack) => (Object.keys(pack.sizes) as Size[]).find((size) => v.sizes.includes(size));
  /** Where a pack of this colour goes: as its first size does (at once, or each delivery window). */
  const packCells = (v: GridVariant, pack: GridPack): Array<number | null> => {
    const first = firstSize(v, pack);
    return first ? cellsOf(v.id, first) : [];
  };
  const packPieces = (pack: GridPack) => Object.values(pack.sizes).reduce<number>((n, c) => n + (c ?? 0), 0);
  const variantPieces = (v: GridVariant) =>
    (packsOnly ? 0 : v.sizes.reduce((sum, size) => sum + cellsOf(v.id, size).reduce<number>((n, d) => n + qty(cellKey(v.id, size, d)), 0), 0)) +
    packs.reduce((sum, pack) => sum + packCells(v, pack).reduce<number>((n, d) => n + qty(packKey(v.id, pack.id, d)) * packPieces(pack), 0), 0);
  const variantTotal = (v: GridVariant) => variantPieces(v) * v.price;

  function lineFor(variantId: number, size: Size, deliveryId: number | null): DraftLineInput {
    const a = offer.get(sizeKey(variantId, size));
    const quantity = qty(cellKey(variantId, size, deliveryId));
    if (a && (a.state === 'inStock' || a.state === 'incoming')) return { variantId, size, quantity, mode: 'atOnce' };
    if (a?.state === 'preBook') return { variantId, size, quantity, mode: 'preBook', deliveryId };
    return { variantId, size, quantity };
  }
  /** So many packs of a colour, placed as the pack's first size is. */
  function packLineFor(v: GridVariant, pack: GridPack, deliveryId: number | null): DraftEntryInput {
    const { mode } = lineFor(v.id, firstSize(v, pack)!, deliveryId);
    const packs = qty(packKey(v.id, pack.id, deliveryId));
    return { variantId: v.id, packId: pack.id, packs, ...(mode ? { mode } : {}), ...(mode === 'preBook' ? { deliveryId } : {}) };
  }

  /** The draft's lines, the grid's cells in place of those it shows. */
  function entries(draft: Draft): DraftEntryInput[] {
    const shown = new Set<string>();
    for (const v of product.variants) {
      if (!packsOnly) for (const size of v.sizes) for (const d of cellsOf(v.id, size)) shown.add(cellKey(v.id, size, d));
      for (const pack of packs) for (const d of packCells(v, pack)) shown.add(packKey(v.id, pack.id, d));
    }
    const lines = draftEntries(draft.lines, (l) => {
      const where = l.mode === 'atOnce' ? null : (l.delivery?.id ?? null);
      return shown.has(l.pack?.id ? packKey(l.variantId, l.pack.id, where) : cellKey(l.variantId, l.size, where));
    });
    for (const v of product.variants) {
      if (!packsOnly) {
        for (const size of v.sizes) {
          if (offer.get(sizeKey(v.id, size))?.state === 'soldOut') continue;
          for (const d of cellsOf(v.id, size)) if (qty(cellKey(v.id, size, d)) > 0) lines.push(lineFor(v.id, size, d));
        }
      }
      for (const pack of packs) for (const d of packCells(v, pack)) if (qty(packKey(v.id, pack.id, d)) > 0) lines.push(packLineFor(v, pack, d));
    }
    return lines;
  }

  return {
    /** The currency of the prices (issue 47); absent: the euro. */
    currency: product.currency,
    several,
    packs,
    packsOnly,
    multiple: product.orderMultiple ?? 1,
    cellsOf,
    packCells,
    variantTotal,
    total: product.variants.reduce((sum, v) => sum + variantTotal(v), 0),
    pieces: product.variants.reduce((sum, v) => sum + variantPieces(v), 0),
    entries,
  };
}

export type GridModel = ReturnType<typeof gridModel>;
