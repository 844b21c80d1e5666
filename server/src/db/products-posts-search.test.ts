import { describe, expect, it } from 'vitest';
import { migrate } from './index.ts';
import { DIALECTS, atMigration } from '../../test/helpers.ts';
import { matchesSearch, searchTerms } from '../lib/search.ts';

// Issue 43, migration 022: a database of the previous version upgrades with its collection in the same
// order (ties at one position were the newest first), each style then at a place of its own, and its
// styles, posts and approved shops found by the search.
describe.each(DIALECTS)('upgrading to the searchable collection on %s', (dialect) => {
  it('keeps the collection’s order with a place per style, and fills the search words of styles, posts and shops', async () => {
    await atMigration(dialect, '021-lists-at-scale', async (database) => {
      const db = database.db;
      const now = '2026-11-20T09:00:00.000Z';
      // Three styles at position 0 (as migration 007 left them) and one moved first by the owner.
      const ids: number[] = [];
      for (const [reference, position, fr, en] of [
        ['OLD-1', 0, 'Robe Éliane', 'Eliane dress'],
        ['OLD-2', 0, 'Blouse Mireille', 'Mireille blouse'],
        ['OLD-3', -1, 'Jupe Ondine', 'Ondine skirt'],
        ['OLD-4', 0, 'Gilet Colline', 'Colline cardigan'],
      ] as const) {
        const row = await db
          .insertInto('products')
          .values({ reference, status: 'published', position, created_at: now, updated_at: now } as never)
          .returning('id')
          .executeTakeFirstOrThrow();
        ids.push(row.id);
        await db
          .insertInto('product_translations')
          .values([
            { product_id: row.id, locale: 'fr', title: fr, description: 'x', mantra: null },
            { product_id: row.id, locale: 'en', title: en, description: 'x', mantra: null },
          ])
          .execute();
      }
      const before = (await db.selectFrom('products').select('id').orderBy('position').orderBy('id', 'desc').execute()).map((p) => p.id);
      const section = await db
        .insertInto('journal_sections')
        .values({ slug: 'carnet', created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const post = await db
        .insertInto('journal_posts')
        .values({ section_id: section.id, slug: 'laver-son-lin', published: 1, cover_image_url: null, created_at: now, updated_at: now } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('journal_post_translations')
        .values([
          { post_id: post.id, locale: 'fr', title: 'Laver son lin', content: 'x', cover_alt: null },
          { post_id: post.id, locale: 'en', title: 'Washing linen', content: 'x', cover_alt: null },
        ])
        .execute();
      const shop = await db
        .insertInto('users')
        .values({ email: 'shop@old.example', role: 'retailer', password_hash: null, locale: 'fr', created_at: now, updated_at: now } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('retailer_applications')
        .values({
          name: 'Camille Roux',
          email: 'shop@old.example',
          company: null,
          siret: null,
          phone: null,
          shop_type: null,
          message: 'Bonjour',
          catalog_opt_in: 0,
          consent_at: now,
          locale: 'fr',
          status: 'accepted',
          created_at: now,
          accepted_at: now,
          accepted_by: null,
          retailer_user_id: shop.id,
        } as never)
        .execute();
      await db
        .insertInto('company_details')
        .values({
          user_id: shop.id,
          company_name: 'Les Jours Lents',
          siret: null,
          vat_number: null,
          billing_address: null,
          delivery_address: null,
          phone: null,
          billing_town: 'Sète',
          updated_at: now,
        } as never)
        .execute();

      await migrate(database);

      const after = await db.selectFrom('products').select(['id', 'position']).orderBy('position').orderBy('id').execute();
      expect(after.map((p) => p.id)).toEqual(before);
      expect(new Set(after.map((p) => p.position)).size).toBe(after.length);
      const find = async (table: 'products' | 'journal_posts' | 'retailer_applications', q: string) =>
        (
          await db
            .selectFrom(table)
            .select('id')
            .where(matchesSearch(database.dialect, table, searchTerms(q)))
            .execute()
        ).map((r) => r.id);
      expect(await find('products', 'ELIANE')).toEqual([ids[0]]);
      expect(await find('products', 'ondine skirt')).toEqual([ids[2]]);
      expect(await find('products', 'old-4')).toEqual([ids[3]]);
      expect(await find('journal_posts', 'washing')).toEqual([post.id]);
      expect(await find('journal_posts', 'laver-son')).toEqual([post.id]);
      expect(await find('retailer_applications', 'sete')).toHaveLength(1);
      expect(await find('retailer_applications', 'jours lents')).toHaveLength(1);
    });
  });
});
