import {
  CURRENCY_MESSAGES,
  FOREIGN_CURRENCIES,
  RATE_SCALE,
  fromCents,
  isRealDay,
  toCents,
  type EcbImport,
  type ExchangeRateInput,
  type ExchangeRateList,
  type ForeignCurrency,
  type Locale,
  type PriceList,
  type PriceListInput,
  type PriceLists,
  priceListProblem,
} from '@atelier/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { nowIso } from '../../db/index.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { readPage, type PageRequest } from '../../lib/paging.ts';
import { logActivity, type Actor } from '../activity/service.ts';
import { readEcbCsv } from './ecb.ts';
import { pricingFor, retailIn, tradeIn } from './pricing.ts';
import { readProductTranslations, readProducts, readVariants } from '../../read-models/catalogue.ts';
import { chunks } from '../../lib/chunks.ts';

const rateMicro = (rate: number) => Math.round(rate * RATE_SCALE);
const rateOf = (micro: number) => Math.round((micro / RATE_SCALE) * 1e6) / 1e6;

/**
 * Other currencies (issue 47, ADR 0025): the owner's price list per currency (a rate and a rounding step
 * deriving each style's prices from the euro ones, and styles she types), and the rates per day, typed or
 * imported from the European Central Bank's CSV file, that convert documents to euros.
 */
export class CurrenciesService {
  private readonly db: Db;

  constructor({ db }: { db: Db }) {
    this.db = db;
  }

  /** Every foreign currency's list: its rate, rounding and how many styles are typed. */
  async priceLists(): Promise<PriceLists> {
    const [lists, typed] = await Promise.all([
      this.db.selectFrom('price_lists').selectAll().execute(),
      this.db
        .selectFrom('price_list_styles')
        .select(['currency', sql<number>`count(*)`.as('n')])
        .groupBy('currency')
        .execute(),
    ]);
    return {
      data: FOREIGN_CURRENCIES.map((currency) => {
        const list = lists.find((l) => l.currency === currency);
        return {
          currency,
          rate: list?.rate_micro == null ? null : rateOf(list.rate_micro),
          rounding: fromCents(list?.rounding_cents ?? 0),
          typed: Number(typed.find((t) => t.currency === currency)?.n ?? 0),
          updatedAt: list?.updated_at ?? null,
        };
      }),
    };
  }

  /** A currency's list, with a page of styles (in the collection's order) at their prices in it. */
  async priceList(currency: ForeignCurrency, lang: Locale, paging: PageRequest = {}): Promise<PriceList> {
    const [list, pricing] = await Promise.all([
      this.db.selectFrom('price_lists').selectAll().where('currency', '=', currency).executeTakeFirst(),
      pricingFor(this.db, currency),
    ]);
    const query = this.db.selectFrom(readProducts().as('p')).select([
      'p.id',
      'p.reference',
      'p.position',
      (eb) =>
        eb
          .selectFrom(readVariants().as('v'))
          .select(sql<number>`min(v.price_cents)`.as('m'))
          .whereRef('v.product_id', '=', 'p.id')
          .as('price_cents'),
      (eb) =>
        eb
          .selectFrom(readVariants().as('v'))
          .select(sql<number | null>`min(v.retail_price_cents)`.as('m'))
          .whereRef('v.product_id', '=', 'p.id')
          .as('retail_cents'),
      (eb) =>
        eb
          .selectFrom(readProductTranslations().as('t'))
          .select('t.title')
          .whereRef('t.product_id', '=', 'p.id')
          .orderBy(sql`case when t.locale = ${lang} then 0 else 1 end`)
          .limit(1)
          .as('title'),
    ]);
    const page = await readPage(query, { sort: 'p.position', id: 'p.id', sortOf: (r) => r.position, idOf: (r) => r.id, direction: 'asc' }, paging);
    return {
      currency,
      rate: list?.rate_micro == null ? null : rateOf(list.rate_micro),
      rounding: fromCents(list?.rounding_cents ?? 0),
      updatedAt: list?.updated_at ?? null,
      typed: [...pricing.typed].map(([productId, t]) => ({
        productId,
        price: fromCents(t.priceCents),
        retailPrice: t.retailCents === null ? null : fromCents(t.retailCents),
      })),
      styles: {
        ...page,
        data: page.data.map((r) => {
          const euro = Number(r.price_cents ?? 0);
          const euroRetail = r.retail_cents === null ? null : Number(r.retail_cents);
          const price = tradeIn(pricing, r.id, euro);
          const retail = retailIn(pricing, r.id, euroRetail);
          return {
            productId: r.id,
            reference: r.reference,
            title: r.title ?? '',
            euroPrice: fromCents(euro),
            euroRetailPrice: euroRetail === null ? null : fromCents(euroRetail),
            price: price === null ? null : fromCents(price),
            retailPrice: retail === null ? null : fromCents(retail),
            typed: pricing.typed.has(r.id),
          };
        }),
      },
    };
  }

  /** The owner saves a currency's list: 422 naming the field a value cannot be (a style unknown, or missing without a rate); logged. */
  async savePriceList(currency: ForeignCurrency, input: PriceListInput, actor: Actor, lang: Locale): Promise<PriceList> {
    const problem = priceListProblem(currency, input);
    if (problem) throw new HttpError(422, problem);
    await this.db.transaction().execute(async (trx) => {
      const products = await trx.selectFrom(readProducts().as('products')).select(['id', 'reference']).execute();
      const known = new Set(products.map((p) => p.id));
      if (input.prices.some((p) => !known.has(p.productId))) throw new HttpError(422, CURRENCY_MESSAGES.styleUnknown);
      if (input.rate === null) {
        const typed = new Set(input.prices.map((p) => p.productId));
        const missing = products.filter((p) => !typed.has(p.id));
        if (missing.length)
          throw new HttpError(
            422,
            CURRENCY_MESSAGES.styleMissing,
            {},
            missing
              .slice(0, 10)
              .map((p) => p.reference ?? `#${p.id}`)
              .join(', ') + (missing.length > 10 ? ` (+${missing.length - 10})` : ''),
          );
      }
      const values = { rate_micro: input.rate === null ? null : rateMicro(input.rate), rounding_cents: toCents(input.rounding), updated_at: nowIso() };
      await trx
        .insertInto('price_lists')
        .values({ currency, ...values })
        .onConflict((oc) => oc.column('currency').doUpdateSet(values))
        .execute();
      await trx.deleteFrom('price_list_styles').where('currency', '=', currency).execute();
      for (const slice of chunks(input.prices)) {
        await trx
          .insertInto('price_list_styles')
          .values(
            slice.map((p) => ({
              currency,
              product_id: p.productId,
              price_cents: toCents(p.price),
              retail_cents: p.retailPrice === null ? null : toCents(p.retailPrice),
            })),
          )
          .execute();
      }
      await logActivity(trx, actor, {
        kind: 'price',
        action: 'save',
        subject: currency,
        detail: { currency, rate: input.rate, rounding: input.rounding, typed: input.prices.length },
      });
    });
    return this.priceList(currency, lang);
  }

  /** Rates, newest day first (one currency or all). */
  async rates(currency: ForeignCurrency | undefined, paging: PageRequest = {}): Promise<ExchangeRateList> {
    let query = this.db.selectFrom('exchange_rates').selectAll();
    if (currency) query = query.where('currency', '=', currency);
    const page = await readPage(query, { sort: 'day', id: 'id', sortOf: (r) => r.day, idOf: (r) => r.id }, paging);
    return {
      ...page,
      data: page.data.map((r) => ({ id: r.id, day: r.day, currency: r.currency as ForeignCurrency, rate: rateOf(r.rate_micro), source: r.source })),
    };
  }

  /** The owner types a currency's rate for a day (it replaces the ECB's for that day); 422 naming the field. */
  async saveRate(input: ExchangeRateInput, actor: Actor): Promise<void> {
    if (!isRealDay(input.day)) throw new HttpError(422, CURRENCY_MESSAGES.dayInvalid);
    if (!(input.rate > 0) || input.rate > 2000 || Math.abs(Math.round(input.rate * 1e6) - input.rate * 1e6) > 1e-3)
      throw new HttpError(422, CURRENCY_MESSAGES.rateInvalid);
    await this.db.transaction().execute(async (trx) => {
      const values = { rate_micro: rateMicro(input.rate), source: 'owner' as const };
      await trx
        .insertInto('exchange_rates')
        .values({ currency: input.currency, day: input.day, ...values })
        .onConflict((oc) => oc.columns(['currency', 'day']).doUpdateSet(values))
        .execute();
      await logActivity(trx, actor, { kind: 'price', action: 'update', subject: `${input.currency} ${input.day}`, detail: { ...input } });
    });
  }

  /**
   * The ECB's CSV of euro reference rates (the day's file or the whole history): each day's rate of every
   * foreign currency we sell in, in batches; a day the owner typed a rate for keeps hers. 422 for another file.
   */
  async importEcb(text: string, actor: Actor): Promise<EcbImport> {
    const rows = readEcbCsv(text, FOREIGN_CURRENCIES);
    if (rows === null) throw new HttpError(422, CURRENCY_MESSAGES.ecbInvalid);
    const days = [...new Set(rows.map((r) => r.day))].sort();
    await this.db.transaction().execute(async (trx) => {
      for (const slice of chunks(rows)) {
        await trx
          .insertInto('exchange_rates')
          .values(slice.map((r) => ({ currency: r.currency, day: r.day, rate_micro: r.rateMicro, source: 'ecb' as const })))
          .onConflict((oc) =>
            oc
              .columns(['currency', 'day'])
              .doUpdateSet((eb) => ({ rate_micro: eb.ref('excluded.rate_micro') }))
              .where('exchange_rates.source', '=', 'ecb'),
          )
          .execute();
      }
      await logActivity(trx, actor, {
        kind: 'price',
        action: 'import',
        subject: 'ECB',
        detail: { days: days.length, rates: rows.length, from: days[0] ?? null, to: days.at(-1) ?? null },
      });
    });
    return { days: days.length, rates: rows.length, from: days[0] ?? null, to: days.at(-1) ?? null };
  }
}
