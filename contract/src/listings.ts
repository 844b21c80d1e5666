import { defineMessages } from './messages.ts';
import { pageOf, pageQuery } from './paging.ts';
import { z } from 'zod';

export const LISTING_MESSAGES = defineMessages('listing', {
  nameRequired: {
    en: 'To appear on “Where to buy”, the shop needs a name, a postcode and a town.',
    fr: 'Pour apparaître dans « Où nous trouver », la boutique a besoin d’un nom, d’un code postal et d’une ville.',
  },
  textTooLong: { en: 'A detail of the listing is too long.', fr: 'Une information de la fiche est trop longue.' },
  postcodeInvalid: {
    en: 'The postcode has 3 to 10 letters, digits, spaces or hyphens.',
    fr: 'Le code postal compte 3 à 10 lettres, chiffres, espaces ou tirets.',
  },
  countryInvalid: { en: 'The country is a 2-letter code (FR, BE, CH…).', fr: 'Le pays est un code de 2 lettres (FR, BE, CH…).' },
  websiteInvalid: {
    en: 'The website must be an address starting with https:// or http://.',
    fr: 'Le site doit être une adresse commençant par https:// ou http://.',
  },
  instagramInvalid: {
    en: 'The Instagram account is a name like @maison.solene (letters, digits, dots and underscores).',
    fr: 'Le compte Instagram est un nom comme @maison.solene (lettres, chiffres, points et tirets bas).',
  },
  logoInvalid: { en: 'The logo must be an image uploaded here.', fr: 'Le logo doit être une image téléversée ici.' },
  listingNotFound: { en: 'This listing does not exist (introuvable).', fr: 'Cette fiche est introuvable.' },
  adminsHaveNoListing: { en: 'Administrators have no shop listing.', fr: 'Les administrateurs n’ont pas de fiche boutique.' },
  saved: { en: 'Your listing was saved.', fr: 'Votre fiche a été enregistrée.' },
  adminSaved: { en: 'The listing was saved.', fr: 'La fiche a été enregistrée.' },
});

const text = (max: number) => z.string().trim().max(max, { error: LISTING_MESSAGES.textTooLong }).default('');

/** Shown as the link's text: `@handle`. Accepts `@handle`, `handle` or an instagram.com address. */
export function instagramHandle(value: string): string | null {
  const v = value.trim();
  if (v === '') return '';
  const fromUrl = /^(?:https?:\/\/)?(?:www\.)?instagram\.com\/([A-Za-z0-9._]{1,30})\/?(?:\?.*)?$/i.exec(v);
  const handle = fromUrl ? fromUrl[1]! : v.replace(/^@/, '');
  return /^[A-Za-z0-9._]{1,30}$/.test(handle) ? handle : null;
}

const website = z
  .string({ error: LISTING_MESSAGES.websiteInvalid })
  .trim()
  .max(300, { error: LISTING_MESSAGES.websiteInvalid })
  .default('')
  .refine(
    (v) => {
      if (v === '') return true;
      try {
        const url = new URL(v);
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
      } catch {
        return false;
      }
    },
    { error: LISTING_MESSAGES.websiteInvalid },
  );

const listingFields = {
  name: text(120),
  address: text(200),
  postcode: z
    .string()
    .trim()
    .max(10, { error: LISTING_MESSAGES.postcodeInvalid })
    .default('')
    .refine((v) => v === '' || /^[A-Za-z0-9][A-Za-z0-9 -]{1,8}[A-Za-z0-9]$/.test(v), { error: LISTING_MESSAGES.postcodeInvalid })
    .transform((v) => v.toUpperCase()),
  city: text(80),
  country: z
    .string()
    .trim()
    .default('FR')
    .transform((v) => (v === '' ? 'FR' : v.toUpperCase()))
    .refine((v) => /^[A-Z]{2}$/.test(v), { error: LISTING_MESSAGES.countryInvalid }),
  website,
  instagram: z
    .string()
    .max(200, { error: LISTING_MESSAGES.instagramInvalid })
    .default('')
    .transform((v) => instagramHandle(v))
    .refine((v): v is string => v !== null, { error: LISTING_MESSAGES.instagramInvalid }),
  /** A few words about the shop, in French and English (the carousel shows it). */
  description: z.object({ fr: text(500), en: text(500) }).default({ fr: '', en: '' }),
  logoUrl: z
    .string()
    .trim()
    .max(300, { error: LISTING_MESSAGES.logoInvalid })
    .refine((v) => v === '' || /^\/uploads\/[A-Za-z0-9._-]+$/.test(v), { error: LISTING_MESSAGES.logoInvalid })
    .nullish()
    .transform((v) => (v ? v : null)),
};

const needsAddress = (v: { listed: boolean; name: string; postcode: string; city: string }) =>
  !v.listed || (v.name !== '' && v.postcode !== '' && v.city !== '');

/** `PUT /api/account/listing`: the retailer's own listing on /where-to-buy. */
export const listingInput = z
  .object({ listed: z.boolean({ error: LISTING_MESSAGES.nameRequired }), ...listingFields })
  .refine(needsAddress, { error: LISTING_MESSAGES.nameRequired });
export type ListingInput = z.infer<typeof listingInput>;
export type ListingInputRaw = z.input<typeof listingInput>;

/** `PUT /api/admin/listings/{id}`: the owner's edit; `hidden` wins over the retailer's opt-in. */
export const adminListingInput = z
  .object({ listed: z.boolean({ error: LISTING_MESSAGES.nameRequired }), hidden: z.boolean({ error: LISTING_MESSAGES.nameRequired }), ...listingFields })
  .refine(needsAddress, { error: LISTING_MESSAGES.nameRequired });
export type AdminListingInput = z.infer<typeof adminListingInput>;

const listingShape = {
  listed: z.boolean(),
  name: z.string(),
  address: z.string(),
  postcode: z.string(),
  city: z.string(),
  country: z.string(),
  website: z.string(),
  instagram: z.string(),
  description: z.object({ fr: z.string(), en: z.string() }),
  logoUrl: z.string().nullable(),
};

/** What the retailer reads: their listing, and whether the label has hidden it. */
export const accountListing = z.object({ ...listingShape, hidden: z.boolean(), updatedAt: z.string().nullable() }).meta({ id: 'AccountListing' });
export type AccountListing = z.infer<typeof accountListing>;

export const adminListing = z
  .object({ id: z.number(), email: z.string(), ...listingShape, hidden: z.boolean(), updatedAt: z.string() })
  .meta({ id: 'AdminListing' });
export type AdminListing = z.infer<typeof adminListing>;

/** What anyone reads of a listed shop: no e-mail, no account. */
export const publicListing = z
  .object({
    id: z.number(),
    name: z.string(),
    address: z.string(),
    postcode: z.string(),
    city: z.string(),
    country: z.string(),
    website: z.string().nullable(),
    instagram: z.string().nullable(),
    description: z.string(),
    logoUrl: z.string().nullable(),
  })
  .meta({ id: 'PublicStockist' });
export type PublicListing = z.infer<typeof publicListing>;
export const publicListingList = z.object({ data: z.array(publicListing) });

export const listingQuery = z.object({ q: z.string().max(80).optional(), lang: z.string().max(35).optional() });
export const listingIdParam = z.object({
  id: z
    .string()
    .regex(/^\d{1,10}$/, { error: LISTING_MESSAGES.listingNotFound })
    .transform(Number),
});

/** A city or postcode search: accents, case and spaces do not matter; a postcode matches by its start. */
export function normalizeSearch(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The owner's listings, a page at a time by town (issue 43). */
export const adminListingList = pageOf(adminListing);
export const adminListingQuery = pageQuery.omit({ q: true });
