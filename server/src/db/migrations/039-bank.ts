import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/**
 * Money in without typing it (issue 59), all owned by the bank area:
 * - `bank_statements`: each imported file, kept whole as invoices are (its bytes, its fingerprint: the same
 *   file twice is refused), and `bank_entries`, its lines, each known by the bank's own reference (unique: an
 *   overlapping statement records nothing twice), what became of it and the payments it made
 *   (`bank_entry_payments`).
 * - `payer_accounts`: an IBAN seen paying a company's invoices, to know the payer next time.
 * - `bank_settings`: the CSV's columns, chosen once.
 * - `sepa_mandates`, `debit_collections`, `debit_items`: SEPA direct debits (CORE), one mandate active a company.
 * - `payment_returns`: a payment that came back (a returned debit, a bounced transfer), kept after the
 *   invoices area unmarked it.
 */
export async function m039Bank(db: Kysely<any>, { id, dialect }: MigrationContext): Promise<void> {
  const bytes = dialect === 'postgres' ? 'bytea' : 'blob';
  await id(db.schema.createTable('bank_statements'))
    .addColumn('format', 'varchar(20)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('statement_ref', 'varchar(80)')
    .addColumn('from_date', 'varchar(10)')
    .addColumn('to_date', 'varchar(10)')
    .addColumn('entries', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('file', bytes, (c) => c.notNull())
    .addColumn('imported_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('imported_by', 'integer')
    .execute();
  await id(db.schema.createTable('bank_entries'))
    .addColumn('statement_id', 'integer', (c) => c.notNull().references('bank_statements.id'))
    .addColumn('bank_ref', 'varchar(120)', (c) => c.notNull().unique())
    .addColumn('booking_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('credit', 'integer', (c) => c.notNull())
    .addColumn('payer', 'varchar(140)')
    .addColumn('iban', 'varchar(34)')
    .addColumn('text', 'varchar(500)', (c) => c.notNull())
    .addColumn('end_to_end', 'varchar(35)')
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('note', 'varchar(40)')
    .addColumn('matched_at', 'varchar(32)')
    .addColumn('matched_by', 'integer')
    .execute();
  await db.schema.createIndex('bank_entries_status').on('bank_entries').columns(['status', 'booking_date', 'id']).execute();
  await db.schema.createIndex('bank_entries_statement').on('bank_entries').columns(['statement_id', 'id']).execute();
  await id(db.schema.createTable('bank_entry_payments'))
    .addColumn('entry_id', 'integer', (c) => c.notNull().references('bank_entries.id'))
    .addColumn('payment_id', 'integer', (c) => c.notNull())
    .addColumn('invoice_id', 'integer', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bank_entry_payments_entry').on('bank_entry_payments').columns(['entry_id']).execute();
  await db.schema.createIndex('bank_entry_payments_payment').on('bank_entry_payments').columns(['payment_id']).execute();
  await db.schema
    .createTable('payer_accounts')
    .addColumn('iban', 'varchar(34)', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('seen_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('bank_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('csv_columns', 'text')
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await id(db.schema.createTable('sepa_mandates'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('rum', 'varchar(35)', (c) => c.notNull().unique())
    .addColumn('iban', 'varchar(34)', (c) => c.notNull())
    .addColumn('bic', 'varchar(11)', (c) => c.notNull())
    .addColumn('signed_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('recurring', 'integer', (c) => c.notNull())
    .addColumn('notice_days', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('first_collected_on', 'varchar(10)')
    .addColumn('pdf', bytes)
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .execute();
  await db.schema.createIndex('sepa_mandates_company').on('sepa_mandates').columns(['company_id', 'status']).execute();
  // One active mandate a company, whatever two requests at once do (a partial unique index: SQLite and PostgreSQL).
  await db.schema.createIndex('sepa_mandates_one_active').on('sepa_mandates').column('company_id').unique().where(sql.ref('status'), '=', 'active').execute();
  await id(db.schema.createTable('debit_collections'))
    .addColumn('message_id', 'varchar(35)', (c) => c.notNull().unique())
    .addColumn('due_by', 'varchar(10)', (c) => c.notNull())
    .addColumn('collect_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('invoices', 'integer', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .execute();
  await id(db.schema.createTable('debit_items'))
    .addColumn('collection_id', 'integer', (c) => c.notNull().references('debit_collections.id'))
    .addColumn('invoice_id', 'integer', (c) => c.notNull())
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('mandate_id', 'integer', (c) => c.notNull().references('sepa_mandates.id'))
    .addColumn('sequence', 'varchar(4)', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('end_to_end', 'varchar(35)', (c) => c.notNull().unique())
    .addColumn('payment_id', 'integer')
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('return_reason', 'varchar(200)')
    .execute();
  await db.schema.createIndex('debit_items_collection').on('debit_items').columns(['collection_id', 'id']).execute();
  await db.schema.createIndex('debit_items_invoice').on('debit_items').columns(['invoice_id', 'status']).execute();
  await db.schema.createIndex('debit_items_company').on('debit_items').columns(['company_id', 'id']).execute();
  await id(db.schema.createTable('payment_returns'))
    .addColumn('payment_id', 'integer', (c) => c.notNull().unique())
    .addColumn('invoice_id', 'integer', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('paid_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('reference', 'varchar(120)')
    .addColumn('reason', 'varchar(200)', (c) => c.notNull())
    .addColumn('returned_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('entry_id', 'integer')
    .addColumn('created_by', 'integer')
    .execute();
  await db.schema.createIndex('payment_returns_returned').on('payment_returns').columns(['returned_on', 'id']).execute();
}
