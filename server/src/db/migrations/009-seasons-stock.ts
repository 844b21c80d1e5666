import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/** `Spring-Summer 2027` → `SS27`, `Printemps-été 2027` → `PE27`; `S1` when nothing fits. */
export function seasonCodeFrom(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[\s\-_/]+/)
    .filter(Boolean);
  const letters = words
    .filter((w) => /^[A-Za-z]/.test(w))
    .map((w) => w[0]!.toUpperCase())
    .join('')
    .slice(0, 4);
  const year = /(\d{4}|\d{2})\b/.exec(name)?.[1]?.slice(-2) ?? '';
  const code = `${letters}${year}`;
  return code.length >= 2 ? code : 'S1';
}

/**
 * Seasons (order window, delivery windows, their own terms), products in seasons, stock per
 * variant and size (on hand, reserved, incoming) with every movement, and the order's mode.
 * A site that had terms gets a first season holding them, every product and every order.
 */
export async function m009SeasonsStock(db: Kysely<any>, { id }: MigrationContext): Promise<void> {
  await id(db.schema.createTable('seasons'))
    .addColumn('code', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('orders_open', 'varchar(10)', (c) => c.notNull())
    .addColumn('orders_close', 'varchar(10)')
    .addColumn('valid_until', 'varchar(10)')
    .addColumn('opening_minimum_cents', 'integer', (c) => c.notNull())
    .addColumn('reorder_minimum_cents', 'integer', (c) => c.notNull())
    .addColumn('order_email', 'varchar(254)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createTable('season_translations')
    .addColumn('season_id', 'integer', (c) => c.notNull().references('seasons.id').onDelete('cascade'))
    .addColumn('locale', 'varchar(2)', (c) => c.notNull())
    .addColumn('name', 'varchar(80)', (c) => c.notNull())
    .addColumn('payment_terms', 'text', (c) => c.notNull())
    .addColumn('delivery_window', 'text', (c) => c.notNull())
    .addColumn('shipping_notes', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('season_translations_pk', ['season_id', 'locale'])
    .execute();
  await id(db.schema.createTable('season_deliveries'))
    .addColumn('season_id', 'integer', (c) => c.notNull().references('seasons.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('starts_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('ends_on', 'varchar(10)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('season_delivery_translations')
    .addColumn('delivery_id', 'integer', (c) => c.notNull().references('season_deliveries.id').onDelete('cascade'))
    .addColumn('locale', 'varchar(2)', (c) => c.notNull())
    .addColumn('name', 'varchar(80)', (c) => c.notNull())
    .addPrimaryKeyConstraint('season_delivery_translations_pk', ['delivery_id', 'locale'])
    .execute();
  await db.schema
    .createTable('product_seasons')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('season_id', 'integer', (c) => c.notNull().references('seasons.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('product_seasons_pk', ['product_id', 'season_id'])
    .execute();
  await db.schema.createIndex('product_seasons_season_idx').on('product_seasons').column('season_id').execute();

  await db.schema
    .createTable('stock_levels')
    .addColumn('variant_id', 'integer', (c) => c.notNull().references('variants.id').onDelete('cascade'))
    .addColumn('size', 'varchar(10)', (c) => c.notNull())
    // null: this size is not sold from stock.
    .addColumn('on_hand', 'integer')
    .addColumn('reserved', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('stock_levels_pk', ['variant_id', 'size'])
    .execute();
  await id(db.schema.createTable('stock_incoming'))
    .addColumn('variant_id', 'integer', (c) => c.notNull().references('variants.id').onDelete('cascade'))
    .addColumn('size', 'varchar(10)', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('available_from', 'varchar(10)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('stock_incoming_variant_idx').on('stock_incoming').columns(['variant_id', 'size']).execute();
  // No foreign keys: the history outlives a deleted colour or order line.
  await id(db.schema.createTable('stock_movements'))
    .addColumn('variant_id', 'integer', (c) => c.notNull())
    .addColumn('size', 'varchar(10)', (c) => c.notNull())
    .addColumn('order_id', 'integer')
    .addColumn('on_hand_delta', 'integer', (c) => c.notNull())
    .addColumn('reserved_delta', 'integer', (c) => c.notNull())
    // count (a set by the owner), import, reserve, release, ship.
    .addColumn('reason', 'varchar(16)', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('stock_movements_variant_idx').on('stock_movements').columns(['variant_id', 'size', 'at']).execute();
  await db.schema.createIndex('stock_movements_order_idx').on('stock_movements').column('order_id').execute();

  // Orders: one submission can make several orders (one per delivery), each with the same key and its rank.
  await db.schema.alterTable('orders').addColumn('season_id', 'integer').execute();
  await db.schema.alterTable('orders').addColumn('delivery_id', 'integer').execute();
  await db.schema
    .alterTable('orders')
    .addColumn('mode', 'varchar(10)', (c) => c.notNull().defaultTo('preBook'))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('submission_rank', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.dropIndex('orders_idempotency_uq').execute();
  await db.schema.createIndex('orders_idempotency_uq').on('orders').columns(['user_id', 'idempotency_key', 'submission_rank']).unique().execute();
  await db.schema.createIndex('orders_season_idx').on('orders').columns(['season_id', 'delivery_id']).execute();
  await db.schema.alterTable('order_draft_lines').addColumn('mode', 'varchar(10)').execute();
  await db.schema.alterTable('order_draft_lines').addColumn('delivery_id', 'integer').execute();

  // The terms of a site that had them become its first season, with every product and order.
  const terms = await db.selectFrom('wholesale_terms').selectAll().where('id', '=', 1).executeTakeFirst();
  if (!terms) return;
  const texts = await db.selectFrom('wholesale_term_translations').selectAll().where('terms_id', '=', 1).execute();
  const fr = texts.find((t) => t.locale === 'fr') ?? texts[0];
  const en = texts.find((t) => t.locale === 'en') ?? fr;
  const now = new Date().toISOString();
  const close: string | null = terms.valid_until || null;
  const updated = String(terms.updated_at).slice(0, 10);
  const open = close && updated > close ? close : updated;
  const season = await db
    .insertInto('seasons')
    .values({
      code: seasonCodeFrom(en?.season_name ?? fr?.season_name ?? ''),
      orders_open: open,
      orders_close: close,
      valid_until: terms.valid_until,
      opening_minimum_cents: terms.opening_minimum_cents,
      reorder_minimum_cents: terms.reorder_minimum_cents,
      order_email: terms.order_email,
      created_at: now,
      updated_at: terms.updated_at,
      updated_by: terms.updated_by,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const t of texts) {
    await db
      .insertInto('season_translations')
      .values({
        season_id: season.id,
        locale: t.locale,
        name: t.season_name,
        payment_terms: t.payment_terms,
        delivery_window: t.delivery_window,
        shipping_notes: t.shipping_notes,
      })
      .execute();
  }
  const delivery = await db
    .insertInto('season_deliveries')
    .values({ season_id: season.id, position: 0, starts_on: open, ends_on: close ?? open })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const t of texts) {
    // Named after the terms' delivery text: its first sentence, 80 characters at most.
    const first = (t.delivery_window.split(/(?<=[.;])\s/)[0] ?? '').trim();
    const name = (first || t.season_name).slice(0, 80);
    await db.insertInto('season_delivery_translations').values({ delivery_id: delivery.id, locale: t.locale, name }).execute();
  }
  const products = await db.selectFrom('products').select('id').execute();
  for (const p of products) await db.insertInto('product_seasons').values({ product_id: p.id, season_id: season.id }).execute();
  await db.updateTable('orders').set({ season_id: season.id, delivery_id: delivery.id, mode: 'preBook' }).execute();
  await db.deleteFrom('wholesale_term_translations').execute();
  await db.deleteFrom('wholesale_terms').execute();
}
