import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { SeasonOrders } from '../seasons/service.ts';

/** What the seasons area asks of the orders (its counts, whether a season or delivery is in use), answered here (ADR 0029). */
export const seasonOrders: SeasonOrders = {
  perSeason: (db, seasonIds) =>
    db
      .selectFrom('orders')
      .select(['season_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('season_id', 'in', seasonIds)
      .groupBy('season_id')
      .execute(),
  perDelivery: (db, seasonIds) =>
    db
      .selectFrom('orders')
      .select(['delivery_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('season_id', 'in', seasonIds)
      .groupBy('delivery_id')
      .execute(),
  async anyFor(trx: Kysely<Database>, of) {
    const query = trx.selectFrom('orders').select('id');
    const found = await ('seasonId' in of ? query.where('season_id', '=', of.seasonId) : query.where('delivery_id', 'in', of.deliveryIds)).executeTakeFirst();
    return found !== undefined;
  },
  async detachDrafts(trx, deliveryIds) {
    await trx.updateTable('order_draft_lines').set({ delivery_id: null }).where('delivery_id', 'in', deliveryIds).execute();
  },
};
