import {
  BANK_MESSAGES,
  fromCents,
  type BankEntry,
  type BankEntryList,
  type BankEntryStatus,
  type BankNote,
  type CsvColumns,
  type MatchInput,
  type StatementImport,
} from '@atelier/contract';
import { sql, type Kysely, type Selectable } from 'kysely';
import { nowIso, type Db } from '../../db/index.ts';
import type { BankEntriesTable, Database } from '../../db/schema.ts';
import { chunks } from '../../lib/chunks.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { mapPage, readPage, type Page, type PageRequest } from '../../lib/paging.ts';
import { logActivity, type Actor } from '../activity/service.ts';
import { readInvoices } from '../../read-models/invoices.ts';
import { matchContext } from './ledger-view.ts';
import { decide, foldName, numberCandidates, type MatchContext } from './matching.ts';
import { csvHeader, fingerprint, formatOf, readCamt, readCsv, type ParsedStatement, type StatementLine } from './statement-file.ts';
import type { PaymentReturns } from './returns.ts';
import type { InvoicePayments } from './port.ts';

type Trx = Kysely<Database>;

export interface BankDeps {
  db: Db;
  payments: InvoicePayments;
  returns: PaymentReturns;
  kick: () => void;
}

type Pending = {
  line: StatementLine;
  status: BankEntryStatus;
  note: BankNote | null;
  allocations: Array<{ invoiceId: number; cents: number; companyId: number }>;
};

/**
 * Bank statements (issue 59): a camt.053 or CSV file imported in one transaction — its new lines (each known
 * by the bank's reference: an overlapping file records nothing twice), the credits matched surely recorded as
 * payments at their booking day, returned direct debits unmarked, the rest left for the owner to match.
 */
export class BankService {
  private readonly deps: BankDeps;
  constructor(deps: BankDeps) {
    this.deps = deps;
  }

  async importStatement(bytes: Buffer, fileName: string, actor: Actor): Promise<StatementImport> {
    const parsed = await this.parse(bytes);
    const sha256 = fingerprint(bytes);
    const result = await this.record(parsed, bytes, sha256, fileName, actor).catch((error: unknown) => {
      // The same file, or lines of it, imported at the same moment by another request: it was imported.
      if (isUniqueViolation(error)) throw new HttpError(409, BANK_MESSAGES.alreadyImported, {}, `${fileName.slice(0, 200)}.`);
      throw error;
    });
    this.deps.kick();
    return result;
  }

  private record(parsed: ParsedStatement, bytes: Buffer, sha256: string, fileName: string, actor: Actor): Promise<StatementImport> {
    return this.deps.db.transaction().execute(async (trx) => {
      const earlier = await trx.selectFrom('bank_statements').select(['imported_at', 'file_name']).where('sha256', '=', sha256).executeTakeFirst();
      if (earlier) throw new HttpError(409, BANK_MESSAGES.alreadyImported, {}, `${earlier.file_name}, ${earlier.imported_at.slice(0, 10)}.`);
      const statement = await trx
        .insertInto('bank_statements')
        .values({
          format: parsed.format,
          file_name: fileName.slice(0, 200),
          statement_ref: parsed.statementRef,
          from_date: parsed.from,
          to_date: parsed.to,
          entries: parsed.lines.length,
          sha256,
          file: bytes,
          imported_at: nowIso(),
          imported_by: actor.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const fresh = await this.unknownLines(trx, parsed.lines);
      const pending = await this.decideAll(trx, fresh);
      const ids = await this.insertEntries(trx, statement.id, pending);
      const recorded = await this.pay(trx, pending, ids, actor);
      let returned = 0;
      for (const [i, p] of pending.entries()) {
        if (p.status !== 'returned') continue;
        returned += (await this.deps.returns.returnDebit(trx, p.line.endToEnd!, p.line.returnCode ?? 'bank', p.line.bookingDate, ids[i]!, actor)) ? 1 : 0;
      }
      await logActivity(trx, actor, {
        kind: 'invoicing',
        action: 'import',
        subject: fileName.slice(0, 200),
        subjectId: statement.id,
        detail: { entries: parsed.lines.length, known: parsed.lines.length - fresh.length, payments: recorded.length },
      });
      return {
        id: statement.id,
        format: parsed.format,
        entries: parsed.lines.length,
        known: parsed.lines.length - fresh.length,
        matched: pending.filter((p) => p.line.credit && p.status === 'matched').length,
        payments: recorded,
        unmatched: pending.filter((p) => p.status === 'unmatched').length,
        returned,
      };
    });
  }

  /** The file read: camt.053 (its XSD passed) or CSV (by the columns chosen). */
  private async parse(bytes: Buffer): Promise<ParsedStatement> {
    const text = bytes.toString('utf8');
    const format = formatOf(text);
    if (format === 'xml') throw new HttpError(422, BANK_MESSAGES.notStatement);
    if (format !== 'csv') return readCamt(text, format);
    const header = csvHeader(text);
    if (header.length < 2) throw new HttpError(422, BANK_MESSAGES.notStatement);
    const columns = await this.csvColumns();
    if (!columns) throw new HttpError(422, BANK_MESSAGES.csvColumnsMissing, {}, undefined, { columns: header.slice(0, 40) });
    return readCsv(text, columns);
  }

  /** The lines whose bank reference no earlier statement brought. */
  private async unknownLines(trx: Trx, lines: StatementLine[]): Promise<StatementLine[]> {
    const known = new Set<string>();
    for (const slice of chunks(lines.map((l) => l.bankRef))) {
      for (const r of await trx.selectFrom('bank_entries').select('bank_ref').where('bank_ref', 'in', slice).execute()) known.add(r.bank_ref);
    }
    const seen = new Set<string>();
    return lines.filter((l) => !known.has(l.bankRef) && !seen.has(l.bankRef) && seen.add(l.bankRef));
  }

  /** Each new line's fate: a credit paid surely or waiting (a collection's batch matched to it), a debit returning a direct debit, another debit. */
  private async decideAll(trx: Trx, lines: StatementLine[]): Promise<Pending[]> {
    const ctx = await matchContext(
      trx,
      lines.filter((l) => l.credit),
      numberCandidates,
    );
    const batches = await this.collectionIds(trx, lines);
    const collected = await this.collectedEndToEnds(trx, lines);
    return lines.map((line): Pending => {
      if (!line.credit) return { line, status: line.endToEnd && collected.has(line.endToEnd) ? 'returned' : 'debit', note: null, allocations: [] };
      if (batches.some((id) => line.text.includes(id))) return { line, status: 'matched', note: 'collection', allocations: [] };
      const decision = decide(line, ctx);
      if (decision.kind === 'wait') return { line, status: 'unmatched', note: decision.note, allocations: [] };
      for (const a of decision.allocations) a.invoice.dueCents -= a.cents;
      return {
        line,
        status: 'matched',
        note: null,
        allocations: decision.allocations.map((a) => ({ invoiceId: a.invoice.id, cents: a.cents, companyId: a.invoice.companyId })),
      };
    });
  }

  private async collectionIds(trx: Trx, lines: StatementLine[]): Promise<string[]> {
    if (!lines.some((l) => l.credit && /\bDD-/.test(l.text))) return [];
    return (await trx.selectFrom('debit_collections').select('message_id').execute()).map((r) => r.message_id);
  }

  private async collectedEndToEnds(trx: Trx, lines: StatementLine[]): Promise<Set<string>> {
    const ends = lines.filter((l) => !l.credit && l.endToEnd).map((l) => l.endToEnd!);
    const found = new Set<string>();
    for (const slice of chunks(ends)) {
      for (const r of await trx.selectFrom('debit_items').select('end_to_end').where('end_to_end', 'in', slice).where('status', '=', 'collected').execute())
        found.add(r.end_to_end);
    }
    return found;
  }

  private async insertEntries(trx: Trx, statementId: number, pending: Pending[]): Promise<number[]> {
    const ids: number[] = [];
    const at = nowIso();
    for (const slice of chunks(pending, 200)) {
      const rows = await trx
        .insertInto('bank_entries')
        .values(
          slice.map(({ line, status, note }) => ({
            statement_id: statementId,
            bank_ref: line.bankRef,
            booking_date: line.bookingDate,
            amount_cents: line.cents,
            credit: line.credit ? 1 : 0,
            payer: line.payer?.slice(0, 140) ?? null,
            iban: line.iban?.slice(0, 34) ?? null,
            text: line.text,
            end_to_end: line.endToEnd?.slice(0, 35) ?? null,
            status,
            note,
            matched_at: status === 'matched' ? at : null,
            matched_by: null,
          })),
        )
        .returning('id')
        .execute();
      ids.push(...rows.map((r) => r.id));
    }
    return ids;
  }

  /** The sure matches' payments, at each line's booking day with its bank reference; each payer's IBAN learnt. */
  private async pay(trx: Trx, pending: Pending[], ids: number[], actor: Actor | null): Promise<StatementImport['payments']> {
    const rows = pending.flatMap((p, i) => p.allocations.map((a) => ({ entryId: ids[i]!, line: p.line, ...a })));
    const recorded = await this.deps.payments.record(
      trx,
      rows.map((r) => ({ invoiceId: r.invoiceId, cents: r.cents, date: r.line.bookingDate, method: 'transfer', reference: bankReference(r.line.bankRef) })),
      actor,
    );
    await this.link(
      trx,
      rows.map((r, i) => ({ entryId: r.entryId, paymentId: recorded[i]!.id, invoiceId: r.invoiceId, cents: r.cents })),
    );
    await this.learn(
      trx,
      rows.filter((r) => r.line.iban).map((r) => ({ iban: r.line.iban!, companyId: r.companyId })),
    );
    return rows.map((r, i) => ({
      id: recorded[i]!.id,
      invoiceId: r.invoiceId,
      number: recorded[i]!.number,
      amount: fromCents(r.cents),
      date: r.line.bookingDate,
      bankReference: bankReference(r.line.bankRef),
    }));
  }

  private async link(trx: Trx, rows: Array<{ entryId: number; paymentId: number; invoiceId: number; cents: number }>): Promise<void> {
    for (const slice of chunks(rows, 200)) {
      await trx
        .insertInto('bank_entry_payments')
        .values(slice.map((r) => ({ entry_id: r.entryId, payment_id: r.paymentId, invoice_id: r.invoiceId, amount_cents: r.cents })))
        .execute();
    }
  }

  /** An IBAN seen paying a company's invoice: its payer next time (the first company it paid keeps it). */
  private async learn(trx: Trx, seen: Array<{ iban: string; companyId: number }>): Promise<void> {
    const unique = [...new Map(seen.filter((s) => s.companyId > 0).map((s) => [s.iban, s.companyId])).entries()];
    for (const slice of chunks(unique, 200)) {
      const known = new Set(
        (
          await trx
            .selectFrom('payer_accounts')
            .select('iban')
            .where(
              'iban',
              'in',
              slice.map(([iban]) => iban),
            )
            .execute()
        ).map((r) => r.iban),
      );
      const fresh = slice.filter(([iban]) => !known.has(iban));
      if (fresh.length)
        await trx
          .insertInto('payer_accounts')
          .values(fresh.map(([iban, companyId]) => ({ iban, company_id: companyId, seen_at: nowIso() })))
          .execute();
    }
  }

  // —— The reconciliation screen ——

  async entries(filter: { status?: BankEntryStatus | undefined; statement?: number | undefined }, paging: PageRequest): Promise<BankEntryList> {
    let query = this.deps.db.selectFrom('bank_entries').selectAll();
    if (filter.status) query = query.where('status', '=', filter.status);
    else query = query.where('status', '!=', 'debit');
    if (filter.statement) query = query.where('statement_id', '=', filter.statement);
    const page: Page<Row> = await readPage(
      query,
      { sort: 'bank_entries.booking_date', id: 'bank_entries.id', sortOf: (r) => r.booking_date, idOf: (r) => r.id },
      paging,
    );
    return mapPage(page, (rows) => this.views(this.deps.db, rows));
  }

  /** Lines as the owner reads them: their payments, and while they wait the open invoices they may pay. */
  private async views(db: Trx, rows: Row[]): Promise<BankEntry[]> {
    if (rows.length === 0) return [];
    const paid = await db
      .selectFrom('bank_entry_payments as bp')
      .innerJoin(readInvoices().as('invoices'), 'invoices.id', 'bp.invoice_id')
      .select(['bp.entry_id', 'bp.payment_id', 'bp.invoice_id', 'bp.amount_cents', 'invoices.number'])
      .where(
        'bp.entry_id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    const waiting = rows.filter((r) => r.status === 'unmatched').map((r) => ({ text: r.text, iban: r.iban, payer: r.payer, cents: r.amount_cents }));
    const ctx = waiting.length ? await matchContext(db, waiting, numberCandidates) : null;
    return rows.map((r) => ({
      id: r.id,
      statementId: r.statement_id,
      bankReference: bankReference(r.bank_ref),
      bookingDate: r.booking_date,
      amount: fromCents(r.amount_cents),
      credit: r.credit === 1,
      payer: r.payer,
      iban: r.iban,
      text: r.text,
      status: r.status,
      payments: paid
        .filter((p) => p.entry_id === r.id)
        .map((p) => ({ id: p.payment_id, invoiceId: p.invoice_id, number: p.number, amount: fromCents(p.amount_cents) })),
      suggestions: r.status === 'unmatched' && ctx ? suggestionsFor(r, ctx) : [],
      note: (r.note as BankNote | null) ?? null,
    }));
  }

  /** A waiting line matched by the owner to one or several invoices (or part of one), or set aside as no customer's payment. */
  async match(entryId: number, input: MatchInput, actor: Actor): Promise<BankEntry> {
    await this.deps.db.transaction().execute(async (trx) => {
      const entry = await trx.selectFrom('bank_entries').selectAll().where('id', '=', entryId).executeTakeFirst();
      if (!entry) throw new HttpError(404, BANK_MESSAGES.entryNotFound);
      // Held: two matches of one line at once are one after the other, the second refused.
      const held = await trx
        .updateTable('bank_entries')
        .set({ status: sql`status` })
        .where('id', '=', entryId)
        .where('status', '=', 'unmatched')
        .executeTakeFirst();
      if (Number(held.numUpdatedRows) === 0) throw new HttpError(409, BANK_MESSAGES.entryDone);
      if (entry.credit !== 1) throw new HttpError(422, BANK_MESSAGES.entryNotCredit);
      const done = { matched_at: nowIso(), matched_by: actor.id };
      if ('ignore' in input) {
        await trx
          .updateTable('bank_entries')
          .set({ status: 'ignored', ...done })
          .where('id', '=', entryId)
          .execute();
      } else {
        const allocations = input.allocations.map((a) => ({ invoiceId: a.invoiceId, cents: Math.round(a.amount * 100) }));
        if (allocations.reduce((s, a) => s + a.cents, 0) > entry.amount_cents) throw new HttpError(422, BANK_MESSAGES.matchOverEntry);
        const reference = bankReference(entry.bank_ref);
        const recorded = await this.deps.payments.record(
          trx,
          allocations.map((a) => ({ ...a, date: entry.booking_date, method: 'transfer' as const, reference })),
          actor,
        );
        await this.link(
          trx,
          allocations.map((a, i) => ({ entryId, paymentId: recorded[i]!.id, invoiceId: a.invoiceId, cents: a.cents })),
        );
        if (entry.iban) {
          const company = await trx.selectFrom(readInvoices().as('i')).select('i.user_id').where('i.id', '=', allocations[0]!.invoiceId).executeTakeFirst();
          if (company?.user_id) await this.learn(trx, [{ iban: entry.iban, companyId: company.user_id }]);
        }
        await trx
          .updateTable('bank_entries')
          .set({ status: 'matched', ...done })
          .where('id', '=', entryId)
          .execute();
      }
      await logActivity(trx, actor, {
        kind: 'invoicing',
        action: 'match',
        subject: bankReference(entry.bank_ref),
        subjectId: entryId,
        detail: { amount: fromCents(entry.amount_cents), ignored: 'ignore' in input ? 1 : 0 },
      });
    });
    this.deps.kick();
    const row = await this.deps.db.selectFrom('bank_entries').selectAll().where('id', '=', entryId).executeTakeFirstOrThrow();
    return (await this.views(this.deps.db, [row]))[0]!;
  }

  /** The lines that wait for the owner (the home's count; the status index answers it). */
  async toMatchCount(): Promise<number> {
    const row = await this.deps.db
      .selectFrom('bank_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'unmatched')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  // —— The CSV's columns ——

  async csvColumns(): Promise<CsvColumns | null> {
    const row = await this.deps.db.selectFrom('bank_settings').select('csv_columns').where('id', '=', 1).executeTakeFirst();
    return row?.csv_columns ? (JSON.parse(row.csv_columns) as CsvColumns) : null;
  }

  async saveCsvColumns(columns: CsvColumns): Promise<CsvColumns> {
    const values = { csv_columns: JSON.stringify(columns), updated_at: nowIso() };
    await this.deps.db
      .insertInto('bank_settings')
      .values({ id: 1, ...values })
      .onConflict((oc) => oc.column('id').doUpdateSet(values))
      .execute();
    return columns;
  }

  async statements(paging: PageRequest) {
    const page = await readPage(
      this.deps.db.selectFrom('bank_statements').select(['id', 'format', 'file_name', 'statement_ref', 'from_date', 'to_date', 'entries', 'imported_at']),
      { sort: 'bank_statements.imported_at', id: 'bank_statements.id', sortOf: (r) => r.imported_at, idOf: (r) => r.id },
      paging,
    );
    return mapPage(page, (rows) =>
      rows.map((r) => ({
        id: r.id,
        format: r.format,
        fileName: r.file_name,
        statementId: r.statement_ref,
        from: r.from_date,
        to: r.to_date,
        entries: r.entries,
        importedAt: r.imported_at,
      })),
    );
  }
}

type Row = Selectable<BankEntriesTable>;

/** The bank's reference as the owner and the accountant read it (the account it came from left out). */
export const bankReference = (ref: string) => (ref.startsWith('made:') ? ref.slice(5, 17) : ref.replace(/^[^:]*:/, ''));

/** The open invoices a waiting line may pay, surest first: named in its words, then its payer's (its amount first). */
function suggestionsFor(r: Row, ctx: MatchContext): BankEntry['suggestions'] {
  const named = numberCandidates(r.text)
    .map((k) => ctx.byNumber.get(k))
    .filter((i) => i !== undefined && i.dueCents > 0)
    .map((i) => ({ invoice: i!, why: 'number' as const }));
  const company = (r.iban ? ctx.companyOfIban(r.iban) : undefined) ?? (r.payer ? ctx.companyOfName(foldName(r.payer)) : undefined);
  const theirs =
    company === undefined ? [] : [...ctx.openOf(company)].sort((a, b) => Number(b.dueCents === r.amount_cents) - Number(a.dueCents === r.amount_cents));
  const all = [...named, ...theirs.map((i) => ({ invoice: i, why: i.dueCents === r.amount_cents ? ('amount' as const) : ('payer' as const) }))];
  const firstOfEach = new Map<number, (typeof all)[number]>();
  for (const s of all) if (!firstOfEach.has(s.invoice.id)) firstOfEach.set(s.invoice.id, s);
  return [...firstOfEach.values()].slice(0, 8).map(({ invoice, why }) => ({
    invoiceId: invoice.id,
    number: invoice.number,
    company: invoice.company,
    due: fromCents(invoice.dueCents),
    dueDate: invoice.dueDate,
    why,
  }));
}
