import { RATE_SCALE } from '@atelier/contract';
import { parse } from 'csv-parse/sync';

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** "2026-11-27" or "27 November 2026" (the day's file) as YYYY-MM-DD; null for anything else. */
function dayOf(text: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (iso) return text;
  const long = /^(\d{1,2}) ([A-Za-z]+) (\d{4})$/.exec(text);
  if (!long) return null;
  const month = MONTHS.indexOf(long[2]!.toLowerCase());
  if (month < 0) return null;
  return `${long[3]}-${String(month + 1).padStart(2, '0')}-${long[1]!.padStart(2, '0')}`;
}

/**
 * The European Central Bank's euro reference rates as a CSV file (`eurofxref.csv`, the day's, or
 * `eurofxref-hist.csv`, every day since 1999): a `Date` column, then one column per currency of units for
 * one euro ("N/A" where none). The rows of the currencies asked for; null when the file is not that.
 */
export function readEcbCsv(text: string, currencies: readonly string[]): Array<{ currency: string; day: string; rateMicro: number }> | null {
  let records: string[][];
  try {
    records = parse(text, { trim: true, skip_empty_lines: true, relax_column_count: true, bom: true }) as string[][];
  } catch {
    return null;
  }
  const header = records[0];
  if (!header || header[0]?.toLowerCase() !== 'date') return null;
  const columns = currencies.map((c) => [c, header.indexOf(c)] as const).filter(([, i]) => i > 0);
  if (columns.length === 0 || records.length < 2) return null;
  const rows: Array<{ currency: string; day: string; rateMicro: number }> = [];
  for (const record of records.slice(1)) {
    const day = dayOf(record[0] ?? '');
    if (!day) return null;
    for (const [currency, i] of columns) {
      const value = record[i];
      if (!value || value === 'N/A') continue;
      const rate = Number(value);
      if (!(rate > 0) || rate > 2000) return null;
      rows.push({ currency, day, rateMicro: Math.round(rate * RATE_SCALE) });
    }
  }
  return rows;
}
