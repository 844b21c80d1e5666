import { stringify } from 'csv-stringify/sync';

/**
 * A CSV file as spreadsheets open it as it is: UTF-8 with a BOM, a header row, CRLF rows; a
 * cell that starts like a formula (= + - @, tab, return) is written as text; a plain negative
 * number (-120.40) is a number, not a formula, and stays as it is.
 */
export function spreadsheetCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  const safe = rows.map((r) => r.map((cell) => (typeof cell === 'string' && /^[=+\-@\t\r]/.test(cell) && !/^-\d+(\.\d+)?$/.test(cell) ? `'${cell}` : cell)));
  return `\ufeff${stringify([[...header], ...safe], { record_delimiter: '\r\n' })}`;
}
