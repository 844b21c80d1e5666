import { actorOf } from '../../lib/actor.ts';
import { STOCKIST_MESSAGES, application, applicationInput, applicationList, applicationStatusQuery, contactInput, errorBody, explicitLocale, messageResponse } from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLocale } from '../../lib/locale.ts';
import { HttpError } from '../../lib/http-errors.ts';
import type { AppServices } from '../../services.ts';

const idParam = z.object({ id: z.string().regex(/^\d{1,10}$/, { error: 'The id must be a number.' }).transform(Number) });

/** Public forms: the stockist application and the contact message. */
export const formRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  const { config } = services;
  const perIp = { max: config.FORMS_MAX_PER_IP, timeWindow: config.FORMS_WINDOW_MINUTES * 60_000 };
  const received = { message: STOCKIST_MESSAGES.received };

  app.post(
    '/retailers/contact',
    {
      config: { rateLimit: perIp },
      schema: { tags: ['stockists'], summary: 'Apply to become a stockist', body: applicationInput, response: { 202: messageResponse, 400: errorBody, 429: errorBody } },
    },
    async (request, reply) => {
      // A filled honeypot looks like a success to the bot, and nothing is kept.
      if (request.body.website) {
        request.log.warn({ event: 'honeypot', form: 'stockist', ip: request.ip }, 'form refused by honeypot');
        return reply.code(202).send(received);
      }
      await services.stockists.apply(request.body, explicitLocale(request.body.lang) ?? requestLocale(request));
      return reply.code(202).send(received);
    },
  );

  app.post(
    '/contact',
    {
      config: { rateLimit: perIp },
      schema: { tags: ['contact'], summary: 'Send a message to the brand', body: contactInput, response: { 202: messageResponse, 400: errorBody, 429: errorBody } },
    },
    async (request, reply) => {
      if (request.body.website) {
        request.log.warn({ event: 'honeypot', form: 'contact', ip: request.ip }, 'form refused by honeypot');
        return reply.code(202).send(received);
      }
      await services.contact.send(request.body, explicitLocale(request.body.lang) ?? requestLocale(request));
      return reply.code(202).send(received);
    },
  );
};

/** Inside the admin scope. */
export const adminStockistRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  const tags = ['admin'];
  app.get(
    '/retailers/applications',
    { schema: { tags, summary: 'Stockist applications, newest first', querystring: applicationStatusQuery, response: { 200: applicationList } } },
    async (request) => ({ data: await services.stockists.list(request.query.status) }),
  );

  app.post(
    '/retailers/applications/:id/accept',
    {
      schema: {
        tags,
        summary: 'Accept: creates (or links) the retailer account and mails a set-password link; idempotent',
        params: idParam,
        response: { 200: application, 404: errorBody },
      },
    },
    async (request) => services.stockists.accept(request.params.id, actorOf(request)),
  );

  app.delete(
    '/retailers/applications/:id',
    { schema: { tags, summary: 'Delete an application', params: idParam, response: { 204: z.null(), 404: errorBody } } },
    async (request, reply) => {
      if (!(await services.stockists.remove(request.params.id, actorOf(request)))) throw new HttpError(404, STOCKIST_MESSAGES.applicationNotFound);
      return reply.code(204).send(null);
    },
  );
};
