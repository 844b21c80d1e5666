import { z } from 'zod';

/** `GET /api/admin/home`: what waits for the owner today, each a count her home links to its list. */
export const adminHome = z
  .object({
    /** Applications to answer. */
    applications: z.number().int(),
    /** Orders sent, to confirm. */
    toConfirm: z.number().int(),
    /** Orders held in review (credit control, issue 47): to accept or refuse. */
    inReview: z.number().int().optional(),
    /** Changes shops asked of their orders, waiting for her decision (issue 57). */
    orderChanges: z.number().int().optional(),
    /** Confirmed orders whose ship date falls by the end of this week (late ones included). */
    toShipThisWeek: z.number().int(),
    /** Shipped orders whose invoice waits for details (the label's or the shop's). */
    invoicesWaiting: z.number().int(),
    /** Invoices past their due date, and what is left to pay on them (incl. VAT). */
    overdue: z.object({ count: z.number().int(), total: z.number() }),
    /** Documents the approved e-invoicing platform rejected or refused. */
    platformRejected: z.number().int(),
    /** Webhook endpoints that fail. */
    failingWebhooks: z.number().int(),
    /** Sizes sold out in stock that open pre-orders still wait for. */
    soldOutWithPreorders: z.number().int(),
    /** Shops waiting for sold-out sizes, and how many sizes (issue 58): "12 shops wait for 7 sizes". */
    waitlist: z.object({ shops: z.number().int(), sizes: z.number().int() }).optional(),
    /** Lines of the bank's statements waiting to be matched to invoices (issue 59). */
    bankToMatch: z.number().int().optional(),
  })
  .meta({ id: 'AdminHome' });
export type AdminHome = z.infer<typeof adminHome>;
