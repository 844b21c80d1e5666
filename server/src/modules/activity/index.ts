import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineArea } from '../../platform/area.ts';
import { adminActivityRoutes, type ActivityDeps } from './routes.ts';

export type { ActivityDeps } from './routes.ts';

/** The activity log. Registered under /api. */
export const activityModule: FastifyPluginAsyncZod<ActivityDeps> = async (app, deps) => {
  await app.register(adminActivityRoutes, { ...deps, prefix: '/admin' });
};

/** The area as the app mounts it (ADR 0028): the tables it owns and its routes. */
export const activityArea = defineArea<ActivityDeps>({ name: 'activity', tables: ['activity_log'], routes: activityModule });
