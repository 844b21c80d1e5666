import { companyDetails, companyInput, errorBody } from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CompaniesService } from './service.ts';

/** What the company screens use. */
export interface CompaniesDeps {
  companies: CompaniesService;
}

/** `/api/account/company`: the retailer's company details (shown on each order). */
export const companyRoutes: FastifyPluginAsyncZod<CompaniesDeps> = async (app, services) => {
  const tags = ['account'];
  const security = [{ bearer: [] }];
  app.get(
    '/company',
    { config: { access: 'retailer-or-owner' }, schema: { tags, security, summary: 'My company details', response: { 200: companyDetails } } },
    async (request) => services.companies.company(request.session!.user.id),
  );
  app.put(
    '/company',
    {
      config: { access: 'retailer-or-owner' },
      schema: {
        tags,
        security,
        summary: 'Save my company details (VAT number checked)',
        body: companyInput,
        response: { 200: companyDetails, 400: errorBody },
      },
    },
    async (request) => services.companies.saveCompany(request.session!.user.id, request.body),
  );
};
