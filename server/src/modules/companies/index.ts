import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companyRoutes, type CompaniesDeps } from './routes.ts';

export type { CompaniesDeps } from './routes.ts';

/** A retailer's company details and addresses (what orders and invoices carry). Registered under /api. */
export const companiesModule: FastifyPluginAsyncZod<CompaniesDeps> = async (app, deps) => {
  await app.register(companyRoutes, { ...deps, prefix: '/account' });
};
