// Terms of their own (issue 47): what the browser and the showroom's tablet compute offline too.

/** The largest discount a company may have on trade prices, in percent. */
export const TERMS_DISCOUNT_MAX = 50;

/** A price after a discount in percent (two decimals at most): whole cents, rounded half up. */
export function discounted(cents: number, discount: number): number {
  const bp = Math.round(discount * 100);
  if (bp <= 0) return cents;
  return Math.round((cents * (10_000 - bp)) / 10_000);
}

/** The largest deposit asked on a pre-order, in percent. */
export const TERMS_DEPOSIT_MAX = 100;

/** A deposit of `percent` on an amount in minor units: whole units, rounded half up. */
export function depositOf(cents: number, percent: number): number {
  return Math.round((cents * percent) / 100);
}
