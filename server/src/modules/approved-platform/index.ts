import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { approvedPlatformRoutes, type ApprovedPlatformDeps } from './routes.ts';

export type { ApprovedPlatformDeps } from './routes.ts';

/** The approved e-invoicing platform. Registered under /api (the routes under /admin). */
export const approvedPlatformModule: FastifyPluginAsyncZod<ApprovedPlatformDeps> = async (app, deps) => {
  await app.register(approvedPlatformRoutes, { ...deps, prefix: '/admin' });
};
