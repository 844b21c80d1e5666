import { COMPANY_MESSAGES, companyPriority, companyTerms, companyTermsInput, errorBody, priorityInput } from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, companyOf } from '../../lib/actor.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { idParam } from '../../lib/params.ts';
import type { CompaniesDeps } from './routes.ts';

/** `GET /api/account/terms`: the terms the signed-in person's company buys on (issue 47), for every role. */
export const termsRoutes: FastifyPluginAsyncZod<CompaniesDeps> = async (app, { companies }) => {
  app.get(
    '/terms',
    {
      config: { access: 'retailer' },
      schema: {
        tags: ['account'],
        security: [{ bearer: [] }],
        summary: 'My company’s terms: payment days, discount on trade prices, minimums (its own, and what applies)',
        response: { 200: companyTerms },
      },
    },
    async (request) => companies.terms.get(companyOf(request)),
  );
};

/** `/api/admin/companies/{id}/terms`: the owner reads and sets a company's own terms (issue 47). */
export const adminTermsRoutes: FastifyPluginAsyncZod<CompaniesDeps> = async (app, { companies }) => {
  const params = idParam(COMPANY_MESSAGES.companyNotFound);
  app.get(
    '/companies/:id/terms',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'A company’s terms: its own (null keeps the label’s) and what applies',
        params,
        response: { 200: companyTerms, 404: errorBody },
      },
    },
    async (request) => {
      if (!(await companies.directory.exists(request.params.id))) throw new HttpError(404, COMPANY_MESSAGES.companyNotFound);
      return companies.terms.get(request.params.id);
    },
  );
  app.put(
    '/companies/:id/terms',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Set a company’s terms: payment days (end of month), discount 0–50 %, opening and reorder minimums; null keeps the label’s',
        params,
        body: companyTermsInput,
        response: { 200: companyTerms, 400: errorBody, 404: errorBody, 422: errorBody },
      },
    },
    async (request) => companies.terms.save(request.params.id, request.body, actorOf(request)),
  );
  app.get(
    '/companies/:id/priority',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'A company’s priority when short production is allocated “by priority” (1 first … 5 last; 3 when never set)',
        params,
        response: { 200: companyPriority, 404: errorBody },
      },
    },
    async (request) => {
      if (!(await companies.directory.exists(request.params.id))) throw new HttpError(404, COMPANY_MESSAGES.companyNotFound);
      return { companyId: request.params.id, priority: (await companies.terms.priorities([request.params.id])).get(request.params.id)! };
    },
  );
  app.put(
    '/companies/:id/priority',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Set a company’s priority for allocations “by priority”: 1 (served first) to 5 (served last)',
        params,
        body: priorityInput,
        response: { 200: companyPriority, 400: errorBody, 404: errorBody, 422: errorBody },
      },
    },
    async (request) => companies.terms.setPriority(request.params.id, request.body.priority, actorOf(request)),
  );
};
