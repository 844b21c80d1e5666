import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { webhookRoutes, type WebhooksDeps } from './routes.ts';

export type { WebhooksDeps } from './routes.ts';

/** Webhooks: the owner's endpoints and their delivery log. Registered under /api (the routes under /admin). */
export const webhooksModule: FastifyPluginAsyncZod<WebhooksDeps> = async (app, deps) => {
  await app.register(webhookRoutes, { ...deps, prefix: '/admin' });
};
