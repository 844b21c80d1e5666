import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Counter, Histogram, Registry } from 'prom-client';
import { API_ERRORS } from '@atelier/contract';
import type { Db } from '../db/index.ts';
import { HttpError } from '../lib/http-errors.ts';
import { onFirstUse } from '../lib/on-first-use.ts';
import type { PageCacheStats } from '../lib/page-cache.ts';

// prom-client is loaded only by an instance that exposes metrics (METRICS_TOKEN).
const promClient = onFirstUse<typeof import('prom-client')>('prom-client');

/**
 * Prometheus metrics (prom-client), one registry per app: requests by route pattern and status
 * (never the URL: no token, e-mail or search reaches a label), the page cache, the mail outbox,
 * rate-limit denials, and the process (memory, event-loop lag, GC).
 */
export class Metrics {
  readonly registry: Registry;
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly duration: Histogram<'method' | 'route' | 'status'>;
  private readonly denials: Counter<'route'>;
  private pageStats: () => PageCacheStats | null = () => null;

  constructor(db: Db) {
    const { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } = promClient();
    this.registry = new Registry();
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 20 });
    this.requests = new Counter({
      name: 'http_requests_total',
      help: 'Requests answered, by route pattern and status.',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer, by route pattern and status.',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    });
    this.denials = new Counter({ name: 'rate_limit_denials_total', help: 'Requests refused by a sign-in or form limit.', labelNames: ['route'], registers });
    const pageStats = () => this.pageStats();
    const seen: PageCacheStats = { hit: 0, stale: 0, miss: 0, renders: 0 };
    new Counter({
      name: 'page_cache_requests_total',
      help: 'Page requests: hit (current render), stale (previous render served while the new one ran), miss (waited for a render).',
      labelNames: ['result'],
      registers,
      collect() {
        const stats = pageStats();
        if (!stats) return;
        for (const result of ['hit', 'stale', 'miss'] as const) {
          if (stats[result] > seen[result]) this.inc({ result }, stats[result] - seen[result]);
          seen[result] = stats[result];
        }
      },
    });
    new Counter({
      name: 'page_renders_total',
      help: 'Page renders kept in the cache (a visitor waiting on a miss, or in the background after a change).',
      registers,
      collect() {
        const stats = pageStats();
        if (stats && stats.renders > seen.renders) this.inc(stats.renders - seen.renders);
        if (stats) seen.renders = stats.renders;
      },
    });
    new Gauge({
      name: 'mail_outbox_messages',
      help: 'Mails in the outbox by status (pending: not yet sent; failed: given up after the retries).',
      labelNames: ['status'],
      registers,
      async collect() {
        const rows = await db
          .selectFrom('mail_outbox')
          .select(['status', db.fn.countAll<number>().as('count')])
          .where('status', 'in', ['pending', 'failed'])
          .groupBy('status')
          .execute();
        for (const status of ['pending', 'failed']) this.set({ status }, Number(rows.find((r) => r.status === status)?.count ?? 0));
      },
    });
  }

  /** The page cache's counters, once the site is mounted. */
  watchPages(stats: () => PageCacheStats | null): void {
    this.pageStats = stats;
  }

  denied(route: string): void {
    this.denials.inc({ route });
  }

  /** Counts every answer, by the route pattern Fastify matched (added before the routes). */
  count(app: FastifyInstance): void {
    app.addHook('onResponse', async (request, reply) => {
      const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
      this.requests.inc(labels);
      this.duration.observe(labels, reply.elapsedTime / 1000);
    });
  }

  /** GET /metrics, for whoever carries the token (added after the error handler, which answers its 401). */
  route(app: FastifyInstance, token: string): void {
    const expected = createHash('sha256').update(token).digest();
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      // Compared as hashes: equal lengths, and no timing that tells how much of it matched.
      if (!timingSafeEqual(createHash('sha256').update(given).digest(), expected)) {
        reply.header('cache-control', 'no-store');
        throw new HttpError(401, API_ERRORS.unauthenticated);
      }
      reply.header('cache-control', 'no-store').type(this.registry.contentType);
      return this.registry.metrics();
    });
  }
}
