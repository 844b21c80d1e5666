import { PAGE_MESSAGES, localizePage, pageContent, type AdminPage, type Locale, type PageContentMap, type PageKey, type PageTextsMap } from '@atelier/contract';
import type { Db } from '../../db/index.ts';
import { nowIso } from '../../db/index.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { logActivity, type Actor } from '../activity/service.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { DEFAULT_PAGES } from './defaults.ts';

const stale = () => new HttpError(409, PAGE_MESSAGES.staleVersion);

/** The texts of the home, story, FAQ and retailer pages, as the owner last saved them. */
export class PagesService {
  private readonly db: Db;
  /** Saved pages for the renders; cleared by every save (and by onContentChange). */
  readonly cache = new TtlCache<AdminPage>(60_000, 10);

  constructor({ db }: { db: Db }) {
    this.db = db;
  }

  /** The page with its version (0 and the original texts until the first save). */
  async admin<K extends PageKey>(page: K): Promise<AdminPage<K>> {
    return this.cache.get(page, async () => {
      const row = await this.db.selectFrom('page_texts').selectAll().where('page', '=', page).executeTakeFirst();
      if (!row) return { page, version: 0, updatedAt: null, updatedBy: null, content: structuredClone(DEFAULT_PAGES[page]) };
      // Parsed with today's schema: a text saved before a field existed gets the field's default.
      const parsed = pageContent[page].safeParse(JSON.parse(row.content));
      const content = parsed.success ? parsed.data : structuredClone(DEFAULT_PAGES[page]);
      return { page, version: row.version, updatedAt: row.updated_at, updatedBy: row.updated_by, content };
    }) as Promise<AdminPage<K>>;
  }

  /** What the public page shows in one language. */
  async texts<K extends PageKey>(page: K, lang: Locale): Promise<PageTextsMap[K]> {
    const { content } = await this.admin(page);
    return localizePage(page, content as PageContentMap[K], lang);
  }

  /**
   * One transaction: the texts, a new version, and the activity entry. The write names the
   * version the owner read; a save made meanwhile by someone else makes it match no row
   * (on PostgreSQL the second writer waits for the first's row lock, then finds the new
   * version), and the owner is told to reload instead of silently overwriting.
   */
  async save<K extends PageKey>(page: K, version: number, input: unknown, actor: Actor | null): Promise<AdminPage<K>> {
    const parsed = pageContent[page].safeParse(input);
    if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? PAGE_MESSAGES.textRequired);
    const content = JSON.stringify(parsed.data);
    const now = nowIso();
    try {
      await this.db.transaction().execute(async (trx) => {
        if (version === 0) {
          await trx
            .insertInto('page_texts')
            .values({ page, content, version: 1, updated_at: now, updated_by: actor?.email ?? null })
            .execute();
        } else {
          const updated = await trx
            .updateTable('page_texts')
            .set({ content, version: version + 1, updated_at: now, updated_by: actor?.email ?? null })
            .where('page', '=', page)
            .where('version', '=', version)
            .executeTakeFirst();
          if (Number(updated.numUpdatedRows) === 0) throw stale();
        }
        // `actor` null: not a back-office write (the demo seed), not logged.
        if (actor) await logActivity(trx, actor, { kind: 'page', action: 'save', subject: page, subjectId: page, detail: { version: version + 1 } });
      });
    } catch (error) {
      // Two first saves at once: the primary key lets one in.
      if (isUniqueViolation(error)) throw stale();
      throw error;
    }
    this.cache.clear();
    return this.admin(page);
  }
}
