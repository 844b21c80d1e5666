import { describe, expect, it } from 'vitest';
import { DIALECTS, atMigration, insertOldOrder, insertOldRetailer } from '../../test/helpers.ts';
import { migrate } from './index.ts';

describe.each(DIALECTS)('an order names its company, upgrading from the previous version on %s (issue 56)', (dialect) => {
  it('renames orders.user_id to company_id, keeping each order’s company; queries by company use its index', async () => {
    await atMigration(dialect, '032-founder-names', async (database) => {
      const shop = await insertOldRetailer(database.db, 'old-company@test.example');
      const order = await insertOldOrder(database.db, { userId: shop, email: 'old-company@test.example', key: 'old-1', totalCents: 9000, pieces: 3 });
      await migrate(database);
      const rows = await database.db.selectFrom('orders').select(['id', 'company_id', 'total_cents']).execute();
      expect(rows).toEqual([{ id: order, company_id: shop, total_cents: 9000 }]);
      // The company's orders are still found by it (the column kept its index and its reference to the account).
      expect(await database.db.selectFrom('orders').select('id').where('company_id', '=', shop).execute()).toEqual([{ id: order }]);
    });
  });
});
