import type { AppServices } from '../services.ts';

/**
 * Demo content on a fresh database (SEED=demo). Each area adds its part here;
 * every part is idempotent: it writes only when its own tables are empty.
 */
export async function seedDemo(services: AppServices): Promise<void> {
  const hasRetailer = await services.database.db.selectFrom('users').select('id').where('role', '=', 'retailer').executeTakeFirst();
  if (!hasRetailer) {
    await services.users.create({ email: 'boutique@demo.example', role: 'retailer', password: 'boutique2026', locale: 'fr' });
  }
}
