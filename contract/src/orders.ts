import { defineMessages } from './messages.ts';
import { pageOf, pageQuery } from './paging.ts';
import { postalAddress, postalAddressOut } from './address.ts';
import { z } from 'zod';
import { orderChange } from './order-changes.ts';
import { CURRENCIES } from './currency-helpers.ts';
import { langQuery } from './query.ts';
import { ORDER_LINES_MAX, ORDER_QUANTITY_MAX, ORDER_STATUSES, SIZES, type OrderStatus } from './constants.ts';
import { INVOICE_GAPS, INVOICE_STATUSES } from './invoice-constants.ts';

export type { OrderStatus };
import { isRealDay } from './wholesale.ts';
import { orderDoor, shippingCharge } from './invoices.ts';

export const ORDER_MESSAGES = defineMessages('order', {
  quantityInvalid: { en: 'Each quantity is a whole number from 1 to 999.', fr: 'Chaque quantité est un nombre entier de 1 à 999.' },
  sizeInvalid: { en: 'This size is not one we make.', fr: 'Cette taille n’existe pas chez nous.' },
  tooManyLines: { en: 'An order can have at most 300 lines.', fr: 'Une commande compte au plus 300 lignes.' },
  lineUnavailable: {
    en: 'Some lines are no longer available; remove them to continue:',
    fr: 'Certaines lignes ne sont plus disponibles ; retirez-les pour continuer :',
  },
  lineTwice: {
    en: 'The same piece appears twice for the same delivery; give it one line with the whole quantity:',
    fr: 'La même pièce figure deux fois pour la même livraison ; donnez-lui une seule ligne avec toute la quantité :',
  },
  packUnknown: { en: 'This pack is not one of the style’s packs:', fr: 'Ce pack n’est pas l’un des packs du modèle :' },
  packsOnly: { en: 'This style is sold in packs only; order it by the pack:', fr: 'Ce modèle est vendu uniquement en packs ; commandez-le par pack :' },
  notMultiple: {
    en: 'This style is sold in multiples; each quantity per colour and size must be a multiple of it:',
    fr: 'Ce modèle est vendu par multiples ; chaque quantité par couleur et taille doit en être un multiple :',
  },
  packsInvalid: {
    en: 'A number of packs is a whole number from 1 to 999, and makes at most 999 pieces of a size.',
    fr: 'Un nombre de packs est un nombre entier de 1 à 999, et fait au plus 999 pièces d’une taille.',
  },
  emptyDraft: {
    en: 'Your order is empty: add pieces from a product page first.',
    fr: 'Votre commande est vide : ajoutez d’abord des pièces depuis une fiche produit.',
  },
  belowMinimum: { en: 'Your order is below the minimum.', fr: 'Votre commande n’atteint pas le minimum.' },
  idempotencyKeyRequired: {
    en: 'An Idempotency-Key header is required (any random text, the same when the request is retried).',
    fr: 'Un en-tête Idempotency-Key est requis (un texte aléatoire, le même quand la requête est renvoyée).',
  },
  orderNotFound: { en: 'This order does not exist (introuvable).', fr: 'Cette commande est introuvable.' },
  transitionRefused: {
    en: 'This order cannot go from its current status to the one asked.',
    fr: 'Cette commande ne peut pas passer de son statut actuel à celui demandé.',
  },
  adminsCannotOrder: { en: 'Administrators cannot place orders.', fr: 'Les administrateurs ne passent pas de commande.' },
  shipDateInvalid: { en: 'The ship date must be a real date (YYYY-MM-DD).', fr: 'La date d’expédition doit être une vraie date (AAAA-MM-JJ).' },
  reasonRequired: { en: 'Please give a reason (500 characters at most).', fr: 'Indiquez un motif (500 caractères au plus).' },
  confirmLinesInvalid: {
    en: 'A confirmed order keeps at least one of its own lines, each with a quantity from 1 to 999.',
    fr: 'Une commande confirmée garde au moins une de ses lignes, chacune avec une quantité de 1 à 999.',
  },
  periodInvalid: { en: 'The period needs two real dates, from before to.', fr: 'La période demande deux vraies dates, la première avant la seconde.' },
  vatInvalid: {
    en: 'This VAT number is not valid (French: FR, a 2-character key and the 9-digit SIREN).',
    fr: 'Ce numéro de TVA n’est pas valide (en France : FR, une clé de 2 caractères et le SIREN à 9 chiffres).',
  },
  siretInvalid: { en: 'A SIRET number has 14 digits.', fr: 'Un numéro SIRET compte 14 chiffres.' },
  companySaved: { en: 'Your company details were saved.', fr: 'Les coordonnées de votre société ont été enregistrées.' },
  shipLinesInvalid: {
    en: 'Each line to ship is given once, with a quantity from 1 to 999.',
    fr: 'Chaque ligne à expédier est donnée une fois, avec une quantité de 1 à 999.',
  },
  shipLineUnknown: { en: 'This line is not one of this order’s:', fr: 'Cette ligne n’est pas une ligne de cette commande :' },
  shipTooMany: { en: 'More than is left to ship on this line:', fr: 'Plus que ce qui reste à expédier sur cette ligne :' },
  shipNothing: { en: 'Choose at least one piece to ship.', fr: 'Choisissez au moins une pièce à expédier.' },
  nothingLeft: { en: 'Nothing is left to ship on this order.', fr: 'Il ne reste rien à expédier sur cette commande.' },
  followDateInvalid: {
    en: 'The date the rest follows must be a real date (YYYY-MM-DD).',
    fr: 'La date à laquelle suit le reste doit être une vraie date (AAAA-MM-JJ).',
  },
  inReview: { en: 'This order is in review: accept it before confirming it.', fr: 'Cette commande est à examiner : acceptez-la avant de la confirmer.' },
  inReviewShip: {
    en: 'This order is in review since its last change: accept it before shipping it.',
    fr: 'Cette commande est à examiner depuis sa dernière modification : acceptez-la avant de l’expédier.',
  },
  depositUnpaid: {
    en: 'The deposit of this order is not paid yet: as its company’s terms say, its parcels wait for it.',
    fr: 'L’acompte de cette commande n’est pas encore réglé : comme le prévoient les conditions de sa société, ses colis l’attendent.',
  },
  notInReview: { en: 'This order is not waiting for a review.', fr: 'Cette commande n’attend pas d’examen.' },
});

/** Why an order is held in review (issue 47): over the company's credit limit, or an invoice overdue too long. */
export const REVIEW_REASONS = ['creditLimit', 'overdue'] as const;
export const orderReview = z.object({
  /** pending: held, not to be confirmed; accepted: the owner let it go on; refused: cancelled. */
  state: z.enum(['pending', 'accepted', 'refused']),
  reasons: z.array(z.enum(REVIEW_REASONS)),
  /** What the company owed when it was sent, this order included: invoices unpaid (incl. VAT) and orders not yet invoiced. */
  exposure: z.number(),
  limit: z.number().nullable(),
  overdue: z.array(z.object({ number: z.string(), dueDate: z.string(), due: z.number() })),
  at: z.string(),
});
export type OrderReview = z.infer<typeof orderReview>;
/** An order's deposit (issue 47, ADR 0024): its invoice (type 386) and where it stands; `hold`: parcels wait until it is paid. */
export const orderDeposit = z.object({
  invoiceId: z.number(),
  number: z.string(),
  percent: z.number(),
  amount: z.number(),
  paid: z.number(),
  due: z.number(),
  /** Deducted so far from the invoices of its parcels (incl. VAT). */
  deducted: z.number(),
  status: z.enum(['due', 'paid', 'credited']),
  hold: z.boolean(),
});
export type OrderDeposit = z.infer<typeof orderDeposit>;

/** `POST /api/admin/orders/{id}/review`: the owner lets the order go on, or refuses it (cancelled, the reason mailed). */
export const reviewDecision = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('accept') }),
  z.object({
    decision: z.literal('refuse'),
    reason: z
      .string({ error: ORDER_MESSAGES.reasonRequired })
      .trim()
      .min(1, { error: ORDER_MESSAGES.reasonRequired })
      .max(500, { error: ORDER_MESSAGES.reasonRequired }),
  }),
]);
export type ReviewDecision = z.infer<typeof reviewDecision>;

export const draftLineInput = z.object({
  variantId: z.number().int().positive(),
  /** atOnce: from stock, shipped now; preBook: in a season's order window, delivered in `deliveryId`. Absent: pre-book in the product's open season, else at-once. */
  mode: z.enum(['atOnce', 'preBook']).optional(),
  deliveryId: z.number().int().positive().nullish(),
  size: z.enum(SIZES, { error: ORDER_MESSAGES.sizeInvalid }),
  quantity: z
    .number({ error: ORDER_MESSAGES.quantityInvalid })
    .int({ error: ORDER_MESSAGES.quantityInvalid })
    .min(1, { error: ORDER_MESSAGES.quantityInvalid })
    .max(ORDER_QUANTITY_MAX, { error: ORDER_MESSAGES.quantityInvalid }),
});
export type DraftLineInput = z.infer<typeof draftLineInput>;

/** A line by the pack (issue 34): so many packs of one colour, stored as the pieces by size they make. */
export const packLineInput = z.object({
  variantId: draftLineInput.shape.variantId,
  mode: draftLineInput.shape.mode,
  deliveryId: draftLineInput.shape.deliveryId,
  packId: z.number({ error: ORDER_MESSAGES.packUnknown }).int().positive(),
  packs: z
    .number({ error: ORDER_MESSAGES.packsInvalid })
    .int({ error: ORDER_MESSAGES.packsInvalid })
    .min(1, { error: ORDER_MESSAGES.packsInvalid })
    .max(ORDER_QUANTITY_MAX, { error: ORDER_MESSAGES.packsInvalid }),
});
export type PackLineInput = z.infer<typeof packLineInput>;

/**
 * A line of pieces or a line of packs (one with `packId` is a pack line). A refusal says the first
 * problem of the kind of line it was meant to be, not zod's "Invalid input" for the union.
 */
export function piecesOrPacks<P extends z.ZodType, K extends z.ZodType>(pieces: P, packs: K) {
  return z.union([pieces, packs], {
    error: (issue) => {
      const input = issue.input;
      const asPack = input !== null && typeof input === 'object' && 'packId' in input;
      const errors = (issue as { errors?: Array<Array<{ message: string }>> }).errors;
      return errors?.[asPack ? 1 : 0]?.[0]?.message;
    },
  });
}

/** A draft line: pieces of one size, or packs of one colour. */
export const draftEntryInput = piecesOrPacks(draftLineInput, packLineInput);
export type DraftEntryInput = z.infer<typeof draftEntryInput>;
export function isPackLine(line: DraftEntryInput): line is PackLineInput {
  return 'packId' in line;
}

/** A line made by packs: the pack (its id while the style keeps it), its name and how many. */
export const linePack = z.object({ id: z.number().nullable(), name: z.string(), packs: z.number() });

/**
 * `PUT /api/orders/draft` replaces the draft. A line is one piece (variant and size) for one mode and
 * delivery window: the same piece in two windows is two lines; twice in the same window is refused (422).
 */
export const draftInput = z.object({ lines: z.array(draftEntryInput).max(ORDER_LINES_MAX, { error: ORDER_MESSAGES.tooManyLines }) });
export type DraftInput = z.infer<typeof draftInput>;

const priced = {
  variantId: z.number().nullable(),
  productId: z.number().nullable(),
  productTitle: z.string(),
  reference: z.string().nullable(),
  colorName: z.string(),
  colorCode: z.string().nullable(),
  size: z.enum(SIZES),
  quantity: z.number(),
  unitPrice: z.number(),
  /** The trade price before the company's discount (issue 47), when it has one: `unitPrice` is after it. */
  listPrice: z.number().nullable().optional(),
  total: z.number(),
  /** Made by packs: which, and how many (the line is still the pieces of its size). */
  pack: linePack.nullable().optional(),
};

export const minimumInfo = z.object({
  kind: z.enum(['opening', 'reorder']),
  amount: z.number(),
  /** How much is still missing to reach it (0 when reached). */
  missing: z.number(),
});

const seasonRef = z.object({ id: z.number(), code: z.string(), name: z.string() });
const deliveryRef = z.object({ id: z.number(), name: z.string(), from: z.string(), to: z.string() });
const modeFields = { mode: z.enum(['atOnce', 'preBook']), season: seasonRef.nullable(), delivery: deliveryRef.nullable() };

export const draft = z
  .object({
    lines: z.array(z.object({ ...priced, variantId: z.number(), productId: z.number(), imageUrl: z.string().nullable(), ...modeFields })),
    /** The orders a submit will make: at-once lines together, each pre-book delivery window its own. */
    orders: z.array(z.object({ ...modeFields, pieces: z.number(), total: z.number() })),
    /** Lines whose variant or size no longer exists (kept so the retailer sees what went). */
    unavailable: z.array(z.object({ variantId: z.number(), size: z.enum(SIZES), quantity: z.number() })),
    pieces: z.number(),
    total: z.number(),
    minimum: minimumInfo,
    /** The company's discount on trade prices, in percent (issue 47): the prices above are after it. */
    discount: z.number().optional(),
    /** The currency of every amount above (issue 47); absent: the euro. */
    currency: z.enum(CURRENCIES).optional(),
  })
  .meta({ id: 'OrderDraft' });
export type Draft = z.infer<typeof draft>;

export const submitInput = z.object({
  note: z.string().trim().max(2000).optional(),
  /** The door it goes to (issue 46): needed when the person orders for more than one. */
  doorId: z.number().int().positive().optional(),
});
/** The submit's body is optional (no note: no body). */
export const submitBody = submitInput.nullish();

export const orderEvent = z.object({
  status: z.enum(ORDER_STATUSES),
  at: z.string(),
  by: z.enum(['stockist', 'brand']),
  note: z.string().nullable(),
});

/** What an invoice to this company still lacks (issue 24): its name, a whole billing address, the SIREN of a French company. */
export const COMPANY_GAPS = ['companyName', 'billing', 'siren'] as const;
export const companyDetails = z.object({
  companyName: z.string().nullable(),
  siret: z.string().nullable(),
  vatNumber: z.string().nullable(),
  /** One line each (older screens, exports); `billing` and `delivery` are the same, structured. */
  billingAddress: z.string().nullable(),
  deliveryAddress: z.string().nullable(),
  phone: z.string().nullable(),
  /** From the SIRET (its first 9 digits). */
  siren: z.string().nullable().optional(),
  billing: postalAddressOut.nullable().optional(),
  delivery: postalAddressOut.nullable().optional(),
  /** Empty when an invoice can be issued to these details. */
  toComplete: z.array(z.enum(COMPANY_GAPS)).optional(),
});
export type CompanyDetails = z.infer<typeof companyDetails>;
/** `GET /api/admin/retailers/:id/company`: the details, and whether payment reminders are on. */
export const retailerCompany = companyDetails.extend({ reminders: z.boolean() });

/** Who placed an order in the shop's company. */
export const orderPerson = z.object({ id: z.number(), name: z.string().nullable(), email: z.string() });

/** One parcel of an order (issue 45): what it holds, how it left, and its invoice. */
export const shipment = z
  .object({
    id: z.number(),
    /** `{order}-{n}`: `2027-0042-2`. */
    number: z.string(),
    shippedAt: z.string(),
    carrier: z.string().nullable(),
    tracking: z.string().nullable(),
    trackingUrl: z.string().nullable(),
    /** The shipping charge excl. VAT on this parcel's invoice. */
    shippingCharge: z.number().nullable(),
    lines: z.array(z.object({ lineId: z.number(), quantity: z.number() })),
    invoice: z.object({ id: z.number(), number: z.string() }).nullable(),
    /** Its invoice is being issued (issue 56): the parcel left a moment ago and its listener has not run yet. */
    invoicePending: z.boolean().optional(),
  })
  .meta({ id: 'Shipment' });
export type Shipment = z.infer<typeof shipment>;

export const order = z
  .object({
    id: z.number(),
    number: z.string(),
    status: z.enum(ORDER_STATUSES),
    lines: z.array(
      z.object({
        id: z.number(),
        ...priced,
        /** Pieces of the line already shipped, and those that will not be (the rest cancelled): what is left is to follow. */
        shipped: z.number().optional(),
        cancelled: z.number().optional(),
        /** Pieces held on the shelf for this pre-order's line by an allocation (issue 58): they leave with its next parcel. */
        allocated: z.number().optional(),
      }),
    ),
    pieces: z.number(),
    total: z.number(),
    note: z.string().nullable(),
    createdAt: z.string(),
    shipDate: z.string().nullable(),
    carrier: z.string().nullable(),
    tracking: z.string().nullable(),
    /** Where the parcel is followed, for a known carrier with a tracking number (issue 45). */
    trackingUrl: z.string().nullable().optional(),
    cancelReason: z.string().nullable(),
    history: z.array(orderEvent),
    shop: z.object({ email: z.string(), company: companyDetails, /** The stockist's account (null once erased). */ userId: z.number().nullable().optional() }),
    ...modeFields,
    /** Its invoice, once issued (the retailer sees it too). */
    invoice: z
      .object({ id: z.number(), number: z.string(), status: z.enum(INVOICE_STATUSES) })
      .nullable()
      .optional(),
    /** Where it was taken (the stockist's portal or the showroom) and by whom ("taken by Claire at the showroom"). */
    channel: z.enum(['portal', 'showroom']).optional(),
    takenBy: z.object({ id: z.number().nullable(), name: z.string() }).nullable().optional(),
    /** Shipped without an invoice: what it waits for (the label's identity, the shop's name, billing address, SIREN). */
    invoiceWaiting: z.array(z.enum(INVOICE_GAPS)).optional(),
    /** Its parcels, first sent first (issue 45). */
    shipments: z.array(shipment).optional(),
    /** When what is left of a partly shipped order is expected to follow (the owner's word). */
    followDate: z.string().nullable().optional(),
    /** The company's door it goes to, and the person who placed it (issue 46). */
    door: orderDoor.nullable().optional(),
    placedBy: orderPerson.nullable().optional(),
    /** The company's discount its prices were sent with, in percent (issue 47; 0: none). */
    discount: z.number().optional(),
    /** Credit control (issue 47): held in review, and why; absent when it never was. */
    review: orderReview.nullable().optional(),
    /** The deposit asked when it was confirmed (issue 47): its invoice, what it was, what is paid and still due; absent without one. */
    deposit: orderDeposit.optional(),
    /** The currency of every amount of it (issue 47); absent: the euro. */
    currency: z.enum(CURRENCIES).optional(),
    /** Its revision (issue 57): 1 when sent, one more for each change that accepted a line. */
    revision: z.number().optional(),
    /** Its last changes, newest first (at most 20): each line asked, before and after, and the label's answer. */
    changes: z.array(orderChange).optional(),
    /** The change waiting for the label's answer, if any. */
    pendingChange: orderChange.nullable().optional(),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof order>;

/** The submit answer: the first order made, as before, and every order of the submission. */
export const submitResult = order.extend({ orders: z.array(order) }).meta({ id: 'OrderSubmission' });

export const orderSummary = z.object({
  id: z.number(),
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  createdAt: z.string(),
  pieces: z.number(),
  total: z.number(),
  shop: z.string(),
  ...modeFields,
  channel: z.enum(['portal', 'showroom']).optional(),
  takenBy: z.object({ id: z.number().nullable(), name: z.string() }).nullable().optional(),
  door: orderDoor.nullable().optional(),
  placedBy: orderPerson.nullable().optional(),
  /** Held in review by credit control (issue 47): to accept or refuse before it is confirmed. */
  inReview: z.boolean().optional(),
  /** Its currency (issue 47); absent: the euro. */
  currency: z.enum(CURRENCIES).optional(),
});
export type OrderSummary = z.infer<typeof orderSummary>;
/** A page of orders (issue 43: `?limit=&page=&cursor=&q=`). */
export const orderList = pageOf(orderSummary).meta({ id: 'OrderList' });
export type OrderList = z.infer<typeof orderList>;

export const reorderResult = z.object({
  draft,
  /** Lines of the old order left out (their variant or size no longer exists). */
  skipped: z.array(z.object({ productTitle: z.string(), colorName: z.string(), size: z.enum(SIZES) })),
});

const day = (message: string) => z.string({ error: message }).trim().refine(isRealDay, { error: message });

export const confirmInput = z.object({
  shipDate: day(ORDER_MESSAGES.shipDateInvalid),
  /** Optional new quantities: the order's own lines (by id) that stay; a line left out is removed. */
  lines: z
    .array(z.object({ id: z.number().int().positive(), quantity: draftLineInput.shape.quantity }))
    .min(1, { error: ORDER_MESSAGES.confirmLinesInvalid })
    .max(ORDER_LINES_MAX)
    .optional(),
});
export const shipInput = z.object({
  /** One of CARRIERS (its parcels are then followed by a link), or another carrier's name. */
  carrier: z.string().trim().max(80).optional(),
  tracking: z.string().trim().max(120).optional(),
  /** A shipping charge excl. VAT, put on the invoice issued with the shipment. */
  shipping: shippingCharge.optional(),
});
/** Shipping needs no body (carrier and tracking are optional). */
export const shipBody = shipInput.nullish();
/** `POST /api/admin/orders/{id}/shipments`: a parcel of some of what is left (issue 45). */
export const shipmentInput = z.object({
  lines: z
    .array(
      z.object({
        lineId: z
          .number({ error: ORDER_MESSAGES.shipLinesInvalid })
          .int({ error: ORDER_MESSAGES.shipLinesInvalid })
          .positive({ error: ORDER_MESSAGES.shipLinesInvalid }),
        quantity: z
          .number({ error: ORDER_MESSAGES.shipLinesInvalid })
          .int({ error: ORDER_MESSAGES.shipLinesInvalid })
          .min(0, { error: ORDER_MESSAGES.shipLinesInvalid })
          .max(ORDER_QUANTITY_MAX, { error: ORDER_MESSAGES.shipLinesInvalid }),
      }),
      { error: ORDER_MESSAGES.shipLinesInvalid },
    )
    .max(ORDER_LINES_MAX, { error: ORDER_MESSAGES.shipLinesInvalid })
    .refine((lines) => new Set(lines.map((l) => l.lineId)).size === lines.length, { error: ORDER_MESSAGES.shipLinesInvalid }),
  carrier: shipInput.shape.carrier,
  tracking: shipInput.shape.tracking,
  /** A shipping charge excl. VAT, on this parcel's invoice. */
  shippingCharge: shippingCharge.optional(),
  /** When the rest is expected to follow (shown to the shop). */
  followDate: day(ORDER_MESSAGES.followDateInvalid).nullish(),
});
export type ShipmentInput = z.infer<typeof shipmentInput>;
/** `PUT /api/admin/orders/{id}/follow-date`: when the rest follows, or null (no date said). */
export const followDateInput = z.object({ followDate: day(ORDER_MESSAGES.followDateInvalid).nullable() });
export const cancelInput = z.object({
  reason: z
    .string({ error: ORDER_MESSAGES.reasonRequired })
    .trim()
    .min(1, { error: ORDER_MESSAGES.reasonRequired })
    .max(500, { error: ORDER_MESSAGES.reasonRequired }),
});
export const orderStatusQuery = z.object({
  status: z.enum(ORDER_STATUSES).optional(),
  /** A season's code, and optionally one of its delivery windows. */
  season: z.string().max(20).optional(),
  delivery: z
    .string()
    .regex(/^\d{1,10}$/)
    .transform(Number)
    .optional(),
  /** Where orders were taken, and (the owner's list) by which agent or owner account. */
  channel: z.enum(['portal', 'showroom']).optional(),
  agent: z
    .string()
    .regex(/^\d{1,10}$/)
    .transform(Number)
    .optional(),
  /** The owner's list: the orders held in review (credit control, issue 47). */
  review: z.enum(['pending']).optional(),
});
export const periodQuery = z
  .object({ from: day(ORDER_MESSAGES.periodInvalid), to: day(ORDER_MESSAGES.periodInvalid) })
  .refine((p) => p.from <= p.to, { error: ORDER_MESSAGES.periodInvalid });
/** The exports of a period (orders, sales journal, invoice PDFs), in a language. */
export const periodLangQuery = z.intersection(periodQuery, langQuery);
/** `GET /api/admin/orders`: of one status, season or delivery window, in a language. */
export const adminOrderQuery = z.intersection(z.intersection(orderStatusQuery, pageQuery), langQuery);
/** `GET /api/orders`: the shop's own orders, a page at a time. */
export const myOrderQuery = z.intersection(
  z.intersection(pageQuery, langQuery),
  z.object({
    /** A company's orders of one door, or placed by one person (issue 46). */
    door: z
      .string()
      .regex(/^\d{1,10}$/)
      .transform(Number)
      .optional(),
    person: z
      .string()
      .regex(/^\d{1,10}$/)
      .transform(Number)
      .optional(),
  }),
);

/** French VAT number: FR + key + SIREN, key = (12 + 3 × (SIREN mod 97)) mod 97 when numeric. */
export function isFrenchVat(value: string): boolean {
  const match = /^FR([0-9A-HJ-NP-Z]{2})(\d{9})$/.exec(value);
  if (!match) return false;
  const [, key, siren] = match as unknown as [string, string, string];
  if (!/^\d\d$/.test(key)) return true; // alphanumeric keys (new companies) have no public checksum
  return Number(key) === (12 + 3 * (Number(siren) % 97)) % 97;
}

/** The intra-EU VAT formats, by country prefix (pattern only; France checks its key too). */
const EU_VAT: Record<string, RegExp> = {
  AT: /^ATU\d{8}$/,
  BE: /^BE[01]\d{9}$/,
  BG: /^BG\d{9,10}$/,
  CY: /^CY\d{8}[A-Z]$/,
  CZ: /^CZ\d{8,10}$/,
  DE: /^DE\d{9}$/,
  DK: /^DK\d{8}$/,
  EE: /^EE\d{9}$/,
  EL: /^EL\d{9}$/,
  ES: /^ES[0-9A-Z]\d{7}[0-9A-Z]$/,
  FI: /^FI\d{8}$/,
  HR: /^HR\d{11}$/,
  HU: /^HU\d{8}$/,
  IE: /^IE\d[0-9A-Z+*]\d{5}[A-Z]{1,2}$/,
  IT: /^IT\d{11}$/,
  LT: /^LT(\d{9}|\d{12})$/,
  LU: /^LU\d{8}$/,
  LV: /^LV\d{11}$/,
  MT: /^MT\d{8}$/,
  NL: /^NL\d{9}B\d{2}$/,
  PL: /^PL\d{10}$/,
  PT: /^PT\d{9}$/,
  RO: /^RO\d{2,10}$/,
  SE: /^SE\d{12}$/,
  SI: /^SI\d{8}$/,
  SK: /^SK\d{10}$/,
  XI: /^XI(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
};

/** Spaces, dots and hyphens removed, upper-case; valid when France's key matches or the country's pattern does. */
export function normalizeVat(value: string): string {
  return value.replace(/[\s.-]/g, '').toUpperCase();
}
export function isEuVat(value: string): boolean {
  const vat = normalizeVat(value);
  if (vat.startsWith('FR')) return isFrenchVat(vat);
  const pattern = EU_VAT[vat.slice(0, 2)];
  return pattern ? pattern.test(vat) : false;
}

const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const companyInput = z.object({
  companyName: optional(160),
  siret: z
    .string()
    .nullish()
    .transform((v) => (v ? v.replace(/\s+/g, '') : null))
    .refine((v) => v === null || /^\d{14}$/.test(v), { error: ORDER_MESSAGES.siretInvalid }),
  vatNumber: z
    .string()
    .nullish()
    .transform((v) => (v && v.trim() ? normalizeVat(v) : null))
    .refine((v) => v === null || isEuVat(v), { error: ORDER_MESSAGES.vatInvalid }),
  billingAddress: optional(500),
  deliveryAddress: optional(500),
  phone: optional(40),
  /** Structured addresses: when given, they replace the one-line ones (which are then written from them). */
  billing: postalAddress.nullish(),
  delivery: postalAddress.nullish(),
});
export type CompanyInput = z.infer<typeof companyInput>;
