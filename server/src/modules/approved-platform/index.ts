import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineArea } from '../../platform/area.ts';
import { approvedPlatformRoutes, type ApprovedPlatformDeps } from './routes.ts';

export type { ApprovedPlatformDeps } from './routes.ts';

/** The approved e-invoicing platform. Registered under /api (the routes under /admin). */
export const approvedPlatformModule: FastifyPluginAsyncZod<ApprovedPlatformDeps> = async (app, deps) => {
  await app.register(approvedPlatformRoutes, { ...deps, prefix: '/admin' });
};

/** The area as the app mounts it (ADR 0028): the tables it owns and its routes. */
export const approvedPlatformArea = defineArea<ApprovedPlatformDeps>({
  name: 'approved-platform',
  tables: ['einvoicing_platform'],
  routes: approvedPlatformModule,
});
