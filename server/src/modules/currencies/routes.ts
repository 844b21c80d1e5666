import {
  CURRENCY_MESSAGES,
  FOREIGN_CURRENCIES,
  ecbImport,
  ecbImportInput,
  errorBody,
  exchangeRateInput,
  exchangeRateList,
  exchangeRateQuery,
  priceListQuery,
  priceList,
  priceListInput,
  priceLists,
  type ForeignCurrency,
} from '@atelier/contract';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { langOf } from '../../lib/locale.ts';
import type { CurrenciesService } from './service.ts';

/** What this area's routes use, handed to them by name. */
export interface CurrenciesDeps {
  currencies: CurrenciesService;
  /** After a price list changes: what showed prices in it is read again (the line sheets). */
  onPricesChange(): void;
}

const currencyParams = z.object({ currency: z.string().max(8) });
/** The path's currency, one we keep a list for; else 422 naming the field. */
function foreign(value: string): ForeignCurrency {
  if (!(FOREIGN_CURRENCIES as readonly string[]).includes(value)) throw new HttpError(422, CURRENCY_MESSAGES.foreignInvalid);
  return value as ForeignCurrency;
}

/** Inside the admin scope: price lists per currency and the rates per day (issue 47). */
export const adminCurrencyRoutes: FastifyPluginAsyncZod<CurrenciesDeps> = async (app, { currencies, onPricesChange }) => {
  const tags = ['admin'];
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  app.get(
    '/price-lists',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'Every foreign currency’s price list: its rate, rounding and typed styles', response: { 200: priceLists } },
    },
    async () => currencies.priceLists(),
  );
  app.get(
    '/price-lists/:currency',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'A currency’s price list, with a page of styles at their prices in it',
        params: currencyParams,
        querystring: priceListQuery,
        response: { 200: priceList, 400: errorBody, 422: errorBody },
      },
    },
    async (request) => currencies.priceList(foreign(request.params.currency), langOf(request), request.query),
  );
  app.put(
    '/price-lists/:currency',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Save a currency’s price list: a rate and rounding deriving the euro prices, and styles typed (without a rate, every style)',
        params: currencyParams,
        body: priceListInput,
        response: { 200: priceList, 400: errorBody, 422: errorBody },
      },
    },
    async (request) => {
      const saved = await currencies.savePriceList(foreign(request.params.currency), request.body, actorOf(request), langOf(request));
      onPricesChange();
      return saved;
    },
  );
  app.get(
    '/exchange-rates',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Rates per day, newest first (one currency or all)',
        querystring: exchangeRateQuery,
        response: { 200: exchangeRateList, 400: errorBody },
      },
    },
    async (request) => currencies.rates(request.query.currency, request.query),
  );
  app.put(
    '/exchange-rates',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Type a currency’s rate for a day (units for one euro)',
        body: exchangeRateInput,
        response: { 200: exchangeRateList, 400: errorBody, 422: errorBody },
      },
    },
    async (request) => {
      await currencies.saveRate(request.body, actorOf(request));
      return currencies.rates(request.body.currency, { limit: 10 });
    },
  );
  app.post(
    '/exchange-rates/ecb',
    {
      config: { access: 'admin' },
      bodyLimit: 6 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Import the European Central Bank’s CSV of euro reference rates (the day’s or the history); a day the owner typed keeps hers',
        body: ecbImportInput,
        response: { 200: ecbImport, 400: errorBody, 413: errorBody, 422: errorBody },
      },
    },
    async (request) => currencies.importEcb(request.body.csv, actorOf(request)),
  );
};
