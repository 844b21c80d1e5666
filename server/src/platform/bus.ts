import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { Logger } from 'pino';
import { sql } from 'kysely';
import type { DbHandle } from '../db/index.ts';
import type { SharedRedis } from './redis.ts';

/**
 * Tells the other instances that public content changed, so each clears and re-renders what
 * it keeps. Redis pub/sub when REDIS_URL is set, else PostgreSQL LISTEN/NOTIFY, else nothing
 * to tell (one process). A message carries the sender's id: an instance has already dealt
 * with its own writes.
 */
export interface ChangeBus {
  readonly kind: 'redis' | 'postgres' | 'process';
  /** After a committed write: every other instance hears of it (best effort: the TTL is the safety net). */
  publish(): void;
  /** Another instance changed content, or the link came back after a gap in which changes may have been missed. */
  onRemoteChange(listener: () => void): void;
  start(): Promise<void>;
  close(): Promise<void>;
}

abstract class BaseBus {
  protected readonly id = randomBytes(8).toString('hex');
  private readonly listeners: Array<() => void> = [];

  onRemoteChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  protected heard(message: string): void {
    if (message === this.id) return;
    for (const listener of this.listeners) listener();
  }

  /** Changes may have been missed: treat everything as changed. */
  protected resync(): void {
    for (const listener of this.listeners) listener();
  }
}

export class ProcessBus extends BaseBus implements ChangeBus {
  readonly kind = 'process' as const;
  publish(): void {}
  async start(): Promise<void> {}
  async close(): Promise<void> {}
}

export class RedisBus extends BaseBus implements ChangeBus {
  readonly kind = 'redis' as const;
  private readonly redis: SharedRedis;
  private readonly channel: string;
  private readonly log: Logger;

  constructor(redis: SharedRedis, channel: string, log: Logger) {
    super();
    this.redis = redis;
    this.channel = channel;
    this.log = log;
    this.redis.subscriber.on('message', (channelName: string, message: string) => {
      if (channelName === this.channel) this.heard(message);
    });
    this.redis.onRecover(() => this.resync());
  }

  publish(): void {
    // Redis down: the others clear on its return (onRecover), and their TTL runs meanwhile.
    this.redis.client.publish(this.channel, this.id).catch((err: Error) => this.redis.down(err));
  }

  async start(): Promise<void> {
    try {
      await this.redis.subscriber.subscribe(this.channel);
    } catch (err) {
      // Subscribed again by the client once Redis answers.
      this.log.warn({ err }, 'content-change channel not yet subscribed');
    }
  }

  async close(): Promise<void> {}
}

/** LISTEN on a connection of its own (reconnected with backoff); NOTIFY through the pool. */
export class PostgresBus extends BaseBus implements ChangeBus {
  readonly kind = 'postgres' as const;
  private readonly database: DbHandle;
  private readonly log: Logger;
  private channel = '';
  private client: pg.Client | null = null;
  private closed = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private failures = 0;

  constructor(database: DbHandle, log: Logger) {
    super();
    this.database = database;
    this.log = log;
  }

  publish(): void {
    if (!this.channel) return;
    sql`select pg_notify(${this.channel}, ${this.id})`
      .execute(this.database.db)
      .catch((err: unknown) => this.log.warn({ err }, 'content change not announced'));
  }

  get channelName(): string {
    return this.channel;
  }

  async start(): Promise<void> {
    // One channel per schema: several sites on one database hear only their own changes.
    const schema = await sql<{ schema: string }>`select current_schema() as schema`.execute(this.database.db);
    this.channel = `atelier_${createHash('sha256').update(schema.rows[0]!.schema).digest('hex').slice(0, 16)}`;
    await this.listen(false);
  }

  private async listen(again: boolean): Promise<void> {
    if (this.closed) return;
    const { default: pg } = await import('pg');
    const client = new pg.Client(this.database.pgClientConfig);
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    client.on('notification', (message) => {
      if (message.channel === this.channel) this.heard(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`listen ${this.channel}`);
      this.client = client;
      if (this.failures > 0) this.log.warn({ event: 'listen_up' }, 'content-change channel back');
      this.failures = 0;
      if (again) this.resync();
    } catch (err) {
      client.end().catch(() => {});
      this.retry(err);
    }
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = null;
    client.end().catch(() => {});
    this.retry(new Error('connection lost'));
  }

  private retry(err: unknown): void {
    if (this.closed || this.retryTimer) return;
    if (this.failures === 0) this.log.error({ err }, 'content-change channel lost: reconnecting');
    this.failures += 1;
    this.retryTimer = setTimeout(
      () => {
        this.retryTimer = null;
        void this.listen(true);
      },
      Math.min(200 * this.failures, 5000),
    );
    this.retryTimer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }
}

export function createBus(database: DbHandle, redis: SharedRedis | null, log: Logger): ChangeBus {
  if (redis) return new RedisBus(redis, 'atelier:content-changed', log);
  if (database.dialect === 'postgres' && database.pgClientConfig) return new PostgresBus(database, log);
  return new ProcessBus();
}
