import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineArea } from '../../platform/area.ts';
import { accountListingRoutes, adminListingRoutes, publicListingRoutes, type ListingsDeps } from './routes.ts';

export type { ListingsDeps } from './routes.ts';

/** Where to buy: the shops that sell the label, on the public directory. Registered under /api. */
export const listingsModule: FastifyPluginAsyncZod<ListingsDeps> = async (app, deps) => {
  await app.register(accountListingRoutes, { ...deps, prefix: '/account' });
  await app.register(publicListingRoutes, deps);
  await app.register(adminListingRoutes, { ...deps, prefix: '/admin' });
};

/** The area as the app mounts it (ADR 0028): the tables it owns and its routes. */
export const listingsArea = defineArea<ListingsDeps>({ name: 'listings', tables: ['retailer_listings'], routes: listingsModule });
