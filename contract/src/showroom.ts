import { defineMessages } from './messages.ts';
import { z } from 'zod';
import { CURRENCIES } from './currency-helpers.ts';
import { postalAddress, postalAddressOut } from './address.ts';
import { ORDER_LINES_MAX, SIZES } from './constants.ts';
import { companyInput, draftLineInput, packLineInput, piecesOrPacks, ORDER_MESSAGES, linePack } from './orders.ts';
import { productPack } from './catalogue.ts';

/** A currency's price list as the tablet takes it: a rate and a step deriving the euro prices, and the styles typed (in the currency). */
const currencyPriceList = z.object({
  currency: z.enum(CURRENCIES),
  rateMicro: z.number().nullable(),
  stepCents: z.number(),
  typed: z.array(z.object({ productId: z.number(), price: z.number(), retailPrice: z.number().nullable() })),
});

/** Every sentence of the showroom's API and app. */
export const SHOWROOM_MESSAGES = defineMessages('showroom', {
  seasonUnknown: { en: 'No season has this code.', fr: 'Aucune saison n’a ce code.' },
  keyInvalid: {
    en: 'The Idempotency-Key header must be the order’s id made on the tablet (8 to 64 letters, digits or hyphens).',
    fr: 'L’en-tête Idempotency-Key doit être l’identifiant de la commande fait sur la tablette (8 à 64 lettres, chiffres ou tirets).',
  },
  keyTaken: {
    en: 'This order id was already used by another person’s order.',
    fr: 'Cet identifiant de commande a déjà servi à la commande d’une autre personne.',
  },
  stockistOrNewShop: {
    en: 'Choose a stockist or enter a new shop (one of the two).',
    fr: 'Choisissez un revendeur ou saisissez une nouvelle boutique (l’un des deux).',
  },
  stockistUnknown: { en: 'This stockist does not exist or is not approved.', fr: 'Ce revendeur n’existe pas ou n’est pas approuvé.' },
  newShopInvalid: {
    en: 'A new shop needs its company name, e-mail address and whole address.',
    fr: 'Une nouvelle boutique a besoin de sa raison sociale, de son adresse e-mail et de son adresse complète.',
  },
  newShopTaken: {
    en: 'This e-mail address already has an account here: choose the shop among the stockists.',
    fr: 'Cette adresse e-mail a déjà un compte ici : choisissez la boutique parmi les revendeurs.',
  },
  signatureInvalid: {
    en: 'The signature must be a PNG or JPEG image of 200 KB at most.',
    fr: 'La signature doit être une image PNG ou JPEG de 200 Ko au plus.',
  },
  takenAtInvalid: {
    en: 'The time the order was taken must be a date and time (ISO 8601).',
    fr: 'L’heure de la prise de commande doit être une date et une heure (ISO 8601).',
  },
  linesRequired: { en: 'An order needs at least one line.', fr: 'Une commande a besoin d’au moins une ligne.' },
  refused: {
    en: 'This order cannot be sent as it is; each line says why:',
    fr: 'Cette commande ne peut pas être envoyée telle quelle ; chaque ligne dit pourquoi :',
  },
  orderNotFound: { en: 'No showroom order of yours has this id (introuvable).', fr: 'Aucune de vos commandes du showroom n’a cet identifiant (introuvable).' },
});

/** Why a showroom line cannot be ordered as it is (the app shows the sentence on the line). */
export const SHOWROOM_REASONS = [
  'unavailable',
  'tooMany',
  'packUnknown',
  'packsOnly',
  'notMultiple',
  'windowClosed',
  'notInStock',
  'priceChanged',
  'notOrderable',
  'twice',
] as const;
export type ShowroomReason = (typeof SHOWROOM_REASONS)[number];

/** The price the tablet showed (EUR excl. VAT): a different price today is refused with the new one. */
const shown = { unitPrice: z.number().min(0).max(1_000_000).optional() };

/** A line as the tablet sends it: pieces of one size, or packs of one colour, and the price it showed. */
export const showroomLineInput = piecesOrPacks(draftLineInput.extend(shown), packLineInput.extend(shown));
export type ShowroomLineInput = z.infer<typeof showroomLineInput>;

/** A shop met at the show: it becomes a stockist application, its order waits for the owner's approval. */
export const newShopInput = z.object({
  companyName: z
    .string({ error: SHOWROOM_MESSAGES.newShopInvalid })
    .trim()
    .min(1, { error: SHOWROOM_MESSAGES.newShopInvalid })
    .max(160, { error: SHOWROOM_MESSAGES.newShopInvalid }),
  contactName: z.string().trim().max(120).optional(),
  email: z
    .string({ error: SHOWROOM_MESSAGES.newShopInvalid })
    .trim()
    .toLowerCase()
    .max(254)
    .pipe(z.email({ error: SHOWROOM_MESSAGES.newShopInvalid })),
  phone: z.string().trim().max(40).optional(),
  address: postalAddress,
  vatNumber: companyInput.shape.vatNumber,
  siret: companyInput.shape.siret,
  locale: z.enum(['fr', 'en']).default('fr'),
});
export type NewShopInput = z.input<typeof newShopInput>;

/** A PNG or JPEG data URL of 200 KB at most (the buyer's signature drawn on the tablet). */
export const SIGNATURE_MAX_BYTES = 200 * 1024;
export const signatureInput = z
  .string({ error: SHOWROOM_MESSAGES.signatureInvalid })
  .max(Math.ceil((SIGNATURE_MAX_BYTES * 4) / 3) + 40, { error: SHOWROOM_MESSAGES.signatureInvalid })
  .regex(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/]+={0,2}$/, { error: SHOWROOM_MESSAGES.signatureInvalid });

/** `POST /api/showroom/orders` (with `Idempotency-Key`: the order's id made on the tablet). */
export const showroomOrderInput = z
  .object({
    stockistId: z.number().int().positive().optional(),
    /** The stockist's door the order goes to (issue 46): needed when the company has several. */
    doorId: z.number().int().positive().optional(),
    newShop: newShopInput.optional(),
    lines: z.array(showroomLineInput).min(1, { error: SHOWROOM_MESSAGES.linesRequired }).max(ORDER_LINES_MAX, { error: ORDER_MESSAGES.tooManyLines }),
    note: z.string().trim().max(2000).optional(),
    signature: signatureInput,
    takenAt: z.iso.datetime({ offset: true, error: SHOWROOM_MESSAGES.takenAtInvalid }),
  })
  .refine((o) => (o.stockistId === undefined) !== (o.newShop === undefined), { error: SHOWROOM_MESSAGES.stockistOrNewShop })
  .meta({ id: 'ShowroomOrderInput' });
export type ShowroomOrderInput = z.input<typeof showroomOrderInput>;

const madeOrder = z.object({
  id: z.number(),
  number: z.string(),
  mode: z.enum(['atOnce', 'preBook']),
  delivery: z.object({ id: z.number(), name: z.string(), from: z.string(), to: z.string() }).nullable(),
  pieces: z.number(),
  total: z.number(),
});

/** The answer to a showroom order (the same again for a retried id). */
export const showroomAnswer = z
  .object({
    id: z.string(),
    /** made: the orders exist; waiting: a new shop's, made once the owner approves the shop. */
    status: z.enum(['made', 'waiting']),
    orders: z.array(madeOrder),
    shop: z.string(),
    applicationId: z.number().nullable(),
  })
  .meta({ id: 'ShowroomAnswer' });
export type ShowroomAnswer = z.infer<typeof showroomAnswer>;

/** A refusal: the sentence, and the reason of each line the tablet must mend (by its index as sent). */
export const showroomRefusal = z
  .object({
    error: z.string(),
    reasons: z.array(z.object({ line: z.number().nullable(), reason: z.enum([...SHOWROOM_REASONS, 'belowMinimum']), message: z.string() })),
  })
  .meta({ id: 'ShowroomRefusal' });
export type ShowroomRefusal = z.infer<typeof showroomRefusal>;

export const showroomSnapshotQuery = z.object({
  season: z.string().trim().min(1).max(20).optional(),
  lang: z.enum(['fr', 'en']).optional(),
});

const snapshotVariant = z.object({
  id: z.number(),
  colorName: z.string(),
  colorCode: z.string().nullable(),
  /** One picture at tablet size (480 px wide when the upload is larger). */
  image: z.string().nullable(),
  price: z.number(),
  retailPrice: z.number().nullable(),
  sizes: z.array(z.enum(SIZES)),
  /** Available to sell at once, per size, at the sync (null: not stocked, pre-order only). */
  available: z.partialRecord(z.enum(SIZES), z.number().nullable()),
});

/** `GET /api/showroom/snapshot`: everything the tablet needs offline, with a version (ETag). */
export const showroomSnapshot = z
  .object({
    version: z.string(),
    at: z.string(),
    lang: z.enum(['fr', 'en']),
    season: z
      .object({
        id: z.number(),
        code: z.string(),
        name: z.string(),
        state: z.enum(['upcoming', 'open', 'closed']),
        ordersOpen: z.string(),
        ordersClose: z.string().nullable(),
        deliveries: z.array(z.object({ id: z.number(), name: z.string(), from: z.string(), to: z.string() })),
      })
      .nullable(),
    /** Other seasons the app may switch to. */
    seasons: z.array(z.object({ code: z.string(), name: z.string(), state: z.enum(['upcoming', 'open', 'closed']) })),
    terms: z.object({ openingMinimum: z.number(), reorderMinimum: z.number(), paymentTerms: z.string(), shippingNotes: z.string() }),
    styles: z.array(
      z.object({
        id: z.number(),
        reference: z.string().nullable(),
        title: z.string(),
        packs: z.array(productPack),
        packsOnly: z.boolean(),
        orderMultiple: z.number(),
        variants: z.array(snapshotVariant),
      }),
    ),
    stockists: z.array(
      z.object({
        id: z.number(),
        name: z.string(),
        email: z.string(),
        town: z.string().nullable(),
        /** Whether a first order here is an opening order (its minimum). */
        hasOrdered: z.boolean(),
        billing: postalAddressOut.nullable(),
        delivery: postalAddressOut.nullable(),
        /** The company's doors (issue 46): the agent chooses the one the order goes to. */
        doors: z.array(z.object({ id: z.number(), name: z.string(), town: z.string() })).optional(),
        /**
         * The company's own terms (issue 47): its discount on the prices above, its minimums (null: the season's),
         * the currency it buys in (absent: the euro; its prices from `priceLists`).
         */
        terms: z
          .object({
            discount: z.number(),
            openingMinimum: z.number().nullable(),
            reorderMinimum: z.number().nullable(),
            currency: z.enum(CURRENCIES).optional(),
          })
          .optional(),
      }),
    ),
    /** The price lists of the currencies the shops above buy in (issue 47): the tablet prices them offline too. */
    priceLists: z.array(currencyPriceList).optional(),
    /** The currency of the prices and minimums above when the tablet shows them for a shop buying in another (absent: the euro). */
    currency: z.enum(CURRENCIES).optional(),
  })
  .meta({ id: 'ShowroomSnapshot' });
export type ShowroomSnapshot = z.infer<typeof showroomSnapshot>;

/** A showroom order's line as the app keeps it (pieces or packs, with what the refusal said). */
export type ShowroomLinePack = z.infer<typeof linePack>;

/** `GET /api/showroom/orders/:key`: the answer a showroom order has now (a new shop's changes when approved). */
export const showroomStatus = z.object({ status: z.number(), answer: z.unknown() });
