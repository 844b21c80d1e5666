import { contactInput, errorBody, messageResponse } from '@atelier/contract';
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
      config: { rateLimit: formRateLimit(services.config) },
      schema: { tags: ['contact'], summary: 'Send a message to the brand', body: contactInput, response: { 202: messageResponse, 400: errorBody, 429: errorBody } },
    },
    async (request, reply) => receiveForm(request, reply, 'contact', (locale) => services.contact.send(request.body, locale)),
  );
};
