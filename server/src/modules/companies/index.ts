import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminCompanyRoutes, adminDoorRoutes, companyRoutes, doorRoutes, type CompaniesDeps } from './routes.ts';
import { adminTermsRoutes, termsRoutes } from './terms-routes.ts';

export type { CompaniesDeps } from './routes.ts';

/** Retailers as companies: details and addresses (what orders and invoices carry), people and doors. Registered under /api. */
export const companiesModule: FastifyPluginAsyncZod<CompaniesDeps> = async (app, deps) => {
  await app.register(companyRoutes, { ...deps, prefix: '/account' });
  await app.register(doorRoutes, { ...deps, prefix: '/account' });
  await app.register(adminCompanyRoutes, { ...deps, prefix: '/admin' });
  await app.register(adminDoorRoutes, { ...deps, prefix: '/admin' });
  await app.register(termsRoutes, { ...deps, prefix: '/account' });
  await app.register(adminTermsRoutes, { ...deps, prefix: '/admin' });
};
