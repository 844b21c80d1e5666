import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookDelivery, WebhookEndpoint } from '@atelier/contract';
import { ADMIN, DIALECTS, RETAILER, createTestContext, readyToInvoice, type TestContext } from '../../../test/helpers.ts';
import { TEST_CA_FILE, startReceiver, type Receiver } from '../../../test/receiver.ts';
import { checkAddress, isInside } from '../../lib/outbound.ts';
import { RETRY_AFTER_MS, nextTry } from './worker.ts';

describe('the addresses the site refuses to call', () => {
  it('refuses loopback, private, link-local, carrier-grade and mapped addresses; loopback only when allowed', async () => {
    const strict = { allowLoopback: false };
    for (const ip of [
      '127.0.0.1',
      '::1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.10',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      'fd00::1',
      'fe80::1',
      '::ffff:10.0.0.1',
      '::ffff:127.0.0.1',
    ]) {
      expect(isInside(ip, strict), ip).toBe(true);
    }
    for (const ip of ['93.184.215.14', '2606:4700::1111', '8.8.8.8']) expect(isInside(ip, strict), ip).toBe(false);
    expect(isInside('127.0.0.1', { allowLoopback: true })).toBe(false);
    expect(isInside('10.0.0.1', { allowLoopback: true })).toBe(true);
    expect(await checkAddress('https://localhost/hooks', strict)).toBe('inside');
    expect(await checkAddress('https://[::1]:8443/hooks', strict)).toBe('inside');
    expect(await checkAddress('https://nowhere.invalid/hooks', strict)).toBe('unknown');
  });

  it('retries over about three days, then stops', () => {
    const total = RETRY_AFTER_MS.reduce((a, b) => a + b, 0);
    expect(total / 3_600_000).toBeGreaterThan(60);
    expect(total / 3_600_000).toBeLessThan(84);
    expect(nextTry(1, 0)).toBe(new Date(5000).toISOString());
    expect(nextTry(RETRY_AFTER_MS.length + 1)).toBeNull();
  });
});

// Issue 35: signed webhooks (Standard Webhooks), written in the change's transaction, sent by the worker.
describe.each(DIALECTS)('webhooks on %s', (dialect) => {
  let t: TestContext;
  let owner: Record<string, string>;
  let shop: Record<string, string>;
  let receiver: Receiver;
  let variantId: number;
  let keys = 0;

  beforeAll(async () => {
    t = await createTestContext(dialect, { OUTBOUND_ALLOW_LOOPBACK: 'true', OUTBOUND_CA_FILE: TEST_CA_FILE });
    owner = t.auth(await t.login(ADMIN.email, ADMIN.password));
    shop = t.auth(await t.login(RETAILER.email, RETAILER.password));
    receiver = await startReceiver();
    variantId = await readyToInvoice(t, owner, 'WH-ROBE');
  }, 120_000);
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  const add = async (payload: object) => t.app.inject({ method: 'POST', url: '/api/admin/webhooks?lang=en', headers: owner, payload });
  const count = async (table: 'webhook_endpoints' | 'webhook_events' | 'webhook_deliveries') =>
    Number(
      (
        await t.services.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const deliveries = async (id: number): Promise<WebhookDelivery[]> =>
    (await t.app.inject({ method: 'GET', url: `/api/admin/webhooks/${id}/deliveries`, headers: owner })).json().data;
  const order = async () => {
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/orders/draft', payload: { lines: [{ variantId, size: 'M', quantity: 2 }] }, headers: shop })).statusCode,
    ).toBe(200);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders/draft/submit',
      payload: {},
      headers: { ...shop, 'idempotency-key': `wh-${dialect}-${(keys += 1)}` },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    return placed.json() as { id: number; number: string };
  };
  /** What the workers do after a change: the listeners run (the webhooks' writes its deliveries), then the outbox sends. */
  const send = async () => {
    await t.services.events.runOnce();
    await t.services.webhookWorker.runOnce();
  };
  /** Due tries, as the next run would make them (the retry's wait skipped). */
  const dueNow = () =>
    t.services.database.db
      .updateTable('webhook_deliveries')
      .set({ next_attempt_at: new Date(0).toISOString() })
      .where('status', '=', 'pending')
      .execute();

  it('refuses an address that is not https, leads inside, or does not resolve, and a list without events: nothing is saved', async () => {
    const cases: Array<[object, string]> = [
      [{ url: 'http://hooks.example.com/in', events: ['order.submitted'] }, 'A webhook address is a full https:// address (2,000 characters at most).'],
      [
        { url: 'https://user:pw@hooks.example.com/in', events: ['order.submitted'] },
        'A webhook address is a full https:// address (2,000 characters at most).',
      ],
      [
        { url: 'https://10.0.0.7/in', events: ['order.submitted'] },
        'This address leads inside a private network (loopback, private or link-local): the site sends nothing there.',
      ],
      [
        { url: 'https://169.254.169.254/latest/meta-data', events: ['order.submitted'] },
        'This address leads inside a private network (loopback, private or link-local): the site sends nothing there.',
      ],
      [{ url: 'https://nowhere.invalid/in', events: ['order.submitted'] }, 'This address’s host name could not be found.'],
      [{ url: receiver.url, events: [] }, 'Choose at least one event among those the site sends.'],
      [{ url: receiver.url, events: ['order.paid'] }, 'Choose at least one event among those the site sends.'],
    ];
    for (const [payload, error] of cases) {
      const res = await add(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toBe(error);
      // Each refusal names its field, so the form marks it (issue 56): the address's, or the events'.
      expect(res.json().errors?.[0]?.field, JSON.stringify(payload)).toMatch(error.startsWith('Choose') ? /^\/events/ : /^\/url$/);
    }
    const french = await t.app.inject({
      method: 'POST',
      url: '/api/admin/webhooks?lang=fr',
      headers: owner,
      payload: { url: 'https://10.0.0.7/in', events: ['order.submitted'] },
    });
    expect(french.json()).toMatchObject({
      error: 'Cette adresse mène dans un réseau privé (boucle locale, privé ou lien local) : le site n’y envoie rien.',
      code: 'webhook.urlPrivate',
      errors: [
        {
          field: '/url',
          code: 'webhook.urlPrivate',
          message: 'Cette adresse mène dans un réseau privé (boucle locale, privé ou lien local) : le site n’y envoie rien.',
        },
      ],
    });
    expect(await count('webhook_endpoints')).toBe(0);
    // Only the owner manages them.
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/webhooks', headers: shop })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/webhooks' })).statusCode).toBe(401);
  });

  let endpoint: WebhookEndpoint & { secret: string };

  it('shows the secret once; every event of a change arrives signed as Standard Webhooks says, with the owner’s view of the object', async () => {
    const res = await add({
      url: receiver.url,
      description: 'Slack',
      events: ['order.submitted', 'order.confirmed', 'order.shipped', 'invoice.issued', 'payment.recorded', 'stock.changed'],
    });
    expect(res.statusCode, res.body).toBe(201);
    endpoint = res.json();
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(endpoint.secretPrefix).toBe(endpoint.secret.slice(0, 12));
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/webhooks', headers: owner });
    expect(list.body).not.toContain(endpoint.secret.slice(6));
    expect(list.json().events).toHaveLength(18);
    expect(list.json().events).toContain('order.changed');

    const placed = await order();
    // The change recorded its event with it, the order as the owner's API gave it then (the webhooks are a
    // listener, ADR 0026); nothing is queued or sent before the listener runs.
    expect(receiver.received).toHaveLength(0);
    expect(await count('webhook_deliveries')).toBe(0);
    const recorded = await t.services.database.db.selectFrom('domain_events').select('view').where('type', '=', 'order.submitted').execute();
    expect(recorded).toHaveLength(1);
    expect(JSON.parse(recorded[0]!.view!)).toMatchObject({ id: placed.id, status: 'submitted' });
    await send();
    expect(receiver.received).toHaveLength(1);
    const first = receiver.received[0]!;
    const verified = new Webhook(endpoint.secret).verify(first.body, first.headers) as {
      type: string;
      timestamp: string;
      data: { id: number; number: string; status: string; lines: unknown[] };
    };
    expect(verified.type).toBe('order.submitted');
    expect(verified.data).toMatchObject({ id: placed.id, number: placed.number, status: 'submitted' });
    expect(verified.data.lines).toHaveLength(1);
    expect(first.headers['webhook-id']).toMatch(/^msg_/);
    expect(first.headers['content-type']).toBe('application/json');
    // Another secret does not verify it.
    expect(() => new Webhook('whsec_' + Buffer.alloc(24, 1).toString('base64')).verify(first.body, first.headers)).toThrow();

    // Confirm, ship (the invoice is issued with it), pay: each change tells once.
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/admin/orders/${placed.id}/confirm`, payload: { shipDate: '2027-03-01' }, headers: owner })).statusCode,
    ).toBe(200);
    const shipped = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${placed.id}/ship`,
      payload: { carrier: 'Colissimo', tracking: '6A123' },
      headers: owner,
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const invoiceId = shipped.json().invoice.id as number;
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/admin/invoices/${invoiceId}/payments`,
      payload: { date: new Date().toISOString().slice(0, 10), amount: 50, method: 'transfer' },
      headers: owner,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await send();
    const types = receiver.received.map((r) => JSON.parse(r.body).type);
    expect(types).toEqual(['order.submitted', 'order.confirmed', 'order.shipped', 'invoice.issued', 'payment.recorded']);
    const bodies = receiver.received.map((r) => new Webhook(endpoint.secret).verify(r.body, r.headers) as { data: Record<string, any> });
    expect(bodies[2]!.data).toMatchObject({ status: 'shipped', carrier: 'Colissimo', tracking: '6A123' });
    expect(bodies[3]!.data).toMatchObject({ id: invoiceId, type: 'invoice', orderNumber: placed.number });
    expect(bodies[4]!.data.payment).toMatchObject({ amount: 50, method: 'transfer' });
    expect(bodies[4]!.data.invoice).toMatchObject({ id: invoiceId, paid: 50 });
    // Every id is its own event's.
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(5);
    // Stock counts tell too, with the rows as the stock screen gives them.
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/admin/stock', payload: { items: [{ variantId, size: 'S', onHand: 7 }] }, headers: owner })).statusCode,
    ).toBe(200);
    await send();
    const stock = JSON.parse(receiver.received.at(-1)!.body);
    expect(stock.type).toBe('stock.changed');
    expect(stock.data.rows[0]).toMatchObject({ variantId, reference: 'WH-ROBE' });
    expect(stock.data.rows[0].cells.find((c: { size: string }) => c.size === 'S')).toMatchObject({ onHand: 7, available: 7 });
    const log = await deliveries(endpoint.id);
    expect(log).toHaveLength(6);
    expect(log.every((d) => d.status === 'delivered' && d.tries.length === 1 && d.tries[0]!.responseStatus === 204)).toBe(true);
  });

  it('tries again after a 500 or no answer with the same id, and says so in the log', async () => {
    receiver.received.length = 0;
    receiver.answers.push(500);
    await order();
    await send();
    let [last] = await deliveries(endpoint.id);
    expect(last).toMatchObject({ type: 'order.submitted', status: 'pending', attempts: 1 });
    expect(last!.tries[0]).toMatchObject({ attempt: 1, responseStatus: 500, error: null });
    const wait = Date.parse(last!.nextAttemptAt!) - Date.now();
    expect(wait).toBeGreaterThan(3000);
    expect(wait).toBeLessThanOrEqual(5000);
    // Not before its time…
    await send();
    expect(receiver.received).toHaveLength(1);
    // …then again, the same event.
    await dueNow();
    await send();
    [last] = await deliveries(endpoint.id);
    expect(last).toMatchObject({ status: 'delivered', attempts: 2 });
    expect(last!.tries.map((x) => x.responseStatus)).toEqual([500, 204]);
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[0]!.headers['webhook-id']).toBe(receiver.received[1]!.headers['webhook-id']);
    expect(receiver.received[0]!.body).toBe(receiver.received[1]!.body);

    // An endpoint that does not answer at all: the try is logged with why, and waits its turn.
    const silent = (await add({ url: 'https://127.0.0.1:9/never', events: ['stock.changed'] })).json() as WebhookEndpoint;
    await t.app.inject({ method: 'PUT', url: '/api/admin/stock', payload: { items: [{ variantId, size: 'S', onHand: 6 }] }, headers: owner });
    await send();
    const [missed] = await deliveries(silent.id);
    expect(missed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(missed!.tries[0]!.responseStatus).toBeNull();
    expect(missed!.tries[0]!.error).toMatch(/ECONNREFUSED|connect/);
    await t.app.inject({ method: 'DELETE', url: `/api/admin/webhooks/${silent.id}`, headers: owner });
  });

  it('a replay sends a delivered event again, same id and body', async () => {
    const before = receiver.received.length;
    const [last] = await deliveries(endpoint.id);
    const replayed = await t.app.inject({ method: 'POST', url: `/api/admin/webhooks/deliveries/${last!.id}/replay`, headers: owner });
    expect(replayed.statusCode, replayed.body).toBe(200);
    await send();
    expect(receiver.received).toHaveLength(before + 1);
    expect(receiver.received.at(-1)!.headers['webhook-id']).toBe(last!.eventId);
    const again = (await deliveries(endpoint.id)).find((d) => d.id === last!.id)!;
    expect(again.status).toBe('delivered');
    expect(again.tries).toHaveLength(last!.tries.length + 1);
    expect(again.tries.at(-1)).toMatchObject({ attempt: last!.attempts + 1, responseStatus: 204 });
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/webhooks/deliveries/999999/replay', headers: owner })).statusCode).toBe(404);
  });

  it('a rotated secret signs beside the previous one for 24 hours', async () => {
    const rotated = await t.app.inject({ method: 'POST', url: `/api/admin/webhooks/${endpoint.id}/rotate`, headers: owner });
    expect(rotated.statusCode).toBe(200);
    const { secret, previousSecretUntil } = rotated.json() as { secret: string; previousSecretUntil: string };
    expect(secret).not.toBe(endpoint.secret);
    const hours = (Date.parse(previousSecretUntil) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    await t.app.inject({ method: 'PUT', url: '/api/admin/stock', payload: { items: [{ variantId, size: 'S', onHand: 5 }] }, headers: owner });
    await send();
    const got = receiver.received.at(-1)!;
    expect(got.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(() => new Webhook(secret).verify(got.body, got.headers)).not.toThrow();
    expect(() => new Webhook(endpoint.secret).verify(got.body, got.headers)).not.toThrow();
    // After the overlap, only the new one signs.
    await t.services.database.db
      .updateTable('webhook_endpoints')
      .set({ previous_secret_until: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', endpoint.id)
      .execute();
    await t.app.inject({ method: 'PUT', url: '/api/admin/stock', payload: { items: [{ variantId, size: 'S', onHand: 4 }] }, headers: owner });
    await send();
    const later = receiver.received.at(-1)!;
    expect(later.headers['webhook-signature']!.split(' ')).toHaveLength(1);
    expect(() => new Webhook(endpoint.secret).verify(later.body, later.headers)).toThrow();
    endpoint = { ...endpoint, secret };
  });

  it('a slow endpoint never slows the change that tells it', async () => {
    receiver.delayMs = 2500;
    const started = Date.now();
    const saved = await t.app.inject({ method: 'PUT', url: '/api/admin/stock', payload: { items: [{ variantId, size: 'S', onHand: 3 }] }, headers: owner });
    expect(saved.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(1500);
    await send();
    receiver.delayMs = 0;
    const [last] = await deliveries(endpoint.id);
    expect(last!.status).toBe('delivered');
    expect(last!.tries[0]!.durationMs).toBeGreaterThanOrEqual(2400);
  });

  it('stops at 410 Gone: the endpoint is turned off, says why, gets nothing more until turned on', async () => {
    receiver.answers.push(410);
    await t.app.inject({ method: 'PUT', url: '/api/admin/stock', payload: { items: [{ variantId, size: 'S', onHand: 2 }] }, headers: owner });
    await send();
    const [gone] = await deliveries(endpoint.id);
    expect(gone).toMatchObject({ status: 'stopped', attempts: 1, nextAttemptAt: null });
    const listed = (await t.app.inject({ method: 'GET', url: '/api/admin/webhooks', headers: owner })).json().data[0] as WebhookEndpoint;
    expect(listed).toMatchObject({ enabled: false, lastDelivery: { status: 'stopped', responseStatus: 410 } });
    expect(listed.disabledReason).toMatch(/^410 Gone/);
    const events = await count('webhook_events');
    const received = receiver.received.length;
    await t.app.inject({ method: 'PUT', url: '/api/admin/stock', payload: { items: [{ variantId, size: 'S', onHand: 1 }] }, headers: owner });
    await send();
    expect(await count('webhook_events')).toBe(events);
    expect(receiver.received).toHaveLength(received);
    const refused = await t.app.inject({ method: 'POST', url: `/api/admin/webhooks/deliveries/${gone!.id}/replay?lang=en`, headers: owner });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('This endpoint is turned off: turn it on before sending again.');
    // Turned on again, it hears the next change.
    const on = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/webhooks/${endpoint.id}`,
      headers: owner,
      payload: { url: receiver.url, description: 'Slack', events: listed.events, enabled: true },
    });
    expect(on.json()).toMatchObject({ enabled: true, disabledReason: null });
    await t.app.inject({ method: 'PUT', url: '/api/admin/stock', payload: { items: [{ variantId, size: 'S', onHand: 9 }] }, headers: owner });
    await send();
    expect(receiver.received).toHaveLength(received + 1);
  });

  it('tells an approved shop, a cancelled order and its credit note, each to the endpoint that wants it only', async () => {
    const other = (
      await add({ url: receiver.url.replace('/hooks', '/accounting'), events: ['stockist.approved', 'order.cancelled', 'credit_note.issued'] })
    ).json() as WebhookEndpoint & { secret: string };
    const received = receiver.received.length;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/retailers/contact',
          payload: { name: 'Camille Roux', email: 'camille@shop.example', company: 'Atelier du Port', message: 'Bonjour', consent: true },
        })
      ).statusCode,
    ).toBe(202);
    const application = (await t.app.inject({ method: 'GET', url: '/api/admin/retailers/applications', headers: owner })).json().data[0] as { id: number };
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/retailers/applications/${application.id}/accept`, headers: owner })).statusCode).toBe(200);
    const placed = await order();
    await t.app.inject({ method: 'POST', url: `/api/admin/orders/${placed.id}/confirm`, payload: { shipDate: '2027-03-01' }, headers: owner });
    await t.app.inject({ method: 'POST', url: `/api/admin/orders/${placed.id}/ship`, payload: {}, headers: owner });
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${placed.id}/cancel`,
      payload: { reason: 'Retour complet' },
      headers: owner,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await send();
    const mine = receiver.received.slice(received).filter((r) => r.path === '/accounting');
    const bodies = mine.map((r) => new Webhook(other.secret).verify(r.body, r.headers) as { type: string; data: Record<string, any> });
    // The credit note is made by the cancel, before it is recorded: both in one transaction.
    expect(bodies.map((b) => b.type)).toEqual(['stockist.approved', 'credit_note.issued', 'order.cancelled']);
    const of = (type: string) => bodies.find((b) => b.type === type)!.data;
    expect(of('stockist.approved')).toMatchObject({ id: application.id, status: 'accepted', email: 'camille@shop.example' });
    expect(of('order.cancelled')).toMatchObject({ id: placed.id, status: 'cancelled', cancelReason: 'Retour complet' });
    expect(of('credit_note.issued')).toMatchObject({ type: 'creditNote', orderNumber: placed.number, reason: 'Retour complet' });
    await t.app.inject({ method: 'DELETE', url: `/api/admin/webhooks/${other.id}`, headers: owner });
  });

  it('a change that fails writes no event; a removed endpoint takes its log with it', async () => {
    const events = await count('webhook_events');
    const wrong = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/stock',
      payload: {
        items: [
          { variantId, size: 'S', onHand: 3 },
          { variantId: 999999, size: 'S', onHand: 1 },
        ],
      },
      headers: owner,
    });
    expect(wrong.statusCode).toBe(422);
    expect(await count('webhook_events')).toBe(events);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/admin/webhooks/${endpoint.id}`, headers: owner });
    expect(removed.statusCode).toBe(204);
    expect(await count('webhook_endpoints')).toBe(0);
    expect(await count('webhook_deliveries')).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/webhooks/${endpoint.id}/deliveries`, headers: owner })).statusCode).toBe(404);
  });
});
