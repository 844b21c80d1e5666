import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminScope } from '../../lib/guard.ts';
import { adminStockistRoutes, applicationRoutes, type StockistsDeps } from './routes.ts';

export type { StockistsDeps } from './routes.ts';

/** Shops that apply to become stockists, and the owner's answer. Registered under /api. */
export const stockistsModule: FastifyPluginAsyncZod<StockistsDeps> = async (app, deps) => {
  await app.register(applicationRoutes, deps);
  await app.register(adminScope(adminStockistRoutes, deps), { prefix: '/admin' });
};
