import type { WebhookEvent } from '@atelier/contract';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { nowIso, type Db } from '../db/index.ts';
import type { Database } from '../db/schema.ts';
import { PollingWorker } from '../lib/polling-worker.ts';

/** The tables the platform keeps the events and their runs in (no area's: server/src/ownership.test.ts). */
export const EVENT_TABLES = ['domain_events', 'event_runs'] as const;

/**
 * The events a use case records for the listeners of other areas (issue 56, ADR 0026). A name says what
 * happened, in the past, as the webhooks name it (every event a webhook is sent about is one: the webhooks
 * are a listener, ADR 0026). An area adds its own from its folder (ADR 0028):
 * `declare module '../../platform/events.ts' { interface DomainEventNames { 'note.created': true } }`.
 */
export interface DomainEventNames {
  'shipment.created': true;
  'invoice.issued': true;
  'company.details-saved': true;
}
export type DomainEventType = (keyof DomainEventNames & string) | WebhookEvent;

/** An event as a listener reads it. */
export interface DomainEvent<P = unknown> {
  id: number;
  type: DomainEventType;
  subjectId: number | null;
  payload: P;
  /**
   * The subject as the owner's API shows it at the change (an order, a parcel and its order, an invoice),
   * when the recorder gave one and a listener that wanted this event asked for it (`withView`).
   */
  view?: unknown;
  createdAt: string;
}

/**
 * What a listener does with an event, inside a transaction of its own that also marks its run done: it
 * commits whole or not at all, so a listener run twice (a retry, a crash, a second instance) writes once.
 * It must not do what cannot be rolled back (mail goes through the outbox, in that transaction).
 */
export type ListenerFn<P = unknown, R = unknown> = (trx: Kysely<Database>, event: DomainEvent<P>, prepared: R) => Promise<void>;

/**
 * What a listener may do before its transaction, outside every lock (render a PDF, build a mail): it only
 * reads, and its result is handed to the listener's transaction. Run again on each try.
 */
export type PrepareFn<P = unknown, R = unknown> = (db: Db, event: DomainEvent<P>) => Promise<R>;

/** How a listener is registered beside its function. */
export interface ListenOptions<P = unknown, R = unknown> {
  /** Work before its transaction, outside every lock. */
  prepare?: PrepareFn<P, R>;
  /**
   * Asked in the recorder's transaction: does this listener want this event now? (the webhooks: does an
   * enabled endpoint listen). No run is written for a listener that does not; without it, it always does.
   */
  wants?: (trx: Kysely<Database>, type: DomainEventType) => Promise<boolean>;
  /** It reads the subject's view (`DomainEvent.view`): the recorder builds it, in its transaction, only then. */
  withView?: boolean;
}

interface Registered {
  handle: ListenerFn;
  prepare: PrepareFn | undefined;
  wants: ListenOptions['wants'];
  withView: boolean;
}

/** What a use case records events with, inside its own transaction (the areas take this face only). */
export interface EventRecorder {
  record<P>(trx: Kysely<Database>, type: DomainEventType, subjectId: number | null, payload: P, view?: () => unknown): Promise<number | null>;
}

/** How long a claimed run is another process's: a process killed mid-run leaves it this long (a run takes ~0.1 s). */
const LEASE_MS = 15 * 1000;
const MAX_ATTEMPTS = 12;
const BATCH = 50;

/** A run due now, with its event. */
interface DueRun {
  id: number;
  listener: string;
  attempts: number;
  event_id: number;
  type: string;
  subject_id: number | null;
  payload: string;
  view: string | null;
  created_at: string;
}

/** Wait after the n-th failure: 5 s, 10 s, 20 s… capped at one hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);
}

/**
 * Events after the commit. `record` writes the event and one pending run per listener of its type in the
 * caller's transaction: they exist if and only if the change was committed. After the commit the runs are
 * claimed with a conditional update (several instances: one claims it) and each is done in a transaction
 * that first marks it done, conditionally, then lets the listener write: a run already done by another
 * process changes nothing (its conditional update finds no pending row, and the transaction rolls back).
 * A run that fails is tried again later (5 s, 10 s, 20 s… 12 tries), then kept as failed and logged.
 * What was committed and not yet run when a process died is run at the next start.
 */
export class DomainEvents extends PollingWorker implements EventRecorder {
  private readonly db: Db;
  private readonly log: Logger;
  private readonly listeners = new Map<DomainEventType, Map<string, Registered>>();
  private readonly afterRuns: () => void;

  /** `afterRuns`: called when a pass ran listeners (the outboxes they may have written to look at once). */
  constructor(deps: { db: Db; log: Logger; intervalMs?: number; afterRuns: () => void }) {
    super('event listeners', deps.log, deps.intervalMs ?? 1000);
    this.db = deps.db;
    this.log = deps.log;
    this.afterRuns = deps.afterRuns;
  }

  /** Registers a listener (at start, before any request): `name` is stable, it is stored on its runs. */
  listen<P, R = undefined>(type: DomainEventType, name: string, handle: ListenerFn<P, R>, options: ListenOptions<P, R> = {}): void {
    const own = this.listeners.get(type) ?? new Map<string, Registered>();
    if (own.has(name)) throw new Error(`a listener named ${name} already listens to ${type}`);
    own.set(name, {
      handle: handle as ListenerFn,
      prepare: options.prepare as PrepareFn | undefined,
      wants: options.wants,
      withView: options.withView ?? false,
    });
    this.listeners.set(type, own);
  }

  /** The listeners of a type, by name. */
  listenersOf(type: DomainEventType): string[] {
    return [...(this.listeners.get(type)?.keys() ?? [])];
  }

  /**
   * In the caller's transaction: the event and a run for each listener that wants it; null (nothing written)
   * when none does. `view` (the subject as the owner's API shows it) is built only when one of them reads it:
   * its bytes are fixed at the change, whatever happens before the listener runs.
   */
  async record<P>(trx: Kysely<Database>, type: DomainEventType, subjectId: number | null, payload: P, view?: () => unknown): Promise<number | null> {
    const names: string[] = [];
    let withView = false;
    for (const [name, listener] of this.listeners.get(type) ?? []) {
      if (listener.wants && !(await listener.wants(trx, type))) continue;
      names.push(name);
      withView ||= listener.withView;
    }
    if (names.length === 0) return null;
    const now = nowIso();
    const shown = withView && view ? JSON.stringify(await view()) : null;
    const event = await trx
      .insertInto('domain_events')
      .values({ type, subject_id: subjectId, payload: JSON.stringify(payload), view: shown, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('event_runs')
      .values(
        names.map((listener) => ({
          event_id: event.id,
          listener,
          status: 'pending' as const,
          attempts: 0,
          next_attempt_at: now,
          locked_until: null,
          last_error: null,
          done_at: null,
          created_at: now,
        })),
      )
      .execute();
    return event.id;
  }

  /**
   * The subjects of `type` among `subjectIds` that a listener is still to run for (pending, perhaps waiting
   * to be tried again); one that gave up (`failed`) is not: nothing is on its way for it.
   */
  async pending(type: DomainEventType, subjectIds: number[], listener?: string): Promise<Set<number>> {
    if (subjectIds.length === 0) return new Set();
    let query = this.db
      .selectFrom('event_runs as r')
      .innerJoin('domain_events as e', 'e.id', 'r.event_id')
      .select('e.subject_id')
      .where('e.type', '=', type)
      .where('e.subject_id', 'in', subjectIds)
      .where('r.status', '=', 'pending');
    if (listener) query = query.where('r.listener', '=', listener);
    return new Set((await query.execute()).map((r) => r.subject_id!));
  }

  /**
   * Runs the listeners of these events now, in this process (the caller just committed them and wants what
   * they write in its answer), for `budgetMs` at most; then one more pass for what they recorded in turn.
   * Returns true when none of their runs is left due. A run another process holds, or one that failed and
   * waits to be tried again, is left to the worker.
   */
  async settle(eventIds: Array<number | null>, budgetMs = 2000): Promise<boolean> {
    const ids = eventIds.filter((id): id is number => id !== null);
    if (ids.length === 0) return true;
    const deadline = Date.now() + budgetMs;
    for (;;) {
      const done = await this.runOnce();
      const due = await this.dueRuns(ids);
      if (due === 0) break;
      if (Date.now() >= deadline) return false;
      if (done === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    if (Date.now() < deadline) await this.runOnce();
    return true;
  }

  private async dueRuns(eventIds: number[]): Promise<number> {
    const now = nowIso();
    const row = await this.db
      .selectFrom('event_runs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('event_id', 'in', eventIds)
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  protected async drain(): Promise<number> {
    const now = nowIso();
    const due = await this.db
      .selectFrom('event_runs as r')
      .innerJoin('domain_events as e', 'e.id', 'r.event_id')
      .select(['r.id', 'r.listener', 'r.attempts', 'e.id as event_id', 'e.type', 'e.subject_id', 'e.payload', 'e.view', 'e.created_at'])
      .where('r.status', '=', 'pending')
      .where('r.next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('r.locked_until', 'is', null), eb('r.locked_until', '<', now)]))
      .orderBy('r.id')
      .limit(BATCH)
      .execute();
    // One lane per listener, the lanes side by side: a run waits only for the runs of its own listener
    // before it (their order kept), so a parcel's invoice and its delivery note are drawn at once on the
    // two PDF threads instead of one after the other (issue 56's bulk shipping).
    const lanes = new Map<string, DueRun[]>();
    for (const run of due) (lanes.get(run.listener) ?? lanes.set(run.listener, []).get(run.listener)!).push(run);
    const done = (
      await Promise.all(
        [...lanes.values()].map(async (runs) => {
          let ran = 0;
          for (const run of runs) {
            if (this.isStopped) break;
            if (await this.runOne(run)) ran += 1;
          }
          return ran;
        }),
      )
    ).reduce((sum, n) => sum + n, 0);
    if (done > 0) this.afterRuns();
    return done;
  }

  /** One run, claimed for its lease: true when this process ran it (false: another holds it, or it failed). */
  private async runOne(run: DueRun): Promise<boolean> {
    const listener = this.listeners.get(run.type as DomainEventType)?.get(run.listener);
    // A listener this version no longer has (or not yet, during a rolling update): another instance may.
    if (!listener) return false;
    const claim = await this.db
      .updateTable('event_runs')
      .set({ locked_until: new Date(Date.now() + LEASE_MS).toISOString() })
      .where('id', '=', run.id)
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', nowIso())]))
      .executeTakeFirst();
    if (Number(claim.numUpdatedRows) !== 1) return false;
    const event: DomainEvent = {
      id: run.event_id,
      type: run.type as DomainEventType,
      subjectId: run.subject_id,
      payload: JSON.parse(run.payload) as unknown,
      ...(run.view !== null ? { view: JSON.parse(run.view) as unknown } : {}),
      createdAt: run.created_at,
    };
    try {
      const prepared = listener.prepare ? await listener.prepare(this.db, event) : undefined;
      return await this.db.transaction().execute(async (trx) => {
        const mine = await trx
          .updateTable('event_runs')
          .set({ status: 'done', done_at: nowIso(), attempts: run.attempts + 1, locked_until: null, last_error: null })
          .where('id', '=', run.id)
          .where('status', '=', 'pending')
          .executeTakeFirst();
        if (Number(mine.numUpdatedRows) !== 1) return false;
        await listener.handle(trx, event, prepared);
        return true;
      });
    } catch (err) {
      await this.failed(run, event, err);
      return false;
    }
  }

  private async failed(run: { id: number; listener: string; attempts: number }, event: DomainEvent, err: unknown) {
    const attempts = run.attempts + 1;
    const gaveUp = attempts >= MAX_ATTEMPTS;
    const message = err instanceof Error ? err.message : String(err);
    await this.db
      .updateTable('event_runs')
      .set({
        attempts,
        status: gaveUp ? 'failed' : 'pending',
        next_attempt_at: new Date(Date.now() + retryDelayMs(attempts)).toISOString(),
        locked_until: null,
        last_error: message.slice(0, 500),
      })
      .where('id', '=', run.id)
      .where('status', '=', 'pending')
      .execute();
    const fields = { event: 'listener_failed', listener: run.listener, type: event.type, eventId: event.id, attempts, err };
    if (gaveUp) this.log.error(fields, `${run.listener} gave up on ${event.type} #${event.id}`);
    else this.log.warn(fields, `${run.listener} failed on ${event.type} #${event.id}; tried again later`);
  }
}
