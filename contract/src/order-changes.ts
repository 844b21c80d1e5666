import { z } from 'zod';
import { ORDER_QUANTITY_MAX, SIZES } from './constants.ts';
import { defineMessages } from './messages.ts';
import { pageOf, pageQuery } from './paging.ts';
import { langQuery } from './query.ts';

/**
 * A sent order that changes (issue 57): a shop asks, line by line; the label decides each line. The order
 * itself is unchanged until then; an accepted line makes the order's next revision.
 */
export const ORDER_CHANGE_STATUSES = ['pending', 'accepted', 'partlyAccepted', 'refused', 'withdrawn'] as const;
export type OrderChangeStatus = (typeof ORDER_CHANGE_STATUSES)[number];
/** At most so many lines in one change (an order has at most 300). */
export const ORDER_CHANGE_ITEMS_MAX = 100;

export const ORDER_CHANGE_MESSAGES = defineMessages('orderChange', {
  closed: {
    en: 'This order can no longer change: its season’s order window is closed, or its pieces have left.',
    fr: 'Cette commande ne peut plus changer : la fenêtre de commande de sa saison est close, ou ses pièces sont parties.',
  },
  pending: {
    en: 'A change of this order already waits for the label’s answer: withdraw it to ask another.',
    fr: 'Une modification de cette commande attend déjà la réponse de la marque : retirez-la pour en demander une autre.',
  },
  itemsInvalid: {
    en: 'List from 1 to 100 lines to change, each once, with a quantity from 0 to 999 (0 removes the line).',
    fr: 'Indiquez de 1 à 100 lignes à modifier, chacune une fois, avec une quantité de 0 à 999 (0 retire la ligne).',
    field: '/items',
  },
  lineNotInOrder: { en: 'This line is not one of this order’s:', fr: 'Cette ligne n’est pas une ligne de cette commande :', field: '/items' },
  belowShipped: {
    en: 'A line cannot go below what has already left or been cancelled:',
    fr: 'Une ligne ne peut pas descendre sous ce qui est déjà parti ou annulé :',
    field: '/items',
  },
  notOffered: {
    en: 'This piece is not offered in this size, or not in this order’s currency:',
    fr: 'Cette pièce n’est pas proposée dans cette taille, ou pas dans la devise de cette commande :',
    field: '/items',
  },
  alreadyInOrder: {
    en: 'This piece is already a line of the order: change that line’s quantity instead:',
    fr: 'Cette pièce est déjà une ligne de la commande : changez plutôt la quantité de cette ligne :',
    field: '/items',
  },
  sameAsOrder: { en: 'This change leaves the order as it is.', fr: 'Cette modification laisse la commande telle quelle.', field: '/items' },
  wouldEmpty: {
    en: 'A change cannot remove every line: cancel the order instead.',
    fr: 'Une modification ne peut pas retirer toutes les lignes : annulez plutôt la commande.',
    field: '/items',
  },
  changeNotFound: { en: 'This change does not exist (introuvable).', fr: 'Cette modification est introuvable.' },
  decided: {
    en: 'This change has already been decided or withdrawn.',
    fr: 'Cette modification a déjà reçu une réponse ou a été retirée.',
  },
  notPreOrder: {
    en: 'Only a pre-order’s lines move to another delivery window:',
    fr: 'Seules les lignes d’une précommande changent de fenêtre de livraison :',
    field: '/items',
  },
  deliveryInvalid: {
    en: 'This delivery window is not one of the order’s season:',
    fr: 'Cette fenêtre de livraison n’est pas une de la saison de la commande :',
    field: '/items',
  },
  moveStarted: {
    en: 'A line of which pieces have left or been cancelled stays in its delivery:',
    fr: 'Une ligne dont des pièces sont parties ou annulées reste dans sa livraison :',
    field: '/items',
  },
  doorInvalid: {
    en: 'This door is not one the order may go to: choose a door of the company that you order for.',
    fr: 'Cette adresse ne peut pas recevoir la commande : choisissez une adresse de la société pour laquelle vous commandez.',
    field: '/doorId',
  },
  acceptInvalid: {
    en: 'Accept lines by their place in the change (0 for the first), each once.',
    fr: 'Acceptez des lignes par leur place dans la modification (0 pour la première), chacune une fois.',
    field: '/accept',
  },
});

const quantity = z.number().int().min(0).max(ORDER_QUANTITY_MAX);
/** One line of a change: a line of the order at a new quantity (0 removes it), or a piece to add. */
export const orderChangeItemInput = z.union([
  z.object({ lineId: z.number().int().positive(), quantity }).strict(),
  /** A pre-order's line moved to another delivery window of its season. */
  z.object({ lineId: z.number().int().positive(), deliveryId: z.number().int().positive() }).strict(),
  /** A piece added (in the order's window, or in another of its season). */
  z
    .object({ variantId: z.number().int().positive(), size: z.enum(SIZES), quantity: quantity.min(1), deliveryId: z.number().int().positive().optional() })
    .strict(),
]);
export type OrderChangeItemInput = z.infer<typeof orderChangeItemInput>;

/** `POST /api/orders/{id}/changes` (the shop) and `POST /api/admin/orders/{id}/changes` (the label, `apply: true`). */
const changeFields = z.object({
  items: z.array(orderChangeItemInput).max(ORDER_CHANGE_ITEMS_MAX, ORDER_CHANGE_MESSAGES.itemsInvalid),
  /** The order sent to another door of the company (a line of the change of its own, after the items). */
  doorId: z.number().int().positive().optional(),
  message: z.string().trim().max(2000).optional(),
});
/** At least one line, or a door. */
const somethingAsked = (v: { items: unknown[]; doorId?: number | undefined }) => v.items.length > 0 || v.doorId !== undefined;
export const orderChangeInput = changeFields.refine(somethingAsked, { message: ORDER_CHANGE_MESSAGES.itemsInvalid, path: ['items'] });
export type OrderChangeInput = z.infer<typeof orderChangeInput>;
export const adminOrderChangeInput = changeFields
  .extend({ apply: z.literal(true) })
  .refine(somethingAsked, { message: ORDER_CHANGE_MESSAGES.itemsInvalid, path: ['items'] });

/** `POST /api/admin/orders/{id}/changes/{changeId}/decision`: the items accepted (their places), the rest refused with the reason. */
export const orderChangeDecisionInput = z.object({
  accept: z
    .array(
      z
        .number()
        .int()
        .min(0)
        .max(ORDER_CHANGE_ITEMS_MAX - 1),
    )
    .max(ORDER_CHANGE_ITEMS_MAX),
  reason: z.string().trim().max(1000).optional(),
});
export type OrderChangeDecisionInput = z.infer<typeof orderChangeDecisionInput>;

/** What a line of a change does: a line's quantity (0 removes it), a piece added, a line moved to another delivery window, the order sent to another door. */
export const ORDER_CHANGE_KINDS = ['quantity', 'add', 'delivery', 'door'] as const;

/** One line of a change as read: what the line was, what was asked, and the label's answer. */
export const orderChangeItem = z.object({
  kind: z.enum(ORDER_CHANGE_KINDS),
  lineId: z.number().nullable(),
  variantId: z.number().nullable(),
  productTitle: z.string(),
  reference: z.string().nullable(),
  colorName: z.string(),
  /** Null for a door (the order as a whole). */
  size: z.enum(SIZES).nullable(),
  before: z.number(),
  after: z.number(),
  /** A move or a door: the delivery window or the door, from and to, named in the reader's language. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  decision: z.enum(['pending', 'accepted', 'refused']),
});

export const orderChange = z
  .object({
    id: z.number(),
    orderId: z.number(),
    status: z.enum(ORDER_CHANGE_STATUSES),
    /** Who asked: the shop, or the label changing it itself. */
    by: z.enum(['stockist', 'brand']),
    requestedAt: z.string(),
    message: z.string().nullable(),
    items: z.array(orderChangeItem),
    decidedAt: z.string().nullable(),
    reason: z.string().nullable(),
    /** The order's revision its accepted lines made (null: none accepted yet). */
    revision: z.number().nullable(),
  })
  .meta({ id: 'OrderChange' });
export type OrderChange = z.infer<typeof orderChange>;

export const orderChangeSummary = orderChange.pick({ id: true, orderId: true, status: true, by: true, requestedAt: true }).extend({
  orderNumber: z.string(),
  shop: z.string(),
  lines: z.number(),
});
export const orderChangeList = pageOf(orderChangeSummary).meta({ id: 'OrderChangeList' });
export type OrderChangeList = z.infer<typeof orderChangeList>;
/** `GET /api/admin/order-changes`: of one status, searched by order number or shop. */
export const orderChangeListQuery = z.intersection(z.intersection(z.object({ status: z.enum(ORDER_CHANGE_STATUSES).optional() }), pageQuery), langQuery);
