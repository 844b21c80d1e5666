// The showroom order as the tablet types it: quantities by piece, pack and window, made into the
// API's lines and back, and priced by the snapshot.
import type { NewShopInput, ShowroomLineInput, ShowroomSnapshot, Size } from '@atelier/contract';
import { discounted } from '@atelier/contract/pure';

/** At once, or a delivery window's id. */
export type Where = 'atOnce' | number;
/** `variantId|size|where` or `variantId|pack:ID|where` → quantity (pieces, or packs). */
export type Quantities = Record<string, number>;

export const keyOf = (variantId: number, what: string, where: Where) => `${variantId}|${what}|${where}`;

export const EMPTY_SHOP: NewShopInput = {
  companyName: '',
  contactName: '',
  email: '',
  phone: '',
  address: { line1: '', line2: '', postcode: '', town: '', country: 'FR' },
  vatNumber: '',
  siret: '',
  locale: 'fr',
};

/**
 * The snapshot at the chosen shop's prices (issue 47): each trade price after its company's discount, so
 * the grid, the totals and the prices sent are the shop's, offline too. Another shop, or none: as it is.
 */
export function atShopPrices(snapshot: ShowroomSnapshot, retailerId: number | null): ShowroomSnapshot {
  const discount = snapshot.stockists.find((s) => s.id === retailerId)?.terms?.discount ?? 0;
  if (discount <= 0) return snapshot;
  return {
    ...snapshot,
    styles: snapshot.styles.map((style) => ({
      ...style,
      variants: style.variants.map((v) => ({ ...v, price: discounted(Math.round(v.price * 100), discount) / 100 })),
    })),
  };
}

export function linesOf(quantities: Quantities, snapshot: ShowroomSnapshot): ShowroomLineInput[] {
  const prices = new Map(snapshot.styles.flatMap((s) => s.variants.map((v) => [v.id, v.price] as const)));
  const lines: ShowroomLineInput[] = [];
  for (const [key, value] of Object.entries(quantities)) {
    if (!value || value < 1) continue;
    const [variant, what, where] = key.split('|') as [string, string, string];
    const variantId = Number(variant);
    const place = where === 'atOnce' ? { mode: 'atOnce' as const } : { mode: 'preBook' as const, deliveryId: Number(where) };
    const unitPrice = prices.get(variantId);
    if (what.startsWith('pack:')) lines.push({ variantId, packId: Number(what.slice(5)), packs: value, ...place, unitPrice });
    else lines.push({ variantId, size: what as Size, quantity: value, ...place, unitPrice });
  }
  return lines;
}

export function quantitiesOf(lines: ShowroomLineInput[]): Quantities {
  const out: Quantities = {};
  for (const line of lines) {
    const where: Where = line.mode === 'atOnce' ? 'atOnce' : (line.deliveryId ?? 0);
    if ('packId' in line) out[keyOf(line.variantId, `pack:${line.packId}`, where)] = line.packs;
    else out[keyOf(line.variantId, line.size, where)] = line.quantity;
  }
  return out;
}

/** Pieces and total (excl. VAT) of some lines, priced by the snapshot. */
export function totalsOf(lines: ShowroomLineInput[], snapshot: ShowroomSnapshot) {
  let pieces = 0;
  let cents = 0;
  for (const line of lines) {
    const style = snapshot.styles.find((s) => s.variants.some((v) => v.id === line.variantId));
    const variant = style?.variants.find((v) => v.id === line.variantId);
    if (!style || !variant) continue;
    const n =
      'packId' in line
        ? Object.values(style.packs.find((p) => p.id === line.packId)?.sizes ?? {}).reduce((a, b) => a + (b ?? 0), 0) * line.packs
        : line.quantity;
    pieces += n;
    cents += Math.round(variant.price * 100) * n;
  }
  return { pieces, total: cents / 100 };
}
