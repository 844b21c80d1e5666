import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineArea } from '../../platform/area.ts';
import { adminProductionRoutes, type ProductionDeps } from './routes.ts';

export type { ProductionDeps } from './routes.ts';

/** The cut sheet for the workshop. Registered under /api. */
export const productionModule: FastifyPluginAsyncZod<ProductionDeps> = async (app, deps) => {
  await app.register(adminProductionRoutes, { ...deps, prefix: '/admin' });
};

/** The area as the app mounts it (ADR 0028): the tables it owns and its routes. */
export const productionArea = defineArea<ProductionDeps>({ name: 'production', tables: [], routes: productionModule });
