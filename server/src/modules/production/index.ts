import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminProductionRoutes, type ProductionDeps } from './routes.ts';

export type { ProductionDeps } from './routes.ts';

/** The cut sheet for the workshop. Registered under /api. */
export const productionModule: FastifyPluginAsyncZod<ProductionDeps> = async (app, deps) => {
  await app.register(adminProductionRoutes, { ...deps, prefix: '/admin' });
};
