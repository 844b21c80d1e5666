import type { PostInputRaw } from '@atelier/contract';

export const DEMO_SECTIONS = [
  {
    key: 'atelier',
    fr: { title: 'Carnet d’atelier', description: 'Ce qui se passe entre la table de coupe et la machine à coudre.' },
    en: { title: 'Workshop notebook', description: 'What happens between the cutting table and the sewing machine.' },
  },
  {
    key: 'matieres',
    fr: { title: 'Matières', description: 'Le lin, le coton, la laine : d’où ils viennent et comment les garder longtemps.' },
    en: { title: 'Materials', description: 'Linen, cotton, wool: where they come from and how to keep them for years.' },
  },
  {
    key: 'rencontres',
    fr: { title: 'Rencontres', description: null },
    en: { title: 'Encounters', description: null },
  },
] as const;

/** A drawn cover: a garment on its rail, or a close-up of the cloth, in one of the collection's colours. */
export interface DemoCover {
  draw: 'dress' | 'fabric';
  colour: string;
  alt: { fr: string; en: string };
}

export const DEMO_POSTS: Array<{
  section: (typeof DEMO_SECTIONS)[number]['key'];
  published: boolean;
  cover?: DemoCover;
  fr: { title: string; content: string };
  en: { title: string; content: string };
}> = [
  {
    section: 'atelier',
    published: true,
    cover: {
      draw: 'dress',
      colour: '#b5573a',
      alt: { fr: 'Une robe terracotta pendue au portant de l’atelier.', en: 'A terracotta dress hanging on the workshop rail.' },
    },
    fr: {
      title: 'Une robe, trois semaines',
      content: `Du premier croquis à la robe pendue sur le portant, il s’écoule environ trois semaines.
Ce n’est pas de la lenteur : c’est le temps qu’il faut.

## Le patron
Nous dessinons chaque patron à la main, puis nous le retouchons sur trois morphologies différentes.

## La toile
Avant de couper le lin, une première version en coton écru permet de corriger l’aplomb et les volumes.

« Une couture bien faite ne se voit pas, elle se sent. »

Ensuite seulement vient la série : vingt, trente pièces, jamais plus.`,
    },
    en: {
      title: 'One dress, three weeks',
      content: `From the first sketch to the dress hanging on the rail, about three weeks go by.
It is not slowness: it is the time it takes.

## The pattern
We draw every pattern by hand, then adjust it on three different figures.

## The toile
Before cutting the linen, a first version in unbleached cotton lets us correct the balance and the volumes.

“A good seam is not seen, it is felt.”

Only then comes the series: twenty, thirty pieces, never more.`,
    },
  },
  {
    section: 'matieres',
    published: true,
    cover: {
      draw: 'fabric',
      colour: '#9aa58a',
      alt: { fr: 'Un lin vert sauge, ses plis et son grain en gros plan.', en: 'Sage green linen, its folds and grain up close.' },
    },
    fr: {
      title: 'Laver son lin sans l’abîmer',
      content: `Le lin aime l’eau. Il s’assouplit à chaque lavage, à condition de le traiter avec un peu d’attention.

## Trois règles simples
Lavez à 30 °C, sans adoucissant.
Séchez à l’air libre, à l’ombre si la couleur est vive.
Repassez encore humide, ou ne repassez pas du tout : les plis font partie de son charme.

"Le lin froissé est un lin qui a vécu."`,
    },
    en: {
      title: 'Washing linen without harming it',
      content: `Linen loves water. It softens with every wash, as long as you give it a little care.

## Three simple rules
Wash at 30 °C, without fabric softener.
Dry in the open air, in the shade if the colour is bright.
Iron while still damp, or do not iron at all: the creases are part of its charm.

"Creased linen is linen that has lived."`,
    },
  },
  {
    section: 'matieres',
    published: true,
    cover: {
      draw: 'fabric',
      colour: '#c9b48a',
      alt: { fr: 'Un lin écru, non teint, en gros plan.', en: 'Undyed ecru linen, up close.' },
    },
    fr: {
      title: 'D’où vient notre lin',
      content: `Notre lin est cultivé en Normandie et en Belgique, où le climat humide et tempéré lui donne des fibres longues et solides.

Il est ensuite filé et tissé en Europe, à quelques centaines de kilomètres de l’atelier.`,
    },
    en: {
      title: 'Where our linen comes from',
      content: `Our linen is grown in Normandy and Belgium, where the mild, damp climate gives it long, strong fibres.

It is then spun and woven in Europe, a few hundred kilometres from the workshop.`,
    },
  },
  {
    section: 'rencontres',
    published: false,
    fr: {
      title: 'Brouillon : la teinturière de la vallée',
      content: `## Portrait à venir
Notes prises lors de notre visite chez Maëlle, qui teint nos étoffes à l’indigo et à la garance.`,
    },
    en: {
      title: 'Draft: the dyer of the valley',
      content: `## Portrait to come
Notes from our visit to Maëlle, who dyes our fabrics with indigo and madder.`,
    },
  },
];

export function demoPostPayload(post: (typeof DEMO_POSTS)[number], sectionId: number, coverImageUrl: string | null = null): PostInputRaw {
  return {
    published: post.published,
    sectionId,
    coverImageUrl,
    translations: [
      { locale: 'fr', ...post.fr, coverAlt: coverImageUrl ? (post.cover?.alt.fr ?? null) : null },
      { locale: 'en', ...post.en, coverAlt: coverImageUrl ? (post.cover?.alt.en ?? null) : null },
    ],
  };
}
