import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthRoutes, type HealthDeps } from './routes.ts';

export type { HealthDeps } from './routes.ts';

/** Whether the instance and its database answer. Registered under /api. */
export const healthModule: FastifyPluginAsyncZod<HealthDeps> = async (app, deps) => {
  await app.register(healthRoutes, deps);
};
