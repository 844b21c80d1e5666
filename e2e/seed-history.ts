// Orders of two years ago for the e2e server: more than a page of the owner's list (issue 43), older than
// anything the tests send, so a test's own order is always on the first page.
import type { Kysely } from 'kysely';
import type { Database } from '../server/src/db/schema.ts';
import { sentOrderRow } from '../server/test/rows.ts';

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
  const company = JSON.stringify({ companyName: HISTORY_SHOP.name, siret: null, vatNumber: null, billingAddress: null, deliveryAddress: null, phone: null, billing: { line1: '2 rue des Marchands', line2: '', postcode: '68000', town: HISTORY_SHOP.town, country: 'FR' } });
  for (let i = 1; i <= HISTORY_ORDERS; i += 1) {
    const number = `2024-${String(i).padStart(4, '0')}`;
    const at = new Date(Date.UTC(2024, 0, 1 + i * 3, 10)).toISOString();
    const { id } = await db
      .insertInto('orders')
      .values(sentOrderRow({ number, userId, email: HISTORY_SHOP.email, company, at, key: `history-${i}`, totalCents: variant.price_cents * 2, pieces: 2, references: variant.reference ? [variant.reference] : [] }))
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
