import {
  WEBHOOK_MESSAGES,
  errorBody,
  webhookDelivery,
  webhookDeliveryList,
  webhookDeliveryQuery,
  webhookEndpoint,
  webhookEndpointList,
  webhookInput,
  webhookWithSecret,
} from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { idParam } from '../../lib/params.ts';
import type { WebhooksService } from './service.ts';

/** What this area's routes use. */
export interface WebhooksDeps {
  webhooks: WebhooksService;
}

const endpointParams = idParam(WEBHOOK_MESSAGES.endpointNotFound);
const deliveryParams = idParam(WEBHOOK_MESSAGES.deliveryNotFound);

/** `/api/admin/webhooks`: the owner's endpoints, their secrets and their delivery log (inside the admin scope). */
export const webhookRoutes: FastifyPluginAsyncZod<WebhooksDeps> = async (app, { webhooks }) => {
  const tags = ['admin'];
  app.get(
    '/webhooks',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'The webhook endpoints (never their secrets) and the events the site sends', response: { 200: webhookEndpointList } },
    },
    async () => webhooks.list(),
  );
  app.post(
    '/webhooks',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Add an endpoint: the answer is the only time its signing secret is shown',
        body: webhookInput,
        response: { 201: webhookWithSecret, 400: errorBody },
      },
    },
    async (request, reply) => reply.code(201).send(await webhooks.create(request.body, actorOf(request))),
  );
  app.put(
    '/webhooks/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Change an endpoint’s address, events or state',
        params: endpointParams,
        body: webhookInput,
        response: { 200: webhookEndpoint, 400: errorBody, 404: errorBody },
      },
    },
    async (request) => webhooks.update(request.params.id, request.body, actorOf(request)),
  );
  app.delete(
    '/webhooks/:id',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'Remove an endpoint and its delivery log', params: endpointParams, response: { 204: z.null(), 404: errorBody } },
    },
    async (request, reply) => {
      await webhooks.remove(request.params.id, actorOf(request));
      return reply.code(204).send(null);
    },
  );
  app.post(
    '/webhooks/:id/rotate',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'A new signing secret, shown once; the previous one keeps signing for 24 hours',
        params: endpointParams,
        response: { 200: webhookWithSecret, 404: errorBody },
      },
    },
    async (request) => webhooks.rotate(request.params.id, actorOf(request)),
  );
  app.get(
    '/webhooks/:id/deliveries',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'The endpoint’s deliveries, newest first, a page at a time (limit, page or cursor), each with its tries (status, duration)',
        params: endpointParams,
        querystring: webhookDeliveryQuery,
        response: { 200: webhookDeliveryList, 400: errorBody, 404: errorBody },
      },
    },
    async (request) => webhooks.deliveries(request.params.id, request.query),
  );
  app.post(
    '/webhooks/deliveries/:id/replay',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Send a delivery again now (same event id and body)',
        params: deliveryParams,
        response: { 200: webhookDelivery, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => webhooks.replay(request.params.id, actorOf(request)),
  );
};
