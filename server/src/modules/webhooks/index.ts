import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineArea } from '../../platform/area.ts';
import { listenForWebhooks } from './events.ts';
import { webhookRoutes, type WebhooksDeps } from './routes.ts';

export type { WebhooksDeps } from './routes.ts';

/** Webhooks: the owner's endpoints and their delivery log. Registered under /api (the routes under /admin). */
export const webhooksModule: FastifyPluginAsyncZod<WebhooksDeps> = async (app, deps) => {
  await app.register(webhookRoutes, { ...deps, prefix: '/admin' });
};

/** The area as the app mounts it (ADR 0028): the tables it owns, its routes, and its listener (every webhook event). */
export const webhooksArea = defineArea<WebhooksDeps>({
  name: 'webhooks',
  tables: ['webhook_endpoints', 'webhook_events', 'webhook_deliveries', 'webhook_attempts'],
  routes: webhooksModule,
  listen: (events) => listenForWebhooks(events),
});
