import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/**
 * The approved e-invoicing platform (issue 35): its settings (one row; the secret never leaves the
 * server), and each document's submission to it — the outbox the platform worker claims (attempts,
 * lock, next try) and the status the platform reports (submitted, rejected, refused, paid).
 */
export async function m018EinvoicingPlatform(db: Kysely<any>, { id }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('einvoicing_platform')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('url', 'varchar(2000)', (c) => c.notNull())
    .addColumn('token_url', 'varchar(2000)', (c) => c.notNull())
    .addColumn('client_id', 'varchar(200)', (c) => c.notNull())
    .addColumn('secret', 'varchar(500)', (c) => c.notNull())
    .addColumn('send_cashed', 'integer', (c) => c.notNull())
    .addColumn('enabled_at', 'varchar(32)')
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();

  await id(db.schema.createTable('invoice_submissions'))
    .addColumn('invoice_id', 'integer', (c) => c.notNull().unique().references('invoices.id'))
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('flow_id', 'varchar(200)')
    .addColumn('reason', 'varchar(1000)')
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', 'varchar(32)')
    .addColumn('locked_until', 'varchar(32)')
    .addColumn('submitted_at', 'varchar(32)')
    .addColumn('cashed_at', 'varchar(32)')
    /** JSON array: the lifecycle flows already read, so each status is taken once. */
    .addColumn('seen', 'text', (c) => c.notNull())
    .addColumn('checked_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('invoice_submissions_due').on('invoice_submissions').columns(['status', 'next_attempt_at']).execute();
}
