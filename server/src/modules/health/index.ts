import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineArea } from '../../platform/area.ts';
import { healthRoutes, type HealthDeps } from './routes.ts';

export type { HealthDeps } from './routes.ts';

/** Whether the instance and its database answer. Registered under /api. */
export const healthModule: FastifyPluginAsyncZod<HealthDeps> = async (app, deps) => {
  await app.register(healthRoutes, deps);
};

/** The area as the app mounts it (ADR 0028): the tables it owns and its routes. */
export const healthArea = defineArea<HealthDeps>({ name: 'health', tables: [], routes: healthModule });
