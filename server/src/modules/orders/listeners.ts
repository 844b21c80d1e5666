import type { DomainEvents } from '../../platform/events.ts';
import { enqueueMail, type QueuedMail } from '../mail/outbox.ts';
import type { OrdersService } from './service.ts';
import type { ParcelShipped } from './shipments.ts';

export const ORDER_LISTENERS = { parcelMail: 'orders.parcel-mail', allocationMail: 'orders.allocation-mail' } as const;

/**
 * What the orders area does after its own commits (issue 56, ADR 0026): a parcel's mail to the shop, with
 * its delivery note, is built after the shipment's commit (the PDF drawn outside every lock) and queued in
 * the listener's transaction; its dedupe key makes a second run queue nothing.
 */
export function listenForOrders(events: DomainEvents, orders: OrdersService): void {
  events.listen<ParcelShipped, QueuedMail | null>(
    'shipment.created',
    ORDER_LISTENERS.parcelMail,
    async (trx, _event, mail) => {
      if (mail) await enqueueMail(trx, mail);
    },
    {
      prepare: async (db, event) => {
        const loaded = await orders.records.load(db, event.payload.orderId);
        return loaded ? orders.records.shipmentMail(db, loaded, event.payload.shipmentId, event.payload.inOne) : null;
      },
    },
  );
  // Each shop of an allocation is told what comes, what follows and what is cancelled (issue 58), after its commit.
  events.listen<{ allocationId: number }, QueuedMail[]>(
    'allocation.applied',
    ORDER_LISTENERS.allocationMail,
    async (trx, _event, mails) => {
      for (const mail of mails) await enqueueMail(trx, mail);
    },
    { prepare: (db, event) => orders.allocation.mails(db, event.payload.allocationId) },
  );
}
