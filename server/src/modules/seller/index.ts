import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineArea } from '../../platform/area.ts';
import { adminSellerRoutes, type SellerDeps } from './routes.ts';

export type { SellerDeps } from './routes.ts';

/** The seller's invoicing settings. Registered under /api. */
export const sellerModule: FastifyPluginAsyncZod<SellerDeps> = async (app, deps) => {
  await app.register(adminSellerRoutes, { ...deps, prefix: '/admin' });
};

/** The area as the app mounts it (ADR 0028): the tables it owns and its routes. */
export const sellerArea = defineArea<SellerDeps>({ name: 'seller', tables: ['invoicing_settings'], routes: sellerModule });
