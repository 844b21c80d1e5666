import { defineMessages } from './messages.ts';
import { z } from 'zod';
import { CURRENCIES } from './currency-helpers.ts';
import { GALLERY_MAX, LOCALES, SIZES } from './constants.ts';
import { PRODUCT_STATUSES, bothLocalesOnce, normalizeSizes } from './vocabulary.ts';
import { pageQuery } from './paging.ts';

export * from './catalogue-helpers.ts';

export const PRODUCT_MESSAGES = defineMessages('product', {
  titleRequired: { en: 'A title is required in French and in English.', fr: 'Un titre est requis en français et en anglais.' },
  descriptionRequired: { en: 'A description is required in French and in English.', fr: 'Une description est requise en français et en anglais.' },
  translationsBothLocales: {
    en: 'The texts are needed in French and in English, once each.',
    fr: 'Les textes sont requis en français et en anglais, une fois chacun.',
  },
  colorNameRequired: {
    en: 'Each variant needs a colour name in French and in English.',
    fr: 'Chaque variante a besoin d’un nom de couleur en français et en anglais.',
  },
  colorCodeInvalid: { en: 'The colour code must be a hex colour like #a1b2c3.', fr: 'Le code couleur doit être une couleur hexadécimale comme #a1b2c3.' },
  variantImageRequired: { en: 'Each variant needs an image.', fr: 'Chaque variante a besoin d’une image.' },
  imageUrlInvalid: { en: 'An image address is not valid.', fr: 'Une adresse d’image n’est pas valide.' },
  priceRequired: {
    en: 'Each variant needs a price of 0 or more, with at most 2 decimals.',
    fr: 'Chaque variante a besoin d’un prix de 0 ou plus, avec au plus 2 décimales.',
  },
  sizesRequired: { en: 'Each variant needs at least one size.', fr: 'Chaque variante a besoin d’au moins une taille.' },
  galleryLimit: { en: 'A variant can have at most 4 gallery images.', fr: 'Une variante peut avoir au plus 4 images de galerie.' },
  variantMinError: { en: 'A product needs at least one variant.', fr: 'Un produit a besoin d’au moins une variante.' },
  productNotFound: { en: 'Product not found (introuvable).', fr: 'Produit introuvable.' },
  statusInvalid: { en: 'The status is published or draft.', fr: 'Le statut est « publié » ou « brouillon ».' },
  orderIncomplete: { en: 'The new order must name every product once.', fr: 'Le nouvel ordre doit citer chaque produit une fois.' },
  moveInvalid: { en: 'by is -1 (up) or 1 (down).', fr: 'by vaut -1 (monter) ou 1 (descendre).' },
  productIdInvalid: { en: 'The product id must be a number.', fr: 'L’identifiant du produit doit être un nombre.' },
  referenceInvalid: {
    en: 'A style reference may contain only letters, digits and hyphens (40 characters at most).',
    fr: 'Une référence ne peut contenir que des lettres, des chiffres et des tirets (40 caractères au plus).',
  },
  referenceTaken: { en: 'This style reference is already used by another product.', fr: 'Cette référence est déjà utilisée par un autre produit.' },
  retailPriceInvalid: {
    en: 'The recommended retail price must be a price with at most 2 decimals, at least the trade price.',
    fr: 'Le prix de vente conseillé doit être un prix d’au plus 2 décimales, au moins égal au prix revendeur.',
  },
  packNameInvalid: { en: 'A pack needs a name (60 characters at most).', fr: 'Un pack a besoin d’un nom (60 caractères au plus).' },
  packSizesInvalid: {
    en: 'A pack gives a whole number of pieces (1 to 99) for at least one size.',
    fr: 'Un pack donne un nombre entier de pièces (1 à 99) pour au moins une taille.',
  },
  packSizesNotMade: {
    en: 'A pack’s sizes must be sizes every colour of the style is made in.',
    fr: 'Les tailles d’un pack doivent être des tailles dans lesquelles chaque couleur du modèle est faite.',
  },
  packsOnlyWithoutPacks: { en: 'A style sold in packs only needs at least one pack.', fr: 'Un modèle vendu uniquement en packs a besoin d’au moins un pack.' },
  orderMultipleInvalid: { en: 'The order multiple is a whole number from 1 to 100.', fr: 'Le multiple de commande est un nombre entier de 1 à 100.' },
});

/** Two decimals at most (floating-point safe). */
const twoDecimals = (p: number) => Math.abs(p * 100 - Math.round(p * 100)) < 1e-6;

const imageUrl = z
  .string()
  .trim()
  .max(500)
  .refine((url) => url === '' || /^\/uploads\/[A-Za-z0-9._-]+$/.test(url) || /^https?:\/\/[^\s"'<>]+$/.test(url), {
    error: PRODUCT_MESSAGES.imageUrlInvalid,
  });

export const productTranslationInput = z.object({
  locale: z.enum(LOCALES),
  title: z.string({ error: PRODUCT_MESSAGES.titleRequired }).trim().min(1, { error: PRODUCT_MESSAGES.titleRequired }).max(200),
  description: z.string({ error: PRODUCT_MESSAGES.descriptionRequired }).trim().min(1, { error: PRODUCT_MESSAGES.descriptionRequired }).max(5000),
  /** Optional; an empty mantra is stored as null. */
  mantra: z
    .string()
    .trim()
    .max(300)
    .nullish()
    .transform((v) => (v ? v : null)),
});

export const variantInput = z
  .object({
    id: z.number().int().positive().optional(),
    colorCode: z
      .string()
      .trim()
      .nullish()
      .transform((v) => (v ? v.toLowerCase() : null))
      .refine((v) => v === null || /^#[0-9a-f]{6}$/.test(v), { error: PRODUCT_MESSAGES.colorCodeInvalid }),
    imageUrl: imageUrl.refine((v) => v !== '', { error: PRODUCT_MESSAGES.variantImageRequired }),
    imageGallery: z
      .array(imageUrl)
      .max(GALLERY_MAX * 4)
      .default([])
      .transform((urls) => [...new Set(urls.filter((u) => u !== ''))])
      .refine((urls) => urls.length <= GALLERY_MAX, { error: PRODUCT_MESSAGES.galleryLimit }),
    position: z.number().int().min(0).optional(),
    price: z
      .number({ error: PRODUCT_MESSAGES.priceRequired })
      .min(0, { error: PRODUCT_MESSAGES.priceRequired })
      .max(1_000_000, { error: PRODUCT_MESSAGES.priceRequired })
      .refine(twoDecimals, { error: PRODUCT_MESSAGES.priceRequired }),
    /** Recommended retail price incl. VAT (trade information, like the price); absent or null = none. */
    retailPrice: z
      .number({ error: PRODUCT_MESSAGES.retailPriceInvalid })
      .min(0, { error: PRODUCT_MESSAGES.retailPriceInvalid })
      .max(1_000_000, { error: PRODUCT_MESSAGES.retailPriceInvalid })
      .refine(twoDecimals, { error: PRODUCT_MESSAGES.retailPriceInvalid })
      .nullish()
      .transform((v) => v ?? null),
    sizes: z
      .array(z.string().max(20))
      .max(20)
      .transform((values) => normalizeSizes(values))
      .refine((sizes) => sizes.length > 0, { error: PRODUCT_MESSAGES.sizesRequired }),
    translations: z
      .array(
        z.object({
          locale: z.enum(LOCALES),
          colorName: z.string({ error: PRODUCT_MESSAGES.colorNameRequired }).trim().min(1, { error: PRODUCT_MESSAGES.colorNameRequired }).max(80),
        }),
      )
      .refine(bothLocalesOnce, { error: PRODUCT_MESSAGES.colorNameRequired }),
  })
  .refine((v) => v.retailPrice === null || v.retailPrice >= v.price, { error: PRODUCT_MESSAGES.retailPriceInvalid, path: ['retailPrice'] });
export type VariantInput = z.infer<typeof variantInput>;

/** A named pack: pieces of each size in one pack (1 XS · 2 S · 2 M · 1 L). `id` keeps a saved pack. */
export const productPackInput = z.object({
  id: z.number().int().positive().optional(),
  name: z
    .string({ error: PRODUCT_MESSAGES.packNameInvalid })
    .trim()
    .min(1, { error: PRODUCT_MESSAGES.packNameInvalid })
    .max(60, { error: PRODUCT_MESSAGES.packNameInvalid }),
  sizes: z
    .partialRecord(
      z.enum(SIZES, { error: PRODUCT_MESSAGES.packSizesInvalid }),
      z
        .number({ error: PRODUCT_MESSAGES.packSizesInvalid })
        .int({ error: PRODUCT_MESSAGES.packSizesInvalid })
        .min(0, { error: PRODUCT_MESSAGES.packSizesInvalid })
        .max(99, { error: PRODUCT_MESSAGES.packSizesInvalid }),
    )
    .transform(
      (sizes) => Object.fromEntries(SIZES.filter((s) => (sizes[s] ?? 0) > 0).map((s) => [s, sizes[s]!])) as Partial<Record<(typeof SIZES)[number], number>>,
    )
    .refine((sizes) => Object.keys(sizes).length > 0, { error: PRODUCT_MESSAGES.packSizesInvalid }),
});
export type ProductPackInput = z.input<typeof productPackInput>;
export const productPack = z.object({ id: z.number(), name: z.string(), sizes: z.partialRecord(z.enum(SIZES), z.number()) });
export type ProductPack = z.infer<typeof productPack>;

/** §7 admin product payload, with every §5 rule. The form validates with the same schema. */
export const productInput = z
  .object({
    /** Style reference (trade information): letters, digits and hyphens, stored upper-case, unique; absent, null or empty = none. */
    reference: z
      .string({ error: PRODUCT_MESSAGES.referenceInvalid })
      .trim()
      .max(40, { error: PRODUCT_MESSAGES.referenceInvalid })
      .regex(/^[A-Za-z0-9-]*$/, { error: PRODUCT_MESSAGES.referenceInvalid })
      .nullish()
      .transform((v) => (v ? v.toUpperCase() : null)),
    /** Drafts are seen by the back-office only; a product saved without a status is published (§7 payload). */
    status: z.enum(PRODUCT_STATUSES, { error: PRODUCT_MESSAGES.statusInvalid }).default('published'),
    translations: z.array(productTranslationInput).refine(bothLocalesOnce, { error: PRODUCT_MESSAGES.translationsBothLocales }),
    variants: z.array(variantInput, { error: PRODUCT_MESSAGES.variantMinError }).min(1, { error: PRODUCT_MESSAGES.variantMinError }).max(24),
    /** The seasons the product is sold in (carry-over styles are in several); absent: a new product joins the current season, a saved one keeps its own. */
    seasonIds: z.array(z.number().int().positive()).max(50).optional(),
    /** Named packs (issue 34); absent: a new product has none, a saved one keeps its own. */
    packs: z.array(productPackInput).max(10).optional(),
    /** Sold in its packs only; absent: kept (new: no). */
    packsOnly: z.boolean().optional(),
    /** Quantities per colour and size are a multiple of it; absent: kept (new: 1). */
    orderMultiple: z
      .number({ error: PRODUCT_MESSAGES.orderMultipleInvalid })
      .int({ error: PRODUCT_MESSAGES.orderMultipleInvalid })
      .min(1, { error: PRODUCT_MESSAGES.orderMultipleInvalid })
      .max(100, { error: PRODUCT_MESSAGES.orderMultipleInvalid })
      .optional(),
  })
  .refine((p) => !(p.packsOnly && p.packs !== undefined && p.packs.length === 0), { error: PRODUCT_MESSAGES.packsOnlyWithoutPacks, path: ['packsOnly'] })
  .meta({ id: 'ProductInput' });
export type ProductInput = z.infer<typeof productInput>;
export type ProductInputRaw = z.input<typeof productInput>;

const publicVariant = z.object({
  id: z.number(),
  colorName: z.string(),
  colorCode: z.string().nullable(),
  imageUrl: z.string(),
  imageGallery: z.array(z.string()),
  images: z.array(z.string()),
  position: z.number(),
});
const tradeVariant = publicVariant.extend({
  price: z.number(),
  /** For a shop with a discount (issue 47): the trade price before it; `price` is then the shop's price. */
  listPrice: z.number().optional(),
  retailPrice: z.number().nullable(),
  sizes: z.array(z.enum(SIZES)),
  /** Each size's EAN-13 (issue 60), where the label gave it one. */
  gtins: z.record(z.string(), z.string()).optional(),
});
const adminVariant = tradeVariant.extend({
  translations: z.array(z.object({ locale: z.enum(LOCALES), colorName: z.string() })),
});

const productBase = z.object({ id: z.number(), title: z.string(), description: z.string(), mantra: z.string().nullable() });

/** What anyone may see: no price, no sizes (the schema has no such field, so none can be sent). */
export const publicProduct = productBase.extend({ variants: z.array(publicVariant) }).meta({ id: 'PublicProduct' });
/** How a style is sold (issue 34): its packs, packs only or not, its order multiple. */
const selling = { packs: z.array(productPack), packsOnly: z.boolean(), orderMultiple: z.number() };

/** What a signed-in retailer or admin sees: style reference, trade price (EUR excl. VAT), recommended retail price and sizes. */
export const tradeProduct = productBase
  .extend({
    reference: z.string().nullable(),
    variants: z.array(tradeVariant),
    ...selling,
    /** The currency of its prices for the shop reading it (issue 47); absent: the euro. */
    currency: z.enum(CURRENCIES).optional(),
  })
  .meta({ id: 'TradeProduct' });
/** The back-office shape: every translation too. */
export const adminProduct = productBase
  .extend({
    reference: z.string().nullable(),
    ...selling,
    status: z.enum(PRODUCT_STATUSES),
    /** Place in the collection (0 first). */
    position: z.number(),
    seasonIds: z.array(z.number()),
    variants: z.array(adminVariant),
    translations: z.array(z.object({ locale: z.enum(LOCALES), title: z.string(), description: z.string(), mantra: z.string().nullable() })),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AdminProduct' });

export type PublicProduct = z.infer<typeof publicProduct>;
export type TradeProduct = z.infer<typeof tradeProduct>;
export type AdminProduct = z.infer<typeof adminProduct>;
export type PublicVariant = z.infer<typeof publicVariant>;
export type TradeVariant = z.infer<typeof tradeVariant>;
export type AnyProduct = PublicProduct | TradeProduct;

export const publicProductList = z.array(publicProduct);
export const tradeProductList = z.array(tradeProduct);
/** `GET /api/products/:id`: the trade shape with a retailer or admin token, else the public one. */
export const productAnswer = z.union([tradeProduct, publicProduct]);
export const productListAnswer = z.union([tradeProductList, publicProductList]);
export const adminProductList = z.array(adminProduct);

/**
 * `GET /products` and `GET /admin/products` answer the spec's array, a page of it (issue 43): `?limit=`
 * (50 unless asked, at most 200), `?page=` or `?cursor=`, `?q=` (a reference or a title in either
 * language), `?season=` (a season's code); the total in `X-Total-Count`, the next and previous pages in
 * `Link` (`rel="next"`, `rel="prev"`) and the next cursor in `X-Next-Cursor`.
 */
export const productListQuery = pageQuery.extend({ season: z.string().max(20).optional(), lang: z.string().max(35).optional() });
/** The owner's list also filters drafts or published styles. */
export const adminProductQuery = productListQuery.extend({ status: z.enum(PRODUCT_STATUSES, { error: PRODUCT_MESSAGES.statusInvalid }).optional() });

/** `PUT /api/admin/products/order`: every product id once, first shown first. */
export const productOrderInput = z.object({
  ids: z
    .array(z.number({ error: PRODUCT_MESSAGES.orderIncomplete }).int().positive(), { error: PRODUCT_MESSAGES.orderIncomplete })
    .min(1, { error: PRODUCT_MESSAGES.orderIncomplete })
    .max(2000),
});

/** `POST /api/admin/products/{id}/move`: one place up (-1) or down (1) in the whole collection's order. */
export const productMoveInput = z.object({ by: z.union([z.literal(-1), z.literal(1)], { error: PRODUCT_MESSAGES.moveInvalid }) });

export const uploadResponse = z.object({ url: z.string() }).meta({ id: 'UploadResponse' });

export function hasTradeFields(product: AnyProduct): product is TradeProduct {
  return product.variants.every((v) => 'price' in v);
}

/** A product URL id: digits only (§5). */
export const productIdParam = z.object({
  id: z
    .string()
    .regex(/^\d{1,10}$/, { error: PRODUCT_MESSAGES.productIdInvalid })
    .transform(Number),
});
