import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';
import { applicationSearchText, invoiceSearchText, orderSearchText } from '../../lib/search.ts';

/** The tables a search box reads, each with its folded `search_text` (lib/search.ts). */
export const SEARCHABLE_TABLES = ['orders', 'invoices', 'retailer_applications'] as const;

const BATCH = 500;

/**
 * Lists at scale (issue 43): the keys every list is ordered by (newest first, ties by id) indexed,
 * per shop too; a folded `search_text` on orders, invoices and applications, filled for the rows
 * already there, and its index: an FTS5 trigram table kept by triggers (SQLite), a pg_trgm GIN index
 * (PostgreSQL, when the extension can be had: without it the search still works, by scanning).
 */
export async function m021ListsAtScale(db: Kysely<any>, { dialect }: MigrationContext): Promise<void> {
  for (const table of SEARCHABLE_TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  }
  await db.schema.createIndex('orders_created').on('orders').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('orders_user_created').on('orders').columns(['user_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('orders_status_created').on('orders').columns(['status', 'created_at', 'id']).execute();
  await db.schema.createIndex('invoices_issue_id').on('invoices').columns(['issue_date', 'id']).execute();
  // An invoice's row is mostly its XML and PDF: what is due when is read from this index, never the rows.
  await db.schema.createIndex('invoices_due').on('invoices').columns(['type', 'due_date', 'total_incl_cents']).execute();
  await db.schema.createIndex('invoices_user_issue').on('invoices').columns(['user_id', 'issue_date', 'id']).execute();
  // A piece's open orders (the home's sold-out sizes, the cut sheet and the sales by style).
  await db.schema.createIndex('order_lines_piece').on('order_lines').columns(['variant_id', 'size']).execute();
  await db.schema.createIndex('retailer_applications_created').on('retailer_applications').columns(['created_at', 'id']).execute();

  await fillOrders(db);
  await fillInvoices(db);
  await fillApplications(db);

  if (dialect === 'sqlite') {
    for (const table of SEARCHABLE_TABLES) await sqliteSearchIndex(db, table);
  } else {
    const opclass = await trigramOpclass(db);
    if (opclass) {
      for (const table of SEARCHABLE_TABLES) {
        await sql`create index ${sql.id(`${table}_search_trgm`)} on ${sql.table(table)} using gin (search_text ${sql.raw(opclass)})`.execute(db);
      }
    }
  }
}

async function fillOrders(db: Kysely<any>) {
  for (let after = 0; ;) {
    const rows: Array<{ id: number; number: string; company: string; retailer_email: string }> = await db
      .selectFrom('orders')
      .select(['id', 'number', 'company', 'retailer_email'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return;
    const lines: Array<{ order_id: number; reference: string | null }> = await db
      .selectFrom('order_lines')
      .select(['order_id', 'reference'])
      .where(
        'order_id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    const references = new Map<number, Set<string>>();
    for (const l of lines) if (l.reference) (references.get(l.order_id) ?? references.set(l.order_id, new Set()).get(l.order_id)!).add(l.reference);
    for (const r of rows) {
      const text = orderSearchText(r.number, r.company, r.retailer_email, [...(references.get(r.id) ?? [])]);
      await db.updateTable('orders').set({ search_text: text }).where('id', '=', r.id).execute();
    }
    after = rows[rows.length - 1]!.id;
  }
}

async function fillInvoices(db: Kysely<any>) {
  for (let after = 0; ;) {
    const rows: Array<{ id: number; number: string; buyer: string }> = await db
      .selectFrom('invoices')
      .select(['id', 'number', 'buyer'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return;
    for (const r of rows)
      await db
        .updateTable('invoices')
        .set({ search_text: invoiceSearchText(r.number, r.buyer) })
        .where('id', '=', r.id)
        .execute();
    after = rows[rows.length - 1]!.id;
  }
}

async function fillApplications(db: Kysely<any>) {
  for (let after = 0; ;) {
    const rows: Array<{ id: number; name: string; company: string | null; email: string; siret: string | null }> = await db
      .selectFrom('retailer_applications')
      .select(['id', 'name', 'company', 'email', 'siret'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return;
    for (const r of rows)
      await db
        .updateTable('retailer_applications')
        .set({ search_text: applicationSearchText(r) })
        .where('id', '=', r.id)
        .execute();
    after = rows[rows.length - 1]!.id;
  }
}

/** An FTS5 table over `table.search_text` (external content: the text is stored once), kept by triggers. */
export async function sqliteSearchIndex(db: Kysely<any>, table: string) {
  const fts = `${table}_search`;
  await sql.raw(`create virtual table ${fts} using fts5(search_text, content='${table}', content_rowid='id', tokenize='trigram')`).execute(db);
  await sql.raw(`insert into ${fts}(${fts}) values ('rebuild')`).execute(db);
  await sql
    .raw(`create trigger ${fts}_ai after insert on ${table} begin insert into ${fts}(rowid, search_text) values (new.id, new.search_text); end`)
    .execute(db);
  await sql
    .raw(
      `create trigger ${fts}_ad after delete on ${table} begin insert into ${fts}(${fts}, rowid, search_text) values ('delete', old.id, old.search_text); end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ${fts}_au after update of search_text on ${table} begin ` +
        `insert into ${fts}(${fts}, rowid, search_text) values ('delete', old.id, old.search_text); ` +
        `insert into ${fts}(rowid, search_text) values (new.id, new.search_text); end`,
    )
    .execute(db);
}

/**
 * pg_trgm's operator class, schema-qualified: the extension is made in `public` when missing (a trusted
 * extension since PostgreSQL 13), inside a savepoint so that a refusal leaves the migration going on.
 */
export async function trigramOpclass(db: Kysely<any>): Promise<string | null> {
  const find = async () =>
    (
      await sql<{
        schema: string;
      }>`select n.nspname as schema from pg_opclass c join pg_namespace n on n.oid = c.opcnamespace where c.opcname = 'gin_trgm_ops' limit 1`.execute(db)
    ).rows[0]?.schema ?? null;
  let schema = await find();
  if (!schema) {
    const available = (await sql<{ n: number }>`select count(*)::int as n from pg_available_extensions where name = 'pg_trgm'`.execute(db)).rows[0]?.n ?? 0;
    if (!available) return null;
    await sql`savepoint trgm`.execute(db);
    try {
      await sql`create extension if not exists pg_trgm with schema public`.execute(db);
      await sql`release savepoint trgm`.execute(db);
    } catch {
      // Refused, or made meanwhile by another migration of the same database (then it is there now).
      await sql`rollback to savepoint trgm`.execute(db);
    }
    schema = await find();
  }
  return schema ? `"${schema.replace(/"/g, '""')}".gin_trgm_ops` : null;
}
