import { sql } from 'kysely';
import type { InvoiceOrders } from '../invoices/orders-port.ts';

/** What invoicing writes of the orders, done here, in the area that owns them (ADR 0029). */
export const invoiceOrders: InvoiceOrders = {
  /**
   * The parcel held while its invoice is looked for and written: the listener after the shipment and a
   * cancellation that needs the invoice at once never both write one (PostgreSQL: its row's lock).
   */
  async holdParcel(trx, shipmentId) {
    await trx
      .updateTable('shipments')
      .set({ seq: sql<number>`seq` })
      .where('id', '=', shipmentId)
      .execute();
  },
  /** The share of the order its deposit invoice asked. */
  async setDepositPercent(trx, orderId, percent) {
    await trx.updateTable('orders').set({ deposit_pct: percent }).where('id', '=', orderId).execute();
  },
};
