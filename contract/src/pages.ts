import { defineMessages } from './messages.ts';
import { z } from 'zod';

/** The public pages whose texts the owner edits in /admin/pages. */
export const PAGE_KEYS = ['home', 'story', 'faq', 'retailers'] as const;
export type PageKey = (typeof PAGE_KEYS)[number];

export const PAGE_MESSAGES = defineMessages('page', {
  pageUnknown: { en: 'Unknown page: it is home, story, faq or retailers.', fr: 'Page inconnue : home, story, faq ou retailers.' },
  textRequired: { en: 'This text is required in French and in English.', fr: 'Ce texte est requis en français et en anglais.' },
  textTooLong: { en: 'A text is too long for its field.', fr: 'Un texte est trop long pour son champ.' },
  mantraMin: { en: 'Keep at least one mantra.', fr: 'Gardez au moins un mantra.' },
  paragraphMin: { en: 'Keep at least one paragraph.', fr: 'Gardez au moins un paragraphe.' },
  faqMin: { en: 'Keep at least one question in the FAQ.', fr: 'Gardez au moins une question dans la FAQ.' },
  benefitMin: { en: 'Keep at least one benefit.', fr: 'Gardez au moins un avantage.' },
  sizeRowMin: { en: 'Keep at least one row in the size guide.', fr: 'Gardez au moins une ligne dans le guide des tailles.' },
  sizeRowInvalid: {
    en: 'Each size-guide row has 6 cells (EU, FR, bust, waist, hips, equivalence), each of 1 to 20 characters.',
    fr: 'Chaque ligne du guide des tailles a 6 cases (EU, FR, poitrine, taille, hanches, équivalence) de 1 à 20 caractères.',
  },
  listTooLong: { en: 'This list has too many entries.', fr: 'Cette liste compte trop d’éléments.' },
  shopNameRequired: { en: 'Each shop of the carousel needs a name and a town.', fr: 'Chaque boutique du carrousel a besoin d’un nom et d’une ville.' },
  heroImageInvalid: { en: 'The hero image must be an image uploaded here.', fr: 'L’image d’accueil doit être une image téléversée ici.' },
  staleVersion: {
    en: 'This page was changed by someone else since you opened it. Reload it to see their version, then make your changes again.',
    fr: 'Cette page a été modifiée par quelqu’un d’autre depuis que vous l’avez ouverte. Rechargez-la pour voir sa version, puis refaites vos changements.',
  },
  saved: { en: 'The page texts were saved.', fr: 'Les textes de la page ont été enregistrés.' },
});

/** Field sizes, shown under each field of the editor. */
export const PAGE_LIMITS = { short: 200, medium: 1000, long: 2000, cell: 20 } as const;

const text = (max: number, required: boolean) => {
  const base = z.string({ error: PAGE_MESSAGES.textRequired }).trim().max(max, { error: PAGE_MESSAGES.textTooLong });
  return required ? base.min(1, { error: PAGE_MESSAGES.textRequired }) : base.default('');
};

/** One text in both languages. */
const pair = (max: number, required: boolean) => z.object({ fr: text(max, required), en: text(max, required) });
export type TextPair = { fr: string; en: string };

const list = <T extends z.ZodTypeAny>(item: T, min: string, max: number) => z.array(item).min(1, { error: min }).max(max, { error: PAGE_MESSAGES.listTooLong });

/** Where an uploaded image lives (the media pipeline's own addresses), or none. */
const uploadedImage = z
  .string({ error: PAGE_MESSAGES.heroImageInvalid })
  .trim()
  .max(300, { error: PAGE_MESSAGES.heroImageInvalid })
  .refine((v) => v === '' || /^\/uploads\/[A-Za-z0-9._-]+$/.test(v), { error: PAGE_MESSAGES.heroImageInvalid })
  .nullish()
  .transform((v) => (v ? v : null));

export const homeContent = z.object({
  kicker: pair(PAGE_LIMITS.short, false),
  title: pair(PAGE_LIMITS.short, true),
  description: pair(PAGE_LIMITS.medium, true),
  cta: pair(80, true),
  mantras: list(pair(PAGE_LIMITS.short, true), PAGE_MESSAGES.mantraMin, 40),
  /** The hero's photograph (an upload), or none; its description for screen readers. */
  heroImage: uploadedImage,
  heroAlt: pair(PAGE_LIMITS.short, false),
});

export const storyContent = z.object({
  paragraphs: list(pair(PAGE_LIMITS.long, true), PAGE_MESSAGES.paragraphMin, 20),
});

const sizeCell = z
  .string({ error: PAGE_MESSAGES.sizeRowInvalid })
  .trim()
  .min(1, { error: PAGE_MESSAGES.sizeRowInvalid })
  .max(PAGE_LIMITS.cell, { error: PAGE_MESSAGES.sizeRowInvalid });

export const faqContent = z.object({
  intro: pair(PAGE_LIMITS.medium, false),
  items: list(z.object({ question: pair(300, true), answer: pair(PAGE_LIMITS.long, true) }), PAGE_MESSAGES.faqMin, 40),
  sizeGuide: z
    .array(z.array(sizeCell).length(6, { error: PAGE_MESSAGES.sizeRowInvalid }), { error: PAGE_MESSAGES.sizeRowInvalid })
    .min(1, { error: PAGE_MESSAGES.sizeRowMin })
    .max(20, { error: PAGE_MESSAGES.listTooLong }),
});

export const retailersContent = z.object({
  intro: pair(PAGE_LIMITS.medium, true),
  benefits: list(pair(300, true), PAGE_MESSAGES.benefitMin, 12),
  mantra: pair(PAGE_LIMITS.short, false),
  /** The label's own carousel items, shown while fewer than two retailers appear in it. */
  shops: z
    .array(
      z.object({
        name: z
          .string({ error: PAGE_MESSAGES.shopNameRequired })
          .trim()
          .min(1, { error: PAGE_MESSAGES.shopNameRequired })
          .max(80, { error: PAGE_MESSAGES.textTooLong }),
        location: z
          .string({ error: PAGE_MESSAGES.shopNameRequired })
          .trim()
          .min(1, { error: PAGE_MESSAGES.shopNameRequired })
          .max(80, { error: PAGE_MESSAGES.textTooLong }),
        description: pair(500, true),
      }),
    )
    .max(12, { error: PAGE_MESSAGES.listTooLong }),
});

export const pageContent = { home: homeContent, story: storyContent, faq: faqContent, retailers: retailersContent } as const;
export type HomeContent = z.infer<typeof homeContent>;
export type StoryContent = z.infer<typeof storyContent>;
export type FaqContent = z.infer<typeof faqContent>;
export type RetailersContent = z.infer<typeof retailersContent>;
export interface PageContentMap {
  home: HomeContent;
  story: StoryContent;
  faq: FaqContent;
  retailers: RetailersContent;
}

export const pageParam = z.object({ page: z.enum(PAGE_KEYS, { error: PAGE_MESSAGES.pageUnknown }) });

/** `PUT /api/admin/pages/{page}`: the version read with the texts (0 before the first save) and the texts. */
export const pageSaveInput = z.object({
  version: z.number({ error: PAGE_MESSAGES.staleVersion }).int().min(0),
  content: z.record(z.string(), z.unknown()),
});

export const adminPage = z
  .object({
    page: z.enum(PAGE_KEYS),
    /** 0 until the owner's first save (the texts are then the label's original ones). */
    version: z.number(),
    updatedAt: z.string().nullable(),
    updatedBy: z.string().nullable(),
    content: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'AdminPage' });
export type AdminPage<K extends PageKey = PageKey> = {
  page: K;
  version: number;
  updatedAt: string | null;
  updatedBy: string | null;
  content: PageContentMap[K];
};

/** What a page renders, in one language (an empty text falls back to French). */
export interface HomeTexts {
  kicker: string;
  title: string;
  description: string;
  cta: string;
  mantras: string[];
  heroImage: string | null;
  heroAlt: string;
}
export interface StoryTexts {
  paragraphs: string[];
}
export interface FaqTexts {
  intro: string;
  items: Array<{ q: string; a: string }>;
  sizeGuide: string[][];
}
export interface TrustShop {
  id: string;
  name: string;
  location: string;
  description: string;
  /** An uploaded logo, or none (a drawn monogram then). */
  logo?: string | null;
}
export interface RetailersTexts {
  intro: string;
  benefits: string[];
  mantra: string;
  shops: TrustShop[];
}
export interface PageTextsMap {
  home: HomeTexts;
  story: StoryTexts;
  faq: FaqTexts;
  retailers: RetailersTexts;
}

const pickText = (pair: TextPair, lang: 'fr' | 'en'): string => pair[lang] || pair.fr || pair.en;

/** One page's texts in one language, as the public page renders them. */
export function localizePage<K extends PageKey>(page: K, content: PageContentMap[K], lang: 'fr' | 'en'): PageTextsMap[K] {
  switch (page) {
    case 'home': {
      const c = content as HomeContent;
      const texts: HomeTexts = {
        kicker: pickText(c.kicker, lang),
        title: pickText(c.title, lang),
        description: pickText(c.description, lang),
        cta: pickText(c.cta, lang),
        mantras: c.mantras.map((m) => pickText(m, lang)),
        heroImage: c.heroImage ?? null,
        heroAlt: pickText(c.heroAlt ?? { fr: '', en: '' }, lang),
      };
      return texts as PageTextsMap[K];
    }
    case 'story':
      return { paragraphs: (content as StoryContent).paragraphs.map((p) => pickText(p, lang)) } satisfies StoryTexts as PageTextsMap[K];
    case 'faq': {
      const c = content as FaqContent;
      return {
        intro: pickText(c.intro, lang),
        items: c.items.map((i) => ({ q: pickText(i.question, lang), a: pickText(i.answer, lang) })),
        sizeGuide: c.sizeGuide.map((row) => [...row]),
      } satisfies FaqTexts as PageTextsMap[K];
    }
    default: {
      const c = content as RetailersContent;
      return {
        intro: pickText(c.intro, lang),
        benefits: c.benefits.map((b) => pickText(b, lang)),
        mantra: pickText(c.mantra, lang),
        shops: c.shops.map((s, i) => ({ id: `label-${i + 1}`, name: s.name, location: s.location, description: pickText(s.description, lang), logo: null })),
      } satisfies RetailersTexts as PageTextsMap[K];
    }
  }
}
