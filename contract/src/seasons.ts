import { defineMessages } from './messages.ts';
import { pageOf, pageQuery } from './paging.ts';
import { z } from 'zod';
import { langQuery } from './query.ts';
import { LOCALES, SIZES } from './constants.ts';
import { bothLocalesOnce } from './vocabulary.ts';
import { isRealDay, terms, termsInput, WHOLESALE_MESSAGES } from './wholesale.ts';
import { PRODUCT_MESSAGES } from './catalogue.ts';

/** Every sentence the seasons and stock API can send. */
export const SEASON_MESSAGES = defineMessages('season', {
  codeInvalid: {
    en: 'A season code is 2 to 20 capitals, digits and hyphens, like SS27.',
    fr: 'Un code de saison compte 2 à 20 capitales, chiffres et tirets, comme PE27.',
  },
  codeTaken: { en: 'Another season already has this code.', fr: 'Une autre saison a déjà ce code.' },
  nameRequired: { en: 'The season name is required in French and in English.', fr: 'Le nom de la saison est requis en français et en anglais.' },
  dateInvalid: { en: 'Dates must be real days (YYYY-MM-DD).', fr: 'Les dates doivent être de vrais jours (AAAA-MM-JJ).' },
  windowInvalid: {
    en: 'The order window must open on or before the day it closes.',
    fr: 'La période de commande doit s’ouvrir au plus tard le jour où elle se ferme.',
  },
  deliveryRequired: { en: 'A season needs at least one delivery window.', fr: 'Une saison a besoin d’au moins une période de livraison.' },
  deliveryInvalid: {
    en: 'A delivery window must start on or before the day it ends.',
    fr: 'Une période de livraison doit commencer au plus tard le jour où elle finit.',
  },
  deliveryNameRequired: {
    en: 'Each delivery window needs a name in French and in English.',
    fr: 'Chaque période de livraison a besoin d’un nom en français et en anglais.',
  },
  deliveryInUse: {
    en: 'A delivery window that orders use cannot be removed.',
    fr: 'Une période de livraison utilisée par des commandes ne peut pas être retirée.',
  },
  seasonNotFound: { en: 'This season does not exist (introuvable).', fr: 'Cette saison est introuvable.' },
  seasonHasOrders: { en: 'A season with orders cannot be deleted.', fr: 'Une saison qui a des commandes ne peut pas être supprimée.' },
  seasonUnknown: { en: 'No season has this code.', fr: 'Aucune saison n’a ce code.' },
  deliveryNotFound: { en: 'This delivery window does not exist (introuvable).', fr: 'Cette période de livraison est introuvable.' },
  deliveryOtherSeason: { en: 'This delivery window belongs to another season.', fr: 'Cette période de livraison appartient à une autre saison.' },
  stockInvalid: {
    en: 'Stock is a whole number of pieces, 0 or more (empty: not sold from stock).',
    fr: 'Le stock est un nombre entier de pièces, 0 ou plus (vide : pas de vente sur stock).',
  },
  incomingInvalid: {
    en: 'Incoming stock needs a whole quantity of 1 or more and a real “available from” day.',
    fr: 'Le stock à venir demande une quantité entière de 1 ou plus et une vraie date de disponibilité.',
  },
  stockReserved: {
    en: 'Pieces of this size are reserved by orders: its stock cannot be emptied.',
    fr: 'Des pièces de cette taille sont réservées par des commandes : son stock ne peut pas être vidé.',
  },
  stockUnknownVariant: {
    en: 'A stock line names a colour or size this product does not come in.',
    fr: 'Une ligne de stock nomme un coloris ou une taille que ce produit n’a pas.',
  },
  importEmpty: { en: 'The file has no stock line to read.', fr: 'Le fichier n’a aucune ligne de stock à lire.' },
  importInvalid: {
    en: 'Some lines of the file cannot be read; nothing was written:',
    fr: 'Certaines lignes du fichier sont illisibles ; rien n’a été enregistré :',
  },
  importTooLarge: { en: 'A stock file can have at most 5,000 lines.', fr: 'Un fichier de stock compte au plus 5 000 lignes.' },
  notInStock: { en: 'Some pieces are no longer in stock; nothing was ordered:', fr: 'Certaines pièces ne sont plus en stock ; rien n’a été commandé :' },
  windowClosed: { en: 'Pre-orders for this season are closed:', fr: 'Les pré-commandes de cette saison sont fermées :' },
  notOrderable: {
    en: 'Some lines cannot be ordered this way; nothing was ordered:',
    fr: 'Certaines lignes ne peuvent pas être commandées ainsi ; rien n’a été commandé :',
  },
  notOnHand: { en: 'Not enough pieces on hand to ship this order:', fr: 'Pas assez de pièces en stock pour expédier cette commande :' },
  deliveryUnknown: {
    en: 'This delivery window does not belong to a season this product is sold in.',
    fr: 'Cette période de livraison n’appartient à aucune saison où ce produit est vendu.',
  },
  seasonIdUnknown: { en: 'A season given for this product does not exist.', fr: 'Une saison indiquée pour ce produit n’existe pas.' },
});

const day = (message: string = SEASON_MESSAGES.dateInvalid) => z.string({ error: message }).trim().refine(isRealDay, { error: message });

const nameTranslation = (message: string) =>
  z.object({
    locale: z.enum(LOCALES),
    name: z.string({ error: message }).trim().min(1, { error: message }).max(80, { error: message }),
  });

export const deliveryInput = z
  .object({
    id: z.number().int().positive().optional(),
    from: day(),
    to: day(),
    translations: z.array(nameTranslation(SEASON_MESSAGES.deliveryNameRequired)).refine(bothLocalesOnce, { error: SEASON_MESSAGES.deliveryNameRequired }),
  })
  .refine((d) => d.from <= d.to, { error: SEASON_MESSAGES.deliveryInvalid });

/** The terms of today, without the season name (the season carries its own). */
const seasonTerms = termsInput.omit({ translations: true, validUntil: true }).extend({
  validUntil: day(SEASON_MESSAGES.dateInvalid)
    .nullish()
    .transform((v) => v ?? null),
  translations: termsInput.shape.translations.element
    .omit({ seasonName: true })
    .array()
    .refine(bothLocalesOnce, { error: WHOLESALE_MESSAGES.textsBothLocales }),
});

/** `POST /api/admin/seasons` and `PUT /api/admin/seasons/{id}`. */
export const seasonInput = z
  .object({
    code: z
      .string({ error: SEASON_MESSAGES.codeInvalid })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9][A-Z0-9-]{1,19}$/, { error: SEASON_MESSAGES.codeInvalid }),
    ordersOpen: day(),
    /** null: no end (a season migrated from terms that had no valid-until date). */
    ordersClose: day().nullable(),
    translations: z.array(nameTranslation(SEASON_MESSAGES.nameRequired)).refine(bothLocalesOnce, { error: SEASON_MESSAGES.nameRequired }),
    deliveries: z.array(deliveryInput, { error: SEASON_MESSAGES.deliveryRequired }).min(1, { error: SEASON_MESSAGES.deliveryRequired }).max(12),
    terms: seasonTerms,
  })
  .refine((s) => s.ordersClose === null || s.ordersOpen <= s.ordersClose, { error: SEASON_MESSAGES.windowInvalid, path: ['ordersClose'] });
export type SeasonInput = z.infer<typeof seasonInput>;
export type SeasonInputRaw = z.input<typeof seasonInput>;

const localeNames = z.array(z.object({ locale: z.enum(LOCALES), name: z.string() }));

export const adminDelivery = z.object({ id: z.number(), from: z.string(), to: z.string(), translations: localeNames, orders: z.number() });
export const adminSeason = z
  .object({
    id: z.number(),
    code: z.string(),
    ordersOpen: z.string(),
    ordersClose: z.string().nullable(),
    /** open (today inside the window), upcoming, closed. */
    state: z.enum(['open', 'upcoming', 'closed']),
    current: z.boolean(),
    translations: localeNames,
    deliveries: z.array(adminDelivery),
    terms: z.object({
      validUntil: z.string().nullable(),
      openingMinimum: z.number(),
      reorderMinimum: z.number(),
      orderEmail: z.string(),
      translations: z.array(z.object({ locale: z.enum(LOCALES), paymentTerms: z.string(), deliveryWindow: z.string(), shippingNotes: z.string() })),
    }),
    products: z.number(),
    orders: z.number(),
    updatedAt: z.string(),
  })
  .meta({ id: 'SeasonAdmin' });
export type AdminSeason = z.infer<typeof adminSeason>;
export const adminSeasonList = z.object({ data: z.array(adminSeason) }).meta({ id: 'SeasonAdminList' });

export const delivery = z.object({ id: z.number(), name: z.string(), from: z.string(), to: z.string() }).meta({ id: 'Delivery' });
export type Delivery = z.infer<typeof delivery>;

/** What a signed-in retailer reads of an open or upcoming season, in one language. */
export const season = z
  .object({
    id: z.number(),
    code: z.string(),
    name: z.string(),
    ordersOpen: z.string(),
    ordersClose: z.string().nullable(),
    state: z.enum(['open', 'upcoming', 'closed']),
    deliveries: z.array(delivery),
    /** The wholesale terms of today, in the asked language, without their season name and date. */
    terms: terms.omit({ seasonName: true, updatedAt: true }),
  })
  .meta({ id: 'Season' });
export type Season = z.infer<typeof season>;
export const seasonList = z.object({ data: z.array(season) }).meta({ id: 'SeasonList' });

// —— Stock ——

const onHand = z
  .number({ error: SEASON_MESSAGES.stockInvalid })
  .int({ error: SEASON_MESSAGES.stockInvalid })
  .min(0, { error: SEASON_MESSAGES.stockInvalid })
  .max(1_000_000, { error: SEASON_MESSAGES.stockInvalid })
  .nullable();
export const incomingInput = z.object({
  quantity: z
    .number({ error: SEASON_MESSAGES.incomingInvalid })
    .int({ error: SEASON_MESSAGES.incomingInvalid })
    .min(1, { error: SEASON_MESSAGES.incomingInvalid })
    .max(1_000_000, { error: SEASON_MESSAGES.incomingInvalid }),
  availableFrom: day(SEASON_MESSAGES.incomingInvalid),
});
export const stockItemInput = z.object({
  variantId: z.number().int().positive(),
  size: z.enum(SIZES, { error: SEASON_MESSAGES.stockUnknownVariant }),
  onHand,
  /** Absent: the incoming quantities stay as they are; given: they are replaced. */
  incoming: z.array(incomingInput).max(12).optional(),
});
export type StockItemInput = z.infer<typeof stockItemInput>;
/** `PUT /api/admin/stock`: one transaction. */
export const stockInput = z.object({ items: z.array(stockItemInput).min(1).max(5000) }).meta({ id: 'StockInput' });

export const stockCell = z.object({
  size: z.enum(SIZES),
  onHand: z.number().nullable(),
  reserved: z.number(),
  /** max(0, onHand − reserved); null when not sold from stock. */
  available: z.number().nullable(),
  incoming: z.array(z.object({ quantity: z.number(), availableFrom: z.string() })),
  /** The size's EAN-13 (issue 60), once it has one. */
  gtin: z.string().nullable().optional(),
});
export const stockRow = z.object({
  variantId: z.number(),
  productId: z.number(),
  reference: z.string().nullable(),
  title: z.string(),
  colorName: z.string(),
  colorCode: z.string().nullable(),
  cells: z.array(stockCell),
});
export type StockRow = z.infer<typeof stockRow>;
/** A page of styles' stock (issue 43): `data` holds their colours' rows; `total`, `limit` and the cursor count styles. */
export const stockList = pageOf(stockRow).meta({ id: 'StockList' });

/** `POST /api/admin/stock/import?confirm=…`: the CSV as text; a preview unless confirmed. */
export const stockImportResult = z
  .object({
    confirmed: z.boolean(),
    changes: z.array(
      z.object({
        line: z.number(),
        reference: z.string(),
        colorName: z.string(),
        size: z.enum(SIZES),
        variantId: z.number(),
        from: z.number().nullable(),
        to: z.number().nullable(),
      }),
    ),
    unchanged: z.number(),
    errors: z.array(z.object({ line: z.number(), text: z.string(), error: z.string() })),
  })
  .meta({ id: 'StockImportResult' });
export type StockImportResult = z.infer<typeof stockImportResult>;
/** `POST /api/admin/stock/import`: the CSV as text; a preview unless `confirm`. */
export const stockImportInput = z.object({ csv: z.string().max(2_000_000), confirm: z.boolean().optional() });
/** `PUT /api/admin/stock`: how many levels the save changed. */
export const stockSaved = z.object({ changed: z.number() });

// —— What a retailer can order, per size ——

export const ORDER_MODES = ['atOnce', 'preBook'] as const;
export type OrderMode = (typeof ORDER_MODES)[number];

export const sizeAvailability = z.object({
  size: z.enum(SIZES),
  /** inStock: at-once from the shelf; preBook: a season's window is open; incoming: at-once, from a date; soldOut. */
  state: z.enum(['inStock', 'preBook', 'incoming', 'soldOut']),
  available: z.number().nullable(),
  availableFrom: z.string().nullable(),
  delivery: delivery.nullable(),
  season: z.object({ id: z.number(), code: z.string(), name: z.string() }).nullable(),
});
export type SizeAvailability = z.infer<typeof sizeAvailability>;
export const availability = z
  .object({
    productId: z.number(),
    variants: z.array(z.object({ variantId: z.number(), sizes: z.array(sizeAvailability) })),
    /** The delivery windows a pre-order of this product can go to (its open season's), earliest first: one quantity per window on the grid. */
    deliveries: z.array(delivery),
  })
  .meta({ id: 'Availability' });
export type Availability = z.infer<typeof availability>;

export const seasonQuery = z.object({ season: z.string().max(20).optional(), lang: z.string().max(35).optional() });
/** `GET /api/admin/stock`: a season's styles (when given), found by reference or title, a page of styles at a time. */
export const stockQuery = pageQuery.extend(seasonQuery.shape).extend({
  /** One style's rows (its editor shows them). */
  product: z
    .string({ error: PRODUCT_MESSAGES.productIdInvalid })
    .regex(/^\d{1,10}$/, { error: PRODUCT_MESSAGES.productIdInvalid })
    .transform(Number)
    .optional(),
});
/** `GET /api/wholesale/linesheet.pdf`: its language and season (default the current one). */
export const lineSheetQuery = langQuery.extend({ season: z.string().max(20).optional() });
