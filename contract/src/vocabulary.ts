// Words and checks the schemas (and the back-office) use, but no public page: kept out of
// constants.ts and catalogue-helpers.ts, whose modules travel in the chunk every page loads first
// (web/vite.config.ts), so that the lazy API client does not pull them in there (ADR 0012).
import { LOCALES, SIZES, type Size } from './constants.ts';

/** A draft product is seen in the back-office only. */
export const PRODUCT_STATUSES = ['published', 'draft'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** True when `items` hold each locale exactly once (texts needed in French and in English). */
export function bothLocalesOnce(items: ReadonlyArray<{ locale: string }>): boolean {
  return items.length === LOCALES.length && LOCALES.every((l) => items.filter((i) => i.locale === l).length === 1);
}

/** §3 Sizes: trim, uppercase, strip non-alphanumerics; unknown ones dropped; order XXS → ONESIZE; no duplicates. */
export function normalizeSizes(values: readonly unknown[]): Size[] {
  const wanted = new Set<Size>();
  for (const value of values) {
    if (typeof value !== 'string') continue;
    const clean = value
      .trim()
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, '');
    if ((SIZES as readonly string[]).includes(clean)) wanted.add(clean as Size);
  }
  return SIZES.filter((size) => wanted.has(size));
}

/** What the back-office log records: one kind per area the owner writes to. */
export const ACTIVITY_KINDS = [
  'product',
  'price',
  'status',
  'order',
  'page',
  'terms',
  'post',
  'section',
  'application',
  'listing',
  'season',
  'stock',
  'security',
  'invoicing',
  'invoice',
  'company',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
export const ACTIVITY_ACTIONS = [
  'create',
  'update',
  'delete',
  'reorder',
  'change',
  'publish',
  'unpublish',
  'save',
  'accept',
  'hide',
  'show',
  'confirm',
  'ship',
  'cancel',
  'import',
  'reset',
  'issue',
  'credit',
  'pay',
  'unpay',
  'take',
  'allocate',
  'returned',
  'sign',
  'revoke',
  'match',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** The FEC's accounts (plan comptable général) unless the owner sets others: customers, sales, VAT collected, bank, customer deposits. */
export const FEC_DEFAULT_ACCOUNTS = { customers: '411', sales: '706', vatCollected: '44571', bank: '512', customerDeposits: '4191' } as const;
