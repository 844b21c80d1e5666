import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

export async function m004StockistsContact(db: Kysely<any>, { id }: MigrationContext): Promise<void> {
  await id(db.schema.createTable('stockist_applications'))
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('company', 'varchar(160)')
    .addColumn('siret', 'varchar(14)')
    .addColumn('phone', 'varchar(40)')
    .addColumn('shop_type', 'varchar(80)')
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('catalog_opt_in', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('consent_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('locale', 'varchar(2)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('accepted_at', 'varchar(32)')
    .addColumn('accepted_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('retailer_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('stockist_applications_status_idx').on('stockist_applications').columns(['status', 'created_at']).execute();

  await id(db.schema.createTable('contact_messages'))
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('locale', 'varchar(2)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}
