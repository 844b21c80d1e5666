import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, createTestContext, type TestContext } from '../../test/helpers.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { DomainEvents, type ListenerFn } from './events.ts';

const silent = pino({ level: 'silent' });

/**
 * The events' mechanism (issue 56, ADR 0026) on each database: a run exists only if its change committed,
 * a failed listener writes nothing and is tried again, two instances never both run one, a run whose
 * process died is taken over once its lease ends.
 */
describe.each(DIALECTS)('events after the commit on %s', (dialect) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(dialect);
  });
  afterAll(async () => t.close());

  const db = () => t.services.database.db;
  /** Each listener run writes one activity row with this subject: a second run would show as a second row. */
  const written = async (subject: string) =>
    Number(
      (
        await db()
          .selectFrom('activity_log')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('subject', '=', subject)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const write = (subject: string) => async (trx: Kysely<Database>) => {
    await trx
      .insertInto('activity_log')
      .values({
        created_at: new Date().toISOString(),
        user_id: null,
        user_email: null,
        kind: 'test',
        action: 'listen',
        subject,
        subject_id: null,
        detail: null,
      })
      .execute();
  };
  const runsOf = (eventId: number) => db().selectFrom('event_runs').selectAll().where('event_id', '=', eventId).execute();
  const record = (events: DomainEvents, subjectId: number) =>
    db()
      .transaction()
      .execute((trx) => events.record(trx, 'invoice.issued', subjectId, { invoiceId: subjectId }));

  it('records nothing when nobody listens, and nothing of a change that rolled back', async () => {
    const none = new DomainEvents({ db: db(), log: silent, afterRuns: () => {} });
    expect(await record(none, 1)).toBeNull();
    const events = new DomainEvents({ db: db(), log: silent, afterRuns: () => {} });
    events.listen('invoice.issued', 'test.rollback', write('rollback'));
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await events.record(trx, 'invoice.issued', 2, {});
          throw new Error('the change failed');
        }),
    ).rejects.toThrow('the change failed');
    expect(await events.runOnce()).toBe(0);
    expect(await written('rollback')).toBe(0);
  });

  it('a listener that does not want an event gets no run; the view is built only for one that reads it, as it was at the change', async () => {
    let wanted = false;
    let built = 0;
    let ranAfter = 0;
    const events = new DomainEvents({ db: db(), log: silent, afterRuns: () => (ranAfter += 1) });
    const seen: unknown[] = [];
    events.listen('credit_note.issued', 'test.picky', async (_trx, event) => void seen.push(event.view), { wants: async () => wanted, withView: true });
    events.listen('order.review', 'test.blind', write('blind'));
    const view = () => {
      built += 1;
      return { status: 'at the change' };
    };
    const recordWith = (type: 'credit_note.issued' | 'order.review') =>
      db()
        .transaction()
        .execute((trx) => events.record(trx, type, 9, { id: 9 }, view));
    // Nobody wants it: no event, no run, no view built.
    expect(await recordWith('credit_note.issued')).toBeNull();
    expect(built).toBe(0);
    // A listener that reads no view: the view is not built either.
    const blind = (await recordWith('order.review'))!;
    expect(built).toBe(0);
    expect((await db().selectFrom('domain_events').select('view').where('id', '=', blind).executeTakeFirstOrThrow()).view).toBeNull();
    // Wanted: built once, in the change's transaction, and handed to the listener as it was then.
    wanted = true;
    const picky = (await recordWith('credit_note.issued'))!;
    expect(built).toBe(1);
    expect(await runsOf(picky)).toHaveLength(1);
    expect(await events.runOnce()).toBe(2);
    expect(seen).toEqual([{ status: 'at the change' }]);
    expect(await written('blind')).toBe(1);
    // The outboxes the listeners write to are told once the pass has run.
    expect(ranAfter).toBe(1);
  });

  it('tries a failed listener again later: what it wrote before failing is rolled back, and its retry writes once', async () => {
    const events = new DomainEvents({ db: db(), log: silent, afterRuns: () => {} });
    let calls = 0;
    events.listen('invoice.issued', 'test.flaky', async (trx, event) => {
      calls += 1;
      await write(`flaky-${event.subjectId}`)(trx);
      if (calls === 1) throw new Error('the mail server said no');
    });
    const id = (await record(events, 10))!;
    expect(await events.runOnce()).toBe(0);
    const [failed] = await runsOf(id);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, last_error: 'the mail server said no', locked_until: null });
    expect(failed!.next_attempt_at > new Date().toISOString()).toBe(true);
    expect(await written('flaky-10')).toBe(0);
    // Not due yet: a run now does nothing.
    expect(await events.runOnce()).toBe(0);
    await db()
      .updateTable('event_runs')
      .set({ next_attempt_at: new Date(Date.now() - 1000).toISOString() })
      .where('event_id', '=', id)
      .execute();
    expect(await events.runOnce()).toBe(1);
    expect(await events.runOnce()).toBe(0);
    expect(calls).toBe(2);
    expect(await written('flaky-10')).toBe(1);
    expect((await runsOf(id))[0]).toMatchObject({ status: 'done', attempts: 2, last_error: null });
  });

  it('gives up after twelve tries and keeps the run as failed', async () => {
    const events = new DomainEvents({ db: db(), log: silent, afterRuns: () => {} });
    events.listen('invoice.issued', 'test.broken', async () => {
      throw new Error('always');
    });
    const id = (await record(events, 11))!;
    for (let i = 0; i < 12; i += 1) {
      await db()
        .updateTable('event_runs')
        .set({ next_attempt_at: new Date(Date.now() - 1000).toISOString() })
        .where('event_id', '=', id)
        .execute();
      await events.runOnce();
    }
    expect((await runsOf(id))[0]).toMatchObject({ status: 'failed', attempts: 12 });
    // Given up: nothing is said to be on its way for it any more.
    expect([...(await events.pending('invoice.issued', [11]))]).toEqual([]);
    await db()
      .updateTable('event_runs')
      .set({ next_attempt_at: new Date(Date.now() - 1000).toISOString() })
      .where('event_id', '=', id)
      .execute();
    expect(await events.runOnce()).toBe(0);
  });

  it('runs each event once per listener when two instances drain the same database at once', async () => {
    const listener: ListenerFn = async (trx, event) => write(`twice-${event.subjectId}`)(trx);
    const one = new DomainEvents({ db: db(), log: silent, afterRuns: () => {} });
    const two = new DomainEvents({ db: db(), log: silent, afterRuns: () => {} });
    for (const events of [one, two]) {
      events.listen('invoice.issued', 'test.shared', listener);
      events.listen('invoice.issued', 'test.other', write('other'));
    }
    const ids: number[] = [];
    for (let i = 0; i < 20; i += 1) ids.push((await record(one, 100 + i))!);
    const [a, b] = await Promise.all([one.runOnce(), two.runOnce()]);
    // 20 events × 2 listeners, shared between the instances, none twice.
    expect(a + b).toBe(40);
    for (let i = 0; i < 20; i += 1) expect(await written(`twice-${100 + i}`)).toBe(1);
    expect(await written('other')).toBe(20);
    expect(await Promise.all([one.runOnce(), two.runOnce()])).toEqual([0, 0]);
  });

  it('runs each listener’s runs in order, and one listener’s slow work does not hold another’s (a parcel’s two PDFs side by side)', async () => {
    const events = new DomainEvents({ db: db(), log: silent, afterRuns: () => {} });
    const order: string[] = [];
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    events.listen(
      'invoice.issued',
      'test.slow-pdf',
      async (_trx, event) => {
        order.push(`slow ${event.subjectId}`);
      },
      // The first run's PDF takes its time (outside the transaction, as the parcels' do).
      { prepare: async (_db, event) => (event.subjectId === 300 ? slow : undefined) },
    );
    events.listen('invoice.issued', 'test.quick', async (_trx, event) => {
      order.push(`quick ${event.subjectId}`);
      // Every quick run is done while the slow listener is still drawing its first: then it may go on.
      if (event.subjectId === 302) release();
    });
    for (const subject of [300, 301, 302]) await record(events, subject);
    expect(await events.runOnce()).toBe(6);
    expect(order.filter((o) => o.startsWith('quick'))).toEqual(['quick 300', 'quick 301', 'quick 302']);
    // The slow listener's runs kept their order, after the quick ones it did not hold up.
    expect(order.filter((o) => o.startsWith('slow'))).toEqual(['slow 300', 'slow 301', 'slow 302']);
    expect(order.indexOf('quick 302')).toBeLessThan(order.indexOf('slow 300'));
  });

  it('takes over a run whose process died once its lease is over, and a run done meanwhile is not done again', async () => {
    const events = new DomainEvents({ db: db(), log: silent, afterRuns: () => {} });
    events.listen('invoice.issued', 'test.lease', async (trx, event) => write(`lease-${event.subjectId}`)(trx));
    const id = (await record(events, 200))!;
    // Another process claimed it and died: its lease runs for two minutes.
    await db()
      .updateTable('event_runs')
      .set({ locked_until: new Date(Date.now() + 60_000).toISOString() })
      .where('event_id', '=', id)
      .execute();
    expect(await events.runOnce()).toBe(0);
    expect(await events.settle([id], 50)).toBe(true);
    expect(await written('lease-200')).toBe(0);
    expect([...(await events.pending('invoice.issued', [200]))]).toEqual([200]);
    await db()
      .updateTable('event_runs')
      .set({ locked_until: new Date(Date.now() - 1).toISOString() })
      .where('event_id', '=', id)
      .execute();
    expect(await events.settle([id])).toBe(true);
    expect(await written('lease-200')).toBe(1);
    expect([...(await events.pending('invoice.issued', [200]))]).toEqual([]);
  });

  it('refuses a second listener of the same name on one event', () => {
    const events = new DomainEvents({ db: db(), log: silent, afterRuns: () => {} });
    events.listen('invoice.issued', 'test.same', async () => {});
    expect(() => events.listen('invoice.issued', 'test.same', async () => {})).toThrow('already listens');
  });
});
