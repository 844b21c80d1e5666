import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineArea } from '../../platform/area.ts';
import { adminSalesRoutes, type SalesDeps } from './routes.ts';

export type { SalesDeps } from './routes.ts';

/** The season's sales figures. Registered under /api. */
export const salesModule: FastifyPluginAsyncZod<SalesDeps> = async (app, deps) => {
  await app.register(adminSalesRoutes, { ...deps, prefix: '/admin' });
};

/** The area as the app mounts it (ADR 0028): the tables it owns and its routes. */
export const salesArea = defineArea<SalesDeps>({ name: 'sales', tables: [], routes: salesModule });
