import { API_KEY_MESSAGES, apiKey, apiKeyInput, apiKeyList, apiKeyListQuery, createdApiKey, errorBody, feedKeyInput } from '@atelier/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, companyOf } from '../../lib/actor.ts';
import { idParam } from '../../lib/params.ts';
import type { ApiKeysService } from './service.ts';

/** What this area's routes use. */
export interface ApiKeysDeps {
  apiKeys: ApiKeysService;
}

const idParams = idParam(API_KEY_MESSAGES.keyNotFound);

/** `/api/admin/api-keys`: the owner's keys (inside the admin scope). */
export const apiKeyRoutes: FastifyPluginAsyncZod<ApiKeysDeps> = async (app, services) => {
  const tags = ['admin'];
  app.get(
    '/api-keys',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'The API keys, active first, a page at a time (limit, page or cursor; never the keys themselves)',
        querystring: apiKeyListQuery,
        response: { 200: apiKeyList, 400: errorBody },
      },
    },
    async (request) => services.apiKeys.list(request.query),
  );
  app.post(
    '/api-keys',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Make an API key for an integration: the answer is the only time the key is shown',
        body: apiKeyInput,
        response: { 201: createdApiKey, 400: errorBody },
      },
    },
    async (request, reply) => reply.code(201).send(await services.apiKeys.create(request.body, actorOf(request))),
  );
  app.delete(
    '/api-keys/:id',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'Revoke an API key: it stops working at once', params: idParams, response: { 200: apiKey, 404: errorBody } },
    },
    async (request) => services.apiKeys.revoke(request.params.id, actorOf(request)),
  );
};

/**
 * `/api/account/feed-keys` (issue 60): a shop's own keys for its till, made by the shop's administrators;
 * each reads the shop's product feed (`/api/feed/…`) and nothing else, shown once, revocable.
 */
export const feedKeyRoutes: FastifyPluginAsyncZod<ApiKeysDeps> = async (app, services) => {
  const tags = ['account'];
  const config = { access: 'retailer', companyRoles: ['admin'] } as const;
  const security = [{ bearer: [] }];
  app.get(
    '/feed-keys',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'The shop’s keys for its till (product feed only), active first, a page at a time',
        querystring: apiKeyListQuery,
        response: { 200: apiKeyList, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => services.apiKeys.list(request.query, companyOf(request)),
  );
  app.post(
    '/feed-keys',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Make a key with which the shop’s till reads its product feed: the answer is the only time it is shown',
        body: feedKeyInput,
        response: { 201: createdApiKey, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await services.apiKeys.create({ name: request.body.name, access: 'read' }, actorOf(request), companyOf(request))),
  );
  app.delete(
    '/feed-keys/:id',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Revoke one of the shop’s keys: it stops working at once',
        params: idParams,
        response: { 200: apiKey, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => services.apiKeys.revoke(request.params.id, actorOf(request), companyOf(request)),
  );
};

/** Where a key may not go (accounts, sign-in, keys), and what a read-only key may not do. */
const PERSONAL = /^\/api\/(auth|account)(\/|$)|^\/api\/admin\/api-keys(\/|$)/;
export async function keyLimits(request: FastifyRequest, reply: FastifyReply) {
  const key = request.session?.apiKey;
  if (!key) return;
  const path = request.url.split('?')[0]!;
  if (key.feedOnly && !path.startsWith('/api/feed/')) return reply.code(403).header('cache-control', 'no-store').send({ error: API_KEY_MESSAGES.feedOnly });
  if (PERSONAL.test(path)) return reply.code(403).header('cache-control', 'no-store').send({ error: API_KEY_MESSAGES.notForKeys });
  if (key.access === 'read' && request.method !== 'GET' && request.method !== 'HEAD')
    return reply.code(403).header('cache-control', 'no-store').send({ error: API_KEY_MESSAGES.readOnly });
}
