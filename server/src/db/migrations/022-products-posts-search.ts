import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { MigrationContext } from './context.ts';
import { applicationSearchText, contactSearchText, postSearchText, productSearchText } from '../../lib/search.ts';
import { sqliteSearchIndex, trigramOpclass } from './021-lists-at-scale.ts';

const BATCH = 500;

/**
 * The rest of issue 43's lists: styles found by reference and title in either language (the owner's
 * products and stock, the public collection paged in the owner's order), journal posts by title or
 * slug, approved shops by their company details (name, towns), the contact messages (the owner's inbox,
 * newest first) by who wrote and what. Same folded `search_text` and index as migration 021.
 */
export async function m022ProductsPostsSearch(db: Kysely<any>, { dialect }: MigrationContext): Promise<void> {
  for (const table of ['products', 'journal_posts', 'contact_messages']) {
    await db.schema
      .alterTable(table)
      .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  }
  // The journal's order (by creation, ties by id), the inbox's. The collection's, (position, id), has its index since 007.
  await db.schema.createIndex('journal_posts_created').on('journal_posts').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('contact_messages_created').on('contact_messages').columns(['created_at', 'id']).execute();
  // What settles an invoice, summed from the indexes alone (an invoice's row is mostly its XML and PDF):
  // the overdue list and the home read these sums for every invoice past its due date.
  await db.schema.createIndex('invoice_payments_settling').on('invoice_payments').columns(['invoice_id', 'amount_cents']).execute();
  await db.schema.createIndex('invoices_settling').on('invoices').columns(['invoice_id', 'total_incl_cents']).execute();
  // Each style its own place, in today's order (ties were the newest first): a page of the collection is
  // then one range of positions, whatever the direction its ties would be read in.
  const order: Array<{ id: number; position: number }> = await db
    .selectFrom('products')
    .select(['id', 'position'])
    .orderBy('position')
    .orderBy('id', 'desc')
    .execute();
  for (const [index, p] of order.entries()) {
    if (p.position !== index) await db.updateTable('products').set({ position: index }).where('id', '=', p.id).execute();
  }

  for (let after = 0; ;) {
    const rows: Array<{ id: number; reference: string | null }> = await db
      .selectFrom('products')
      .select(['id', 'reference'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    const titles: Array<{ product_id: number; title: string }> = await db
      .selectFrom('product_translations')
      .select(['product_id', 'title'])
      .where(
        'product_id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    for (const r of rows) {
      const text = productSearchText(
        r.reference,
        titles.filter((t) => t.product_id === r.id).map((t) => t.title),
      );
      await db.updateTable('products').set({ search_text: text }).where('id', '=', r.id).execute();
    }
    after = rows[rows.length - 1]!.id;
  }
  const posts: Array<{ id: number; slug: string }> = await db.selectFrom('journal_posts').select(['id', 'slug']).execute();
  for (const post of posts) {
    const titles: Array<{ title: string }> = await db.selectFrom('journal_post_translations').select('title').where('post_id', '=', post.id).execute();
    await db
      .updateTable('journal_posts')
      .set({
        search_text: postSearchText(
          post.slug,
          titles.map((t) => t.title),
        ),
      })
      .where('id', '=', post.id)
      .execute();
  }

  // An approved shop is found by what its company details say too: its trading name, its towns.
  const shops: Array<{
    id: number;
    name: string;
    company: string | null;
    email: string;
    siret: string | null;
    company_name: string | null;
    billing_town: string | null;
    delivery_town: string | null;
    details_siret: string | null;
  }> = await db
    .selectFrom('retailer_applications as a')
    .innerJoin('company_details as c', 'c.user_id', 'a.retailer_user_id')
    .select(['a.id', 'a.name', 'a.company', 'a.email', 'a.siret', 'c.company_name', 'c.billing_town', 'c.delivery_town', 'c.siret as details_siret'])
    .execute();
  for (const a of shops) {
    await db
      .updateTable('retailer_applications')
      .set({ search_text: applicationSearchText(a, [a.company_name, a.billing_town, a.delivery_town, a.details_siret]) })
      .where('id', '=', a.id)
      .execute();
  }

  for (let after = 0; ;) {
    const rows: Array<{ id: number; name: string; email: string; message: string }> = await db
      .selectFrom('contact_messages')
      .select(['id', 'name', 'email', 'message'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    for (const r of rows)
      await db
        .updateTable('contact_messages')
        .set({ search_text: contactSearchText(r) })
        .where('id', '=', r.id)
        .execute();
    after = rows[rows.length - 1]!.id;
  }

  if (dialect === 'sqlite') {
    await sqliteSearchIndex(db, 'products');
    await sqliteSearchIndex(db, 'journal_posts');
    await sqliteSearchIndex(db, 'contact_messages');
  } else {
    const opclass = await trigramOpclass(db);
    if (opclass) {
      for (const table of ['products', 'journal_posts', 'contact_messages']) {
        await sql`create index ${sql.id(`${table}_search_trgm`)} on ${sql.table(table)} using gin (search_text ${sql.raw(opclass)})`.execute(db);
      }
    }
  }
}
