// Terms of their own (issue 47): what the browser and the showroom's tablet compute offline too.

/** The largest discount a company may have on trade prices, in percent. */
export const TERMS_DISCOUNT_MAX = 50;

/** A price after a discount in percent (two decimals at most): whole cents (whole yen), rounded half up. */
export function discounted(cents: number, discount: number, currency = 'EUR'): number {
  const bp = Math.round(discount * 100);
  if (bp <= 0) return cents;
  const unit = currency === 'JPY' ? 100 : 1;
  return Math.round((cents * (10_000 - bp)) / 10_000 / unit) * unit;
}

/** The largest deposit asked on a pre-order, in percent. */
export const TERMS_DEPOSIT_MAX = 100;

/** A deposit of `percent` on an amount: whole cents (whole yen), rounded half up. */
export function depositOf(cents: number, percent: number, currency = 'EUR'): number {
  const unit = currency === 'JPY' ? 100 : 1;
  return Math.round((cents * percent) / 100 / unit) * unit;
}
