import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/**
 * An order ships in parts (issue 45, ADR 0021): `shipments` (a parcel, numbered `{order}-{n}`, with its
 * carrier, tracking, shipping charge and day) and `shipment_lines` (an order line and how many of it);
 * each order line counts what left (`shipped`) and what will not (`cancelled`); an order says when the
 * rest follows (`follow_date`); an invoice belongs to the shipment it bills (`shipment_id`, unique).
 *
 * What was shipped before reads as one shipment of all its lines: every order with a `shipped` event
 * (some were cancelled afterwards, their invoice credited) gets shipment 1 with the order's carrier,
 * tracking, charge and the day of that event; its lines count as shipped; its invoice is that shipment's.
 * Set-based statements: ten years of orders move in a few statements, on both databases.
 */
export async function m024Shipments(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  await ctx
    .id(db.schema.createTable('shipments'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('number', 'varchar(40)', (c) => c.notNull())
    .addColumn('carrier', 'varchar(80)')
    .addColumn('tracking', 'varchar(120)')
    .addColumn('shipping_cents', 'integer')
    .addColumn('shipped_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('shipped_by', 'integer')
    .addUniqueConstraint('shipments_order_seq', ['order_id', 'seq'])
    .execute();
  await ctx
    .id(db.schema.createTable('shipment_lines'))
    .addColumn('shipment_id', 'integer', (c) => c.notNull().references('shipments.id'))
    .addColumn('order_line_id', 'integer', (c) => c.notNull().references('order_lines.id'))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('shipment_lines_shipment').on('shipment_lines').column('shipment_id').execute();
  await db.schema.createIndex('shipment_lines_order_line').on('shipment_lines').column('order_line_id').execute();
  await db.schema.createIndex('shipments_shipped').on('shipments').columns(['shipped_at', 'id']).execute();

  await db.schema
    .alterTable('order_lines')
    .addColumn('shipped', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('order_lines')
    .addColumn('cancelled', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('orders').addColumn('follow_date', 'varchar(10)').execute();
  await db.schema.alterTable('invoices').addColumn('shipment_id', 'integer').execute();
  await db.schema.createIndex('invoices_shipment').on('invoices').column('shipment_id').unique().execute();

  await readShippedAsShipments(db);
}

/**
 * Every order shipped whole (a `shipped` event, no shipment yet) as shipment 1 of all its lines, with its
 * invoice (`invoiced_order_id`) as that shipment's. The migration reads an old database so; seed:scale
 * writes its ten years of orders the old way and reads them so too (only what has no shipment is touched).
 */
export async function readShippedAsShipments(db: Kysely<any>): Promise<void> {
  await sql`
    insert into shipments (order_id, seq, number, carrier, tracking, shipping_cents, shipped_at, shipped_by)
    select o.id, 1, o.number || '-1', o.carrier, o.tracking, o.shipping_cents, e.at, null
    from orders o
    join (select order_id, max(at) as at from order_events where status = 'shipped' group by order_id) e on e.order_id = o.id
    where not exists (select 1 from shipments x where x.order_id = o.id)
    order by o.id
  `.execute(db);
  await sql`
    insert into shipment_lines (shipment_id, order_line_id, quantity)
    select s.id, l.id, l.quantity
    from shipments s join order_lines l on l.order_id = s.order_id
    where l.quantity > 0 and not exists (select 1 from shipment_lines x where x.shipment_id = s.id)
    order by s.id, l.position
  `.execute(db);
  await sql`
    update order_lines set shipped = quantity
    where shipped = 0 and cancelled = 0 and order_id in (select order_id from shipments where seq = 1 and shipped_by is null)
  `.execute(db);
  await sql`
    update invoices set shipment_id = (select s.id from shipments s where s.order_id = invoices.invoiced_order_id)
    where invoiced_order_id is not null and shipment_id is null
  `.execute(db);
}
