import { hostname } from 'node:os';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { accessOf, type Access } from '../lib/access.ts';

/** A registered route, with the schemas it validates and serializes with (the browser's client is checked against them) and who may call it. */
export interface RouteEntry {
  method: string;
  url: string;
  access: Access | undefined;
  /** The company roles a retailer's route is for (issue 46); absent: every role. */
  companyRoles?: readonly string[] | undefined;
  schema?: { querystring?: unknown; body?: unknown; params?: unknown; response?: Record<string, unknown> };
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
  }
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

/** Every registered route in `app.routeTable`, so tests can walk the table (each route's access, each schema). */
export const routeTable = fp(
  async (app: FastifyInstance) => {
    const table: RouteEntry[] = [];
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat())
        table.push({
          method,
          url: route.url,
          access: accessOf(route),
          companyRoles: (route.config as { companyRoles?: readonly string[] } | undefined)?.companyRoles,
          schema: route.schema as RouteEntry['schema'],
        });
    });
    app.decorate('routeTable', table);
  },
  { name: 'route-table' },
);

/**
 * One line per request at `info`: method, path (secret query values redacted), status, duration,
 * the request id (pino's reqId) and the instance; errors get their own line with the stack. The
 * hook exists only when it writes (a cached page is served in ~0.15 ms: an idle hook shows).
 */
export const requestLog = fp(
  async (app: FastifyInstance) => {
    if (!['info', 'debug', 'trace'].includes(app.log.level)) return;
    app.addHook('onResponse', (request, reply, done) => {
      if (!quietPath(request.url)) {
        request.log.info(
          { method: request.method, url: redactUrl(request.url), status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10, instance: INSTANCE },
          'request',
        );
      }
      done();
    });
  },
  { name: 'request-log' },
);
