import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminActivityRoutes, type ActivityDeps } from './routes.ts';

export type { ActivityDeps } from './routes.ts';

/** The activity log. Registered under /api. */
export const activityModule: FastifyPluginAsyncZod<ActivityDeps> = async (app, deps) => {
  await app.register(adminActivityRoutes, { ...deps, prefix: '/admin' });
};
