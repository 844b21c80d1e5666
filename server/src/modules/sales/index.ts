import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSalesRoutes, type SalesDeps } from './routes.ts';

export type { SalesDeps } from './routes.ts';

/** The season's sales figures. Registered under /api. */
export const salesModule: FastifyPluginAsyncZod<SalesDeps> = async (app, deps) => {
  await app.register(adminSalesRoutes, { ...deps, prefix: '/admin' });
};
