import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountListingRoutes, adminListingRoutes, publicListingRoutes, type ListingsDeps } from './routes.ts';

export type { ListingsDeps } from './routes.ts';

/** Where to buy: the shops that sell the label, on the public directory. Registered under /api. */
export const listingsModule: FastifyPluginAsyncZod<ListingsDeps> = async (app, deps) => {
  await app.register(accountListingRoutes, { ...deps, prefix: '/account' });
  await app.register(publicListingRoutes, deps);
  await app.register(adminListingRoutes, { ...deps, prefix: '/admin' });
};
