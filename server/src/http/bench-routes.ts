import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../services.ts';

/**
 * Baselines measured by `npm run bench` on this same Fastify (BENCH_ROUTES=1 only): the bytes of a
 * page served as a plain file, and a hello-world route returning the same JSON as the product list.
 */
export async function benchRoutes(app: FastifyInstance, { services }: { services: AppServices }): Promise<void> {
  const baseline: { html?: Buffer; json?: string } = {};
  app.get('/__bench/static', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) => {
    baseline.html ??= await fs.promises.readFile(path.join(services.config.dataDir, 'bench-home.html'));
    return reply.type('text/html; charset=utf-8').send(baseline.html);
  });
  app.get('/__bench/hello', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) => {
    baseline.json ??= JSON.stringify(await services.catalogue.listPublic('fr'));
    return reply.type('application/json; charset=utf-8').send(baseline.json);
  });
}
