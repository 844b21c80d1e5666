import rateLimit from '@fastify/rate-limit';
import { API_ERRORS } from '@atelier/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { SharedRedis } from '../platform/redis.ts';
import { HttpError } from '../lib/http-errors.ts';
import { sharedRateLimitStore } from '../platform/rate-limit-store.ts';

/** The rate limits routes ask for (`config.rateLimit`): several instances count together in Redis, one instance in its memory. */
export const limits = fp(
  async (app: FastifyInstance, { redis }: { redis: SharedRedis | null }) => {
    await app.register(rateLimit, {
      global: false,
      ...(redis ? { store: sharedRateLimitStore(redis) } : {}),
      errorResponseBuilder: (_request, context) => new HttpError(429, API_ERRORS.tooManyAttempts, { 'retry-after': String(Math.ceil(context.ttl / 1000)) }),
    });
  },
  { name: 'limits' },
);
