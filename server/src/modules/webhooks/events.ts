import { randomBytes } from 'node:crypto';
import { WEBHOOK_EVENTS, type WebhookEvent } from '@atelier/contract';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import type { DomainEvent, DomainEvents, DomainEventType } from '../../platform/events.ts';

/** `msg_` and 128 random bits: the `webhook-id` every try of an event carries. */
export function newMessageId(): string {
  return `msg_${randomBytes(16).toString('base64url')}`;
}

/** The listener's name, stored on its runs. */
export const WEBHOOK_LISTENER = 'webhooks.outbox';

/** The enabled endpoints that want `type`. */
async function listening(trx: Kysely<Database>, type: DomainEventType): Promise<number[]> {
  const endpoints = await trx.selectFrom('webhook_endpoints').select(['id', 'events']).where('enabled', '=', 1).execute();
  return endpoints.filter((e) => (JSON.parse(e.events) as string[]).includes(type)).map((e) => e.id);
}

/**
 * The webhooks are one listener among the others (issue 56, ADR 0026). A change records its event in its
 * own transaction with the object as the owner's API gives it (its `view`, built there only when an
 * enabled endpoint listens, so its bytes are the change's whatever follows); after the commit this listener
 * writes, in a transaction of its own, the webhook event and one delivery per endpoint that wants it - the
 * durable outbox the webhook worker sends from. A run done twice writes once (the run is marked done in the
 * same transaction); an event nobody listened to when it happened writes no run at all.
 */
export function listenForWebhooks(events: DomainEvents): void {
  for (const type of WEBHOOK_EVENTS) {
    events.listen(
      type,
      WEBHOOK_LISTENER,
      async (trx, event: DomainEvent) => {
        const endpoints = await listening(trx, type);
        if (endpoints.length === 0) return;
        const body = JSON.stringify({ type: type satisfies WebhookEvent, timestamp: event.createdAt, data: event.view ?? null });
        const now = nowIso();
        const inserted = await trx
          .insertInto('webhook_events')
          .values({ message_id: newMessageId(), type, body, created_at: event.createdAt })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('webhook_deliveries')
          .values(
            endpoints.map((endpointId) => ({
              event_id: inserted.id,
              endpoint_id: endpointId,
              status: 'pending' as const,
              attempts: 0,
              next_attempt_at: now,
              locked_until: null,
              delivered_at: null,
              created_at: now,
            })),
          )
          .execute();
      },
      { wants: async (trx) => (await listening(trx, type)).length > 0, withView: true },
    );
  }
}
