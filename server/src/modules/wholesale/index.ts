import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminWholesaleRoutes, wholesaleRoutes, type WholesaleDeps } from './routes.ts';

export type { WholesaleDeps } from './routes.ts';

/** The wholesale terms and the line sheet. Registered under /api. */
export const wholesaleModule: FastifyPluginAsyncZod<WholesaleDeps> = async (app, deps) => {
  await app.register(wholesaleRoutes, { ...deps, prefix: '/wholesale' });
  await app.register(adminWholesaleRoutes, { ...deps, prefix: '/admin' });
};
