import { defineMessages } from './messages.ts';
import { z } from 'zod';
import { pageOf, pageQuery } from './paging.ts';
import { langQuery } from './query.ts';
import { ORDER_QUANTITY_MAX, SIZES } from './constants.ts';

import { RETURN_PHOTOS_MAX, RETURN_REASONS, RETURN_STATUSES } from './return-constants.ts';
export * from './return-constants.ts';

export const RETURN_MESSAGES = defineMessages('return', {
  linesInvalid: {
    en: 'Give each line to return once, with a quantity from 1 to 999 and a reason.',
    fr: 'Donnez chaque ligne à retourner une fois, avec une quantité de 1 à 999 et un motif.',
  },
  notInParcel: { en: 'This line is not in that parcel:', fr: 'Cette ligne n’est pas dans ce colis :' },
  tooMany: {
    en: 'More than this parcel brought of this line, less what is already being returned:',
    fr: 'Plus que ce que ce colis a apporté de cette ligne, moins ce qui est déjà en retour :',
  },
  windowClosed: {
    en: 'The return window has closed for this line (a faulty piece can be returned at any time):',
    fr: 'Le délai de retour est passé pour cette ligne (une pièce défectueuse peut être retournée à tout moment) :',
  },
  parcelNotFound: { en: 'This parcel is not one of this order’s.', fr: 'Ce colis n’est pas un colis de cette commande.' },
  photosInvalid: { en: 'Up to 3 photos per line, each one uploaded for this return.', fr: 'Jusqu’à 3 photos par ligne, chacune envoyée pour ce retour.' },
  photoTooLarge: { en: 'A photo is 10 MB at most.', fr: 'Une photo fait 10 Mo au plus.' },
  returnNotFound: { en: 'This return does not exist (introuvable).', fr: 'Ce retour est introuvable.' },
  transitionRefused: {
    en: 'This return cannot go from its current status to the one asked.',
    fr: 'Ce retour ne peut pas passer de son statut actuel à celui demandé.',
  },
  acceptInvalid: {
    en: 'Accept at most what was asked of each of its lines, and at least one piece.',
    fr: 'Acceptez au plus ce qui a été demandé pour chaque ligne, et au moins une pièce.',
  },
  receiveInvalid: {
    en: 'Give what arrived of each accepted line (at most what was accepted), and whether it goes back to stock.',
    fr: 'Indiquez ce qui est arrivé de chaque ligne acceptée (au plus ce qui a été accepté), et si cela retourne en stock.',
  },
  notInvoiced: {
    en: 'The parcel’s invoice is not issued yet: issue it before receiving the return.',
    fr: 'La facture du colis n’est pas encore émise : émettez-la avant de réceptionner le retour.',
  },
  reasonRequired: { en: 'Please give a reason (500 characters at most).', fr: 'Indiquez un motif (500 caractères au plus).' },
});

const quantity = z
  .number({ error: RETURN_MESSAGES.linesInvalid })
  .int({ error: RETURN_MESSAGES.linesInvalid })
  .min(1, { error: RETURN_MESSAGES.linesInvalid })
  .max(ORDER_QUANTITY_MAX, { error: RETURN_MESSAGES.linesInvalid });
const lineId = z.number({ error: RETURN_MESSAGES.linesInvalid }).int().positive();
const once = <T extends { lineId: number }>(lines: T[]) => new Set(lines.map((l) => l.lineId)).size === lines.length;

/** `POST /api/orders/{id}/returns`: pieces of one parcel, per line with a reason and up to three photos. */
export const returnInput = z.object({
  shipmentId: z.number({ error: RETURN_MESSAGES.parcelNotFound }).int().positive(),
  lines: z
    .array(
      z.object({
        /** The order line. */
        lineId,
        quantity,
        reason: z.enum(RETURN_REASONS, { error: RETURN_MESSAGES.linesInvalid }),
        note: z.string().trim().max(500).optional(),
        photos: z
          .array(z.string().max(300), { error: RETURN_MESSAGES.photosInvalid })
          .max(RETURN_PHOTOS_MAX, { error: RETURN_MESSAGES.photosInvalid })
          .optional(),
      }),
      { error: RETURN_MESSAGES.linesInvalid },
    )
    .min(1, { error: RETURN_MESSAGES.linesInvalid })
    .max(300, { error: RETURN_MESSAGES.linesInvalid })
    .refine(once, { error: RETURN_MESSAGES.linesInvalid }),
});
export type ReturnInput = z.infer<typeof returnInput>;

/** The owner accepts all that was asked, or part (`lines`: the return's lines and how many), with instructions for the shop. */
export const returnAcceptInput = z.object({
  lines: z
    .array(z.object({ lineId, quantity: z.number({ error: RETURN_MESSAGES.acceptInvalid }).int().min(0).max(ORDER_QUANTITY_MAX) }), {
      error: RETURN_MESSAGES.acceptInvalid,
    })
    .max(300)
    .refine(once, { error: RETURN_MESSAGES.acceptInvalid })
    .optional(),
  instructions: z.string().trim().max(2000).optional(),
});
export const returnRefuseInput = z.object({
  reason: z
    .string({ error: RETURN_MESSAGES.reasonRequired })
    .trim()
    .min(1, { error: RETURN_MESSAGES.reasonRequired })
    .max(500, { error: RETURN_MESSAGES.reasonRequired }),
});
/** What arrived, per accepted line: how many, and whether they go back to stock (resellable). */
export const returnReceiveInput = z.object({
  lines: z
    .array(
      z.object({
        lineId,
        quantity: z.number({ error: RETURN_MESSAGES.receiveInvalid }).int().min(0).max(ORDER_QUANTITY_MAX),
        resellable: z.boolean({ error: RETURN_MESSAGES.receiveInvalid }),
      }),
      { error: RETURN_MESSAGES.receiveInvalid },
    )
    .min(1, { error: RETURN_MESSAGES.receiveInvalid })
    .max(300)
    .refine(once, { error: RETURN_MESSAGES.receiveInvalid }),
});

export const returnLine = z.object({
  id: z.number(),
  orderLineId: z.number(),
  reference: z.string().nullable(),
  productTitle: z.string(),
  colorName: z.string(),
  size: z.enum(SIZES),
  quantity: z.number(),
  reason: z.enum(RETURN_REASONS),
  note: z.string().nullable(),
  photos: z.array(z.string()),
  accepted: z.number().nullable(),
  received: z.number().nullable(),
  resellable: z.boolean().nullable(),
});

export const returnRecord = z
  .object({
    id: z.number(),
    /** `{order}-R{n}`: `2027-0042-R1`. */
    number: z.string(),
    status: z.enum(RETURN_STATUSES),
    order: z.object({ id: z.number(), number: z.string() }),
    shipment: z.object({ id: z.number(), number: z.string() }),
    shop: z.string(),
    lines: z.array(returnLine),
    requestedAt: z.string(),
    decidedAt: z.string().nullable(),
    instructions: z.string().nullable(),
    refusal: z.string().nullable(),
    receivedAt: z.string().nullable(),
    creditNote: z.object({ id: z.number(), number: z.string() }).nullable(),
  })
  .meta({ id: 'Return' });
export type ReturnRecord = z.infer<typeof returnRecord>;

/** `GET /api/orders/{id}/returns`: an order's returns, first asked first. */
export const orderReturns = z.array(returnRecord);

export const returnSummary = returnRecord
  .pick({ id: true, number: true, status: true, order: true, shop: true, requestedAt: true })
  .extend({ pieces: z.number() });
export const returnList = pageOf(returnSummary).meta({ id: 'ReturnList' });
export type ReturnList = z.infer<typeof returnList>;
/** `GET /api/admin/returns`: of one status, searched by number, order or shop. */
export const returnListQuery = z.intersection(z.intersection(z.object({ status: z.enum(RETURN_STATUSES).optional() }), pageQuery), langQuery);
