import type { StatementLine } from './statement-file.ts';

// Which open invoices a credit pays (issue 59), decided without the database: the import and the
// reconciliation screen's suggestions read the same rule.

export interface OpenInvoice {
  id: number;
  number: string;
  companyId: number;
  company: string;
  dueCents: number;
  dueDate: string | null;
}

/** Why a line waits for the owner (the screen says it in words). */
export type WaitNote = 'under' | 'over' | 'settled' | 'several' | 'noInvoice' | 'unknownPayer';

export type Decision =
  { kind: 'paid'; allocations: Array<{ invoice: OpenInvoice; cents: number }>; why: 'number' | 'payer' } | { kind: 'wait'; note: WaitNote };

/** Letters and digits only, upper case: "F2026-00012" and "f2026 00012" are one number. */
export const numberKey = (value: string) => value.replace(/[^A-Za-z0-9]/g, '').toUpperCase();

/** Every token of a line's words (and each two neighbours joined) that could be an invoice number. */
export function numberCandidates(words: string): string[] {
  const tokens = words.split(/[\s,;:()]+/).filter(Boolean);
  const keys = new Set<string>();
  tokens.forEach((t, i) => {
    const k = numberKey(t);
    if (k.length >= 4 && /\d/.test(k)) keys.add(k);
    const next = tokens[i + 1];
    if (next) {
      const joined = numberKey(t + next);
      if (joined.length >= 6 && /\d/.test(joined)) keys.add(joined);
    }
  });
  return [...keys];
}

/** A payer's name as it is compared: no accents, no case, no legal form, no punctuation. */
export const foldName = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/\b(SARL|SAS|SASU|EURL|SA|SNC|EI|EIRL|LTD|GMBH|SRL|SL)\b/g, '')
    .replace(/[^A-Z0-9]/g, '');

export interface MatchContext {
  /** Invoices (open or settled) by numberKey: a settled one named by a line makes it wait. */
  byNumber: Map<string, OpenInvoice>;
  /** Open invoices of a company, oldest due first. */
  openOf(companyId: number): OpenInvoice[];
  companyOfIban(iban: string): number | undefined;
  companyOfName(folded: string): number | undefined;
}

/**
 * A credit's invoices, surely, or why it waits: the invoice numbers in its words first (their dues must add
 * up to it exactly: less is an underpayment, more an overpayment); else its payer (an IBAN seen paying, or
 * the company's name) and one open invoice of exactly its amount, or all its open invoices adding up to it.
 */
export function decide(line: Pick<StatementLine, 'cents' | 'payer' | 'iban' | 'text'>, ctx: MatchContext): Decision {
  const named = [
    ...new Map(numberCandidates(line.text).flatMap((k) => (ctx.byNumber.has(k) ? [[ctx.byNumber.get(k)!.id, ctx.byNumber.get(k)!]] : []))).values(),
  ];
  if (named.length) {
    if (named.some((i) => i.dueCents <= 0)) return { kind: 'wait', note: 'settled' };
    const sum = named.reduce((s, i) => s + i.dueCents, 0);
    if (sum === line.cents) return { kind: 'paid', why: 'number', allocations: named.map((invoice) => ({ invoice, cents: invoice.dueCents })) };
    return { kind: 'wait', note: line.cents < sum ? 'under' : 'over' };
  }
  const company = (line.iban ? ctx.companyOfIban(line.iban) : undefined) ?? (line.payer ? ctx.companyOfName(foldName(line.payer)) : undefined);
  if (company === undefined) return { kind: 'wait', note: 'unknownPayer' };
  const open = ctx.openOf(company);
  const exact = open.filter((i) => i.dueCents === line.cents);
  if (exact.length === 1) return { kind: 'paid', why: 'payer', allocations: [{ invoice: exact[0]!, cents: line.cents }] };
  if (exact.length > 1) return { kind: 'wait', note: 'several' };
  if (open.length > 1 && open.reduce((s, i) => s + i.dueCents, 0) === line.cents)
    return { kind: 'paid', why: 'payer', allocations: open.map((invoice) => ({ invoice, cents: invoice.dueCents })) };
  return { kind: 'wait', note: 'noInvoice' };
}
