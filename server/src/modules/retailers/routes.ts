import { actorOf } from '../../lib/actor.ts';
import { RETAILER_MESSAGES, application, applicationInput, applicationList, applicationStatusQuery, errorBody, messageResponse } from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formRateLimit, receiveForm } from '../../lib/public-form.ts';
import { HttpError } from '../../lib/http-errors.ts';
import type { Config } from '../../config.ts';
import type { RetailersService } from './service.ts';
import { idParam } from '../../lib/params.ts';

const idParams = idParam();

/** What this area's routes use, handed to them by name (never the whole set of services). */
export interface RetailersDeps {
  config: Config;
  retailers: RetailersService;
}

/** The public form of a shop that applies to become a retailer. */
export const applicationRoutes: FastifyPluginAsyncZod<RetailersDeps> = async (app, services) => {
  app.post(
    '/retailers/contact',
    {
      config: { access: 'public', rateLimit: formRateLimit(services.config) },
      schema: {
        tags: ['stockists'],
        summary: 'Apply to become a stockist',
        body: applicationInput,
        response: { 202: messageResponse, 400: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => receiveForm(request, reply, 'application', (locale) => services.retailers.apply(request.body, locale)),
  );
};

/** Inside the admin scope. */
export const adminRetailerRoutes: FastifyPluginAsyncZod<RetailersDeps> = async (app, services) => {
  const tags = ['admin'];
  app.get(
    '/retailers/applications',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Stockist applications, newest first, a page at a time (limit, page or cursor); q searches name, company, e-mail, SIRET and SIREN',
        querystring: applicationStatusQuery,
        response: { 200: applicationList, 400: errorBody },
      },
    },
    async (request) => services.retailers.list({ status: request.query.status, q: request.query.q }, request.query),
  );

  app.post(
    '/retailers/applications/:id/accept',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Accept: creates (or links) the retailer account and mails a set-password link; idempotent',
        params: idParams,
        response: { 200: application, 404: errorBody },
      },
    },
    async (request) => services.retailers.accept(request.params.id, actorOf(request)),
  );

  app.delete(
    '/retailers/applications/:id',
    { config: { access: 'admin' }, schema: { tags, summary: 'Delete an application', params: idParams, response: { 204: z.null(), 404: errorBody } } },
    async (request, reply) => {
      if (!(await services.retailers.remove(request.params.id, actorOf(request)))) throw new HttpError(404, RETAILER_MESSAGES.applicationNotFound);
      return reply.code(204).send(null);
    },
  );
};
