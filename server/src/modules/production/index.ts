import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminScope } from '../../lib/guard.ts';
import { adminProductionRoutes, type ProductionDeps } from './routes.ts';

export type { ProductionDeps } from './routes.ts';

/** The cut sheet for the workshop. Registered under /api. */
export const productionModule: FastifyPluginAsyncZod<ProductionDeps> = async (app, deps) => {
  await app.register(adminScope(adminProductionRoutes, deps), { prefix: '/admin' });
};
