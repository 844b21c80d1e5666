// Currencies (issue 47, ADR 0025): what the server, the browser and the showroom's tablet compute alike.

/** The currencies a company may buy in; the label's own is the euro. */
export const CURRENCIES = ['EUR', 'GBP', 'CHF', 'USD', 'JPY'] as const;
export type Currency = (typeof CURRENCIES)[number];
/** The currencies the owner keeps a price list and rates for. */
export const FOREIGN_CURRENCIES = ['GBP', 'CHF', 'USD', 'JPY'] as const;
export type ForeignCurrency = (typeof FOREIGN_CURRENCIES)[number];

export const isCurrency = (value: unknown): value is Currency => typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);

/**
 * Every amount is an integer count of hundredths of its currency's unit (ADR 0025). A currency without a
 * minor unit (the yen) keeps whole units: its amounts are multiples of 100, which this is.
 */
export function unitOf(currency: string): number {
  return currency === 'JPY' ? 100 : 1;
}

/** An amount rounded half up to a step (hundredths): to the currency's unit at least. */
export function roundToStep(cents: number, step: number): number {
  if (step <= 1) return Math.round(cents);
  return Math.round(cents / step) * step;
}

/** Rates are integers: units of the currency for one euro, times a million (0.8612 £ = 861 200). */
export const RATE_SCALE = 1_000_000;

/** A euro amount in a currency at `rateMicro`, rounded to `stepCents` (the price list's rounding; the currency's unit at least). */
export function fromEuros(eurCents: number, rateMicro: number, currency: string, stepCents = 0): number {
  return roundToStep((eurCents * rateMicro) / RATE_SCALE, Math.max(stepCents, unitOf(currency)));
}

/** An amount of a currency in euro cents at `rateMicro` (units of the currency per euro, times a million). */
export function toEuros(cents: number, rateMicro: number): number {
  return Math.round((cents * RATE_SCALE) / rateMicro);
}

/** A currency's price list as the browser and the tablet compute with it (amounts in the currency's units). */
export interface CurrencyPriceList {
  currency: string;
  rateMicro: number | null;
  stepCents: number;
  typed: ReadonlyArray<{ productId: number; price: number; retailPrice?: number | null }>;
}

/** A style's trade price in a price list's currency, in hundredths (typed, else derived); null: it has none. The server computes the same. */
export function tradePriceIn(list: CurrencyPriceList, productId: number, eurCents: number): number | null {
  const typed = list.typed.find((t) => t.productId === productId);
  if (typed) return Math.round(typed.price * 100);
  return list.rateMicro === null ? null : fromEuros(eurCents, list.rateMicro, list.currency, list.stepCents);
}

/** A style's retail price in a price list's currency (typed, else derived); null: none. */
export function retailPriceIn(list: CurrencyPriceList, productId: number, eurCents: number | null): number | null {
  const typed = list.typed.find((t) => t.productId === productId);
  if (typed) return typed.retailPrice == null ? null : Math.round(typed.retailPrice * 100);
  return eurCents === null || list.rateMicro === null ? null : fromEuros(eurCents, list.rateMicro, list.currency, list.stepCents);
}
