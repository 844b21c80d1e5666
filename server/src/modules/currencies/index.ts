import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminCurrencyRoutes, type CurrenciesDeps } from './routes.ts';

export type { CurrenciesDeps } from './routes.ts';

/** Price lists per currency and rates per day (issue 47). Registered under /api. */
export const currenciesModule: FastifyPluginAsyncZod<CurrenciesDeps> = async (app, deps) => {
  await app.register(adminCurrencyRoutes, { ...deps, prefix: '/admin' });
};
