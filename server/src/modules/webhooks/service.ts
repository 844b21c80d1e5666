import { sql } from 'kysely';
import { mapPage, readPage, type Page, type PageRequest } from '../../lib/paging.ts';
import { WEBHOOK_EVENTS, WEBHOOK_MESSAGES, webhookInput, type WebhookDelivery, type WebhookEndpoint, type WebhookEvent } from '@atelier/contract';
import type { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { nowIso } from '../../db/index.ts';
import type { Selectable } from 'kysely';
import type { WebhookEndpointsTable } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { refuseInside, type OutboundPolicy } from '../../lib/outbound.ts';
import { logActivity, type Actor } from '../activity/service.ts';
import { newSecret, SECRET_PREFIX } from './signing.ts';

/** How long the previous secret still signs after a rotation. */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;
const SHOWN = 6;

type EndpointRow = Selectable<WebhookEndpointsTable>;
type Input = z.output<typeof webhookInput>;

/**
 * The owner's webhook endpoints (issue 35): an https address, the events it wants, a secret shown once
 * (rotated with both secrets valid for 24 hours), and the log of every delivery with a replay. The events
 * themselves are written by the areas that change things (events.ts), sent by the worker (worker.ts).
 */
export class WebhooksService {
  private readonly db: Db;
  private readonly policy: OutboundPolicy;
  private readonly kick: () => void;

  constructor({ db, policy, kick }: { db: Db; policy: OutboundPolicy; kick: () => void }) {
    this.db = db;
    this.policy = policy;
    this.kick = kick;
  }

  private async shape(rows: EndpointRow[]): Promise<WebhookEndpoint[]> {
    const ids = rows.map((r) => r.id);
    const last = ids.length
      ? await this.db
          .selectFrom('webhook_deliveries as d')
          .leftJoin('webhook_attempts as a', (join) => join.onRef('a.delivery_id', '=', 'd.id').onRef('a.attempt', '=', 'd.attempts'))
          .select(['d.id', 'd.endpoint_id', 'd.status', 'd.created_at', 'a.at', 'a.response_status'])
          .where('d.endpoint_id', 'in', ids)
          .where('d.id', 'in', (eb) =>
            eb
              .selectFrom('webhook_deliveries')
              .select((e) => e.fn.max('id').as('id'))
              .where('endpoint_id', 'in', ids)
              .groupBy('endpoint_id'),
          )
          .execute()
      : [];
    const lastBy = new Map(last.map((l) => [l.endpoint_id, l]));
    const now = nowIso();
    return rows.map((r) => {
      const l = lastBy.get(r.id);
      return {
        id: r.id,
        url: r.url,
        description: r.description,
        events: JSON.parse(r.events) as WebhookEvent[],
        enabled: r.enabled === 1,
        disabledReason: r.disabled_reason,
        secretPrefix: r.secret.slice(0, SECRET_PREFIX.length + SHOWN),
        previousSecretUntil: r.previous_secret_until && r.previous_secret_until > now ? r.previous_secret_until : null,
        createdAt: r.created_at,
        lastDelivery: l ? { status: l.status, at: l.at ?? l.created_at, responseStatus: l.response_status ?? null } : null,
      };
    });
  }

  async list(): Promise<{ data: WebhookEndpoint[]; events: WebhookEvent[] }> {
    const rows = await this.db.selectFrom('webhook_endpoints').selectAll().orderBy('id').execute();
    return { data: await this.shape(rows), events: [...WEBHOOK_EVENTS] };
  }

  private async one(id: number): Promise<WebhookEndpoint> {
    const row = await this.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new HttpError(404, WEBHOOK_MESSAGES.endpointNotFound);
    return (await this.shape([row]))[0]!;
  }

  async create(input: Input, actor: Actor): Promise<WebhookEndpoint & { secret: string }> {
    await refuseInside(input.url, this.policy);
    const secret = newSecret();
    const now = nowIso();
    const id = await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('webhook_endpoints')
        .values({
          url: input.url,
          description: input.description,
          events: JSON.stringify(input.events),
          enabled: input.enabled ? 1 : 0,
          disabled_reason: null,
          secret,
          previous_secret: null,
          previous_secret_until: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await logActivity(trx, actor, {
        kind: 'security',
        action: 'create',
        subject: `webhook ${new URL(input.url).host}`,
        subjectId: row.id,
        detail: { events: input.events.join(' ') },
      });
      return row.id;
    });
    return { ...(await this.one(id)), secret };
  }

  async update(id: number, input: Input, actor: Actor): Promise<WebhookEndpoint> {
    await refuseInside(input.url, this.policy);
    await this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('webhook_endpoints').select(['id', 'enabled']).where('id', '=', id).executeTakeFirst();
      if (!row) throw new HttpError(404, WEBHOOK_MESSAGES.endpointNotFound);
      await trx
        .updateTable('webhook_endpoints')
        // Turning an endpoint back on clears why it was turned off.
        .set({
          url: input.url,
          description: input.description,
          events: JSON.stringify(input.events),
          enabled: input.enabled ? 1 : 0,
          ...(input.enabled ? { disabled_reason: null } : {}),
          updated_at: nowIso(),
        })
        .where('id', '=', id)
        .execute();
      await logActivity(trx, actor, {
        kind: 'security',
        action: 'update',
        subject: `webhook ${new URL(input.url).host}`,
        subjectId: id,
        detail: { events: input.events.join(' '), enabled: input.enabled ? 'yes' : 'no' },
      });
    });
    if (input.enabled) this.kick();
    return this.one(id);
  }

  /** Removes the endpoint with its deliveries and their log. */
  async remove(id: number, actor: Actor): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('webhook_endpoints').select(['url']).where('id', '=', id).executeTakeFirst();
      if (!row) throw new HttpError(404, WEBHOOK_MESSAGES.endpointNotFound);
      const deliveries = trx.selectFrom('webhook_deliveries').select('id').where('endpoint_id', '=', id);
      await trx.deleteFrom('webhook_attempts').where('delivery_id', 'in', deliveries).execute();
      await trx.deleteFrom('webhook_deliveries').where('endpoint_id', '=', id).execute();
      await trx.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
      await logActivity(trx, actor, { kind: 'security', action: 'delete', subject: `webhook ${new URL(row.url).host}`, subjectId: id });
    });
  }

  /** A new secret, shown once; the current one goes on signing beside it for 24 hours. */
  async rotate(id: number, actor: Actor): Promise<WebhookEndpoint & { secret: string }> {
    const secret = newSecret();
    await this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('webhook_endpoints').select(['url', 'secret']).where('id', '=', id).executeTakeFirst();
      if (!row) throw new HttpError(404, WEBHOOK_MESSAGES.endpointNotFound);
      const now = nowIso();
      await trx
        .updateTable('webhook_endpoints')
        .set({ secret, previous_secret: row.secret, previous_secret_until: new Date(Date.now() + ROTATION_OVERLAP_MS).toISOString(), updated_at: now })
        .where('id', '=', id)
        .execute();
      await logActivity(trx, actor, { kind: 'security', action: 'reset', subject: `webhook ${new URL(row.url).host}`, subjectId: id });
    });
    return { ...(await this.one(id)), secret };
  }

  /** The endpoint's latest deliveries, newest first, each with its tries. */
  /** Endpoints that fail (turned off by their failures, or a delivery given up in the last 7 days): the owner's home. */
  async failingCount(): Promise<number> {
    const since = new Date(Date.now() - 7 * 86_400_000).toISOString();
    const row = await this.db
      .selectFrom('webhook_endpoints as e')
      .select(sql<number>`count(*)`.as('n'))
      .where(({ or, and, eb, exists, selectFrom }) =>
        or([
          and([eb('e.enabled', '=', 0), eb('e.disabled_reason', 'is not', null)]),
          exists(
            selectFrom('webhook_deliveries as d')
              .select('d.id')
              .whereRef('d.endpoint_id', '=', 'e.id')
              .where('d.status', '=', 'failed')
              .where('d.created_at', '>=', since),
          ),
        ]),
      )
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** A page of the endpoint's deliveries, newest first, each with its tries. */
  async deliveries(endpointId: number, paging: PageRequest = {}): Promise<Page<WebhookDelivery>> {
    await this.one(endpointId);
    const page = await readPage(
      this.deliveryRows().where('d.endpoint_id', '=', endpointId),
      { sort: 'd.id', id: 'd.id', sortOf: (r) => r.id, idOf: (r) => r.id },
      paging,
    );
    return mapPage(page, (rows) => this.withTries(rows));
  }

  private deliveryRows() {
    return this.db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_events as ev', 'ev.id', 'd.event_id')
      .select(['d.id', 'd.status', 'd.attempts', 'd.next_attempt_at', 'd.created_at', 'd.delivered_at', 'ev.message_id', 'ev.type']);
  }

  private async withTries(
    rows: Array<{
      id: number;
      status: WebhookDelivery['status'];
      attempts: number;
      next_attempt_at: string | null;
      created_at: string;
      delivered_at: string | null;
      message_id: string;
      type: string;
    }>,
  ): Promise<WebhookDelivery[]> {
    const ids = rows.map((r) => r.id);
    const tries = ids.length ? await this.db.selectFrom('webhook_attempts').selectAll().where('delivery_id', 'in', ids).orderBy('attempt').execute() : [];
    return rows.map((r) => ({
      id: r.id,
      eventId: r.message_id,
      type: r.type as WebhookEvent,
      status: r.status,
      attempts: r.attempts,
      nextAttemptAt: r.status === 'pending' ? r.next_attempt_at : null,
      createdAt: r.created_at,
      deliveredAt: r.delivered_at,
      tries: tries
        .filter((t) => t.delivery_id === r.id)
        .map((t) => ({ attempt: t.attempt, at: t.at, responseStatus: t.response_status, durationMs: t.duration_ms, error: t.error })),
    }));
  }

  /**
   * Sends a delivery again now, whatever became of it (delivered, failed, stopped): the same event id
   * and body, so a receiver that already has it can tell. Refused while its endpoint is off.
   */
  async replay(deliveryId: number, actor: Actor): Promise<WebhookDelivery> {
    await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('webhook_deliveries as d')
        .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
        .select(['d.id', 'e.enabled', 'e.url'])
        .where('d.id', '=', deliveryId)
        .executeTakeFirst();
      if (!row) throw new HttpError(404, WEBHOOK_MESSAGES.deliveryNotFound);
      if (row.enabled !== 1) throw new HttpError(409, WEBHOOK_MESSAGES.endpointDisabled);
      await trx
        .updateTable('webhook_deliveries')
        .set({ status: 'pending', next_attempt_at: nowIso(), locked_until: null, delivered_at: null })
        .where('id', '=', deliveryId)
        .execute();
      await logActivity(trx, actor, {
        kind: 'security',
        action: 'publish',
        subject: `webhook ${new URL(row.url).host}`,
        subjectId: deliveryId,
        detail: { replay: deliveryId },
      });
    });
    this.kick();
    return (await this.withTries(await this.deliveryRows().where('d.id', '=', deliveryId).execute()))[0]!;
  }
}
