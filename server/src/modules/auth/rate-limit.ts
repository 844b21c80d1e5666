import { createHash } from 'node:crypto';
import { API_ERRORS } from '@atelier/contract';
import { HttpError } from '../../lib/http-errors.ts';
import { limitsUnavailable, type SharedRedis } from '../../platform/redis.ts';

/**
 * Sign-in attempts per account (normalised e-mail) in a fixed window. An attempt takes its slot
 * before the password is checked, so concurrent guesses cannot all pass the check at once;
 * a success gives the slot back and clears the key. An attacker thus gets at most `max`
 * evaluated guesses per window, however many requests, instances or threads, while the real
 * owner, once the window has passed, signs in normally.
 */
export interface AttemptLimiter {
  /** Takes one attempt: 0 to go on, else the seconds to wait (nothing taken). */
  take(key: string): Promise<number>;
  /** A success (or a reset by mail): the account starts afresh. */
  clear(key: string): Promise<void>;
}

/** One instance: a map in the process. */
export class MemoryAttempts implements AttemptLimiter {
  private readonly entries = new Map<string, { count: number; resetAt: number }>();
  private readonly max: number;
  private readonly windowMs: number;
  private readonly now: () => number;

  constructor(max: number, windowMs: number, now: () => number = Date.now) {
    this.max = max;
    this.windowMs = windowMs;
    this.now = now;
  }

  async take(key: string): Promise<number> {
    const now = this.now();
    let entry = this.entries.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + this.windowMs };
      this.entries.set(key, entry);
      if (this.entries.size > 100_000) this.sweep(now);
    }
    if (entry.count >= this.max) return Math.ceil((entry.resetAt - now) / 1000);
    entry.count += 1;
    return 0;
  }

  async clear(key: string): Promise<void> {
    this.entries.delete(key);
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.entries) if (entry.resetAt <= now) this.entries.delete(key);
  }
}

// One atomic step in Redis: count the attempt unless the account is at its limit.
const TAKE = `
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n >= tonumber(ARGV[1]) then
  local ttl = redis.call('PTTL', KEYS[1])
  if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]); ttl = tonumber(ARGV[2]) end
  return ttl
end
n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
`;

/** Every instance: one counter with expiry in Redis. Errors propagate (the caller fails closed). */
export class RedisAttempts implements AttemptLimiter {
  private readonly redis: SharedRedis;
  private readonly prefix: string;
  private readonly max: number;
  private readonly windowMs: number;

  constructor(redis: SharedRedis, prefix: string, max: number, windowMs: number) {
    this.redis = redis;
    this.prefix = prefix;
    this.max = max;
    this.windowMs = windowMs;
  }

  /** The e-mail is hashed: addresses are not written to Redis. */
  private key(key: string): string {
    return this.prefix + createHash('sha256').update(key).digest('base64url');
  }

  async take(key: string): Promise<number> {
    const ttl = Number(await this.redis.client.eval(TAKE, 1, this.key(key), this.max, this.windowMs));
    return ttl > 0 ? Math.ceil(ttl / 1000) : 0;
  }

  async clear(key: string): Promise<void> {
    await this.redis.client.del(this.key(key));
  }
}

/**
 * Takes one attempt of `key`, or refuses: 429 with Retry-After past the limit, 503 when the shared
 * count cannot be read (sign-in fails closed).
 */
export async function takeOrRefuse(limiter: AttemptLimiter, key: string): Promise<void> {
  const wait = await limiter.take(key).catch(() => {
    throw limitsUnavailable();
  });
  if (wait > 0) throw new HttpError(429, API_ERRORS.tooManyAttempts, { 'retry-after': String(wait) });
}
