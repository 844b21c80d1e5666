import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';

/**
 * A CSV file as spreadsheets open it as it is: UTF-8 with a BOM, a header row, CRLF rows; a
 * cell that starts like a formula (= + - @, tab, return) is written as text; a plain negative
 * number (-120.40) is a number, not a formula, and stays as it is.
 */
export function spreadsheetCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  return `\ufeff${stringify([[...header], ...rows.map(safeRow)], { record_delimiter: '\r\n' })}`;
}

type Row = ReadonlyArray<string | number>;
const safeRow = (r: Row) => r.map((cell) => (typeof cell === 'string' && /^[=+\-@\t\r]/.test(cell) && !/^-\d+(\.\d+)?$/.test(cell) ? `'${cell}` : cell));

/**
 * The same file written while its rows are read (issue 43): the BOM and the header leave at once, then
 * each batch of rows as it comes, so memory holds one batch and a client that goes away stops the work.
 */
export function spreadsheetCsvStream(header: readonly string[], batches: AsyncIterable<Row[]>): Readable {
  async function* lines() {
    yield `\ufeff${stringify([[...header]], { record_delimiter: '\r\n' })}`;
    for await (const rows of batches) if (rows.length) yield stringify(rows.map(safeRow), { record_delimiter: '\r\n' });
  }
  return Readable.from(lines(), { objectMode: false });
}
