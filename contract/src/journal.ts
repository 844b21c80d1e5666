import { z } from 'zod';
import { LOCALES } from './constants.ts';

export const JOURNAL_MESSAGES = {
  sectionTitleRequired: 'A section title is required in French and in English.',
  postTitleRequired: 'A post title is required in French and in English.',
  postContentRequired: 'Post content is required in French and in English.',
  sectionRequired: 'Add a section before publishing a post',
  sectionNotFound: 'This section does not exist (introuvable).',
  postNotFound: 'This post does not exist (introuvable).',
  slugInvalid: 'The slug may contain only lowercase letters, numbers and hyphens.',
  slugTaken: 'This slug is already used by another post.',
  bothLocales: 'The texts are needed in French and in English, once each.',
} as const;

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Lowercase letters, numbers and hyphens, from any title (accents folded). */
export function slugify(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/['’]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80)
      .replace(/-+$/g, '') || 'article'
  );
}

function bothLocalesOnce(items: ReadonlyArray<{ locale: string }>): boolean {
  return items.length === LOCALES.length && LOCALES.every((l) => items.filter((i) => i.locale === l).length === 1);
}

export const sectionInput = z
  .object({
    translations: z
      .array(
        z.object({
          locale: z.enum(LOCALES),
          title: z
            .string({ error: JOURNAL_MESSAGES.sectionTitleRequired })
            .trim()
            .min(1, { error: JOURNAL_MESSAGES.sectionTitleRequired })
            .max(160),
          description: z
            .string()
            .trim()
            .max(1000)
            .nullish()
            .transform((v) => (v ? v : null)),
        }),
      )
      .refine(bothLocalesOnce, { error: JOURNAL_MESSAGES.bothLocales }),
  })
  .meta({ id: 'SectionInput' });
export type SectionInput = z.infer<typeof sectionInput>;

export const postInput = z
  .object({
    published: z.boolean().default(false),
    sectionId: z.number({ error: JOURNAL_MESSAGES.sectionRequired }).int({ error: JOURNAL_MESSAGES.sectionRequired }).positive({ error: JOURNAL_MESSAGES.sectionRequired }),
    slug: z
      .string()
      .trim()
      .max(120)
      .nullish()
      .transform((v) => (v ? v : null))
      .refine((v) => v === null || SLUG_PATTERN.test(v), { error: JOURNAL_MESSAGES.slugInvalid }),
    translations: z
      .array(
        z.object({
          locale: z.enum(LOCALES),
          title: z.string({ error: JOURNAL_MESSAGES.postTitleRequired }).trim().min(1, { error: JOURNAL_MESSAGES.postTitleRequired }).max(200),
          content: z.string({ error: JOURNAL_MESSAGES.postContentRequired }).trim().min(1, { error: JOURNAL_MESSAGES.postContentRequired }).max(50_000),
        }),
      )
      .refine(bothLocalesOnce, { error: JOURNAL_MESSAGES.bothLocales }),
  })
  .meta({ id: 'PostInput' });
export type PostInput = z.infer<typeof postInput>;
export type PostInputRaw = z.input<typeof postInput>;

export const publicPost = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  slug: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const publicSection = z
  .object({
    id: z.number(),
    title: z.string(),
    description: z.string().nullable(),
    slug: z.string(),
    posts: z.array(publicPost),
  })
  .meta({ id: 'JournalSection' });
export const publicJournal = z.array(publicSection);
export const publicPostPage = publicPost
  .extend({ section: z.object({ id: z.number(), title: z.string(), slug: z.string() }) })
  .meta({ id: 'JournalPost' });

export const adminSection = z
  .object({
    id: z.number(),
    title: z.string(),
    description: z.string().nullable(),
    slug: z.string(),
    postCount: z.number(),
    createdAt: z.string(),
    translations: z.array(z.object({ locale: z.enum(LOCALES), title: z.string(), description: z.string().nullable() })),
  })
  .meta({ id: 'AdminSection' });
export const adminPost = z
  .object({
    id: z.number(),
    sectionId: z.number(),
    section: z.string(),
    title: z.string(),
    slug: z.string(),
    content: z.string(),
    published: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
    translations: z.array(z.object({ locale: z.enum(LOCALES), title: z.string(), content: z.string() })),
  })
  .meta({ id: 'AdminPost' });

export type PublicPost = z.infer<typeof publicPost>;
export type PublicSection = z.infer<typeof publicSection>;
export type PublicPostPage = z.infer<typeof publicPostPage>;
export type AdminSection = z.infer<typeof adminSection>;
export type AdminPost = z.infer<typeof adminPost>;

export type ContentBlock =
  | { type: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; text: string }
  | { type: 'quote'; text: string }
  | { type: 'paragraph'; text: string };

const QUOTE_PAIRS: Array<[string, string]> = [
  ['"', '"'],
  ['“', '”'],
  ['«', '»'],
  ['„', '“'],
  ['‘', '’'],
  ["'", "'"],
];

/**
 * §2 post content, line by line: 1 to 6 `#` make a heading of that level (7 are
 * text); a line fully wrapped in quotation marks (straight or typographic) is a
 * quote; other consecutive lines form one paragraph; blank lines separate.
 * Returns plain data: the page renders it as text, never as HTML.
 */
export function parseContent(content: string): ContentBlock[] {
  const blocks: ContentBlock[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ type: 'paragraph', text: paragraph.join('\n') });
    paragraph = [];
  };
  for (const raw of content.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    if (!line) {
      flush();
      continue;
    }
    const heading = /^(#{1,6})(?!#)\s*(.*)$/.exec(line);
    if (heading) {
      flush();
      const text = heading[2]!.trim();
      if (text) blocks.push({ type: 'heading', level: heading[1]!.length as 1 | 2 | 3 | 4 | 5 | 6, text });
      continue;
    }
    const pair = QUOTE_PAIRS.find(([open, close]) => line.length > open.length + close.length && line.startsWith(open) && line.endsWith(close));
    if (pair) {
      flush();
      blocks.push({ type: 'quote', text: line.slice(pair[0].length, line.length - pair[1].length).trim() });
      continue;
    }
    paragraph.push(line);
  }
  flush();
  return blocks;
}
