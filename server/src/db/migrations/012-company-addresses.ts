import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/**
 * Structured company addresses for invoices (issue 24): line 1, line 2, postcode, town, country for
 * billing and delivery, and the SIREN. A free-text address of today moves into line 1 and the
 * details are flagged "to complete": nothing typed is lost, and an invoice waits until they are.
 */
export async function m012CompanyAddresses(db: Kysely<any>, _ctx: MigrationContext): Promise<void> {
  for (const kind of ['billing', 'delivery']) {
    await db.schema.alterTable('company_details').addColumn(`${kind}_line1`, 'varchar(120)').execute();
    await db.schema.alterTable('company_details').addColumn(`${kind}_line2`, 'varchar(120)').execute();
    await db.schema.alterTable('company_details').addColumn(`${kind}_postcode`, 'varchar(12)').execute();
    await db.schema.alterTable('company_details').addColumn(`${kind}_town`, 'varchar(80)').execute();
    await db.schema.alterTable('company_details').addColumn(`${kind}_country`, 'varchar(2)').execute();
  }
  await db.schema.alterTable('company_details').addColumn('siren', 'varchar(9)').execute();
  await db.schema
    .alterTable('company_details')
    .addColumn('to_complete', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update company_details set billing_line1 = substr(billing_address, 1, 120), to_complete = 1 where billing_address is not null`.execute(db);
  await sql`update company_details set delivery_line1 = substr(delivery_address, 1, 120), to_complete = 1 where delivery_address is not null`.execute(db);
  await sql`update company_details set siren = substr(siret, 1, 9) where siret is not null`.execute(db);
}
