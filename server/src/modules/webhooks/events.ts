import { randomBytes } from 'node:crypto';
import type { WebhookEvent } from '@atelier/contract';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';

/** `msg_` and 128 random bits: the `webhook-id` every try of an event carries. */
export function newMessageId(): string {
  return `msg_${randomBytes(16).toString('base64url')}`;
}

/**
 * Tells the endpoints that want `type` about a change, in the change's own transaction: the event and
 * one delivery per endpoint exist if and only if the change was committed (the durable outbox the
 * webhook worker sends from). Nothing is written when no enabled endpoint listens.
 * `data` is the object as the owner's API gives it; its bytes are fixed here, so every try sends, and
 * signs, the same body. `data` is only built when someone listens.
 */
export async function emitWebhook(trx: Kysely<Database>, type: WebhookEvent, data: () => unknown): Promise<void> {
  const endpoints = await trx.selectFrom('webhook_endpoints').select(['id', 'events']).where('enabled', '=', 1).execute();
  const listening = endpoints.filter((e) => (JSON.parse(e.events) as string[]).includes(type));
  if (listening.length === 0) return;
  const now = nowIso();
  const body = JSON.stringify({ type, timestamp: now, data: await data() });
  const event = await trx
    .insertInto('webhook_events')
    .values({ message_id: newMessageId(), type, body, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('webhook_deliveries')
    .values(
      listening.map((e) => ({
        event_id: event.id,
        endpoint_id: e.id,
        status: 'pending' as const,
        attempts: 0,
        next_attempt_at: now,
        locked_until: null,
        delivered_at: null,
        created_at: now,
      })),
    )
    .execute();
}
