import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSellerRoutes, type SellerDeps } from './routes.ts';

export type { SellerDeps } from './routes.ts';

/** The seller's invoicing settings. Registered under /api. */
export const sellerModule: FastifyPluginAsyncZod<SellerDeps> = async (app, deps) => {
  await app.register(adminSellerRoutes, { ...deps, prefix: '/admin' });
};
