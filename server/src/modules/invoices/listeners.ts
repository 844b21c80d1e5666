import { formatDay, formatPrice, fromCents } from '@atelier/contract';
import { publicBrand, type Config } from '../../config.ts';
import type { Actor } from '../../lib/actor.ts';
import type { DrawnAhead } from './ahead.ts';
import type { DomainEvents } from '../../platform/events.ts';
import { companyMailbox } from '../companies/people.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { invoiceIssuedMail } from '../mail/templates.ts';
import type { InvoicesService } from './service.ts';
import { readOrders, readShipments } from '../../read-models/orders.ts';

/** What `shipment.created` carries (orders/shipments.ts records it). */
export interface ShipmentCreated {
  shipmentId: number;
  orderId: number;
  /** Who shipped it: the invoice's activity names them. */
  actor: Actor | null;
}

/** The listeners' names, stored on their runs: renaming one leaves its runs to nobody. */
export const INVOICE_LISTENERS = { issue: 'invoices.issue-for-shipment', mail: 'invoices.mail-issued' } as const;

/**
 * What the invoices area does after others' commits (issue 56, ADR 0026):
 * - a parcel left: its invoice is issued, in a transaction of its own (its number from the counter in that
 *   transaction: the series stays gapless), not while the order is held;
 * - an invoice of goods was issued: it is mailed with its Factur-X PDF to the company's accounts person (else
 *   its admin), in the order's language. A deposit invoice has its own mail, sent when it is issued.
 */
export function listenForInvoices(events: DomainEvents, invoices: InvoicesService, config: Config): void {
  events.listen<ShipmentCreated, DrawnAhead | null>(
    'shipment.created',
    INVOICE_LISTENERS.issue,
    async (trx, event, drawn) => {
      await invoices.issueForShipment(trx, event.payload.shipmentId, event.payload.actor, invoices.issueDay(), drawn);
    },
    // Its Factur-X PDF is drawn first, outside every lock, for the number the invoice should get.
    { prepare: async (_db, event) => invoices.drawAhead(event.payload.shipmentId, event.payload.actor, invoices.issueDay()) },
  );

  events.listen<{ invoiceId: number }>('invoice.issued', INVOICE_LISTENERS.mail, async (trx, event) => {
    const invoice = await trx
      .selectFrom('invoices')
      .select([
        'id',
        'number',
        'type',
        'purpose',
        'order_id',
        'shipment_id',
        'user_id',
        'locale',
        'currency',
        'seller',
        'due_date',
        'total_incl_cents',
        'prepaid_cents',
        'pdf',
      ])
      .where('id', '=', event.payload.invoiceId)
      .executeTakeFirst();
    if (!invoice || invoice.type !== 'invoice' || invoice.purpose !== 'goods' || invoice.order_id === null) return;
    const order = await trx
      .selectFrom(readOrders().as('orders'))
      .select(['number', 'retailer_email'])
      .where('id', '=', invoice.order_id)
      .executeTakeFirstOrThrow();
    const parcel = invoice.shipment_id
      ? ((await trx.selectFrom(readShipments().as('shipments')).select('number').where('id', '=', invoice.shipment_id).executeTakeFirst())?.number ?? null)
      : null;
    const to = (invoice.user_id === null ? null : await companyMailbox(trx, invoice.user_id, 'invoices')) ?? order.retailer_email;
    const locale = invoice.locale;
    const money = (cents: number) => formatPrice(fromCents(cents), locale, invoice.currency);
    const seller = JSON.parse(invoice.seller) as { iban: string };
    await enqueueMail(trx, {
      to,
      dedupeKey: `invoice:${invoice.id}:issued`,
      ...invoiceIssuedMail(publicBrand(config), locale, {
        number: invoice.number,
        order: order.number,
        parcel,
        amount: money(invoice.total_incl_cents - invoice.prepaid_cents),
        dueDate: formatDay(invoice.due_date!, locale),
        iban: seller.iban,
        prepaid: invoice.prepaid_cents ? money(invoice.prepaid_cents) : null,
        url: `${config.PUBLIC_URL}/account/invoices?lang=${locale}`,
      }),
      attachments: [{ filename: `${invoice.number}.pdf`, contentType: 'application/pdf', content: Buffer.from(invoice.pdf) }],
    });
  });
}
