import { contactInput, contactMessageList, errorBody, messageResponse, pageQuery } from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { formRateLimit, receiveForm } from '../../lib/public-form.ts';
import type { ContactService } from './service.ts';

/** What the contact form uses. */
export interface ContactDeps {
  config: Config;
  contact: ContactService;
}

/** The public contact form: a message to the label, by mail through the outbox. */
export const contactRoutes: FastifyPluginAsyncZod<ContactDeps> = async (app, services) => {
  app.post(
    '/contact',
    {
      config: { access: 'public', rateLimit: formRateLimit(services.config) },
      schema: {
        tags: ['contact'],
        summary: 'Send a message to the brand',
        body: contactInput,
        response: { 202: messageResponse, 400: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => receiveForm(request, reply, 'contact', (locale) => services.contact.send(request.body, locale)),
  );
};

/** Inside the admin scope: the messages visitors sent, the owner's inbox (issue 43). */
export const adminContactRoutes: FastifyPluginAsyncZod<ContactDeps> = async (app, services) => {
  app.get(
    '/messages',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        summary: 'The contact form’s messages, newest first, a page at a time; q finds a name, an e-mail or words of the message',
        querystring: pageQuery,
        response: { 200: contactMessageList, 400: errorBody },
      },
    },
    async (request) => services.contact.list(request.query.q, request.query),
  );
};
