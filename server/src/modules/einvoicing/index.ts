import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminScope } from '../../lib/guard.ts';
import { einvoicingRoutes, type EinvoicingDeps } from './routes.ts';

export type { EinvoicingDeps } from './routes.ts';

/** The approved e-invoicing platform. Registered under /api (the routes under /admin). */
export const einvoicingModule: FastifyPluginAsyncZod<EinvoicingDeps> = async (app, deps) => {
  await app.register(adminScope(einvoicingRoutes, deps), { prefix: '/admin' });
};
