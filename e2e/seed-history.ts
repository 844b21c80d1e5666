// Orders of two years ago for the e2e server: more than a page of the owner's list (issue 43), older than
// anything the tests send, so a test's own order is always on the first page.
import type { Kysely } from 'kysely';
import type { Database } from '../server/src/db/schema.ts';
import { sentOrderRow } from '../server/test/rows.ts';
import { productSearchText } from '../server/src/lib/search.ts';

export const HISTORY_SHOP = { email: 'mercerie-colmar@demo.example', name: 'Mercerie Ancienne', town: 'Colmar' };
export const HISTORY_ORDERS = 60;

export async function seedOrderHistory(db: Kysely<Database>, userId: number): Promise<void> {
  const variant = await db
    .selectFrom('variants')
    .innerJoin('products', 'products.id', 'variants.product_id')
    .innerJoin('variant_translations', 'variant_translations.variant_id', 'variants.id')
    .select(['variants.id', 'variants.product_id', 'variants.color_code', 'variants.price_cents', 'products.reference', 'variant_translations.color_name'])
    .where('variant_translations.locale', '=', 'fr')
    .orderBy('variants.id')
    .executeTakeFirstOrThrow();
  const company = JSON.stringify({
    companyName: HISTORY_SHOP.name,
    siret: null,
    vatNumber: null,
    billingAddress: null,
    deliveryAddress: null,
    phone: null,
    billing: { line1: '2 rue des Marchands', line2: '', postcode: '68000', town: HISTORY_SHOP.town, country: 'FR' },
  });
  for (let i = 1; i <= HISTORY_ORDERS; i += 1) {
    const number = `2024-${String(i).padStart(4, '0')}`;
    const at = new Date(Date.UTC(2024, 0, 1 + i * 3, 10)).toISOString();
    const { id } = await db
      .insertInto('orders')
      .values(
        sentOrderRow({
          number,
          userId,
          email: HISTORY_SHOP.email,
          company,
          at,
          key: `history-${i}`,
          totalCents: variant.price_cents * 2,
          pieces: 2,
          references: variant.reference ? [variant.reference] : [],
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('order_lines')
      .values({
        order_id: id,
        position: 0,
        variant_id: variant.id,
        product_id: variant.product_id,
        product_title: JSON.stringify({ fr: 'Pièce ancienne', en: 'Older piece' }),
        color_name: JSON.stringify({ fr: variant.color_name, en: variant.color_name }),
        color_code: variant.color_code,
        reference: variant.reference,
        size: 'M',
        quantity: 2,
        unit_price_cents: variant.price_cents,
      })
      .execute();
    await db.insertInto('order_events').values({ order_id: id, status: 'submitted', by_role: 'retailer', note: null, at }).execute();
  }
}

/** Styles of earlier years still shown, last in the collection and in no season: the collection then runs past a page (issue 43). */
export const ARCHIVE_STYLES = 20;

export async function seedArchiveStyles(db: Kysely<Database>): Promise<void> {
  const image = await db.selectFrom('variants').select('image_url').orderBy('id').executeTakeFirstOrThrow();
  const last = await db
    .selectFrom('products')
    .select((eb) => eb.fn.max('position').as('max'))
    .executeTakeFirstOrThrow();
  const now = new Date(Date.UTC(2024, 0, 1)).toISOString();
  for (let i = 1; i <= ARCHIVE_STYLES; i += 1) {
    const reference = `ARCH-${String(i).padStart(2, '0')}`;
    const titles = { fr: `Archive ${i} · Blouse Lavande`, en: `Archive ${i} · Lavender blouse` };
    const { id } = await db
      .insertInto('products')
      .values({
        reference,
        status: 'published',
        position: Number(last.max ?? 0) + i,
        created_at: now,
        updated_at: now,
        search_text: productSearchText(reference, [titles.fr, titles.en]),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('product_translations')
      .values([
        { product_id: id, locale: 'fr', title: titles.fr, description: 'Une blouse des années passées.', mantra: null },
        { product_id: id, locale: 'en', title: titles.en, description: 'A blouse of years past.', mantra: null },
      ])
      .execute();
    const variant = await db
      .insertInto('variants')
      .values({
        product_id: id,
        position: 0,
        color_code: '#9b8bb4',
        image_url: image.image_url,
        image_gallery: '[]',
        price_cents: 6800,
        retail_price_cents: null,
        sizes: 'S,M,L',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('variant_translations')
      .values([
        { variant_id: variant.id, locale: 'fr', color_name: 'Lavande' },
        { variant_id: variant.id, locale: 'en', color_name: 'Lavender' },
      ])
      .execute();
  }
}
