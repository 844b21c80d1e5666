import type { ProductInputRaw } from '@atelier/contract';

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

