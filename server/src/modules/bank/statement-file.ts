import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { XMLParser } from 'fast-xml-parser';
import { BANK_MESSAGES, type CsvColumns } from '@atelier/contract';
import { HttpError } from '../../lib/http-errors.ts';

// A bank statement as the bank gives it (issue 59): camt.053 (001.02 or 001.08, checked against its XSD)
// or a CSV read by the columns the owner chose; either way a list of booked lines, each with a reference.

export type StatementFormat = 'camt.053.001.02' | 'camt.053.001.08' | 'csv';

/** A booked line of a statement. */
export interface StatementLine {
  /** The bank's own reference (AcctSvcrRef), else one made of the line: the same line of an overlapping statement has the same. */
  bankRef: string;
  bookingDate: string;
  cents: number;
  credit: boolean;
  payer: string | null;
  iban: string | null;
  text: string;
  /** A direct debit's end-to-end id (a returned debit names the one it returns). */
  endToEnd: string | null;
  /** A return's reason code (camt RtrInf), when the bank gave one. */
  returnCode: string | null;
}

export interface ParsedStatement {
  format: StatementFormat;
  statementRef: string | null;
  from: string | null;
  to: string | null;
  lines: StatementLine[];
}

const XSD_DIR = new URL('../../../assets/iso20022/', import.meta.url);
const schemas = new Map<string, string>();
/** An ISO 20022 schema of the project's (server/assets/iso20022), read once. */
export function iso20022Schema(name: string): string {
  let text = schemas.get(name);
  if (!text) schemas.set(name, (text = readFileSync(new URL(`${name}.xsd`, XSD_DIR), 'utf8')));
  return text;
}

/** The XSD's complaints about `xml` (none: valid), each with its line. */
export async function schemaErrors(xml: string, schema: string): Promise<string[]> {
  // xmllint's WebAssembly is loaded by the first statement or collection checked, not at start (issue 61).
  const { validateXML } = await import('xmllint-wasm');
  const result = await validateXML({
    xml: [{ fileName: 'file.xml', contents: xml }],
    schema: [{ fileName: `${schema}.xsd`, contents: iso20022Schema(schema) }],
    maxMemoryPages: 4096,
  });
  return result.valid ? [] : result.errors.map((e) => (e.loc ? `line ${e.loc.lineNumber}: ${e.message}` : e.message).slice(0, 300));
}

export const fingerprint = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Which kind of file this is, from its first bytes. */
export function formatOf(text: string): StatementFormat | 'xml' {
  const head = text.slice(0, 4000);
  const ns = /urn:iso:std:iso:20022:tech:xsd:(camt\.053\.001\.0[28])\b/.exec(head);
  if (ns) return ns[1] as StatementFormat;
  return /^\s*(\ufeff)?\s*</.test(head) ? 'xml' : 'csv';
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => ['Stmt', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'Strd'].includes(name),
});

type Node = Record<string, any>;
const text = (v: unknown): string => (v === undefined || v === null ? '' : typeof v === 'object' ? String((v as Node)['#text'] ?? '') : String(v));
const toCents = (amount: string) => Math.round(Number(amount) * 100);

/** A camt.053 file's booked lines (its XSD passed first: 422 naming the line that fails), all in euros. */
export async function readCamt(xml: string, format: 'camt.053.001.02' | 'camt.053.001.08'): Promise<ParsedStatement> {
  const errors = await schemaErrors(xml, format);
  if (errors.length) throw new HttpError(422, BANK_MESSAGES.schemaInvalid, {}, errors.slice(0, 3).join('; '));
  const doc = parser.parse(xml) as Node;
  const statements = (doc.Document?.BkToCstmrStmt?.Stmt ?? []) as Node[];
  const lines: StatementLine[] = [];
  const seen = new Map<string, number>();
  let from: string | null = null;
  let to: string | null = null;
  for (const stmt of statements) {
    const account = text(stmt.Acct?.Id?.IBAN);
    from = min(from, text(stmt.FrToDt?.FrDtTm).slice(0, 10) || null);
    to = max(to, text(stmt.FrToDt?.ToDtTm).slice(0, 10) || null);
    for (const [n, entry] of ((stmt.Ntry ?? []) as Node[]).entries()) {
      const status = text(entry.Sts?.Cd ?? entry.Sts);
      if (status && status !== 'BOOK') continue;
      const currency = entry.Amt?.['@Ccy'] ?? 'EUR';
      if (currency !== 'EUR') throw new HttpError(422, BANK_MESSAGES.otherCurrency, {}, `${text(entry.AcctSvcrRef) || `#${n + 1}`} (${currency}).`);
      const tx = ((entry.NtryDtls ?? []) as Node[]).flatMap((d) => (d.TxDtls ?? []) as Node[]);
      const first = tx[0] ?? {};
      const parties = first.RltdPties ?? {};
      const credit = text(entry.CdtDbtInd) === 'CRDT';
      const party = credit ? (parties.Dbtr?.Pty ?? parties.Dbtr) : (parties.Cdtr?.Pty ?? parties.Cdtr);
      const partyAccount = credit ? parties.DbtrAcct : parties.CdtrAcct;
      const remittance = tx.flatMap((t) => [
        ...((t.RmtInf?.Ustrd ?? []) as unknown[]).map(text),
        ...((t.RmtInf?.Strd ?? []) as Node[]).map((s) => text(s.CdtrRefInf?.Ref)),
      ]);
      const words = [...remittance, text(first.AddtlTxInf), text(entry.AddtlNtryInf)].filter(Boolean).join(' ').replace(/\s+/g, ' ').trim();
      const line: Omit<StatementLine, 'bankRef'> = {
        bookingDate: (text(entry.BookgDt?.Dt) || text(entry.BookgDt?.DtTm)).slice(0, 10),
        cents: toCents(text(entry.Amt)),
        credit,
        payer: text(party?.Nm) || null,
        iban: text(partyAccount?.Id?.IBAN) || null,
        text: words.slice(0, 500),
        endToEnd: (text(first.Refs?.EndToEndId) || '').replace(/^NOTPROVIDED$/, '') || null,
        returnCode: text(first.RtrInf?.Rsn?.Cd) || null,
      };
      const own = text(entry.AcctSvcrRef) || text(first.Refs?.AcctSvcrRef) || text(entry.NtryRef);
      lines.push({ ...line, bankRef: own ? `${account}:${own}`.slice(0, 120) : madeRef(account, line, seen) });
    }
  }
  return {
    format,
    statementRef:
      statements
        .map((s) => text(s.Id))
        .join(' ')
        .slice(0, 80) || null,
    from,
    to,
    lines,
  };
}

const min = (a: string | null, b: string | null) => (a === null ? b : b === null || a < b ? a : b);
const max = (a: string | null, b: string | null) => (a === null ? b : b === null || a > b ? a : b);

/** A reference made of what the line says, counted when the same line comes twice in a file (two equal transfers on one day). */
function madeRef(account: string, line: Omit<StatementLine, 'bankRef'>, seen: Map<string, number>): string {
  const key = [account, line.bookingDate, line.credit ? 'C' : 'D', line.cents, line.payer ?? '', line.iban ?? '', line.text].join('|');
  const n = (seen.get(key) ?? 0) + 1;
  seen.set(key, n);
  return `made:${createHash('sha256').update(`${key}|${n}`).digest('hex').slice(0, 40)}`;
}

/** A CSV's header names, to choose its columns from. */
export function csvHeader(textOfFile: string): string[] {
  return csvRows(textOfFile)[0] ?? [];
}

function csvRows(textOfFile: string): string[][] {
  try {
    const sample = textOfFile.slice(0, 2000);
    const delimiter = (sample.match(/;/g)?.length ?? 0) > (sample.match(/,/g)?.length ?? 0) ? ';' : sample.includes('\t') ? '\t' : ',';
    return parse(textOfFile.replace(/^\ufeff/, ''), { delimiter, relax_column_count: true, skip_empty_lines: true, bom: true, trim: true }) as string[][];
  } catch (error) {
    throw new HttpError(422, BANK_MESSAGES.csvLineInvalid, {}, error instanceof Error ? error.message.slice(0, 200) : '');
  }
}

/** "1 234,56", "-12.50", "1234.56 €": cents, or null. */
function csvCents(value: string): number | null {
  let v = value.replace(/[\s\u00a0\u202f€]/g, '');
  if (/,\d{1,2}$/.test(v)) v = v.replace(/\./g, '').replace(',', '.');
  else v = v.replace(/,/g, '');
  return /^[+-]?\d+(\.\d{1,2})?$/.test(v) ? Math.round(Number(v) * 100) : null;
}

function csvDay(value: string, format: CsvColumns['dateFormat']): string | null {
  const m = format === 'iso' ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : /^(\d{2})[/.-](\d{2})[/.-](\d{4})/.exec(value);
  if (!m) return null;
  const [y, mo, d] = format === 'iso' ? [m[1], m[2], m[3]] : [m[3], m[2], m[1]];
  const day = `${y}-${mo}-${d}`;
  return Number.isNaN(Date.parse(`${day}T00:00:00Z`)) ? null : day;
}

/** A CSV statement read by its columns (422 naming the first line that cannot be read). */
export function readCsv(textOfFile: string, columns: CsvColumns): ParsedStatement {
  const [header = [], ...rows] = csvRows(textOfFile);
  const index = (name: string | null) => {
    if (name === null) return -1;
    const i = header.findIndex((h) => h.toLowerCase() === name.toLowerCase());
    if (i < 0) throw new HttpError(422, BANK_MESSAGES.csvColumnUnknown, {}, `“${name}”.`);
    return i;
  };
  const at = {
    date: index(columns.date),
    amount: index(columns.amount),
    payer: index(columns.payer),
    iban: index(columns.iban),
    text: index(columns.text),
    ref: index(columns.reference),
  };
  const cell = (row: string[], i: number) => (i < 0 ? '' : (row[i] ?? '').trim());
  const seen = new Map<string, number>();
  const lines: StatementLine[] = [];
  let from: string | null = null;
  let to: string | null = null;
  rows.forEach((row, n) => {
    const bookingDate = csvDay(cell(row, at.date), columns.dateFormat);
    const cents = csvCents(cell(row, at.amount));
    if (!bookingDate || cents === null) throw new HttpError(422, BANK_MESSAGES.csvLineInvalid, {}, `${n + 2}: ${row.join(' ; ').slice(0, 120)}`);
    from = min(from, bookingDate);
    to = max(to, bookingDate);
    const line: Omit<StatementLine, 'bankRef'> = {
      bookingDate,
      cents: Math.abs(cents),
      credit: cents > 0,
      payer: cell(row, at.payer) || null,
      iban: cell(row, at.iban).replace(/\s+/g, '').toUpperCase() || null,
      text: cell(row, at.text).slice(0, 500),
      endToEnd: null,
      returnCode: null,
    };
    const own = cell(row, at.ref);
    lines.push({ ...line, bankRef: own ? `csv:${own}`.slice(0, 120) : madeRef('csv', line, seen) });
  });
  return { format: 'csv', statementRef: null, from, to, lines };
}
