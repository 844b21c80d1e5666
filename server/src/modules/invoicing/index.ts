import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminScope } from '../../lib/guard.ts';
import { adminInvoicingRoutes, type InvoicingDeps } from './routes.ts';

export type { InvoicingDeps } from './routes.ts';

/** The seller's invoicing settings. Registered under /api. */
export const invoicingModule: FastifyPluginAsyncZod<InvoicingDeps> = async (app, deps) => {
  await app.register(adminScope(adminInvoicingRoutes, deps), { prefix: '/admin' });
};
