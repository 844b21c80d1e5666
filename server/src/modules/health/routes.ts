import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ping } from '../../db/index.ts';
import type { DbHandle } from '../../db/index.ts';

const health = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['sqlite', 'postgres']), uptime: z.number() });

/** What this area's routes use, handed to them by name (never the whole set of services). */
export interface HealthDeps {
  database: DbHandle;
}

export const healthRoutes: FastifyPluginAsyncZod<HealthDeps> = async (app, services) => {
  app.get(
    '/health',
    { config: { access: 'public' }, schema: { tags: ['ops'], summary: 'Liveness and database reachability', response: { 200: health, 503: health } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        await ping(services.database);
        return { status: 'ok' as const, database: services.database.dialect, uptime: process.uptime() };
      } catch {
        return reply.code(503).send({ status: 'degraded' as const, database: services.database.dialect, uptime: process.uptime() });
      }
    },
  );
};
