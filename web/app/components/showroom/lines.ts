// The showroom order as the tablet types it: quantities by piece, pack and window, made into the
// API's lines and back, and priced by the snapshot.
import type { NewShopInput, ShowroomLineInput, ShowroomSnapshot, Size } from '@atelier/contract';
import { discounted, fromEuros, retailPriceIn, tradePriceIn } from '@atelier/contract/pure';

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
 * The snapshot at the chosen shop's prices (issue 47): each trade price in its company's currency (the
 * price list the snapshot carries), then after its discount, and the season's minimums in that currency,
 * so the grid, the totals and the prices sent are the shop's, offline too. Another shop, or none: as it is.
 */
export function atShopPrices(snapshot: ShowroomSnapshot, retailerId: number | null): ShowroomSnapshot {
  const terms = snapshot.stockists.find((s) => s.id === retailerId)?.terms;
  const discount = terms?.discount ?? 0;
  const currency = terms?.currency ?? 'EUR';
  const list = currency === 'EUR' ? undefined : snapshot.priceLists?.find((l) => l.currency === currency);
  if (discount <= 0 && !list) return snapshot;
  const trade = (productId: number, price: number) => (list ? tradePriceIn(list, productId, Math.round(price * 100)) : Math.round(price * 100));
  const season = (amount: number) =>
    list && list.rateMicro !== null ? fromEuros(Math.round(amount * 100), list.rateMicro, currency, list.stepCents) / 100 : amount;
  return {
    ...snapshot,
    ...(list
      ? { currency, terms: { ...snapshot.terms, openingMinimum: season(snapshot.terms.openingMinimum), reorderMinimum: season(snapshot.terms.reorderMinimum) } }
      : {}),
    styles: snapshot.styles.map((style) => ({
      ...style,
      variants: style.variants.flatMap((v) => {
        const cents = trade(style.id, v.price);
        if (cents === null) return [];
        const retail = list ? retailPriceIn(list, style.id, v.retailPrice === null ? null : Math.round(v.retailPrice * 100)) : null;
        return [
          {
            ...v,
            price: discounted(cents, discount, currency) / 100,
            ...(list ? { retailPrice: retail === null ? null : retail / 100 } : {}),
          },
        ];
      }),
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
