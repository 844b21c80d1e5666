// The FEC (fichier des écritures comptables, LPF art. L47 A and A47 A-1; BOI-CF-IOR-60-40-20): the
// year's accounting entries the site knows, in the 18 columns a French accounting program imports and
// the tax administration asks for in an audit. Sales journal (VE): per invoice the customer debited
// (the retailer as auxiliary account), sales and VAT collected credited per rate; a credit note the
// other way round. Bank journal (BQ): per payment the bank debited and the customer credited, lettered
// against its invoice once the invoice is settled within the year. Deposits (issue 47, ADR 0024): a
// deposit invoice credits customer deposits (4191) instead of sales; a parcel's invoice that deducts a
// deposit paid debits them back with the deposit's VAT, the customer credited by as much.
import iconv from 'iconv-lite';
import type { FecAccounts } from '@atelier/contract';
import { sql } from 'kysely';
import { toEuros } from '@atelier/contract';
import type { Db } from '../../db/index.ts';
import type { BuyerSnapshot } from './facturx.ts';

export const FEC_COLUMNS = [
  'JournalCode',
  'JournalLib',
  'EcritureNum',
  'EcritureDate',
  'CompteNum',
  'CompteLib',
  'CompAuxNum',
  'CompAuxLib',
  'PieceRef',
  'PieceDate',
  'EcritureLib',
  'Debit',
  'Credit',
  'EcritureLet',
  'DateLet',
  'ValidDate',
  'Montantdevise',
  'Idevise',
] as const;

/** One line of an entry: `debit` or `credit` in cents (the other is 0). */
export interface FecLine {
  journal: 'VE' | 'BQ';
  entry: number;
  date: string;
  account: string;
  accountLabel: string;
  aux: { number: string; label: string } | null;
  piece: string;
  pieceDate: string;
  label: string;
  debit: number;
  credit: number;
  letter: string;
  letterDate: string;
  /** A document in another currency (issue 47): the line's amount in it (its sense is the Debit or Credit column's), and its code (Montantdevise, Idevise). */
  foreign?: { cents: number; code: string };
}

const JOURNALS = { VE: 'Ventes', BQ: 'Banque' } as const;
const LABELS = { customers: 'Clients', sales: 'Ventes', vatCollected: 'TVA collectée', bank: 'Banque', customerDeposits: 'Clients - acomptes reçus' } as const;
const METHODS: Record<string, string> = { transfer: 'virement', card: 'carte', cheque: 'chèque', cash: 'espèces', other: 'autre', directDebit: 'prélèvement' };

/** A..Z, AA..ZZ, AAA…: the lettering codes, in the order invoices are settled. */
export function letterCode(n: number): string {
  let code = '';
  for (let i = n + 1; i > 0; i = Math.floor((i - 1) / 26)) code = String.fromCharCode(65 + ((i - 1) % 26)) + code;
  return code;
}

/** The retailer's auxiliary account: C and the account's number (an erased account's documents share one). */
const auxOf = (userId: number | null, buyer: BuyerSnapshot) => ({
  number: userId === null ? 'CDIVERS' : `C${String(userId).padStart(6, '0')}`,
  label: buyer.name,
});

/** The entries of `year` (by issue date, and by payment date for the bank), numbered per journal without a gap. */
export async function fecLines(db: Db, year: number, accounts: FecAccounts): Promise<FecLine[]> {
  const from = `${year}-01-01`;
  const to = `${year}-12-31`;
  const { documents, payments } = await yearRows(db, from, to);
  const letterOf = await letteringOf(db, documents, payments, from, to);
  const lines = [...salesEntries(documents, accounts, letterOf), ...bankEntries(payments, accounts, letterOf)];
  // In the order of their dates (the order in which they were validated; a day's sales before its
  // payments), each journal's numbers rising.
  const journalOrder = { VE: 0, BQ: 1 } as const;
  return lines.sort((a, b) => a.date.localeCompare(b.date) || journalOrder[a.journal] - journalOrder[b.journal] || a.entry - b.entry);
}

/** The year's documents (by issue date) and payments (by payment date). */
async function yearRows(db: Db, from: string, to: string) {
  const [documents, payments] = await Promise.all([
    db
      .selectFrom('invoices')
      .leftJoin('invoices as credited', 'credited.id', 'invoices.invoice_id')
      .select([
        'invoices.id',
        'invoices.number',
        'invoices.type',
        'invoices.invoice_id',
        'invoices.user_id',
        'invoices.issue_date',
        'invoices.buyer',
        'invoices.vat_breakdown',
        'invoices.total_incl_cents',
        'invoices.prepaid_cents',
        'invoices.prepaid_vat_cents',
        'invoices.deposit_invoice_id',
        'invoices.currency',
        'invoices.rate_micro',
        // A deposit invoice, or a credit note on one: customer deposits rather than sales.
        sql<string>`coalesce(credited.purpose, invoices.purpose)`.as('purpose'),
      ])
      .where('invoices.issue_date', '>=', from)
      .where('invoices.issue_date', '<=', to)
      .orderBy('invoices.issue_date')
      .orderBy('invoices.id')
      .execute(),
    db
      .selectFrom('invoice_payments')
      .innerJoin('invoices', 'invoices.id', 'invoice_payments.invoice_id')
      .select([
        'invoice_payments.id',
        'invoice_payments.invoice_id',
        'invoice_payments.paid_on',
        'invoice_payments.amount_cents',
        'invoice_payments.method',
        'invoice_payments.reference',
        'invoices.number',
        'invoices.user_id',
        'invoices.buyer',
        'invoices.currency',
        'invoices.rate_micro',
      ])
      .where('invoice_payments.paid_on', '>=', from)
      .where('invoice_payments.paid_on', '<=', to)
      .orderBy('invoice_payments.paid_on')
      .orderBy('invoice_payments.id')
      .execute(),
  ]);

  return { documents, payments };
}

type YearRows = Awaited<ReturnType<typeof yearRows>>;
type LetterOf = (invoiceId: number | null) => { letter: string; date: string } | undefined;

/** The letter of each invoice the year's file balances (with its credit notes and payments, all in the year). */
async function letteringOf(db: Db, documents: YearRows['documents'], payments: YearRows['payments'], from: string, to: string): Promise<LetterOf> {
  // What settles each invoice, all years together, to letter only what the year's file balances.
  const invoiceIds = [
    ...new Set(
      [...documents.map((d) => (d.type === 'invoice' ? d.id : d.invoice_id)), ...payments.map((p) => p.invoice_id)].filter((id): id is number => id !== null),
    ),
  ];
  const [allNotes, allPayments, invoiceTotals] = invoiceIds.length
    ? await Promise.all([
        db.selectFrom('invoices').select(['invoice_id', 'total_incl_cents', 'issue_date']).where('invoice_id', 'in', invoiceIds).execute(),
        db.selectFrom('invoice_payments').select(['invoice_id', 'amount_cents', 'paid_on']).where('invoice_id', 'in', invoiceIds).execute(),
        db.selectFrom('invoices').select(['id', 'total_incl_cents', 'prepaid_cents', 'issue_date']).where('id', 'in', invoiceIds).execute(),
      ])
    : [[], [], []];
  // Per invoice, what settles it: its credit notes and its payments (each as cents and a date).
  const settling = new Map<number, Array<{ cents: number; date: string }>>();
  for (const n of allNotes) settling.set(n.invoice_id!, [...(settling.get(n.invoice_id!) ?? []), { cents: n.total_incl_cents, date: n.issue_date }]);
  for (const p of allPayments) settling.set(p.invoice_id, [...(settling.get(p.invoice_id) ?? []), { cents: p.amount_cents, date: p.paid_on }]);
  const letters = new Map<number, { letter: string; date: string }>();
  const settled = invoiceTotals
    .map((invoice) => {
      // A deposit deducted settles its part on the invoice's own day.
      const prepaid = invoice.prepaid_cents ? [{ cents: invoice.prepaid_cents, date: invoice.issue_date }] : [];
      const parts = [{ cents: -invoice.total_incl_cents, date: invoice.issue_date }, ...prepaid, ...(settling.get(invoice.id) ?? [])];
      const balanced = parts.reduce((sum, p) => sum + p.cents, 0) === 0 && parts.length > 1;
      const inYear = parts.every((p) => p.date >= from && p.date <= to);
      return balanced && inYear
        ? {
            id: invoice.id,
            date: parts
              .map((p) => p.date)
              .sort()
              .at(-1)!,
          }
        : null;
    })
    .filter((s): s is { id: number; date: string } => s !== null)
    .sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
  settled.forEach((s, i) => letters.set(s.id, { letter: letterCode(i), date: s.date }));
  return (invoiceId) => (invoiceId === null ? undefined : letters.get(invoiceId));
}

/** The sales journal (VE): per document, the customer, then the sales and the VAT of each rate. */
function salesEntries(documents: YearRows['documents'], accounts: FecAccounts, letterOf: LetterOf): FecLine[] {
  const lines: FecLine[] = [];
  let sales = 0;
  for (const d of documents) {
    sales += 1;
    const start = lines.length;
    const buyer = JSON.parse(d.buyer) as BuyerSnapshot;
    const note = d.type === 'creditNote';
    const deposit = d.purpose === 'deposit';
    const label = `${note ? 'Avoir' : deposit ? 'Facture d’acompte' : 'Facture'} ${d.number} ${buyer.name}`;
    const revenue = deposit
      ? { account: accounts.customerDeposits, accountLabel: LABELS.customerDeposits }
      : { account: accounts.sales, accountLabel: LABELS.sales };
    const lettered = letterOf(note ? d.invoice_id : d.id);
    const base = { journal: 'VE' as const, entry: sales, date: d.issue_date, piece: d.number, pieceDate: d.issue_date, label, letter: '', letterDate: '' };
    // The customer: debited by an invoice, credited by a credit note.
    lines.push({
      ...base,
      account: accounts.customers,
      accountLabel: LABELS.customers,
      aux: auxOf(d.user_id, buyer),
      debit: note ? 0 : d.total_incl_cents,
      credit: note ? d.total_incl_cents : 0,
      letter: lettered?.letter ?? '',
      letterDate: lettered?.date ?? '',
    });
    for (const b of JSON.parse(d.vat_breakdown) as Array<{ category: string; rate: number; baseCents: number; vatCents: number }>) {
      const rate = `${String(b.rate).replace('.', ',')} %`;
      if (b.baseCents !== 0)
        lines.push({
          ...base,
          ...revenue,
          aux: null,
          label: `${label} HT ${rate}`,
          debit: note ? b.baseCents : 0,
          credit: note ? 0 : b.baseCents,
        });
      if (b.vatCents !== 0)
        lines.push({
          ...base,
          account: accounts.vatCollected,
          accountLabel: LABELS.vatCollected,
          aux: null,
          label: `${label} TVA ${rate}`,
          debit: note ? b.vatCents : 0,
          credit: note ? 0 : b.vatCents,
        });
    }
    if (d.prepaid_cents > 0) lines.push(...deducted(d, base, accounts, auxOf(d.user_id, buyer), lettered));
    if (d.currency !== 'EUR') lines.splice(start, lines.length - start, ...inEuros(lines.slice(start), d.currency, d.rate_micro));
  }
  return lines;
}

/**
 * An entry of a document in another currency, in euros at the rate of the document's day (issue 47): each
 * line converted, the currency's amount and code kept beside it; the rounding left by the conversion goes
 * to the largest line that is not the customer's, so the entry balances in euros as it did in its currency.
 */
function inEuros(entry: FecLine[], code: string, rateMicro: number): FecLine[] {
  const converted = entry.map((l) => ({
    ...l,
    debit: toEuros(l.debit, rateMicro),
    credit: toEuros(l.credit, rateMicro),
    foreign: { cents: l.debit - l.credit, code },
  }));
  const gap = converted.reduce((sum, l) => sum + l.debit - l.credit, 0);
  if (gap !== 0) {
    const others = converted.filter((l) => l.aux === null).sort((a, b) => b.debit + b.credit - (a.debit + a.credit));
    const line = others[0];
    if (line) {
      if (line.credit > 0) line.credit += gap;
      else line.debit -= gap;
    }
  }
  return converted;
}

/** A parcel's invoice deducting a deposit paid: customer deposits and the deposit's VAT debited back, the customer credited. */
function deducted(
  d: YearRows['documents'][number],
  base: Omit<FecLine, 'account' | 'accountLabel' | 'aux' | 'debit' | 'credit'>,
  accounts: FecAccounts,
  aux: FecLine['aux'],
  lettered: { letter: string; date: string } | undefined,
): FecLine[] {
  const label = `${base.label} acompte déduit`;
  const vat = d.prepaid_vat_cents;
  return [
    { ...base, label, account: accounts.customerDeposits, accountLabel: LABELS.customerDeposits, aux: null, debit: d.prepaid_cents - vat, credit: 0 },
    ...(vat ? [{ ...base, label, account: accounts.vatCollected, accountLabel: LABELS.vatCollected, aux: null, debit: vat, credit: 0 }] : []),
    {
      ...base,
      label,
      account: accounts.customers,
      accountLabel: LABELS.customers,
      aux,
      debit: 0,
      credit: d.prepaid_cents,
      letter: lettered?.letter ?? '',
      letterDate: lettered?.date ?? '',
    },
  ];
}

/** The bank journal (BQ): per payment, the bank debited and the customer credited. */
function bankEntries(payments: YearRows['payments'], accounts: FecAccounts, letterOf: LetterOf): FecLine[] {
  const lines: FecLine[] = [];
  let bank = 0;
  for (const p of payments) {
    bank += 1;
    const buyer = JSON.parse(p.buyer) as BuyerSnapshot;
    const lettered = letterOf(p.invoice_id);
    const label = `Règlement ${p.number} ${buyer.name} (${METHODS[p.method] ?? p.method})`;
    const base = { journal: 'BQ' as const, entry: bank, date: p.paid_on, piece: p.reference?.trim() || p.number, pieceDate: p.paid_on, label };
    // In another currency: in euros at its invoice's rate, the currency's amount beside it (issue 47).
    const cents = p.currency === 'EUR' ? p.amount_cents : toEuros(p.amount_cents, p.rate_micro);
    const foreign = p.currency === 'EUR' ? {} : { foreign: { cents: p.amount_cents, code: p.currency } };
    lines.push({ ...base, account: accounts.bank, accountLabel: LABELS.bank, aux: null, debit: cents, credit: 0, letter: '', letterDate: '', ...foreign });
    lines.push({
      ...base,
      account: accounts.customers,
      accountLabel: LABELS.customers,
      aux: auxOf(p.user_id, buyer),
      debit: 0,
      credit: cents,
      letter: lettered?.letter ?? '',
      letterDate: lettered?.date ?? '',
      ...(p.currency === 'EUR' ? {} : { foreign: { cents: -p.amount_cents, code: p.currency } }),
    });
  }
  return lines;
}

const day = (iso: string) => iso.replaceAll('-', '');
const amount = (cents: number) => `${Math.trunc(cents / 100)},${String(Math.abs(cents) % 100).padStart(2, '0')}`;
/** A field holds no tab nor line break; typographic signs ISO 8859-15 lacks become their plain forms. */
const field = (text: string) =>
  text
    .replace(/[\t\r\n]+/g, ' ')
    .replace(/[‘’‚′]/g, "'")
    .replace(/[“”„«»″]/g, '"')
    .replace(/[‐‑‒–—―]/g, '-')
    .replace(/…/g, '...')
    .replace(/[\u2000-\u200b\u202f\u205f]/g, ' ')
    .trim();

/** The file's text: the 18 columns' names, then a line per entry line, tab-separated. */
export function fecText(lines: FecLine[]): string {
  const rows = lines.map((l) =>
    [
      l.journal,
      JOURNALS[l.journal],
      String(l.entry),
      day(l.date),
      l.account,
      l.accountLabel,
      l.aux?.number ?? '',
      l.aux ? field(l.aux.label) : '',
      field(l.piece),
      day(l.pieceDate),
      field(l.label),
      amount(l.debit),
      amount(l.credit),
      l.letter,
      l.letterDate ? day(l.letterDate) : '',
      day(l.date),
      l.foreign ? amount(Math.abs(l.foreign.cents)) : '',
      l.foreign?.code ?? '',
    ].join('\t'),
  );
  return [FEC_COLUMNS.join('\t'), ...rows].join('\r\n') + '\r\n';
}

/** The file as A47 A-1 asks: ISO 8859-15 text, named `<SIREN>FEC<closing date>.txt`. */
export function fecFile(siren: string, year: number, lines: FecLine[]): { name: string; bytes: Buffer } {
  return { name: `${siren}FEC${year}1231.txt`, bytes: iconv.encode(fecText(lines), 'iso-8859-15') };
}
