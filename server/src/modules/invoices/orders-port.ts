import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * What invoicing writes of the orders (a parcel held while its invoice is written, an order's deposit
 * share), done by the orders area, which calls the invoices: handed in by the composition (ADR 0029).
 */
export interface InvoiceOrders {
  holdParcel(trx: Kysely<Database>, shipmentId: number): Promise<void>;
  setDepositPercent(trx: Kysely<Database>, orderId: number, percent: number): Promise<void>;
}
