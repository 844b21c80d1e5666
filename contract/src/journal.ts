import { defineMessages } from './messages.ts';
import { pageQuery } from './paging.ts';
import { z } from 'zod';
import { LOCALES } from './constants.ts';
import { bothLocalesOnce } from './vocabulary.ts';
import { SLUG_PATTERN } from './journal-helpers.ts';

export * from './journal-helpers.ts';

export const JOURNAL_MESSAGES = defineMessages('journal', {
  sectionTitleRequired: { en: 'A section title is required in French and in English.', fr: 'Le titre de la rubrique est requis en français et en anglais.' },
  postTitleRequired: { en: 'A post title is required in French and in English.', fr: 'Le titre de l’article est requis en français et en anglais.' },
  postContentRequired: { en: 'Post content is required in French and in English.', fr: 'Le contenu de l’article est requis en français et en anglais.' },
  sectionRequired: { en: 'Add a section before publishing a post', fr: 'Ajoutez une rubrique avant de publier un article' },
  sectionNotFound: { en: 'This section does not exist (introuvable).', fr: 'Cette rubrique est introuvable.' },
  postNotFound: { en: 'This post does not exist (introuvable).', fr: 'Cet article est introuvable.' },
  slugInvalid: {
    en: 'The slug may contain only lowercase letters, numbers and hyphens.',
    fr: 'Le slug ne peut contenir que des lettres minuscules, des chiffres et des tirets.',
  },
  slugTaken: { en: 'This slug is already used by another post.', fr: 'Ce slug est déjà utilisé par un autre article.' },
  bothLocales: { en: 'The texts are needed in French and in English, once each.', fr: 'Les textes sont requis en français et en anglais, une fois chacun.' },
  coverInvalid: { en: 'The cover must be an image uploaded here.', fr: 'L’image de couverture doit être une image téléversée ici.' },
  coverAltTooLong: { en: 'The cover description can be 300 characters at most.', fr: 'La description de l’image de couverture compte 300 caractères au plus.' },
});

/**
 * Absent: the saved value stays (a client of the original API, which has no cover, never erases
 * one); empty or null: removed.
 */
const keptUnlessGiven = <T extends z.ZodType<string>>(schema: T) =>
  z
    .union([schema, z.null()])
    .optional()
    .transform((v) => (v === undefined ? undefined : v ? v : null));

const coverImageUrl = keptUnlessGiven(
  z
    .string({ error: JOURNAL_MESSAGES.coverInvalid })
    .trim()
    .max(300, { error: JOURNAL_MESSAGES.coverInvalid })
    .refine((v) => v === '' || /^\/uploads\/[A-Za-z0-9._-]+$/.test(v), { error: JOURNAL_MESSAGES.coverInvalid }),
);
const coverAlt = keptUnlessGiven(z.string().trim().max(300, { error: JOURNAL_MESSAGES.coverAltTooLong }));

export const sectionInput = z
  .object({
    translations: z
      .array(
        z.object({
          locale: z.enum(LOCALES),
          title: z.string({ error: JOURNAL_MESSAGES.sectionTitleRequired }).trim().min(1, { error: JOURNAL_MESSAGES.sectionTitleRequired }).max(160),
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
    coverImageUrl,
    sectionId: z
      .number({ error: JOURNAL_MESSAGES.sectionRequired })
      .int({ error: JOURNAL_MESSAGES.sectionRequired })
      .positive({ error: JOURNAL_MESSAGES.sectionRequired }),
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
          coverAlt,
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
  /** The post's picture, or null; `coverAlt` describes it in the page's language. */
  coverImageUrl: z.string().nullable(),
  coverAlt: z.string().nullable(),
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
export const publicPostPage = publicPost.extend({ section: z.object({ id: z.number(), title: z.string(), slug: z.string() }) }).meta({ id: 'JournalPost' });

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
    coverImageUrl: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    translations: z.array(z.object({ locale: z.enum(LOCALES), title: z.string(), content: z.string(), coverAlt: z.string().nullable() })),
  })
  .meta({ id: 'AdminPost' });

export type PublicPost = z.infer<typeof publicPost>;
export type PublicSection = z.infer<typeof publicSection>;
export type PublicPostPage = z.infer<typeof publicPostPage>;
export type AdminSection = z.infer<typeof adminSection>;
export type AdminPost = z.infer<typeof adminPost>;

/** The back-office lists: every post (drafts included) and every section with its post count. */
export const adminPostList = z.array(adminPost);
/**
 * `GET /api/admin/blog`: the spec's posts list, a page of it (issue 43): `?limit=` (50 unless asked),
 * `?page=` or `?cursor=`, `?q=` (a title in either language or the slug), `?section=` (a section's id);
 * the total in `X-Total-Count`, the pages around in `Link`.
 */
export const adminPostQuery = pageQuery.extend({
  lang: z.string().max(35).optional(),
  section: z
    .string({ error: JOURNAL_MESSAGES.sectionNotFound })
    .regex(/^\d{1,10}$/, { error: JOURNAL_MESSAGES.sectionNotFound })
    .transform(Number)
    .optional(),
});
export const adminSectionList = z.array(adminSection);
