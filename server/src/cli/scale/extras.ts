// seed:scale, what ten years leave beside the documents: the back-office's activity log and an
// integration's webhook deliveries (one endpoint, each delivery with its tries).
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Issued } from './documents.ts';
import { insertMany, type Ids, type OrderRow, type Plan } from './history.ts';
import type { Random } from './words.ts';
import { searchText } from '../../lib/search.ts';

/** The log: every confirmation, shipment and cancellation of the orders, every invoice issued, oldest first, up to `plan.activity`. */
export async function writeActivity(
  db: Kysely<Database>,
  ids: Ids,
  plan: Plan,
  orders: OrderRow[],
  issued: Issued,
  admin: { id: number; email: string } | null,
): Promise<number> {
  const entries: Array<{ at: string; kind: string; action: string; subject: string; subjectId: number; detail: string | null }> = [];
  for (const o of orders) {
    if (o.confirmedAt)
      entries.push({
        at: o.confirmedAt,
        kind: 'order',
        action: 'confirm',
        subject: o.number,
        subjectId: o.id,
        detail: o.shipDate ? JSON.stringify({ shipDate: o.shipDate }) : null,
      });
    if (o.shippedOn) entries.push({ at: `${o.shippedOn}T15:00:00.000Z`, kind: 'order', action: 'ship', subject: o.number, subjectId: o.id, detail: null });
    if (o.cancelledAt) entries.push({ at: o.cancelledAt, kind: 'order', action: 'cancel', subject: o.number, subjectId: o.id, detail: null });
  }
  for (const i of issued.invoices)
    entries.push({
      at: `${i.issueDate}T15:00:01.000Z`,
      kind: 'invoice',
      action: 'issue',
      subject: i.number,
      subjectId: i.id,
      detail: JSON.stringify({ total: i.totalInclCents / 100 }),
    });
  entries.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  const kept = entries.slice(-plan.activity);
  const rows = kept.map((e) => ({
    id: ids.take('activity_log'),
    created_at: e.at,
    user_id: admin?.id ?? null,
    user_email: admin?.email ?? null,
    kind: e.kind,
    action: e.action,
    subject: e.subject,
    subject_id: String(e.subjectId),
    detail: e.detail,
  }));
  await db.transaction().execute((trx) => insertMany(trx, 'activity_log', rows));
  return rows.length;
}

/** An ERP's endpoint and the `order.shipped` and `invoice.issued` events of the last years, delivered (a few on the second try). */
export async function writeWebhooks(db: Kysely<Database>, ids: Ids, rnd: Random, plan: Plan, orders: OrderRow[], issued: Issued): Promise<number> {
  const endpointId = ids.take('webhook_endpoints');
  const start = `${orders[0]?.createdAt.slice(0, 10) ?? '2020-01-01'}T00:00:00.000Z`;
  const events: Array<{ at: string; type: string; data: object }> = [];
  for (const o of orders)
    if (o.shippedOn) events.push({ at: `${o.shippedOn}T15:00:00.000Z`, type: 'order.shipped', data: { id: o.id, number: o.number, status: 'shipped' } });
  for (const i of issued.invoices) events.push({ at: `${i.issueDate}T15:00:01.000Z`, type: 'invoice.issued', data: { id: i.id, number: i.number } });
  events.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  const kept = events.slice(-plan.webhookDeliveries);
  const eventRows: object[] = [];
  const deliveries: object[] = [];
  const attempts: object[] = [];
  for (const e of kept) {
    const eventId = ids.take('webhook_events');
    const messageId = `msg_${randomBytes(12).toString('hex')}`;
    eventRows.push({
      id: eventId,
      message_id: messageId,
      type: e.type,
      body: JSON.stringify({ type: e.type, timestamp: e.at, data: e.data }),
      created_at: e.at,
    });
    const deliveryId = ids.take('webhook_deliveries');
    const retried = rnd.chance(0.03);
    const deliveredAt = new Date(Date.parse(e.at) + (retried ? 65_000 : 300)).toISOString();
    deliveries.push({
      id: deliveryId,
      event_id: eventId,
      endpoint_id: endpointId,
      status: 'delivered',
      attempts: retried ? 2 : 1,
      next_attempt_at: null,
      locked_until: null,
      delivered_at: deliveredAt,
      created_at: e.at,
    });
    if (retried)
      attempts.push({
        id: ids.take('webhook_attempts'),
        delivery_id: deliveryId,
        attempt: 1,
        at: e.at,
        response_status: 503,
        duration_ms: rnd.int(800, 3000),
        error: null,
      });
    attempts.push({
      id: ids.take('webhook_attempts'),
      delivery_id: deliveryId,
      attempt: retried ? 2 : 1,
      at: deliveredAt,
      response_status: 200,
      duration_ms: rnd.int(40, 400),
      error: null,
    });
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('webhook_endpoints')
      .values({
        id: endpointId,
        url: 'https://erp.maison-solene.example/webhooks',
        description: 'ERP (orders and invoices)',
        events: JSON.stringify(['order.shipped', 'invoice.issued']),
        enabled: 1,
        disabled_reason: null,
        secret: `whsec_${randomBytes(24).toString('base64')}`,
        previous_secret: null,
        previous_secret_until: null,
        created_at: start,
        updated_at: start,
      } as never)
      .execute();
    await insertMany(trx, 'webhook_events', eventRows as never);
    await insertMany(trx, 'webhook_deliveries', deliveries as never);
    await insertMany(trx, 'webhook_attempts', attempts as never);
  });
  return deliveries.length;
}

/**
 * Orders that changed (issue 57): about one order in ten asked a change of one to three lines, decided
 * (accepted, in part, refused) or withdrawn; the last weeks' still wait. And a proposal written for one shop
 * in twenty each season, most sent, some declined or lapsed. What the owner's lists page through.
 */
export async function writeChanges(
  db: Kysely<Database>,
  ids: Ids,
  rnd: Random,
  orders: OrderRow[],
  today: string,
): Promise<{ changes: number; proposals: number }> {
  const changes: Array<Record<string, unknown>> = [];
  const items: Array<Record<string, unknown>> = [];
  const recent = new Date(Date.parse(`${today}T00:00:00Z`) - 21 * 86_400_000).toISOString();
  for (const o of orders) {
    if (!rnd.chance(0.1) || o.lines.length === 0) continue;
    const id = ids.take('order_changes');
    const waiting = o.createdAt >= recent && o.status !== 'cancelled';
    const status = waiting ? 'pending' : rnd.pick(['accepted', 'accepted', 'partlyAccepted', 'refused', 'withdrawn'] as const);
    const at = new Date(Date.parse(o.createdAt) + rnd.int(1, 10) * 86_400_000).toISOString();
    changes.push({
      id,
      order_id: o.id,
      status,
      by_role: rnd.chance(0.85) ? 'retailer' : 'brand',
      requested_by: o.userId,
      message: rnd.chance(0.5) ? 'Deux de plus pour la vitrine, s’il vous plaît.' : null,
      requested_at: at,
      decided_at: waiting ? null : new Date(Date.parse(at) + 86_400_000).toISOString(),
      decided_by: null,
      reason: status === 'refused' || status === 'partlyAccepted' ? 'Déjà coupé.' : null,
      revision: status === 'accepted' || status === 'partlyAccepted' ? 2 : null,
    });
    const lines = o.lines.slice(0, rnd.int(1, Math.min(3, o.lines.length)));
    lines.forEach((l, position) => {
      const decision = waiting ? 'pending' : status === 'accepted' ? 'accepted' : status === 'partlyAccepted' && position === 0 ? 'accepted' : 'refused';
      items.push({
        id: ids.take('order_change_items'),
        change_id: id,
        position,
        line_id: l.id,
        variant_id: l.variantId,
        size: l.size,
        product_title: JSON.stringify(l.titles),
        color_name: JSON.stringify({ fr: l.colour.fr, en: l.colour.en }),
        reference: l.reference,
        product_id: null,
        color_code: null,
        unit_price_cents: null,
        list_price_cents: null,
        before_quantity: l.quantity,
        quantity: l.quantity + rnd.int(1, 4),
        decision,
        kind: 'quantity',
      });
    });
  }
  const proposals: Array<Record<string, unknown>> = [];
  const proposalLines: Array<Record<string, unknown>> = [];
  for (const o of orders) {
    if (!rnd.chance(0.05)) continue;
    const id = ids.take('proposals');
    const status = rnd.pick(['sent', 'sent', 'sent', 'declined', 'open'] as const);
    const expires = new Date(Date.parse(o.createdAt) + 14 * 86_400_000).toISOString().slice(0, 10);
    proposals.push({
      id,
      company_id: o.userId,
      door_id: null,
      status,
      expires_on: expires,
      message: null,
      created_by: null,
      created_at: new Date(Date.parse(o.createdAt) - 3 * 86_400_000).toISOString(),
      decided_at: status === 'open' ? null : o.createdAt,
      decided_by: status === 'open' ? null : o.userId,
      order_id: status === 'sent' ? o.id : null,
      search_text: searchText(o.shop.company, o.shop.email, o.shop.town),
    });
    o.lines.forEach((l, position) =>
      proposalLines.push({
        id: ids.take('proposal_lines'),
        proposal_id: id,
        position,
        variant_id: l.variantId,
        size: l.size,
        quantity: l.quantity,
        mode: 'preBook',
        delivery_id: null,
      }),
    );
  }
  await db.transaction().execute(async (trx) => {
    await insertMany(trx, 'order_changes', changes);
    await insertMany(trx, 'order_change_items', items);
    await insertMany(trx, 'proposals', proposals);
    await insertMany(trx, 'proposal_lines', proposalLines);
  });
  return { changes: changes.length, proposals: proposals.length };
}
