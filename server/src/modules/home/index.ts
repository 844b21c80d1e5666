import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminHomeRoutes, type HomeDeps } from './routes.ts';

export type { HomeDeps } from './routes.ts';

/** The owner's home. Registered under /api. */
export const homeModule: FastifyPluginAsyncZod<HomeDeps> = async (app, deps) => {
  await app.register(adminHomeRoutes, { ...deps, prefix: '/admin' });
};
