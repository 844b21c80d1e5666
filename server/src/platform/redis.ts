import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { API_ERRORS } from '@atelier/contract';
import { HttpError } from '../lib/http-errors.ts';
import { onFirstUse } from '../lib/on-first-use.ts';

// ioredis is loaded only by an instance that has REDIS_URL.
const ioredis = onFirstUse<typeof import('ioredis')>('ioredis');

/** A limit that cannot be counted is not skipped: the request is refused for a moment (fail closed). */
export function limitsUnavailable(): HttpError {
  return new HttpError(503, API_ERRORS.limitsUnavailable, { 'retry-after': '5' });
}

/**
 * The Redis link shared by every instance (REDIS_URL): the sign-in and form limits, and the
 * channel that tells the other instances content changed.
 *
 * Commands never wait in a queue for a connection that is gone: they fail at once, so a sign-in
 * is refused (fail closed) instead of hanging, and the pages, which never ask Redis, go on.
 * The client reconnects by itself; an outage is logged once, and so is the recovery.
 */
export class SharedRedis {
  readonly client: Redis;
  /** A second connection: one in subscriber mode can run no other command. */
  readonly subscriber: Redis;
  private up = false;
  private outageLogged = false;
  private readonly recoverListeners: Array<() => void> = [];
  private readonly log: Logger;

  constructor(url: string, log: Logger) {
    this.log = log;
    const options = {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: 1500,
      connectTimeout: 2000,
      // Forever, at most every 2 s: Redis restarted is Redis back.
      retryStrategy: (times: number) => Math.min(100 * times, 2000),
      // Connected by start(): a command-line script that builds the services opens nothing.
      lazyConnect: true,
    };
    const { Redis } = ioredis();
    this.client = new Redis(url, { ...options, connectionName: 'atelier' });
    // The subscriber keeps its subscriptions across reconnections (ioredis subscribes again).
    this.subscriber = new Redis(url, { ...options, enableOfflineQueue: true, commandTimeout: undefined, connectionName: 'atelier-sub' });
    for (const connection of [this.client, this.subscriber]) {
      connection.on('error', (err: Error) => this.down(err));
      connection.on('end', () => this.down(new Error('connection closed')));
    }
    this.client.on('ready', () => this.ready());
  }

  isUp(): boolean {
    return this.up;
  }

  /** Waits for the first connection, at most `ms` (a Redis still starting is not a reason to refuse to start). */
  async connected(ms = 5000): Promise<boolean> {
    if (this.up) return true;
    for (const connection of [this.client, this.subscriber]) {
      // Failures are retried by the client itself (retryStrategy) and logged once by down().
      if (connection.status === 'wait') connection.connect().catch(() => {});
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
      this.client.once('ready', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  /** Called each time the link comes back after an outage (messages sent meanwhile were lost). */
  onRecover(listener: () => void): void {
    this.recoverListeners.push(listener);
  }

  /** Logs the first failure of an outage (the address only: a password in REDIS_URL never reaches the log). */
  down(err: Error): void {
    const wasUp = this.up;
    this.up = false;
    if (this.outageLogged) return;
    this.outageLogged = true;
    this.log.error(
      { event: 'redis_down', error: err.message, wasUp },
      'Redis is unreachable: sign-in and forms are refused until it is back; pages keep serving',
    );
  }

  private ready(): void {
    const recovering = this.outageLogged;
    this.up = true;
    this.outageLogged = false;
    if (recovering) {
      this.log.warn({ event: 'redis_up' }, 'Redis is back');
      for (const listener of this.recoverListeners) listener();
    }
  }

  async close(): Promise<void> {
    this.outageLogged = true; // a closing link is not an outage
    for (const connection of [this.client, this.subscriber]) {
      if (connection.status === 'wait') connection.disconnect();
      else await connection.quit().catch(() => connection.disconnect());
    }
  }
}
