import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminStockRoutes, type StockDeps } from './routes.ts';

export type { StockDeps } from './routes.ts';

/** Stock on hand (what is reserved, available, incoming), its CSV export and import. Registered under /api. */
export const stockModule: FastifyPluginAsyncZod<StockDeps> = async (app, deps) => {
  await app.register(adminStockRoutes, { ...deps, prefix: '/admin' });
};
