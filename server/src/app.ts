import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { API_ERRORS } from '@atelier/contract';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppServices } from './services.ts';
import { accessControl } from './lib/access.ts';
import { api } from './http/api.ts';
import { apiDocument } from './http/api-document.ts';
import { benchRoutes } from './http/bench-routes.ts';
import { errorAnswers } from './http/errors.ts';
import { compression, securityHeaders } from './http/headers.ts';
import { limits } from './http/limits.ts';
import { loggerOptions, requestLog, routeTable } from './http/request-log.ts';
import { uploadServing } from './modules/media/routes.ts';
import { seoRoutes } from './modules/seo/routes.ts';
import { mountWeb, type WebMode } from './web.ts';

export { loggerOptions, quietPath, redactUrl, type RouteEntry } from './http/request-log.ts';

export interface BuildOptions {
  services: AppServices;
  /** Serve the React Router site too ('production' build, 'development' Vite, or none for API tests). */
  web?: WebMode;
  logger?: FastifyServerOptions['logger'];
}

/**
 * The app, assembled from plugins in the order a request meets them (docs/ARCHITECTURE.md, ADR 0017):
 * what every answer goes through, then the API and its areas, then what lies outside the API.
 */
export async function buildApp({ services, web, logger }: BuildOptions): Promise<FastifyInstance> {
  const { config } = services;
  const app = Fastify({
    logger: logger ?? loggerOptions(config),
    // One line per request, written by requestLog (Fastify's own are two).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 200 },
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('session', null);

  // 1. Every answer: the route table, each route's guard, the log line, headers, counts, compression, limits, the API document, errors.
  await app.register(routeTable);
  await app.register(accessControl);
  await app.register(requestLog);
  await app.register(securityHeaders, { config, dev: web === 'development' });
  services.metrics?.count(app);
  await app.register(compression);
  await app.register(limits, { redis: services.platform.redis });
  await app.register(apiDocument, { config });
  await app.register(errorAnswers, { metrics: services.metrics });

  // 2. The API: sessions, keys, languages, caching, then each area (http/areas.ts).
  await app.register(api, { services, app, prefix: '/api' });

  // 3. Outside the API: robots and sitemap, metrics, the bench's baselines, uploads, the site.
  await app.register(seoRoutes, { config, database: services.database });
  if (services.metrics && config.METRICS_TOKEN) services.metrics.route(app, config.METRICS_TOKEN);
  if (config.BENCH_ROUTES) await app.register(benchRoutes, { services });
  await app.register(uploadServing, { config, media: services.media });
  if (web) await mountWeb(app, { services, mode: web });
  else app.setNotFoundHandler((_request, reply) => reply.code(404).send({ error: API_ERRORS.notFound }));
  return app;
}
