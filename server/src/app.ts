import { hostname } from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { API_ERRORS, isKnownMessage, localizeMessage } from '@atelier/contract';
import { requestLocale } from './lib/locale.ts';
import type { Config } from './config.ts';
import { HttpError } from './lib/http-errors.ts';
import { operationId, securityOf, typedNullables } from './lib/openapi.ts';
import { weakEtag } from './lib/json-cache.ts';
import { COMPRESS_FROM_BYTES } from './lib/encodings.ts';
import { contentSecurityPolicy } from './lib/csp.ts';
import { bearerToken } from './lib/guard.ts';
import type { AppServices } from './services.ts';
import { activityModule } from './modules/activity/index.ts';
import { homeModule } from './modules/home/index.ts';
import { authModule } from './modules/auth/index.ts';
import { catalogueModule } from './modules/catalogue/index.ts';
import { companiesModule } from './modules/companies/index.ts';
import { contactModule } from './modules/contact/index.ts';
import { listingsModule } from './modules/listings/index.ts';
import { healthModule } from './modules/health/index.ts';
import { invoicesModule } from './modules/invoices/index.ts';
import { API_KEY_PREFIX, apiKeysModule, keyLimits } from './modules/apikeys/index.ts';
import { webhooksModule } from './modules/webhooks/index.ts';
import { approvedPlatformModule } from './modules/approved-platform/index.ts';
import { agentsModule } from './modules/agents/index.ts';
import { showroomModule } from './modules/showroom/index.ts';
import { sellerModule } from './modules/seller/index.ts';
import { journalModule } from './modules/journal/index.ts';
import { mediaModule } from './modules/media/index.ts';
import { ordersModule } from './modules/orders/index.ts';
import { pagesModule } from './modules/pages/index.ts';
import { productionModule } from './modules/production/index.ts';
import { salesModule } from './modules/sales/index.ts';
import { seasonsModule } from './modules/seasons/index.ts';
import { securityModule } from './modules/security/index.ts';
import { stockModule } from './modules/stock/index.ts';
import { retailersModule } from './modules/retailers/index.ts';
import { usersModule } from './modules/users/index.ts';
import { wholesaleModule } from './modules/wholesale/index.ts';
import { uploadServing } from './modules/media/routes.ts';
import { seoRoutes } from './modules/seo/routes.ts';
import { editCookie, mountWeb, type WebMode } from './web.ts';
import { sharedRateLimitStore } from './platform/rate-limit-store.ts';

/** A registered route, with the schemas it validates and serializes with (the browser's client is checked against them). */
export interface RouteEntry {
  method: string;
  url: string;
  schema?: { querystring?: unknown; body?: unknown; params?: unknown; response?: Record<string, unknown> };
}

export interface BuildOptions {
  services: AppServices;
  /** Serve the React Router site too ('production' build, 'development' Vite, or none for API tests). */
  web?: WebMode;
  logger?: FastifyServerOptions['logger'];
}

/** Query-string secrets never reach the logs (a reset token, a code, a password, a key). */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|access_token|password|code|secret|key|signature)=)[^&#]*/gi, '$1[redacted]');
}

/** Static files and the health check: nothing at `info` (a page's assets would be most of the log). */
const QUIET =
  /^\/api\/health$|^\/(?!api\/|sitemap\.xml$|robots\.txt$)[^?]*\.(?:js|mjs|css|map|woff2?|ttf|png|jpe?g|gif|webp|avif|svg|ico|webmanifest|json|txt|br|gz)$/i;
export const quietPath = (url: string): boolean => QUIET.test(url.split('?')[0]!);
const INSTANCE = `${hostname()}:${process.pid}`;

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.current_password', '*.password_confirmation', '*.token', '*.access_token'],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: redactUrl(req.url), ip: req.ip }),
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
  }
}

export async function buildApp({ services, web, logger }: BuildOptions): Promise<FastifyInstance> {
  const { config } = services;
  const app = Fastify({
    logger: logger ?? loggerOptions(config),
    // One line per request, written by the onResponse hook below (Fastify's own are two).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 200 },
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();

  // Every registered route, so tests can walk the table (no admin route may miss its guard).
  const routeTable: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url, schema: route.schema as RouteEntry['schema'] });
  });
  app.decorate('routeTable', routeTable);

  // One line per request at `info`: method, path (secret query values redacted), status, duration,
  // the request id (pino's reqId) and the instance; errors get their own line with the stack. The
  // hook exists only when it writes (a cached page is served in ~0.15 ms: an idle hook shows).
  if (['info', 'debug', 'trace'].includes(app.log.level)) {
    app.addHook('onResponse', (request, reply, done) => {
      if (!quietPath(request.url)) {
        request.log.info(
          { method: request.method, url: redactUrl(request.url), status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10, instance: INSTANCE },
          'request',
        );
      }
      done();
    });
  }

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('session', null);

  const https = config.PUBLIC_URL.startsWith('https:');
  const dev = web === 'development';
  // The same policy on every answer; a page replaces it with one naming its inline scripts' hashes (web.ts).
  const policy = contentSecurityPolicy(config, dev).base;
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('content-security-policy', policy);
  });

  // Before every route, so each is counted.
  services.metrics?.count(app);

  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: false,
    hsts: https ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });

  // brotli or gzip for HTML, JSON, JS and CSS (images are already compressed).
  await app.register(compress, { global: true, threshold: COMPRESS_FROM_BYTES, encodings: ['br', 'gzip'] });

  await app.register(rateLimit, {
    global: false,
    // Several instances count together in Redis; one instance counts in its memory.
    ...(services.platform.redis ? { store: sharedRateLimitStore(services.platform.redis) } : {}),
    errorResponseBuilder: (_request, context) => {
      const error = new HttpError(429, API_ERRORS.tooManyAttempts, { 'retry-after': String(Math.ceil(context.ttl / 1000)) });
      return error;
    },
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: `${config.BRAND_NAME} API`,
        version: '1.0.0',
        description:
          'Showcase, stockist portal and back-office API. Errors are `{ "error": "message" }`. Sign in with `POST /api/auth/login`, then send `Authorization: Bearer <access_token>`.',
        license: { name: 'Proprietary' },
      },
      servers: [{ url: config.PUBLIC_URL }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: (input) => {
      // The document lists the API only: the site's pages, uploads and static files (routes without
      // a schema, or outside /api) are not operations, whatever assembly registers them.
      if (!input.schema || input.schema.hide || !input.url.startsWith('/api/')) return { schema: { hide: true }, url: input.url };
      const out = jsonSchemaTransform(input);
      const schema = out.schema as Record<string, unknown>;
      schema.operationId ??= operationId(String(input.route.method), out.url);
      schema.security ??= securityOf(out.url);
      return out;
    },
    transformObject: (input) => {
      const document = jsonSchemaTransformObject(input);
      typedNullables(document);
      return document;
    },
  });

  app.setErrorHandler((error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.');
      const message = first?.message ?? 'Invalid request.';
      // Our own messages are whole sentences; zod's generic ones get the field name.
      const sentence = isKnownMessage(message);
      const localized = localizeMessage(message, requestLocale(request));
      return reply.code(400).send({ error: field && !sentence ? `${field}: ${localized}` : localized });
    }
    if (error instanceof HttpError) {
      if (error.status === 429) {
        request.log.warn({ event: 'rate_limited', route: request.routeOptions.url, ip: request.ip }, 'request refused by rate limit');
        services.metrics?.denied(request.routeOptions.url ?? 'unmatched');
      }
      for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
      const message = localizeMessage(error.message, requestLocale(request));
      return reply.code(error.status).send({ ...error.extra, error: error.detail ? `${message} ${error.detail}` : message });
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const messages: Record<number, string> = {
        413: 'The request body is too large.',
        415: 'This content type is not accepted.',
      };
      const base = (error as Error).message;
      return reply.code(status).send({ error: localizeMessage(messages[status] ?? (base || 'Invalid request.'), requestLocale(request)) });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ error: localizeMessage(API_ERRORS.internal, requestLocale(request)) });
  });

  await app.register(
    async (api) => {
      // Every /api request: the session behind the bearer token, if any.
      api.addHook('onRequest', async (request) => {
        const token = bearerToken(request);
        // An integration's API key (`ak_…`), or a person's session token.
        request.session = !token
          ? null
          : token.startsWith(API_KEY_PREFIX)
            ? await services.apiKeys.authenticate(token)
            : await services.auth.authenticate(token);
      });
      // A key never reaches accounts, sign-in or keys; a read-only key only reads.
      api.addHook('onRequest', keyLimits);
      // Confirmation and error sentences in the caller's language.
      api.addHook('preSerialization', async (request, _reply, payload) => {
        if (payload && typeof payload === 'object' && !Array.isArray(payload)) {
          const body = payload as Record<string, unknown>;
          const locale = requestLocale(request);
          for (const key of ['error', 'message'] as const) {
            if (typeof body[key] === 'string') body[key] = localizeMessage(body[key], locale);
          }
        }
        return payload;
      });
      api.addHook('onSend', async (request, reply, payload) => {
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

      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      // Each area as one plugin, handed the services it uses by name (docs/decisions/0011-modules.md).
      const {
        activity,
        home,
        agents,
        showroom,
        apiKeys,
        auth,
        catalogue,
        companies,
        config: cfg,
        contact,
        database,
        approvedPlatform,
        invoices,
        seller,
        jsonCache,
        journal,
        listings,
        media,
        onContentChange,
        orders,
        pages,
        production,
        sales,
        seasons,
        security,
        stock,
        retailers,
        users,
        webhooks,
        wholesale,
      } = services;
      await api.register(healthModule, { database });
      await api.register(authModule, { auth, config: cfg });
      await api.register(securityModule, { auth, config: cfg, security });
      await api.register(catalogueModule, { catalogue, seasons, jsonCache, onContentChange });
      await api.register(journalModule, { journal, jsonCache, onContentChange });
      await api.register(retailersModule, { config: cfg, retailers });
      await api.register(contactModule, { config: cfg, contact });
      await api.register(wholesaleModule, { wholesale });
      await api.register(seasonsModule, { seasons, onContentChange });
      await api.register(stockModule, { seasons, stock, onStockChange: () => wholesale.invalidate() });
      await api.register(ordersModule, { orders, seasons });
      await api.register(companiesModule, { companies });
      await api.register(invoicesModule, { companies, invoices, users });
      await api.register(listingsModule, { listings, media, onContentChange });
      await api.register(usersModule, { users });
      await api.register(mediaModule, { config: cfg, media });
      await api.register(productionModule, { config: cfg, production });
      await api.register(salesModule, { sales });
      await api.register(sellerModule, { seller });
      await api.register(apiKeysModule, { apiKeys });
      await api.register(webhooksModule, { webhooks });
      await api.register(approvedPlatformModule, { approvedPlatform, invoices });
      await api.register(agentsModule, { agents });
      await api.register(showroomModule, { showroom });
      await api.register(pagesModule, { pages, onContentChange });
      await api.register(activityModule, { activity });
      await api.register(homeModule, { home });
      api.all('/*', { schema: { hide: true } }, async (request, reply) =>
        reply.code(404).send({ error: localizeMessage(API_ERRORS.notFound, requestLocale(request)) }),
      );
    },
    { prefix: '/api' },
  );

  await app.register(seoRoutes, { config: services.config, database: services.database });
  if (services.metrics && config.METRICS_TOKEN) services.metrics.route(app, config.METRICS_TOKEN);
  if (config.BENCH_ROUTES) {
    // Baselines measured by `npm run bench` on this same Fastify: the bytes of a page served
    // as a plain file, and a hello-world route returning the same JSON as the product list.
    const baseline: { html?: Buffer; json?: string } = {};
    app.get('/__bench/static', { schema: { hide: true } }, async (_request, reply) => {
      baseline.html ??= await fs.promises.readFile(path.join(config.dataDir, 'bench-home.html'));
      return reply.type('text/html; charset=utf-8').send(baseline.html);
    });
    app.get('/__bench/hello', { schema: { hide: true } }, async (_request, reply) => {
      baseline.json ??= JSON.stringify(await services.catalogue.listPublic('fr'));
      return reply.type('application/json; charset=utf-8').send(baseline.json);
    });
  }

  await app.register(uploadServing, { config: services.config, media: services.media });

  if (web) await mountWeb(app, { services, mode: web });
  else app.setNotFoundHandler((_request, reply) => reply.code(404).send({ error: API_ERRORS.notFound }));

  return app;
}
