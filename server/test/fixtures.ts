import type { CompanyInput, InvoicingSettingsInputRaw, ProductInputRaw, SeasonInputRaw } from '@atelier/contract';
import { sampleLegalIdentity } from '../src/modules/seller/sample.ts';

/** A valid §7 product payload with texts to trim, sizes to normalise and a duplicated gallery image. */
export function sampleProduct(overrides: Partial<ProductInputRaw> = {}): ProductInputRaw {
  return {
    translations: [
      { locale: 'fr', title: '  Robe Test ', description: 'Une robe.', mantra: '' },
      { locale: 'en', title: 'Test dress', description: 'A dress.', mantra: 'Slow down.' },
    ],
    variants: [
      {
        colorCode: '#B5573A',
        imageUrl: '/uploads/aaaaaaaaaaaaaaaaaaaaaaaa-1200x1500.webp',
        imageGallery: ['/uploads/bbbbbbbbbbbbbbbbbbbbbbbb-1200x1500.webp', '/uploads/bbbbbbbbbbbbbbbbbbbbbbbb-1200x1500.webp', ''],
        position: 5,
        price: 118.5,
        sizes: [' m ', 'xs', 'S!', 'huge', 'M'],
        translations: [
          { locale: 'fr', colorName: 'Terracotta' },
          { locale: 'en', colorName: 'Terracotta' },
        ],
      },
      {
        colorCode: '',
        imageUrl: 'https://cdn.example/photo.jpg',
        imageGallery: [],
        position: 0,
        price: 0,
        sizes: ['onesize'],
        translations: [
          { locale: 'fr', colorName: 'Écru' },
          { locale: 'en', colorName: 'Ecru' },
        ],
      },
    ],
    ...overrides,
  };
}

const dayFromToday = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * A season for tests and benches: its order window and delivery windows in days from today, no
 * minimum, terms without texts.
 */
export function seasonFixture(
  code: string,
  options: { open?: number; close?: number; names?: [string, string]; deliveries?: Array<[name: string, from: number]> } = {},
): SeasonInputRaw {
  const [fr, en] = options.names ?? ['Saison', 'Season'];
  return {
    code,
    ordersOpen: dayFromToday(options.open ?? -30),
    ordersClose: dayFromToday(options.close ?? 30),
    translations: [
      { locale: 'fr', name: fr },
      { locale: 'en', name: en },
    ],
    deliveries: (options.deliveries ?? [['Livraison', 60]]).map(([name, from]) => ({
      from: dayFromToday(from),
      to: dayFromToday(from + 20),
      translations: [
        { locale: 'fr', name },
        { locale: 'en', name },
      ],
    })),
    terms: { openingMinimum: 0, reorderMinimum: 0, orderEmail: 'orders@test.example', translations: [{ locale: 'fr' }, { locale: 'en' }] },
  };
}

/** A style of the bench collections: reference `BENCH-i`, one variant per colour, every size given. */
export function benchStyle(i: number, colours: readonly string[], sizes: readonly string[], price = 80): ProductInputRaw {
  return {
    reference: `BENCH-${i}`,
    translations: [
      { locale: 'fr', title: `Style ${i}`, description: 'Lin.' },
      { locale: 'en', title: `Style ${i}`, description: 'Linen.' },
    ],
    variants: colours.map((colour, position) => ({
      colorCode: '#b5573a',
      imageUrl: '/uploads/aaaaaaaaaaaaaaaaaaaaaaaa-1200x1500.webp',
      price,
      position,
      sizes: [...sizes],
      translations: [
        { locale: 'fr', colorName: colour },
        { locale: 'en', colorName: colour },
      ],
    })),
  };
}

/** The sample identity as an owner might type it: spaces, lower case, to be normalised. */
export function legalIdentity(overrides: Partial<InvoicingSettingsInputRaw> = {}): InvoicingSettingsInputRaw {
  return sampleLegalIdentity({
    legalName: 'Maison Solène',
    address: { line1: '12 rue des Tisserands', postcode: '34000', town: 'Montpellier', country: 'fr' },
    siren: '732 829 320',
    siret: '732 829 320 00074',
    vatNumber: 'FR44 732829320',
    iban: 'FR76 3000 6000 0112 3456 7890 189',
    bic: 'agrifrpp',
    ...overrides,
  });
}

/** A French shop whose details are whole (SIRET and VAT number with right keys): invoices can be issued to it. */
export const FRENCH_SHOP: CompanyInput = {
  companyName: 'Les Jours Lents',
  siret: '55208131766522',
  vatNumber: 'FR03552081317',
  billingAddress: null,
  deliveryAddress: null,
  phone: null,
  billing: { line1: '3 rue du Port', line2: '', postcode: '34200', town: 'Sète', country: 'FR' },
  delivery: { line1: '5 quai de la Marine', line2: 'Réserve', postcode: '34200', town: 'Sète', country: 'FR' },
};
