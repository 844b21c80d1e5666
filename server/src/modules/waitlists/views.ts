import type { Locale, WaitlistEntry, WaitlistOffer } from '@atelier/contract';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Config } from '../../config.ts';
import { nowIso, type Db } from '../../db/index.ts';
import type { Database, WaitlistEntriesTable, WaitlistOffersTable } from '../../db/schema.ts';
import { pick } from '../../lib/texts.ts';
import { readOrders } from '../../read-models/orders.ts';
import type { CatalogueService, OrderableVariant } from '../catalogue/service.ts';
import type { OrdersService } from '../orders/service.ts';
import type { StockService } from '../stock/service.ts';

// How the waitlists area answers its rows (the shop's and the owner's lists share them), and what it is built with.

export type EntryRow = Selectable<WaitlistEntriesTable>;
export type OfferRow = Selectable<WaitlistOffersTable>;
type Catalogue = Pick<CatalogueService, 'orderable'>;

export interface WaitlistsDeps {
  db: Db;
  config: Config;
  stock: StockService;
  catalogue: CatalogueService;
  orders: OrdersService;
  onMailQueued: () => void;
}

/** A wait's or an offer's piece as the shop reads it: the style, its colour and size, the quantity. */
function pieceView(v: OrderableVariant | undefined, r: { variant_id: number; size: string; quantity: number }, lang: Locale) {
  return {
    variantId: r.variant_id,
    productId: v?.productId ?? null,
    reference: v?.reference ?? null,
    productTitle: v ? pick(v.titles, lang) : '',
    colorName: v ? pick(v.colorNames, lang) : '',
    size: r.size,
    quantity: r.quantity,
  };
}

/** "Robe Lina — Rouille, M" */
export function pieceName(v: OrderableVariant | undefined, size: string, lang: Locale): string {
  return v ? `${pick(v.titles, lang)} — ${pick(v.colorNames, lang)}, ${size}` : size;
}

/** Entries as the shop reads them: the piece named, its place in the queue while it waits. */
export async function entryViews(catalogue: Catalogue, db: Kysely<Database>, rows: EntryRow[], lang: Locale): Promise<WaitlistEntry[]> {
  if (rows.length === 0) return [];
  const variants = await catalogue.orderable(
    rows.map((r) => r.variant_id),
    db,
  );
  return Promise.all(
    rows.map(async (r) => {
      const v = variants.get(r.variant_id);
      let position: number | null = null;
      if (r.status === 'waiting' || r.status === 'offered') {
        const ahead = await db
          .selectFrom('waitlist_entries')
          .select(sql<number>`count(*)`.as('n'))
          .where('variant_id', '=', r.variant_id)
          .where('size', '=', r.size)
          .where('status', 'in', ['waiting', 'offered'])
          .where('id', '<', r.id)
          .executeTakeFirstOrThrow();
        position = Number(ahead.n) + 1;
      }
      return {
        id: r.id,
        ...pieceView(v, r, lang),
        status: r.status,
        position,
        createdAt: r.created_at,
      };
    }),
  );
}

/** Offers as the shop reads them: the piece, the quantity held, until when, the order it became. */
export async function offerViews(catalogue: Catalogue, db: Kysely<Database>, rows: OfferRow[], lang: Locale): Promise<WaitlistOffer[]> {
  if (rows.length === 0) return [];
  const variants = await catalogue.orderable(
    rows.map((r) => r.variant_id),
    db,
  );
  const orderIds = rows.map((r) => r.order_id).filter((id): id is number => id !== null);
  const numbers = new Map(
    (orderIds.length ? await db.selectFrom(readOrders().as('o')).select(['o.id', 'o.number']).where('o.id', 'in', orderIds).execute() : []).map((o) => [
      o.id,
      o.number,
    ]),
  );
  const now = nowIso();
  return rows.map((r) => {
    const v = variants.get(r.variant_id);
    return {
      id: r.id,
      entryId: r.entry_id,
      ...pieceView(v, r, lang),
      // Past its time it reads expired, even before the sweep let it go.
      status: r.status === 'open' && r.expires_at <= now ? 'expired' : r.status,
      expiresAt: r.expires_at,
      createdAt: r.created_at,
      decidedAt: r.decided_at,
      order: r.order_id === null ? null : { id: r.order_id, number: numbers.get(r.order_id) ?? '' },
    };
  });
}
