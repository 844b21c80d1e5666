import { defineMessages } from './messages.ts';
import { z } from 'zod';
import { langQuery } from './query.ts';
import { SIZES } from './constants.ts';
import { shipInput } from './orders.ts';

/** The stockroom's day (issue 45): a pick list of the orders to ship, and shipping them in bulk. */
export const FULFILMENT_MESSAGES = defineMessages('fulfilment', {
  scopeInvalid: { en: 'Choose between 1 and 200 orders, or a delivery window.', fr: 'Choisissez de 1 à 200 commandes, ou une période de livraison.' },
  nothingOnHand: { en: 'Nothing of this order is on hand to ship.', fr: 'Rien de cette commande n’est en stock pour partir.' },
});

/** At most this many orders in one pick list or one bulk shipment. */
export const BULK_ORDERS_MAX = 200;

const ids = z
  .string({ error: FULFILMENT_MESSAGES.scopeInvalid })
  .regex(/^\d{1,10}(,\d{1,10}){0,199}$/, { error: FULFILMENT_MESSAGES.scopeInvalid })
  .transform((v) => [...new Set(v.split(',').map(Number))]);

/** `GET /api/admin/orders/pick-list.csv|pdf`: the orders by id (`ids=4,8,15`) or all ready for a delivery window. */
export const pickListQuery = z.intersection(
  z
    .object({
      ids: ids.optional(),
      delivery: z
        .string({ error: FULFILMENT_MESSAGES.scopeInvalid })
        .regex(/^\d{1,10}$/, { error: FULFILMENT_MESSAGES.scopeInvalid })
        .transform(Number)
        .optional(),
    })
    .refine((q) => (q.ids === undefined) !== (q.delivery === undefined), { error: FULFILMENT_MESSAGES.scopeInvalid }),
  langQuery,
);

/** One piece of the pick list: what to take off the shelf, and for which orders. */
export const pickRow = z.object({
  reference: z.string().nullable(),
  productTitle: z.string(),
  colorName: z.string(),
  size: z.enum(SIZES),
  total: z.number(),
  orders: z.array(z.object({ number: z.string(), quantity: z.number() })),
  /** The piece's EAN-13 (issue 60), once it has one. */
  gtin: z.string().nullable().optional(),
});
export type PickRow = z.infer<typeof pickRow>;

/**
 * `POST /api/admin/orders/ship-bulk`: one parcel per order of what stock allows, each in its own transaction;
 * the orders by id, or all ready for a delivery window (`deliveryId`, 200 at most, oldest first).
 */
export const bulkShipInput = z
  .object({
    orderIds: z
      .array(z.number().int().positive(), { error: FULFILMENT_MESSAGES.scopeInvalid })
      .min(1, { error: FULFILMENT_MESSAGES.scopeInvalid })
      .max(BULK_ORDERS_MAX, { error: FULFILMENT_MESSAGES.scopeInvalid })
      .optional(),
    deliveryId: z.number({ error: FULFILMENT_MESSAGES.scopeInvalid }).int().positive().optional(),
    carrier: shipInput.shape.carrier,
  })
  .refine((b) => (b.orderIds === undefined) !== (b.deliveryId === undefined), { error: FULFILMENT_MESSAGES.scopeInvalid });
export type BulkShipInput = z.infer<typeof bulkShipInput>;

export const bulkShipResult = z
  .object({
    results: z.array(
      z.object({
        id: z.number(),
        /** Null for an id that is no order. */
        number: z.string().nullable(),
        shipped: z.boolean(),
        /** Shipped: the parcel's number, its invoice's (null while its details are missing) and the order's status after. */
        shipment: z.string().nullable(),
        invoice: z.string().nullable(),
        status: z.string().nullable(),
        /** Not shipped: why, in the caller's language. */
        error: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'BulkShipResult' });
export type BulkShipResult = z.infer<typeof bulkShipResult>;
