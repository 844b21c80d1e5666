import type { OrderableVariant } from '../catalogue/service.ts';

// What the stock's files share: a piece's key, a level's shape, the import's bound.

/** Lines an imported stock file may have (its header aside). */
export const IMPORT_MAX_LINES = 5000;

export interface StockLevel {
  onHand: number | null;
  reserved: number;
  incoming: Array<{ quantity: number; availableFrom: string }>;
}

/** A piece: a colour (variant) in a size. */
export const key = (variantId: number, size: string) => `${variantId}:${size}`;

export type VariantForStock = Pick<OrderableVariant, 'variantId' | 'productId' | 'reference' | 'titles' | 'colorNames' | 'colorCode' | 'sizes'>;

/** One order line as stock sees it. */
export interface StockLine {
  variantId: number;
  size: string;
  quantity: number;
}
