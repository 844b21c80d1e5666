import type { Kysely } from 'kysely';
import { nowIso } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';

// Whether a company is sent payment reminders, kept in its details (the companies area's table) and
// turned on or off from the invoices area's screen (ADR 0029).

/** Turns the company's payment reminders on or off, in the caller's transaction (details made if none yet). */
export async function setInvoiceReminders(trx: Kysely<Database>, companyId: number, enabled: boolean): Promise<void> {
  const updated = await trx
    .updateTable('company_details')
    .set({ invoice_reminders: enabled ? 1 : 0 })
    .where('user_id', '=', companyId)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return;
  await trx
    .insertInto('company_details')
    .values({
      user_id: companyId,
      company_name: null,
      siret: null,
      vat_number: null,
      billing_address: null,
      delivery_address: null,
      phone: null,
      updated_at: nowIso(),
      invoice_reminders: enabled ? 1 : 0,
    })
    .execute();
}

/** True unless the owner turned the company's reminders off. */
export async function invoiceRemindersOn(db: Kysely<Database>, companyId: number): Promise<boolean> {
  const row = await db.selectFrom('company_details').select('invoice_reminders').where('user_id', '=', companyId).executeTakeFirst();
  return row?.invoice_reminders !== 0;
}
