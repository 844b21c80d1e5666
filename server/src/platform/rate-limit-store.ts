import { createRequire } from 'node:module';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { limitsUnavailable, type SharedRedis } from './redis.ts';

type Store = Pick<FastifyRateLimitStore, 'incr' | 'child'>;

// @fastify/rate-limit's own Redis store (one atomic Lua step per request), used as it is.
const RedisStore = createRequire(import.meta.url)('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: unknown,
  prefix: string,
) => Store;

/**
 * The per-IP limits of sign-in and the forms, counted in Redis so every instance shares them.
 * When Redis cannot answer, the request is refused with 503 and a sentence (fail closed), not
 * the plugin's bare 500.
 */
export function sharedRateLimitStore(redis: SharedRedis): FastifyRateLimitStoreCtor {
  const wrap = (inner: Store): Store => ({
    incr(key, callback, timeWindow, max) {
      inner.incr(
        key,
        (err, result) => {
          if (!err) return callback(null, result);
          redis.down(err);
          callback(limitsUnavailable());
        },
        timeWindow,
        max,
      );
    },
    child: (routeOptions) => wrap(inner.child(routeOptions) as Store),
  });
  return class {
    constructor(params: { continueExceeding: boolean; exponentialBackoff: boolean }) {
      return wrap(new RedisStore(params.continueExceeding, params.exponentialBackoff, redis.client, 'atelier:ip:'));
    }
  } as unknown as FastifyRateLimitStoreCtor;
}
