import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineArea } from '../../platform/area.ts';
import { apiKeyRoutes, feedKeyRoutes, type ApiKeysDeps } from './routes.ts';

export type { ApiKeysDeps } from './routes.ts';
export { keyLimits } from './routes.ts';
export { API_KEY_PREFIX } from './service.ts';

/** API keys for the label's integrations (under /admin) and the shops' keys for their tills (under /account). Registered under /api. */
export const apiKeysModule: FastifyPluginAsyncZod<ApiKeysDeps> = async (app, deps) => {
  await app.register(apiKeyRoutes, { ...deps, prefix: '/admin' });
  await app.register(feedKeyRoutes, { ...deps, prefix: '/account' });
};

/** The area as the app mounts it (ADR 0028): the tables it owns and its routes. */
export const apiKeysArea = defineArea<ApiKeysDeps>({ name: 'apikeys', tables: ['api_keys'], routes: apiKeysModule });
