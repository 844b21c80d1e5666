import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineArea } from '../../platform/area.ts';
import { adminStockRoutes, type StockDeps } from './routes.ts';

export type { StockDeps } from './routes.ts';

/** Stock on hand (what is reserved, available, incoming), its CSV export and import. Registered under /api. */
export const stockModule: FastifyPluginAsyncZod<StockDeps> = async (app, deps) => {
  await app.register(adminStockRoutes, { ...deps, prefix: '/admin' });
};

/** The area as the app mounts it (ADR 0028): the tables it owns and its routes. */
export const stockArea = defineArea<StockDeps>({ name: 'stock', tables: ['stock_levels', 'stock_incoming', 'stock_movements'], routes: stockModule });
