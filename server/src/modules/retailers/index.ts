import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRetailerRoutes, applicationRoutes, type RetailersDeps } from './routes.ts';

export type { RetailersDeps } from './routes.ts';

/** Shops that apply to become retailers, and the owner's answer. Registered under /api. */
export const retailersModule: FastifyPluginAsyncZod<RetailersDeps> = async (app, deps) => {
  await app.register(applicationRoutes, deps);
  await app.register(adminRetailerRoutes, { ...deps, prefix: '/admin' });
};
