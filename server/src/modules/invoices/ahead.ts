import { RATE_SCALE, toEuros } from '@atelier/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { facturxXml, type IssuedDocument, type NewDocument } from './facturx.ts';
import type { renderInvoicePdf } from './pdf.ts';
import { totals } from './rules.ts';

// A document's PDF drawn before the transaction that writes it (issue 56): what a parcel's invoice and a
// deposit invoice share, below both.

/** A document as it will be written once its number is known: its totals, its Factur-X XML. */
export function documentOf(input: NewDocument, number: string): { doc: IssuedDocument; xml: string } {
  const sums = totals(input.lines, input.vat, input.currency ?? 'EUR');
  const doc: IssuedDocument = { ...input, number, ...sums, vatEurCents: toEuros(sums.totalVatCents, input.rateMicro ?? RATE_SCALE) };
  return { doc, xml: facturxXml(doc) };
}

/** A PDF drawn before its transaction, for the number the document was expected to get (used only if it gets it, unchanged). */
export interface DrawnAhead {
  number: string;
  /** The document and seller it was drawn from, as JSON: the transaction draws again if anything differs. */
  fingerprint: string;
  pdf: Buffer;
}

export const fingerprintOf = (doc: IssuedDocument) => JSON.stringify(doc);

/** A document's number: its series' prefix, its year and its place in the year's series (`F2026-00042`). */
export const documentNumber = (prefix: string, year: number, seq: number) => `${prefix}${year}-${String(seq).padStart(5, '0')}`;

/**
 * An invoice's PDF drawn before the transaction that will write it, outside every lock, for the number it is
 * expected to get (the next of its series): the transaction uses it only if the document gets that number
 * unchanged (a parcel's invoice, a deposit invoice at confirmation).
 */
export async function drawDocumentAhead(db: Kysely<Database>, input: NewDocument, drawPdf: typeof renderInvoicePdf): Promise<DrawnAhead> {
  const year = Number(input.issueDate.slice(0, 4));
  const counter = await db.selectFrom('invoice_counters').select('last').where('kind', '=', 'invoice').where('year', '=', year).executeTakeFirst();
  const number = documentNumber(input.seller.invoicePrefix, year, (counter?.last ?? 0) + 1);
  const { doc, xml } = documentOf(input, number);
  return { number, fingerprint: fingerprintOf(doc), pdf: await drawPdf(doc, xml, input.seller.brandName) };
}
