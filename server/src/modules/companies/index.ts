import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineArea } from '../../platform/area.ts';
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

/** The area as the app mounts it (ADR 0028): the tables it owns and its routes. */
export const companiesArea = defineArea<CompaniesDeps>({
  name: 'companies',
  tables: ['company_details', 'company_terms', 'retailer_doors', 'door_people'],
  routes: companiesModule,
});
