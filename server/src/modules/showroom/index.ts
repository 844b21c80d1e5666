import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineArea } from '../../platform/area.ts';
import { showroomRoutes, type ShowroomDeps } from './routes.ts';

export type { ShowroomDeps } from './routes.ts';

/** The showroom's API (issue 34): the tablet's snapshot and its orders. Registered under /api. */
export const showroomModule: FastifyPluginAsyncZod<ShowroomDeps> = async (app, deps) => {
  await app.register(showroomRoutes, { ...deps, prefix: '/showroom' });
};

/** The area as the app mounts it (ADR 0028): the tables it owns and its routes. */
export const showroomArea = defineArea<ShowroomDeps>({ name: 'showroom', tables: ['showroom_submissions'], routes: showroomModule });
