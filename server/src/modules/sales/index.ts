import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminScope } from '../../lib/guard.ts';
import { adminSalesRoutes, type SalesDeps } from './routes.ts';

export type { SalesDeps } from './routes.ts';

/** The season's sales figures. Registered under /api. */
export const salesModule: FastifyPluginAsyncZod<SalesDeps> = async (app, deps) => {
  await app.register(adminScope(adminSalesRoutes, deps), { prefix: '/admin' });
};
