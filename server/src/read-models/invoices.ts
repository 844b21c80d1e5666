import { expressionBuilder, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * What other areas may read of the invoices area's tables (ADR 0029): one query a table, of the columns it
 * publishes. A reader joins it under the name it likes (`selectFrom(readX().as('x'))`) in one SQL query; a
 * column not listed is the area's alone. The invoices area owns this file; it stands in read-models/, below
 * every area, so any area may join it without an import running up the layers.
 */
const from = expressionBuilder<Database, never>();

export const readInvoiceLines = () => from.selectFrom('invoice_lines').select(['id', 'invoice_id', 'order_line_id', 'position', 'quantity']);
export const readInvoices = () =>
  from
    .selectFrom('invoices')
    .select([
      'currency',
      'due_date',
      'id',
      'issue_date',
      'invoice_id',
      'locale',
      'number',
      'order_id',
      'prepaid_cents',
      'purpose',
      'seq',
      'shipment_id',
      'total_incl_cents',
      'type',
      'user_id',
    ]);

/**
 * What is left to pay on an invoice (`alias` names its row in the reader's query, read through
 * `readInvoices`): its total less the deposit taken off, its credit notes and the payments received.
 */
export const dueOf = (alias: string) =>
  sql<number>`(${sql.ref(`${alias}.total_incl_cents`)} - ${sql.ref(`${alias}.prepaid_cents`)} - (select coalesce(sum(c.total_incl_cents), 0) from invoices c where c.invoice_id = ${sql.ref(`${alias}.id`)}) - (select coalesce(sum(p.amount_cents), 0) from invoice_payments p where p.invoice_id = ${sql.ref(`${alias}.id`)}))`;
