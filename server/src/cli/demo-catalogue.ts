import type { ProductInputRaw } from '@atelier/contract';
import type { Garment } from './demo-images.ts';

interface DemoVariant {
  fr: string;
  en: string;
  code: string;
  price: number;
  /** Recommended retail price incl. VAT (the label's usual ×2.3 on trade, rounded to 5 €); computed when absent. */
  retail?: number;
  sizes: string[];
}

export interface DemoProduct {
  garment: Garment;
  /** Style reference on the line sheet. */
  reference: string;
  fr: { title: string; description: string; mantra: string | null };
  en: { title: string; description: string; mantra: string | null };
  variants: DemoVariant[];
  /** Named packs (a size ratio) a shop may order by. */
  packs?: Array<{ name: string; sizes: Record<string, number> }>;
}

const DRESS_SIZES = ['XS', 'S', 'M', 'L', 'XL'];

export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    garment: 'dress',
    reference: 'MS27-SOL-ROBE-01',
    fr: {
      title: 'Robe Soleil',
      description:
        'Une robe longue en lin lavé, coupée large et resserrée d’un lien à la taille. Elle se porte pieds nus sur la terrasse comme en ville, avec une veste en jean.',
      mantra: 'Marcher lentement, regarder loin.',
    },
    en: {
      title: 'Sun dress',
      description:
        'A long dress in washed linen, cut loose and drawn in at the waist with a tie. Wear it barefoot on the terrace or in town with a denim jacket.',
      mantra: 'Walk slowly, look far.',
    },
    variants: [
      { fr: 'Terracotta', en: 'Terracotta', code: '#b5573a', price: 118, sizes: DRESS_SIZES },
      { fr: 'Ocre', en: 'Ochre', code: '#c99a3b', price: 118, sizes: DRESS_SIZES },
      { fr: 'Écru', en: 'Ecru', code: '#e8dcc4', price: 112, sizes: ['S', 'M', 'L'] },
    ],
  },
  {
    garment: 'blouse',
    reference: 'MS27-LAV-BLOU-02',
    packs: [{ name: 'Assortiment S-M-L', sizes: { S: 1, M: 2, L: 1 } }],
    fr: {
      title: 'Blouse brodée Lavande',
      description: 'Une blouse en voile de coton, brodée main d’un fil ton sur ton au col et aux poignets. Légère, elle respire les après-midi chauds.',
      mantra: 'Chaque point compte.',
    },
    en: {
      title: 'Lavender embroidered blouse',
      description: 'A cotton voile blouse, hand-embroidered tone on tone at the collar and cuffs. Light as air for warm afternoons.',
      mantra: 'Every stitch counts.',
    },
    variants: [
      { fr: 'Blanc cassé', en: 'Off-white', code: '#efe6d6', price: 78, sizes: ['XS', 'S', 'M', 'L'] },
      { fr: 'Sauge', en: 'Sage', code: '#8f9a78', price: 78, sizes: ['S', 'M', 'L', 'XL'] },
    ],
  },
  {
    garment: 'trousers',
    reference: 'MS27-GAR-PANT-03',
    fr: {
      title: 'Pantalon large Garrigue',
      description:
        'Un pantalon taille haute aux jambes amples, en toile de lin épaisse. Des poches profondes, une ceinture élastiquée au dos : on l’oublie en le portant.',
      mantra: 'De la place pour respirer.',
    },
    en: {
      title: 'Garrigue wide trousers',
      description:
        'High-waisted trousers with generous legs in a heavy linen canvas. Deep pockets, an elastic back waistband: you forget you are wearing them.',
      mantra: 'Room to breathe.',
    },
    variants: [
      { fr: 'Olive', en: 'Olive', code: '#6b6b3f', price: 96, sizes: DRESS_SIZES },
      { fr: 'Sable', en: 'Sand', code: '#cdb893', price: 96, sizes: DRESS_SIZES },
      { fr: 'Nuit', en: 'Night', code: '#2f3440', price: 98, sizes: ['S', 'M', 'L'] },
    ],
  },
  {
    garment: 'kimono',
    reference: 'MS27-AUB-KIMO-04',
    fr: {
      title: 'Kimono Aube',
      description: 'Un kimono court en gaze de coton double, à porter ouvert sur un maillot ou fermé d’une ceinture. Ses manches tombent comme un soir d’été.',
      mantra: 'Se lever avec le jour.',
    },
    en: {
      title: 'Dawn kimono',
      description: 'A short kimono in double cotton gauze, worn open over a swimsuit or closed with a belt. Its sleeves fall like a summer evening.',
      mantra: 'Rise with the day.',
    },
    variants: [
      { fr: 'Rose poudré', en: 'Powder pink', code: '#d9a79a', price: 89, sizes: ['ONESIZE'] },
      { fr: 'Indigo', en: 'Indigo', code: '#3d4f7a', price: 92, sizes: ['ONESIZE'] },
    ],
  },
  {
    garment: 'skirt',
    reference: 'MS27-MIS-JUPE-05',
    fr: {
      title: 'Jupe longue Mistral',
      description: 'Une jupe à volants en viscose fluide, qui danse au moindre souffle. La taille smockée s’ajuste à toutes les silhouettes.',
      mantra: 'Laisser le vent décider.',
    },
    en: {
      title: 'Mistral maxi skirt',
      description: 'A tiered skirt in fluid viscose that dances in the slightest breeze. The smocked waist fits every figure.',
      mantra: 'Let the wind decide.',
    },
    variants: [
      { fr: 'Rouille', en: 'Rust', code: '#9a4a2c', price: 84, sizes: ['XS', 'S', 'M', 'L', 'XL', 'XXL'] },
      { fr: 'Crème', en: 'Cream', code: '#f0e6d2', price: 84, sizes: ['S', 'M', 'L'] },
      { fr: 'Ardoise', en: 'Slate', code: '#5b6066', price: 86, sizes: ['S', 'M', 'L', 'XL'] },
    ],
  },
  {
    garment: 'shirt',
    reference: 'MS27-ATE-CHEM-06',
    fr: {
      title: 'Chemise Atelier',
      description: 'La chemise d’homme qu’on emprunte et ne rend jamais : lin chambray, boutons en corozo, pans arrondis à rentrer ou à nouer.',
      mantra: null,
    },
    en: {
      title: 'Workshop shirt',
      description: 'The man’s shirt you borrow and never give back: chambray linen, corozo buttons, rounded tails to tuck in or knot.',
      mantra: null,
    },
    variants: [
      { fr: 'Bleu délavé', en: 'Faded blue', code: '#8aa1b8', price: 74, sizes: ['XS', 'S', 'M', 'L', 'XL'] },
      { fr: 'Lin naturel', en: 'Natural linen', code: '#cbbd9f', price: 74, sizes: ['S', 'M', 'L', 'XL', 'XXL'] },
    ],
  },
  {
    garment: 'jumpsuit',
    reference: 'MS27-EST-COMB-07',
    fr: {
      title: 'Combinaison Estran',
      description: 'Une combinaison sans manches en sergé de coton, boutonnée sur le devant, avec des jambes larges qu’on retrousse pour marcher dans l’eau.',
      mantra: 'Marée basse, cœur léger.',
    },
    en: {
      title: 'Foreshore jumpsuit',
      description: 'A sleeveless jumpsuit in cotton twill, buttoned down the front, with wide legs to roll up for a walk in the shallows.',
      mantra: 'Low tide, light heart.',
    },
    variants: [
      { fr: 'Kaki', en: 'Khaki', code: '#7a7350', price: 132, sizes: ['XS', 'S', 'M', 'L'] },
      { fr: 'Terre', en: 'Earth', code: '#8c5a3c', price: 132, sizes: ['S', 'M', 'L', 'XL'] },
    ],
  },
  {
    garment: 'stole',
    reference: 'MS27-TIS-ETOL-08',
    fr: {
      title: 'Étole Tisserande',
      description:
        'Une grande étole tissée sur des métiers à bras, en lin et laine mérinos. Un châle le soir, une couverture sur la plage, un foulard en hiver.',
      mantra: 'Le temps est une matière.',
    },
    en: {
      title: 'Weaver’s stole',
      description: 'A large stole woven on hand looms in linen and merino wool. A shawl at night, a blanket on the beach, a scarf in winter.',
      mantra: 'Time is a fabric.',
    },
    variants: [
      { fr: 'Safran', en: 'Saffron', code: '#d69a2d', price: 58, sizes: ['ONESIZE'] },
      { fr: 'Bordeaux', en: 'Burgundy', code: '#6e2b33', price: 58, sizes: ['ONESIZE'] },
      { fr: 'Gris perle', en: 'Pearl grey', code: '#c9c5bd', price: 56, sizes: ['ONESIZE'] },
      { fr: 'Vert-de-gris', en: 'Verdigris', code: '#6f8a7e', price: 58, sizes: ['ONESIZE'] },
    ],
  },
];

/** The label's usual recommended retail price: trade × 2.3, rounded to the nearest 5 €. */
export function retailFor(trade: number): number {
  return Math.round((trade * 2.3) / 5) * 5;
}

/** The API payload of a demo product, once its images are stored. */
export function demoPayload(product: DemoProduct, images: Array<{ main: string; gallery: string[] }>): ProductInputRaw {
  return {
    reference: product.reference,
    ...(product.packs ? { packs: product.packs } : {}),
    translations: [
      { locale: 'fr', ...product.fr },
      { locale: 'en', ...product.en },
    ],
    variants: product.variants.map((v, i) => ({
      colorCode: v.code,
      imageUrl: images[i]!.main,
      imageGallery: images[i]!.gallery,
      position: i,
      price: v.price,
      retailPrice: v.retail ?? retailFor(v.price),
      sizes: v.sizes,
      translations: [
        { locale: 'fr', colorName: v.fr },
        { locale: 'en', colorName: v.en },
      ],
    })),
  };
}
