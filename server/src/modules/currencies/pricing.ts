import { RATE_SCALE, fromEuros, type Currency } from '@atelier/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * How a currency's prices are made from the euro ones (issue 47, ADR 0025): a style typed by the owner
 * has its own trade and retail prices; any other is its euro price at the price list's rate, rounded to
 * its step. No rate and not typed: the style has no price in that currency (it cannot be ordered in it).
 */
export interface Pricing {
  currency: Currency;
  /** Units for one euro × 1 000 000; null: no rate (only typed styles have prices). 1 000 000 for the euro. */
  rateMicro: number | null;
  stepCents: number;
  typed: Map<number, { priceCents: number; retailCents: number | null }>;
}

/** The euro: every price as it is. */
export const EURO_PRICING: Pricing = { currency: 'EUR', rateMicro: RATE_SCALE, stepCents: 0, typed: new Map() };

/** A style's trade price in the pricing's currency (hundredths of its unit); null when it has none. */
export function tradeIn(pricing: Pricing, productId: number, eurCents: number): number | null {
  if (pricing.currency === 'EUR') return eurCents;
  const typed = pricing.typed.get(productId);
  if (typed) return typed.priceCents;
  return pricing.rateMicro === null ? null : fromEuros(eurCents, pricing.rateMicro, pricing.currency, pricing.stepCents);
}

/** A style's recommended retail price in the pricing's currency; null when it has none. */
export function retailIn(pricing: Pricing, productId: number, eurCents: number | null): number | null {
  if (pricing.currency === 'EUR') return eurCents;
  const typed = pricing.typed.get(productId);
  if (typed) return typed.retailCents;
  return eurCents === null || pricing.rateMicro === null ? null : fromEuros(eurCents, pricing.rateMicro, pricing.currency, pricing.stepCents);
}

/** A currency's pricing as its price list says (no list: no prices). The euro's is the euro's. */
export async function pricingFor(db: Kysely<Database>, currency: Currency): Promise<Pricing> {
  if (currency === 'EUR') return EURO_PRICING;
  const [list, styles] = await Promise.all([
    db.selectFrom('price_lists').selectAll().where('currency', '=', currency).executeTakeFirst(),
    db.selectFrom('price_list_styles').select(['product_id', 'price_cents', 'retail_cents']).where('currency', '=', currency).execute(),
  ]);
  return {
    currency,
    rateMicro: list?.rate_micro ?? null,
    stepCents: list?.rounding_cents ?? 0,
    typed: new Map(styles.map((s) => [s.product_id, { priceCents: s.price_cents, retailCents: s.retail_cents }])),
  };
}

/**
 * The rate of a currency for a day (units for one euro × 1 000 000): the latest typed or imported on or
 * before it, else the price list's own rate; the euro's is 1. Null when there is none at all.
 */
export async function rateOn(db: Kysely<Database>, currency: string, day: string): Promise<number | null> {
  if (currency === 'EUR') return RATE_SCALE;
  const row = await db
    .selectFrom('exchange_rates')
    .select('rate_micro')
    .where('currency', '=', currency)
    .where('day', '<=', day)
    .orderBy('day', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (row) return row.rate_micro;
  const list = await db.selectFrom('price_lists').select('rate_micro').where('currency', '=', currency).executeTakeFirst();
  return list?.rate_micro ?? null;
}
