import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { chunks } from '../../lib/chunks.ts';
import { readCompanyDetails } from '../../read-models/companies.ts';
import { dueOf, readInvoices } from '../../read-models/invoices.ts';
import { foldName, numberKey, type MatchContext, type OpenInvoice } from './matching.ts';

// What the bank area reads of the invoices and the companies (through their read models, ADR 0029) to
// match a statement: loaded once per import, for the numbers its lines name and the payers it knows.

type Db = Kysely<Database>;

/** Invoices in euros with what is left on each, by their ids. */
async function invoicesWithDue(db: Db, ids: number[], names: Map<number, string>, pool: Pool): Promise<OpenInvoice[]> {
  const found: OpenInvoice[] = [];
  for (const slice of chunks([...new Set(ids)])) {
    const rows = await db
      .selectFrom(readInvoices().as('i'))
      .select(['i.id', 'i.number', 'i.user_id', 'i.due_date', dueOf('i').as('due')])
      .where('i.id', 'in', slice)
      .where('i.type', '=', 'invoice')
      .where('i.currency', '=', 'EUR')
      .execute();
    for (const r of rows) found.push(pooled(pool, openInvoice(r, names)));
  }
  return found;
}

/** One object an invoice, whichever way it was found: what a line takes off it, the next line sees. */
type Pool = Map<number, OpenInvoice>;
const pooled = (pool: Pool, invoice: OpenInvoice) => pool.get(invoice.id) ?? (pool.set(invoice.id, invoice), invoice);

const openInvoice = (
  r: { id: number; number: string; user_id: number | null; due_date: string | null; due: number },
  names: Map<number, string>,
): OpenInvoice => ({
  id: r.id,
  number: r.number,
  companyId: r.user_id ?? 0,
  company: names.get(r.user_id ?? 0) ?? '',
  dueCents: Number(r.due),
  dueDate: r.due_date,
});

/** The open invoices (something left to pay, in euros) of these companies, oldest due first. */
export async function openInvoicesOf(db: Db, companyIds: number[], names: Map<number, string>, pool: Pool = new Map()): Promise<OpenInvoice[]> {
  const found: OpenInvoice[] = [];
  for (const slice of chunks([...new Set(companyIds)])) {
    const rows = await db
      .selectFrom(readInvoices().as('i'))
      .select(['i.id', 'i.number', 'i.user_id', 'i.due_date', dueOf('i').as('due')])
      .where('i.user_id', 'in', slice)
      .where('i.type', '=', 'invoice')
      .where('i.currency', '=', 'EUR')
      .where(dueOf('i'), '>', 0)
      .orderBy('i.due_date')
      .orderBy('i.id')
      .execute();
    for (const r of rows) found.push(pooled(pool, openInvoice(r, names)));
  }
  return found;
}

/** Every company's name by its id (the shops are hundreds, not millions). */
export async function companyNames(db: Db): Promise<Map<number, string>> {
  const rows = await db.selectFrom(readCompanyDetails().as('c')).select(['c.user_id', 'c.company_name']).execute();
  return new Map(rows.filter((r) => r.company_name).map((r) => [r.user_id, r.company_name!]));
}

/**
 * What matching these lines needs, read in a few queries: the invoices their words name (by number, open or
 * settled), the payers known (an IBAN seen before, a company's name) and those payers' open invoices.
 */
export async function matchContext(
  db: Db,
  lines: Array<{ text: string; iban: string | null; payer: string | null }>,
  candidates: (text: string) => string[],
): Promise<MatchContext> {
  const names = await companyNames(db);
  const pool: Pool = new Map();
  const wanted = new Set(lines.flatMap((l) => candidates(l.text)));
  const numbers = wanted.size ? await db.selectFrom(readInvoices().as('i')).select(['i.id', 'i.number']).where('i.type', '=', 'invoice').execute() : [];
  const namedIds = numbers.filter((n) => wanted.has(numberKey(n.number))).map((n) => n.id);
  const byNumber = new Map((await invoicesWithDue(db, namedIds, names, pool)).map((i) => [numberKey(i.number), i]));

  const ibans = [...new Set(lines.map((l) => l.iban).filter((v): v is string => !!v))];
  const knownIbans = new Map<string, number>();
  for (const slice of chunks(ibans)) {
    const rows = await db.selectFrom('payer_accounts').select(['iban', 'company_id']).where('iban', 'in', slice).execute();
    for (const r of rows) knownIbans.set(r.iban, r.company_id);
  }
  // The mandates' IBANs are known payers too.
  for (const slice of chunks(ibans)) {
    const rows = await db.selectFrom('sepa_mandates').select(['iban', 'company_id']).where('iban', 'in', slice).execute();
    for (const r of rows) if (!knownIbans.has(r.iban)) knownIbans.set(r.iban, r.company_id);
  }
  const byName = new Map<string, number>();
  for (const [id, name] of names) byName.set(foldName(name), id);
  const companies = new Set<number>([...knownIbans.values()]);
  for (const l of lines) if (l.payer && byName.has(foldName(l.payer))) companies.add(byName.get(foldName(l.payer))!);
  const open = new Map<number, OpenInvoice[]>();
  for (const i of await openInvoicesOf(db, [...companies], names, pool)) open.set(i.companyId, [...(open.get(i.companyId) ?? []), i]);
  return {
    byNumber,
    openOf: (companyId) => (open.get(companyId) ?? []).filter((i) => i.dueCents > 0),
    companyOfIban: (iban) => knownIbans.get(iban),
    companyOfName: (folded) => byName.get(folded),
  };
}
