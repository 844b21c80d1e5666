import type { Logger } from 'pino';
import type { Db } from '../../db/index.ts';
import { nowIso } from '../../db/index.ts';
import { outboundRequest, type OutboundPolicy } from '../../lib/outbound.ts';
import { PollingWorker } from '../../lib/polling-worker.ts';
import { signedHeaders } from './signing.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
/**
 * The wait after each failed try: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 20 h — ten tries over
 * about three days (76 h), after which the delivery is failed (and can be replayed from the log).
 */
export const RETRY_AFTER_MS = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 14 * HOUR, 20 * HOUR, 20 * HOUR];
const LOCK_MS = 2 * MINUTE;
const TIMEOUT_MS = 15 * SECOND;
const BATCH = 20;

/** The next try's time after `attempts` failed ones, or null when the last was the last. */
export function nextTry(attempts: number, now = Date.now()): string | null {
  const wait = RETRY_AFTER_MS[attempts - 1];
  return wait === undefined ? null : new Date(now + wait).toISOString();
}

/**
 * Sends due deliveries. A delivery is claimed with a conditional update (its row is the lock), so two
 * instances on one database never send it at once; a 2xx answer ends it, 410 Gone stops it and turns
 * the endpoint off (the receiver asked), anything else (another status, no answer within 15 s, a refused
 * address) is tried again later. One endpoint's deliveries go in order, beside the other endpoints', so a
 * slow endpoint slows only itself, and never the change that caused the event (which only wrote the rows).
 */
export class WebhookWorker extends PollingWorker {
  private readonly db: Db;
  private readonly policy: OutboundPolicy;
  private readonly log: Logger;

  constructor({ db, policy, log, intervalMs = 2000 }: { db: Db; policy: OutboundPolicy; log: Logger; intervalMs?: number }) {
    super('webhook outbox', log, intervalMs);
    this.db = db;
    this.policy = policy;
    this.log = log;
  }

  protected async drain(): Promise<number> {
    const now = nowIso();
    const due = await this.db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
      .select(['d.id', 'd.endpoint_id'])
      .where('d.status', '=', 'pending')
      .where('e.enabled', '=', 1)
      .where('d.next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('d.locked_until', 'is', null), eb('d.locked_until', '<', now)]))
      .orderBy('d.id')
      .limit(BATCH)
      .execute();
    // One endpoint's deliveries go one after the other, in the order of their events; endpoints side by side.
    const byEndpoint = new Map<number, number[]>();
    for (const row of due) byEndpoint.set(row.endpoint_id, [...(byEndpoint.get(row.endpoint_id) ?? []), row.id]);
    const done = await Promise.all(
      [...byEndpoint.values()].map(async (ids) => {
        let sent = 0;
        for (const id of ids) if (await this.tryOne(id)) sent += 1;
        return sent;
      }),
    );
    return done.reduce((a, b) => a + b, 0);
  }

  /** One try of one delivery, if this process wins its claim. */
  private async tryOne(id: number): Promise<boolean> {
    if (this.isStopped) return false;
    const claim = await this.db
      .updateTable('webhook_deliveries')
      .set({ locked_until: new Date(Date.now() + LOCK_MS).toISOString() })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', nowIso())]))
      .executeTakeFirst();
    if (Number(claim.numUpdatedRows) !== 1) return false;
    const row = await this.db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_events as ev', 'ev.id', 'd.event_id')
      .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
      .select(['d.attempts', 'd.endpoint_id', 'ev.message_id', 'ev.type', 'ev.body', 'e.url', 'e.secret', 'e.previous_secret', 'e.previous_secret_until'])
      .where('d.id', '=', id)
      .executeTakeFirstOrThrow();
    const at = nowIso();
    const secrets = [row.secret, ...(row.previous_secret && row.previous_secret_until && row.previous_secret_until > at ? [row.previous_secret] : [])];
    const attempt = row.attempts + 1;
    let status: number | null = null;
    let error: string | null = null;
    const started = performance.now();
    try {
      const answer = await outboundRequest(
        row.url,
        { method: 'POST', headers: signedHeaders(secrets, row.message_id, row.body), body: row.body, timeoutMs: TIMEOUT_MS, maxBytes: 1024 },
        this.policy,
      );
      status = answer.status;
    } catch (err) {
      error = String((err as Error).message ?? err).slice(0, 500);
    }
    const durationMs = Math.round(performance.now() - started);
    const ok = status !== null && status >= 200 && status < 300;
    const gone = status === 410;
    const next = ok || gone ? null : nextTry(attempt);
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('webhook_attempts').values({ delivery_id: id, attempt, at, response_status: status, duration_ms: durationMs, error }).execute();
      await trx
        .updateTable('webhook_deliveries')
        .set({
          attempts: attempt,
          status: ok ? 'delivered' : gone ? 'stopped' : next ? 'pending' : 'failed',
          next_attempt_at: next,
          locked_until: null,
          delivered_at: ok ? nowIso() : null,
        })
        .where('id', '=', id)
        .execute();
      if (gone) {
        await trx
          .updateTable('webhook_endpoints')
          .set({ enabled: 0, disabled_reason: `410 Gone ${at.slice(0, 10)}`, updated_at: nowIso() })
          .where('id', '=', row.endpoint_id)
          .execute();
      }
    });
    // The log names the event and the endpoint, never the secret or the body.
    this.log[ok ? 'info' : 'warn'](
      { delivery: id, endpoint: row.endpoint_id, type: row.type, attempt, status, durationMs, error, next },
      ok ? 'webhook delivered' : 'webhook not delivered',
    );
    return ok;
  }
}
