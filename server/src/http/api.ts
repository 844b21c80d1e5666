import { API_ERRORS } from '@atelier/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerToken } from '../lib/guard.ts';
import { weakEtag } from '../lib/json-cache.ts';
import { requestLocale } from '../lib/locale.ts';
import { isMessageCode, sentenceIn } from '../lib/messages.ts';
import { API_KEY_PREFIX, keyLimits } from '../modules/apikeys/index.ts';
import type { AppServices } from '../services.ts';
import { editCookie } from '../web.ts';
import { registerAreas } from './areas.ts';

/** A shop's key in the feed's address (`/api/feed/…?key=ak_…`, issue 60): a till that fetches a URL cannot send a header. */
function feedKey(request: FastifyRequest): string | null {
  const key = (request.query as { key?: unknown } | undefined)?.key;
  return request.url.startsWith('/api/feed/') && typeof key === 'string' && key.startsWith(API_KEY_PREFIX) ? key : null;
}

/**
 * `/api`: who is calling (a person's session or an integration's key), what a key may do, the
 * sentences in the caller's language, the caching of answers; then each area's routes, and a 404
 * in JSON for any other path.
 */
export const api: FastifyPluginAsyncZod<{ services: AppServices; app: FastifyInstance }> = async (scope, { services, app }) => {
  const https = services.config.PUBLIC_URL.startsWith('https:');
  // The session behind the bearer token, if any: an integration's API key (`ak_…`), or a person's session token.
  scope.addHook('onRequest', async (request) => {
    const token = bearerToken(request) ?? feedKey(request);
    request.session = !token ? null : token.startsWith(API_KEY_PREFIX) ? await services.apiKeys.authenticate(token) : await services.auth.authenticate(token);
  });
  // A key never reaches accounts, sign-in or keys; a read-only key only reads.
  scope.addHook('onRequest', keyLimits);
  // Confirmation and error sentences in the caller's language.
  scope.addHook('preSerialization', async (request, _reply, payload) => {
    if (payload && typeof payload === 'object' && !Array.isArray(payload)) {
      const body = payload as Record<string, unknown>;
      const locale = requestLocale(request);
      // An error the guard or a route sent itself gets its stable code too (issue 56): it sent the code.
      if (typeof body.error === 'string' && body.code === undefined && isMessageCode(body.error)) body.code = body.error;
      for (const key of ['error', 'message'] as const) {
        if (typeof body[key] === 'string') body[key] = sentenceIn(body[key], locale);
      }
    }
    return payload;
  });
  scope.addHook('onSend', async (request, reply, payload) => {
    // A signed-in write that went through: this browser's next pages are rendered after it
    // (read your own writes), while other visitors may get the previous page a moment longer.
    if (request.session && request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 300) {
      reply.header('set-cookie', editCookie(Date.now(), https));
    }
    if (request.session && !reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
    else if (!reply.hasHeader('cache-control') && request.method !== 'GET') reply.header('cache-control', 'no-store');
    // Public reads get an ETag; a matching If-None-Match is answered 304 without a body.
    const cacheControl = String(reply.getHeader('cache-control') ?? '');
    if (request.method === 'GET' && reply.statusCode === 200 && cacheControl.startsWith('public')) {
      // Cached reads bring their ETag; others get one from their bytes.
      let etag = reply.getHeader('etag') as string | undefined;
      if (!etag && typeof payload === 'string') {
        etag = weakEtag(payload);
        reply.header('etag', etag);
      }
      if (etag && request.headers['if-none-match'] === etag) {
        reply.code(304).removeHeader('content-encoding');
        return '';
      }
    }
    return payload;
  });

  scope.get('/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
  await registerAreas(scope, services);
  scope.all('/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) =>
    reply.code(404).send({ error: sentenceIn(API_ERRORS.notFound, requestLocale(request)), code: API_ERRORS.notFound }),
  );
};
