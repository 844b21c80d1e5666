import { z } from 'zod';
import { defineMessages } from './messages.ts';
import { pageOf, pageQuery } from './paging.ts';

/** Every sentence of the barcodes' calls (issue 60). */
export const BARCODE_MESSAGES = defineMessages('barcodes', {
  prefixInvalid: { en: 'A GS1 company prefix is 7 to 10 digits.', fr: 'Un préfixe d’entreprise GS1 compte 7 à 10 chiffres.' },
  publishInvalid: {
    en: 'Say yes or no to the codes in search engines’ data.',
    fr: 'Dites oui ou non aux codes dans les données des moteurs de recherche.',
    field: '/publish',
  },
  prefixMissing: { en: 'Set the label’s GS1 company prefix first.', fr: 'Renseignez d’abord le préfixe d’entreprise GS1 de la marque.' },
  rangeUsedUp: {
    en: 'The prefix’s range has not enough codes left for every size. Codes left:',
    fr: 'La plage du préfixe n’a plus assez de codes pour chaque taille. Codes restants :',
  },
  importInvalid: {
    en: 'Send the codes as CSV text (reference, colour, size, EAN), 5,000 lines at most.',
    fr: 'Envoyez les codes en texte CSV (référence, couleur, taille, EAN), 5 000 lignes au plus.',
  },
  importRefused: { en: 'Some lines are refused; nothing was written. Lines:', fr: 'Des lignes sont refusées ; rien n’a été écrit. Lignes :' },
  lineUnknownReference: { en: 'No style has this reference.', fr: 'Aucun modèle n’a cette référence.' },
  lineUnknownColour: { en: 'The style has no such colour.', fr: 'Le modèle n’a pas cette couleur.' },
  lineUnknownSize: { en: 'The colour has no such size.', fr: 'La couleur n’a pas cette taille.' },
  lineCheckDigit: { en: 'Not an EAN-13: 13 digits whose last is their check digit.', fr: 'Pas un EAN-13 : 13 chiffres dont le dernier est la clé.' },
  lineDuplicate: { en: 'The same code or the same size comes twice in the file.', fr: 'Le même code ou la même taille revient deux fois dans le fichier.' },
  lineTaken: { en: 'This code is already another size’s.', fr: 'Ce code est déjà celui d’une autre taille.' },
  lineHasCode: { en: 'This size already has another code (a code never changes).', fr: 'Cette taille a déjà un autre code (un code ne change jamais).' },
});

/** The GS1 check digit of 12 digits (weights 1 and 3 from the left, as EAN-13 counts them). */
export function ean13CheckDigit(first12: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

/** 13 digits whose last is the check digit of the others. */
export function isEan13(code: string): boolean {
  return /^\d{13}$/.test(code) && ean13CheckDigit(code.slice(0, 12)) === Number(code[12]);
}

/** `PUT /api/admin/settings/gs1`. */
export const gs1Input = z.object({
  prefix: z
    .string({ error: BARCODE_MESSAGES.prefixInvalid })
    .transform((v) => v.replace(/\s+/g, ''))
    .refine((v) => /^\d{7,10}$/.test(v), { error: BARCODE_MESSAGES.prefixInvalid }),
  /** Each size's code in the public product page's structured data (search engines), without its size; absent: unchanged. */
  publish: z.boolean({ error: BARCODE_MESSAGES.publishInvalid }).optional(),
});
export const gs1State = z
  .object({
    prefix: z.string().nullable(),
    /** Codes the prefix gives in all (10^(12 − its length)), those given, those left. */
    capacity: z.number().int(),
    used: z.number().int(),
    left: z.number().int(),
    /** Whether the codes are in the public pages' structured data (off until the owner turns it on). */
    publish: z.boolean(),
  })
  .meta({ id: 'Gs1State' });
export type Gs1State = z.infer<typeof gs1State>;

export const assignResult = z.object({ assigned: z.number().int(), left: z.number().int() }).meta({ id: 'BarcodeAssignResult' });

export const barcodeImportInput = z.object({
  csv: z
    .string({ error: BARCODE_MESSAGES.importInvalid })
    .min(1, { error: BARCODE_MESSAGES.importInvalid })
    .max(2_000_000, { error: BARCODE_MESSAGES.importInvalid }),
});
export const barcodeImportResult = z.object({ imported: z.number().int(), unchanged: z.number().int() }).meta({ id: 'BarcodeImportResult' });
/** A refused import: each line with why (a wrong check digit, a duplicate, a code given to another size, an unknown piece). */
export const barcodeLineError = z.object({ line: z.number().int(), text: z.string(), error: z.string() });

export const barcodeRow = z.object({
  variantId: z.number().int(),
  productId: z.number().int(),
  reference: z.string().nullable(),
  productTitle: z.string(),
  colorName: z.string(),
  /** Each size of the colour with its EAN-13 (null: none yet). */
  sizes: z.array(z.object({ size: z.string(), gtin: z.string().nullable() })),
});
export const barcodeList = pageOf(barcodeRow).meta({ id: 'BarcodeList' });
export type BarcodeList = z.infer<typeof barcodeList>;
export const barcodeListQuery = pageQuery.extend({ lang: z.enum(['fr', 'en']).optional() });

// —— The product feed a shop loads into its till (issue 60) ——

export const FEED_SCOPES = ['season', 'ordered'] as const;
export const feedQuery = z.object({
  /** A season's code (else every published style). */
  season: z.string().trim().max(20).optional(),
  /** The season's collection, or only what the shop ordered. */
  scope: z.enum(FEED_SCOPES).optional(),
  lang: z.enum(['fr', 'en']).optional(),
  /** A shop's key (`ak_…`, made under My account) for a till that fetches a URL and cannot send `Authorization`. */
  key: z.string().max(80).optional(),
});
export const feedProduct = z.object({
  handle: z.string(),
  reference: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  vendor: z.string(),
  variants: z.array(
    z.object({
      colour: z.string(),
      size: z.string(),
      sku: z.string(),
      gtin: z.string().nullable(),
      /** The recommended retail price in the shop's currency, incl. VAT (null: none given). */
      retailPrice: z.number().nullable(),
      image: z.string(),
    }),
  ),
});
export const productFeed = z.object({ currency: z.string(), lang: z.enum(['fr', 'en']), products: z.array(feedProduct) }).meta({ id: 'ProductFeed' });
export type ProductFeed = z.infer<typeof productFeed>;

/** Shopify's product import columns, as its template names them. */
export const SHOPIFY_COLUMNS = [
  'Handle',
  'Title',
  'Body (HTML)',
  'Vendor',
  'Option1 Name',
  'Option1 Value',
  'Option2 Name',
  'Option2 Value',
  'Variant SKU',
  'Variant Barcode',
  'Variant Price',
  'Image Src',
] as const;

// —— Hang tags (issue 60) ——

/** A4 label sheets: 3 × 7 (70 × 42.3 mm), 3 × 8 (70 × 37 mm), 4 × 10 (52.5 × 29.7 mm). */
export const TAG_LAYOUTS = {
  'a4-21': { columns: 3, rows: 7 },
  'a4-24': { columns: 3, rows: 8 },
  'a4-40': { columns: 4, rows: 10 },
} as const;
export type TagLayout = keyof typeof TAG_LAYOUTS;
export const tagsQuery = z.object({
  layout: z.enum(Object.keys(TAG_LAYOUTS) as [TagLayout, ...TagLayout[]]).optional(),
  lang: z.enum(['fr', 'en']).optional(),
});

/** `GET /api/admin/orders/{id}/gtins`: each line's EAN-13, for packing by scan. */
export const orderGtins = z.object({ lines: z.array(z.object({ lineId: z.number().int(), gtin: z.string() })) }).meta({ id: 'OrderGtins' });
export type OrderGtins = z.infer<typeof orderGtins>;
