import { logActivity, type ActivityRecord, type Actor } from '../activity/service.ts';
import {
  JOURNAL_MESSAGES,
  slugify,
  type AdminPost,
  type AdminSection,
  type Locale,
  type PostInput,
  type PublicPostPage,
  type PublicSection,
  type SectionInput,
  otherLocale,
  DEFAULT_LOCALE,
} from '@atelier/contract';
import type { Kysely } from 'kysely';
import type { Db, Dialect } from '../../db/index.ts';
import { nowIso } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { readPage, type Page, type PageRequest } from '../../lib/paging.ts';
import { matchesSearch, postSearchText, searchTerms } from '../../lib/search.ts';

type Texts<T> = Partial<Record<Locale, T>>;
const pick = <T>(values: Texts<T>, lang: Locale): T | undefined => values[lang] ?? values.fr ?? values.en;

interface SectionRow {
  id: number;
  slug: string;
  createdAt: string;
  texts: Texts<{ title: string; description: string | null }>;
}

interface PostRow {
  id: number;
  sectionId: number;
  slug: string;
  published: boolean;
  coverImageUrl: string | null;
  createdAt: string;
  updatedAt: string;
  texts: Texts<{ title: string; content: string; coverAlt: string | null }>;
}

/** The cover and its description in the page's language (the other language's when it has none). */
const cover = (post: PostRow, lang: Locale) => ({
  coverImageUrl: post.coverImageUrl,
  coverAlt: post.coverImageUrl ? (post.texts[lang]?.coverAlt ?? pick(post.texts, otherLocale(lang))?.coverAlt ?? null) : null,
});

/** A free slug in `table`: the wanted one, else wanted-2, wanted-3… (ignoring the row itself). */
async function freeSlug(db: Kysely<Database>, table: 'journal_posts' | 'journal_sections', wanted: string, selfId?: number): Promise<string> {
  const taken = new Set(
    (
      await db
        .selectFrom(table)
        .select(['slug', 'id'])
        .where((eb) => eb.or([eb('slug', '=', wanted), eb('slug', 'like', `${wanted}-%`)]))
        .execute()
    )
      .filter((row) => row.id !== selfId)
      .map((row) => row.slug),
  );
  if (!taken.has(wanted)) return wanted;
  for (let n = 2; ; n += 1) if (!taken.has(`${wanted}-${n}`)) return `${wanted}-${n}`;
}

const frTitle = (translations: ReadonlyArray<{ locale: string; title: string }>) =>
  translations.find((t) => t.locale === DEFAULT_LOCALE)?.title ?? translations[0]?.title ?? '';

export class JournalService {
  private readonly db: Db;
  /** Published journal reads only. */
  readonly publicCache = new TtlCache<unknown>(30_000);
  private readonly dialect: Dialect;
  constructor({ db, dialect }: { db: Db; dialect: Dialect }) {
    this.db = db;
    this.dialect = dialect;
  }

  private async sections(db: Kysely<Database> = this.db): Promise<SectionRow[]> {
    const rows = await db.selectFrom('journal_sections').selectAll().orderBy('created_at').orderBy('id').execute();
    const texts = rows.length
      ? await db
          .selectFrom('journal_section_translations')
          .selectAll()
          .where(
            'section_id',
            'in',
            rows.map((r) => r.id),
          )
          .execute()
      : [];
    return rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      createdAt: r.created_at,
      texts: Object.fromEntries(texts.filter((t) => t.section_id === r.id).map((t) => [t.locale, { title: t.title, description: t.description }])),
    }));
  }

  private async posts(filter: { publishedOnly?: boolean; slug?: string; id?: number | number[] } = {}): Promise<PostRow[]> {
    let query = this.db.selectFrom('journal_posts').selectAll().orderBy('created_at').orderBy('id');
    if (filter.publishedOnly) query = query.where('published', '=', 1);
    if (filter.slug !== undefined) query = query.where('slug', '=', filter.slug);
    if (Array.isArray(filter.id)) query = query.where('id', 'in', filter.id.length ? filter.id : [0]);
    else if (filter.id !== undefined) query = query.where('id', '=', filter.id);
    const rows = await query.execute();
    const texts = rows.length
      ? await this.db
          .selectFrom('journal_post_translations')
          .selectAll()
          .where(
            'post_id',
            'in',
            rows.map((r) => r.id),
          )
          .execute()
      : [];
    return rows.map((r) => ({
      id: r.id,
      sectionId: r.section_id,
      slug: r.slug,
      published: r.published === 1,
      coverImageUrl: r.cover_image_url,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
      texts: Object.fromEntries(texts.filter((t) => t.post_id === r.id).map((t) => [t.locale, { title: t.title, content: t.content, coverAlt: t.cover_alt }])),
    }));
  }

  /** Sections in creation order, each with its published posts only. */
  publicJournal(lang: Locale): Promise<PublicSection[]> {
    return this.publicCache.get(`journal:${lang}`, () => this.loadJournal(lang)) as Promise<PublicSection[]>;
  }

  private async loadJournal(lang: Locale): Promise<PublicSection[]> {
    const [sections, posts] = await Promise.all([this.sections(), this.posts({ publishedOnly: true })]);
    return sections.map((s) => ({
      id: s.id,
      title: pick(s.texts, lang)?.title ?? '',
      description: pick(s.texts, lang)?.description ?? null,
      slug: s.slug,
      posts: posts
        .filter((p) => p.sectionId === s.id)
        .map((p) => ({
          id: p.id,
          title: pick(p.texts, lang)?.title ?? '',
          content: pick(p.texts, lang)?.content ?? '',
          slug: p.slug,
          ...cover(p, lang),
          createdAt: p.createdAt,
          updatedAt: p.updatedAt,
        })),
    }));
  }

  /** A published post by slug; a draft is as absent as an unknown slug. */
  publicPost(slug: string, lang: Locale): Promise<PublicPostPage | null> {
    return this.publicCache.get(`post:${slug}:${lang}`, () => this.loadPost(slug, lang)) as Promise<PublicPostPage | null>;
  }

  private async loadPost(slug: string, lang: Locale): Promise<PublicPostPage | null> {
    const [post] = await this.posts({ publishedOnly: true, slug });
    if (!post) return null;
    const section = (await this.sections()).find((s) => s.id === post.sectionId);
    return {
      id: post.id,
      title: pick(post.texts, lang)?.title ?? '',
      content: pick(post.texts, lang)?.content ?? '',
      slug: post.slug,
      ...cover(post, lang),
      createdAt: post.createdAt,
      updatedAt: post.updatedAt,
      section: { id: section?.id ?? 0, title: section ? (pick(section.texts, lang)?.title ?? '') : '', slug: section?.slug ?? '' },
    };
  }

  async adminSections(lang: Locale): Promise<AdminSection[]> {
    const [sections, counts] = await Promise.all([
      this.sections(),
      this.db
        .selectFrom('journal_posts')
        .select(['section_id', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('section_id')
        .execute(),
    ]);
    return sections.map((s) => ({
      id: s.id,
      title: pick(s.texts, lang)?.title ?? '',
      description: pick(s.texts, lang)?.description ?? null,
      slug: s.slug,
      postCount: Number(counts.find((c) => c.section_id === s.id)?.n ?? 0),
      createdAt: s.createdAt,
      translations: (['fr', 'en'] as const).filter((l) => s.texts[l]).map((l) => ({ locale: l, ...s.texts[l]! })),
    }));
  }

  /**
   * A page of posts as the spec orders them (by creation, then id), drafts included: `q` finds a title in
   * either language or the slug, `sectionId` keeps one section's (issue 43).
   */
  async adminPostsPage(lang: Locale, filter: { q?: string | undefined; sectionId?: number | undefined }, paging: PageRequest): Promise<Page<AdminPost>> {
    let query = this.db.selectFrom('journal_posts').select(['journal_posts.id', 'journal_posts.created_at']);
    if (filter.sectionId !== undefined) query = query.where('journal_posts.section_id', '=', filter.sectionId);
    const terms = searchTerms(filter.q);
    if (terms.length) query = query.where(matchesSearch(this.dialect, 'journal_posts', terms));
    const page = await readPage(
      query,
      { sort: 'journal_posts.created_at', id: 'journal_posts.id', sortOf: (r) => r.created_at, idOf: (r) => r.id, direction: 'asc' },
      paging,
    );
    return {
      ...page,
      data: page.data.length
        ? await this.adminPosts(
            lang,
            page.data.map((r) => r.id),
          )
        : [],
    };
  }

  async adminPosts(lang: Locale, id?: number | number[]): Promise<AdminPost[]> {
    const [posts, sections] = await Promise.all([this.posts(id === undefined ? {} : { id }), this.sections()]);
    return posts.map((p) => {
      const section = sections.find((s) => s.id === p.sectionId);
      return {
        id: p.id,
        sectionId: p.sectionId,
        section: section ? (pick(section.texts, lang)?.title ?? '') : '',
        title: pick(p.texts, lang)?.title ?? '',
        slug: p.slug,
        content: pick(p.texts, lang)?.content ?? '',
        published: p.published,
        coverImageUrl: p.coverImageUrl,
        createdAt: p.createdAt,
        updatedAt: p.updatedAt,
        translations: (['fr', 'en'] as const).filter((l) => p.texts[l]).map((l) => ({ locale: l, ...p.texts[l]! })),
      };
    });
  }

  async saveSection(input: SectionInput, lang: Locale, id: number | undefined, actor: Actor | null): Promise<AdminSection | null> {
    const savedId = await this.db.transaction().execute(async (trx) => {
      const now = nowIso();
      let sectionId: number;
      if (id === undefined) {
        const slug = await freeSlug(trx, 'journal_sections', slugify(input.translations.find((t) => t.locale === DEFAULT_LOCALE)!.title));
        sectionId = (await trx.insertInto('journal_sections').values({ slug, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
      } else {
        const updated = await trx.updateTable('journal_sections').set({ updated_at: now }).where('id', '=', id).executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) return null;
        sectionId = id;
        await trx.deleteFrom('journal_section_translations').where('section_id', '=', id).execute();
      }
      await trx
        .insertInto('journal_section_translations')
        .values(input.translations.map((t) => ({ section_id: sectionId, locale: t.locale, title: t.title, description: t.description })))
        .execute();
      if (actor)
        await logActivity(trx, actor, {
          kind: 'section',
          action: id === undefined ? 'create' : 'update',
          subject: frTitle(input.translations),
          subjectId: sectionId,
        });
      return sectionId;
    });
    if (savedId === null) return null;
    return (await this.adminSections(lang)).find((s) => s.id === savedId) ?? null;
  }

  /** Deletes a section and, in the same transaction, its posts (the confirmation names how many). */
  async deleteSection(id: number, actor: Actor | null): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const title = await trx
        .selectFrom('journal_section_translations')
        .select('title')
        .where('section_id', '=', id)
        .where('locale', '=', 'fr')
        .executeTakeFirst();
      const posts = await trx.deleteFrom('journal_posts').where('section_id', '=', id).executeTakeFirst();
      const result = await trx.deleteFrom('journal_sections').where('id', '=', id).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) return false;
      if (actor)
        await logActivity(trx, actor, {
          kind: 'section',
          action: 'delete',
          subject: title?.title ?? '',
          subjectId: id,
          detail: { posts: Number(posts.numDeletedRows) },
        });
      return true;
    });
  }

  async savePost(input: PostInput, lang: Locale, id: number | undefined, actor: Actor | null): Promise<AdminPost | null> {
    const savedId = await this.db.transaction().execute(async (trx) => {
      const section = await trx.selectFrom('journal_sections').select('id').where('id', '=', input.sectionId).executeTakeFirst();
      if (!section) throw new HttpError(400, JOURNAL_MESSAGES.sectionNotFound);
      const now = nowIso();
      const wanted = input.slug ?? slugify(input.translations.find((t) => t.locale === DEFAULT_LOCALE)!.title);
      let postId: number;
      // What the search finds the post by, written with the row (lib/search.ts).
      const titles = input.translations.map((t) => t.title);
      let wasPublished: boolean | null = null;
      const keptAlt = new Map<string, string | null>();
      if (id === undefined) {
        // A slug given explicitly must be free; a generated one gets a suffix.
        const slug = input.slug ? wanted : await freeSlug(trx, 'journal_posts', wanted);
        if (input.slug && (await freeSlug(trx, 'journal_posts', wanted)) !== wanted) throw new HttpError(409, JOURNAL_MESSAGES.slugTaken);
        postId = (
          await trx
            .insertInto('journal_posts')
            .values({
              section_id: input.sectionId,
              slug,
              published: input.published ? 1 : 0,
              cover_image_url: input.coverImageUrl ?? null,
              created_at: now,
              updated_at: now,
              search_text: postSearchText(slug, titles),
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      } else {
        const existing = await trx.selectFrom('journal_posts').select(['id', 'slug', 'published', 'cover_image_url']).where('id', '=', id).executeTakeFirst();
        if (!existing) return null;
        wasPublished = existing.published === 1;
        let slug = existing.slug;
        if (input.slug && input.slug !== existing.slug) {
          if ((await freeSlug(trx, 'journal_posts', input.slug, id)) !== input.slug) throw new HttpError(409, JOURNAL_MESSAGES.slugTaken);
          slug = input.slug;
        }
        await trx
          .updateTable('journal_posts')
          .set({
            section_id: input.sectionId,
            slug,
            published: input.published ? 1 : 0,
            cover_image_url: input.coverImageUrl === undefined ? existing.cover_image_url : input.coverImageUrl,
            updated_at: now,
            search_text: postSearchText(slug, titles),
          })
          .where('id', '=', id)
          .execute();
        // A translation sent without coverAlt keeps the description it had.
        for (const row of await trx.selectFrom('journal_post_translations').select(['locale', 'cover_alt']).where('post_id', '=', id).execute()) {
          keptAlt.set(row.locale, row.cover_alt);
        }
        await trx.deleteFrom('journal_post_translations').where('post_id', '=', id).execute();
        postId = id;
      }
      await trx
        .insertInto('journal_post_translations')
        .values(
          input.translations.map((t) => ({
            post_id: postId,
            locale: t.locale,
            title: t.title,
            content: t.content,
            cover_alt: t.coverAlt === undefined ? (keptAlt.get(t.locale) ?? null) : t.coverAlt,
          })),
        )
        .execute();
      if (actor) {
        const subject = frTitle(input.translations);
        const records: ActivityRecord[] = [
          { kind: 'post', action: id === undefined ? 'create' : 'update', subject, subjectId: postId, detail: { published: input.published ? 1 : 0 } },
        ];
        if (wasPublished !== null && wasPublished !== input.published) {
          records.push({ kind: 'status', action: input.published ? 'publish' : 'unpublish', subject, subjectId: postId, detail: { post: 1 } });
        }
        await logActivity(trx, actor, ...records);
      }
      return postId;
    });
    if (savedId === null) return null;
    return (await this.adminPosts(lang, savedId))[0] ?? null;
  }

  async deletePost(id: number, actor: Actor | null): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const title = await trx.selectFrom('journal_post_translations').select('title').where('post_id', '=', id).where('locale', '=', 'fr').executeTakeFirst();
      const result = await trx.deleteFrom('journal_posts').where('id', '=', id).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) return false;
      if (actor) await logActivity(trx, actor, { kind: 'post', action: 'delete', subject: title?.title ?? '', subjectId: id });
      return true;
    });
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('journal_sections')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
