import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Holds one invoice until the caller's transaction ends, before what is left on it is read: two credit
 * notes or two payments at once are then counted one after the other, never both against the same
 * remainder (PostgreSQL: the row's lock; SQLite: the database's write lock). A write that changes nothing.
 */
export async function holdInvoice(trx: Kysely<Database>, invoiceId: number): Promise<void> {
  await trx
    .updateTable('invoices')
    .set({ number: sql<string>`number` })
    .where('id', '=', invoiceId)
    .execute();
}
