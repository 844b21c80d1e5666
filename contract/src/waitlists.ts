import { z } from 'zod';
import { ORDER_QUANTITY_MAX, SIZES } from './constants.ts';
import { defineMessages } from './messages.ts';
import { pageOf, pageQuery } from './paging.ts';
import { langQuery } from './query.ts';

/**
 * Waitlists (issue 58): a shop waits for a sold-out at-once size, in its turn; when pieces come back the
 * first waiting shop is offered them, held for it for a time (`WAITLIST_HOLD_HOURS`), and confirms them as
 * an at-once order or lets them go to the next.
 */
export const WAITLIST_STATUSES = ['waiting', 'offered', 'served', 'left', 'lapsed'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];
export const OFFER_STATUSES = ['open', 'confirmed', 'declined', 'expired'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
/** A shop's list shows so many entries and offers at most (the open ones first). */
export const WAITLIST_SHOWN = 50;

export const WAITLIST_MESSAGES = defineMessages('waitlist', {
  notFound: { en: 'This waitlist entry does not exist.', fr: 'Cette attente est introuvable.' },
  offerNotFound: { en: 'This offer does not exist.', fr: 'Cette offre est introuvable.' },
  pieceUnknown: {
    en: 'This piece is not offered in this size, or not sold from stock:',
    fr: 'Cette pièce n’est pas proposée dans cette taille, ou pas vendue sur stock :',
    field: '/variantId',
  },
  inStock: {
    en: 'This size is in stock: order it now instead of waiting.',
    fr: 'Cette taille est en stock : commandez-la maintenant plutôt que d’attendre.',
  },
  already: {
    en: 'Your shop already waits for this size: leave that wait to ask another quantity.',
    fr: 'Votre boutique attend déjà cette taille : quittez cette attente pour demander une autre quantité.',
  },
  quantityInvalid: {
    en: 'Give a quantity from 1 to 999, in the multiple the style is sold by.',
    fr: 'Indiquez une quantité de 1 à 999, par le multiple dans lequel le modèle est vendu.',
    field: '/quantity',
  },
  notWaiting: {
    en: 'This wait is over: its pieces were offered, ordered or let go.',
    fr: 'Cette attente est terminée : ses pièces ont été proposées, commandées ou laissées.',
  },
  offerClosed: {
    en: 'This offer was already confirmed or let go.',
    fr: 'Cette offre a déjà été confirmée ou laissée.',
  },
  offerExpired: {
    en: 'This offer is past its time: the pieces went to the next shop waiting.',
    fr: 'Cette offre a dépassé son délai : les pièces sont passées à la boutique suivante.',
  },
});

/** `POST /api/waitlist` */
export const waitlistInput = z.object({
  variantId: z.number({ error: WAITLIST_MESSAGES.pieceUnknown }).int().positive({ error: WAITLIST_MESSAGES.pieceUnknown }),
  size: z.enum(SIZES, { error: WAITLIST_MESSAGES.pieceUnknown }),
  quantity: z
    .number({ error: WAITLIST_MESSAGES.quantityInvalid })
    .int({ error: WAITLIST_MESSAGES.quantityInvalid })
    .min(1, { error: WAITLIST_MESSAGES.quantityInvalid })
    .max(ORDER_QUANTITY_MAX, { error: WAITLIST_MESSAGES.quantityInvalid }),
});
export type WaitlistInput = z.infer<typeof waitlistInput>;

const piece = {
  variantId: z.number(),
  productId: z.number().nullable(),
  reference: z.string().nullable(),
  productTitle: z.string(),
  colorName: z.string(),
  size: z.string(),
};

export const waitlistOffer = z
  .object({
    id: z.number(),
    entryId: z.number(),
    ...piece,
    quantity: z.number(),
    status: z.enum(OFFER_STATUSES),
    expiresAt: z.string(),
    createdAt: z.string(),
    decidedAt: z.string().nullable(),
    order: z.object({ id: z.number(), number: z.string() }).nullable(),
  })
  .meta({ id: 'WaitlistOffer' });
export type WaitlistOffer = z.infer<typeof waitlistOffer>;

export const waitlistEntry = z
  .object({
    id: z.number(),
    ...piece,
    quantity: z.number(),
    status: z.enum(WAITLIST_STATUSES),
    /** Its place among the shops waiting for this size (1: next to be offered); null once it no longer waits. */
    position: z.number().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'WaitlistEntry' });
export type WaitlistEntry = z.infer<typeof waitlistEntry>;

/** `POST /api/offers/{id}/confirm`: the door the pieces go to, when the person orders for several. */
export const offerConfirmInput = z.object({ doorId: z.number().int().positive().optional() }).optional();

/** `GET /api/account/waitlist`: the shop's entries still waiting or offered, then the last ended. */
export const waitlistList = z.object({ data: z.array(waitlistEntry) }).meta({ id: 'WaitlistList' });
export type WaitlistList = z.infer<typeof waitlistList>;
/** `GET /api/account/offers`: the shop's open offers, then the last decided. */
export const offerList = z.object({ data: z.array(waitlistOffer) }).meta({ id: 'WaitlistOfferList' });
export type OfferList = z.infer<typeof offerList>;

/** The owner's list: who waits for what, in each piece's order. */
export const adminWaitlistRow = waitlistEntry.extend({
  company: z.object({ id: z.number(), name: z.string() }),
  offer: waitlistOffer.pick({ id: true, quantity: true, status: true, expiresAt: true }).nullable(),
});
export const adminWaitlistList = pageOf(adminWaitlistRow).meta({ id: 'AdminWaitlistList' });
export type AdminWaitlistList = z.infer<typeof adminWaitlistList>;
/** `GET /api/admin/waitlists?status=&variant=&q=`: waiting and offered by default. */
export const adminWaitlistQuery = z.intersection(
  z.intersection(
    z.object({
      status: z.enum(['active', ...WAITLIST_STATUSES]).default('active'),
      variant: z.coerce.number().int().positive().optional(),
    }),
    pageQuery,
  ),
  langQuery,
);

/** `GET /api/admin/waitlists/pieces?variants=1,2`: per size, how many shops wait and for how many pieces (the stock screen). */
export const waitlistPiecesQuery = z.object({
  variants: z
    .string()
    .max(2000)
    .regex(/^\d+(,\d+){0,199}$/)
    .transform((s) => s.split(',').map(Number)),
});
export const waitlistPieces = z
  .object({ data: z.array(z.object({ variantId: z.number(), size: z.string(), shops: z.number(), pieces: z.number() })) })
  .meta({ id: 'WaitlistPieces' });
export type WaitlistPieces = z.infer<typeof waitlistPieces>;
/** The owner's home: so many shops wait for so many sizes. */
export const waitlistSummary = z.object({ shops: z.number(), sizes: z.number() });
export type WaitlistSummary = z.infer<typeof waitlistSummary>;
