import { defineMessages } from './messages.ts';
import { z } from 'zod';
import { CURRENCIES, FOREIGN_CURRENCIES } from './currency-helpers.ts';
import { pageOf, pageQuery } from './paging.ts';

export * from './currency-helpers.ts';

/** What the currency API answers when a value cannot be taken (issue 47): 422, naming the field. */
export const CURRENCY_MESSAGES = defineMessages('currency', {
  currencyInvalid: { en: 'currency: the currency is one of EUR, GBP, CHF, USD and JPY.', fr: 'currency : la devise est l’une de EUR, GBP, CHF, USD et JPY.' },
  foreignInvalid: {
    en: 'currency: a price list or a rate is for GBP, CHF, USD or JPY (the euro is the label’s own).',
    fr: 'currency : une liste de prix ou un cours est en GBP, CHF, USD ou JPY (l’euro est la devise de la marque).',
  },
  rateInvalid: {
    en: 'rate: a rate is the currency’s units for one euro, more than 0 and at most 2000, with at most 6 decimals.',
    fr: 'rate : un cours est le nombre d’unités de la devise pour un euro, plus de 0 et au plus 2000, avec 6 décimales au plus.',
  },
  roundingInvalid: {
    en: 'rounding: prices round to a step from 0.01 to 1000 of the currency (whole units for the yen), or 0 for its smallest unit.',
    fr: 'rounding : les prix s’arrondissent à un pas de 0,01 à 1000 de la devise (des unités entières pour le yen), ou 0 pour sa plus petite unité.',
  },
  priceInvalid: {
    en: 'prices: a trade price and a retail price are amounts of 0 or more of the currency (whole yen), with at most 2 decimals, the retail price at least the trade price.',
    fr: 'prices : un prix de gros et un prix de vente conseillé sont des montants de 0 ou plus dans la devise (yens entiers), avec 2 décimales au plus, le prix conseillé au moins égal au prix de gros.',
  },
  styleUnknown: { en: 'prices: a style of this list is not in the collection.', fr: 'prices : un modèle de cette liste n’est pas dans la collection.' },
  styleTwice: { en: 'prices: a style appears twice.', fr: 'prices : un modèle apparaît deux fois.' },
  styleMissing: {
    en: 'prices: without a rate to derive them, every style needs its price. Missing:',
    fr: 'prices : sans cours pour les calculer, chaque modèle doit avoir son prix. Manquent :',
  },
  priceListMissing: {
    en: 'currency: keep a price list in this currency first (Invoicing → Currencies).',
    fr: 'currency : créez d’abord une liste de prix dans cette devise (Finances → Devises).',
  },
  currencyLocked: {
    en: 'This company has orders under way or invoices unpaid: its currency can change once they are settled.',
    fr: 'Cette société a des commandes en cours ou des factures impayées : sa devise pourra changer une fois celles-ci soldées.',
  },
  dayInvalid: { en: 'day: a rate is for one day (YYYY-MM-DD).', fr: 'day : un cours vaut pour un jour (AAAA-MM-JJ).' },
  ecbInvalid: {
    en: 'This is not the European Central Bank’s CSV file of euro reference rates (a Date column, then one column per currency).',
    fr: 'Ce n’est pas le fichier CSV des cours de référence de l’euro de la Banque centrale européenne (une colonne Date, puis une colonne par devise).',
  },
});

const currency = z.enum(CURRENCIES, { error: CURRENCY_MESSAGES.currencyInvalid });
export const foreignCurrency = z.enum(FOREIGN_CURRENCIES, { error: CURRENCY_MESSAGES.foreignInvalid });

/**
 * `PUT /api/admin/price-lists/{currency}`: a currency's prices. `rate` (units for one euro) derives every
 * style's trade and retail price from its euro prices, rounded to `rounding` (0.50, 100 yen…); `prices`
 * types a style's own; without a rate every style must be typed. Values are checked by `priceListProblem` (422).
 */
export const priceListInput = z.object({
  rate: z.number().nullable(),
  rounding: z.number(),
  prices: z
    .array(z.object({ productId: z.number().int(), price: z.number(), retailPrice: z.number().nullable() }))
    .max(2000)
    .default([]),
});
export type PriceListInput = z.infer<typeof priceListInput>;

const decimals = (v: number, n: number) => Math.abs(Math.round(v * 10 ** n) - v * 10 ** n) < 1e-6;

/** The first value a price list cannot take, as the API words it; null when all are fine (the styles are checked against the collection by the server). */
export function priceListProblem(code: string, input: PriceListInput): string | null {
  if (input.rate !== null && (!(input.rate > 0) || input.rate > 2000 || !decimals(input.rate, 6))) return CURRENCY_MESSAGES.rateInvalid;
  const whole = code === 'JPY';
  if (input.rounding < 0 || input.rounding > 1000 || !decimals(input.rounding, 2) || (whole && !Number.isInteger(input.rounding)))
    return CURRENCY_MESSAGES.roundingInvalid;
  const seen = new Set<number>();
  for (const p of input.prices) {
    const ok = (v: number) => v >= 0 && v <= 10_000_000 && decimals(v, whole ? 0 : 2);
    if (!ok(p.price) || (p.retailPrice !== null && (!ok(p.retailPrice) || p.retailPrice < p.price))) return CURRENCY_MESSAGES.priceInvalid;
    if (seen.has(p.productId)) return CURRENCY_MESSAGES.styleTwice;
    seen.add(p.productId);
  }
  return null;
}

/** One style of a price list: its euro trade price (the lowest of its colours), and what it sells at in the currency. */
export const priceListStyle = z.object({
  productId: z.number().int(),
  reference: z.string().nullable(),
  title: z.string(),
  euroPrice: z.number(),
  euroRetailPrice: z.number().nullable(),
  /** Typed by the owner, or derived from the euro prices by the rate (null: no rate and not typed). */
  price: z.number().nullable(),
  retailPrice: z.number().nullable(),
  typed: z.boolean(),
});
export const priceList = z
  .object({
    currency: foreignCurrency,
    rate: z.number().nullable(),
    rounding: z.number(),
    updatedAt: z.string().nullable(),
    /** Every style typed in it (what a save sends back, changed or not). */
    typed: z.array(z.object({ productId: z.number().int(), price: z.number(), retailPrice: z.number().nullable() })),
    styles: pageOf(priceListStyle),
  })
  .meta({ id: 'PriceList' });
export type PriceList = z.infer<typeof priceList>;
export const priceLists = z.object({
  data: z.array(
    z.object({ currency: foreignCurrency, rate: z.number().nullable(), rounding: z.number(), typed: z.number().int(), updatedAt: z.string().nullable() }),
  ),
});
export type PriceLists = z.infer<typeof priceLists>;

/** `PUT /api/admin/exchange-rates`: a currency's rate for one day, typed by the owner. */
export const exchangeRateInput = z.object({ day: z.string(), currency: foreignCurrency, rate: z.number() });
export type ExchangeRateInput = z.infer<typeof exchangeRateInput>;
export const exchangeRate = z.object({
  id: z.number().int(),
  day: z.string(),
  currency: foreignCurrency,
  rate: z.number(),
  source: z.enum(['owner', 'ecb']),
});
export const exchangeRateList = pageOf(exchangeRate).meta({ id: 'ExchangeRateList' });
export type ExchangeRateList = z.infer<typeof exchangeRateList>;
export const exchangeRateQuery = pageQuery.extend({ currency: foreignCurrency.optional() });
/** `GET /api/admin/price-lists/{currency}`: a page of its styles, their titles in `lang`. */
export const priceListQuery = pageQuery.extend({ lang: z.string().max(35).optional() });
/** `POST /api/admin/exchange-rates/ecb`: the ECB's CSV file as text (the day's, or the whole history: 5 MB at most). */
export const ecbImportInput = z.object({ csv: z.string().max(5_000_000) });
/** What an import of the ECB's file did: the days and rates taken (a rate already typed for a day is replaced). */
export const ecbImport = z.object({ days: z.number().int(), rates: z.number().int(), from: z.string().nullable(), to: z.string().nullable() });
export type EcbImport = z.infer<typeof ecbImport>;

export { currency as currencyField };
