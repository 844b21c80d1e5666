import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineArea } from '../../platform/area.ts';
import { adminCurrencyRoutes, type CurrenciesDeps } from './routes.ts';

export type { CurrenciesDeps } from './routes.ts';

/** Price lists per currency and rates per day (issue 47). Registered under /api. */
export const currenciesModule: FastifyPluginAsyncZod<CurrenciesDeps> = async (app, deps) => {
  await app.register(adminCurrencyRoutes, { ...deps, prefix: '/admin' });
};

/** The area as the app mounts it (ADR 0028): the tables it owns and its routes. */
export const currenciesArea = defineArea<CurrenciesDeps>({
  name: 'currencies',
  tables: ['price_lists', 'price_list_styles', 'exchange_rates'],
  routes: currenciesModule,
});
