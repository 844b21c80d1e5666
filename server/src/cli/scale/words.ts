// The words ten years of a label are written with (seed:scale): styles, colours, shops and towns, drawn
// by a seeded generator so that every run writes the same history.

/** mulberry32: a small seeded generator (the same sequence on every machine). */
export function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    chance: (p: number) => next() < p,
  };
}
export type Random = ReturnType<typeof random>;

export const GARMENTS = [
  { fr: 'Robe', en: 'dress', garment: 'dress' },
  { fr: 'Blouse', en: 'blouse', garment: 'blouse' },
  { fr: 'Pantalon', en: 'trousers', garment: 'trousers' },
  { fr: 'Jupe', en: 'skirt', garment: 'skirt' },
  { fr: 'Chemise', en: 'shirt', garment: 'shirt' },
  { fr: 'Combinaison', en: 'jumpsuit', garment: 'jumpsuit' },
  { fr: 'Veste', en: 'jacket', garment: 'jacket' },
  { fr: 'Étole', en: 'stole', garment: 'stole' },
] as const;

export const FABRICS = [
  { fr: 'en lin lavé', en: 'washed linen' },
  { fr: 'en gaze de coton', en: 'cotton gauze' },
  { fr: 'en voile brodé', en: 'embroidered voile' },
  { fr: 'en chanvre', en: 'hemp' },
  { fr: 'en laine douce', en: 'soft wool' },
  { fr: 'en soie sauvage', en: 'wild silk' },
] as const;

export const NAMES = [
  'Soleil',
  'Lavande',
  'Garrigue',
  'Mistral',
  'Atelier',
  'Estive',
  'Tisane',
  'Olivier',
  'Calanque',
  'Sauge',
  'Figue',
  'Ambre',
  'Corail',
  'Sable',
  'Houle',
  'Romarin',
  'Camargue',
  'Cévennes',
  'Luberon',
  'Aigues',
  'Pinède',
  'Cigale',
  'Sirocco',
  'Lagune',
  'Grenade',
  'Verveine',
  'Argile',
  'Mimosa',
  'Thym',
  'Cyprès',
] as const;

export const COLOURS = [
  { fr: 'Terracotta', en: 'Terracotta', code: '#b5573a' },
  { fr: 'Ocre', en: 'Ochre', code: '#c99a3b' },
  { fr: 'Écru', en: 'Ecru', code: '#e8dcc4' },
  { fr: 'Olive', en: 'Olive', code: '#6b6b3f' },
  { fr: 'Indigo', en: 'Indigo', code: '#3b4a6b' },
  { fr: 'Sable', en: 'Sand', code: '#d8c3a0' },
  { fr: 'Rouille', en: 'Rust', code: '#8f4a2a' },
  { fr: 'Sauge', en: 'Sage', code: '#9aa58a' },
  { fr: 'Encre', en: 'Ink', code: '#2b2620' },
  { fr: 'Rose poudré', en: 'Dusty pink', code: '#d9a9a0' },
  { fr: 'Bleu ciel', en: 'Sky blue', code: '#9ab8cf' },
  { fr: 'Moutarde', en: 'Mustard', code: '#c8a03a' },
] as const;

export const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'] as const;

export const TOWNS = [
  ['Arles', '13200', 'FR'],
  ['Lyon', '69002', 'FR'],
  ['Bordeaux', '33000', 'FR'],
  ['Nantes', '44000', 'FR'],
  ['Annecy', '74000', 'FR'],
  ['Montpellier', '34000', 'FR'],
  ['Sète', '34200', 'FR'],
  ['Uzès', '30700', 'FR'],
  ['Aix-en-Provence', '13100', 'FR'],
  ['Marseille', '13001', 'FR'],
  ['Toulouse', '31000', 'FR'],
  ['Biarritz', '64200', 'FR'],
  ['La Rochelle', '17000', 'FR'],
  ['Rennes', '35000', 'FR'],
  ['Lille', '59000', 'FR'],
  ['Strasbourg', '67000', 'FR'],
  ['Colmar', '68000', 'FR'],
  ['Dijon', '21000', 'FR'],
  ['Nice', '06000', 'FR'],
  ['Avignon', '84000', 'FR'],
  ['Saint-Malo', '35400', 'FR'],
  ['Quimper', '29000', 'FR'],
  ['Paris', '75003', 'FR'],
  ['Paris', '75011', 'FR'],
  ['Grenoble', '38000', 'FR'],
  ['Gent', '9000', 'BE'],
  ['Bruxelles', '1000', 'BE'],
  ['Barcelona', '08001', 'ES'],
  ['Lisboa', '1100-148', 'PT'],
  ['Genève', '1204', 'CH'],
] as const;

export const SHOP_WORDS = {
  first: ['Maison', 'Atelier', 'La Boutique', 'Comptoir', 'Galerie', 'Le Grenier', 'La Fabrique', 'Mercerie', 'Concept', 'Les Jours'],
  second: [
    'Gaïa',
    'des Lices',
    'du Port',
    'Olea',
    'Lin & Sel',
    'Bohème',
    'Céleste',
    'des Halles',
    'Sauvage',
    'Lents',
    'du Marché',
    'Solaire',
    'Nomade',
    'Indigo',
    'Ambre',
  ],
} as const;

/** A French SIREN whose Luhn key is right, from a number. */
export function siren(n: number): string {
  const base = String(100_000_00 + (n % 89_999_999)).padStart(8, '0');
  for (let key = 0; key <= 9; key += 1) {
    const candidate = `${base}${key}`;
    let sum = 0;
    for (let i = 0; i < 9; i += 1) {
      let d = Number(candidate[8 - i]);
      if (i % 2 === 1) d *= 2;
      sum += d > 9 ? d - 9 : d;
    }
    if (sum % 10 === 0) return candidate;
  }
  return `${base}0`;
}

/** The French VAT key of a SIREN. */
export function frenchVat(sirenNumber: string): string {
  const key = (12 + 3 * (Number(sirenNumber) % 97)) % 97;
  return `FR${String(key).padStart(2, '0')}${sirenNumber}`;
}
