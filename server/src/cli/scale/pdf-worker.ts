// A worker thread of `npm run seed:scale`: turns issued documents into their Factur-X XML and PDF/A-3,
// with the very functions the site issues them with, so the main thread only writes rows.
import { parentPort } from 'node:worker_threads';
import { facturxXml, type IssuedDocument } from '../../modules/invoices/facturx.ts';
import { renderInvoicePdf } from '../../modules/invoices/pdf.ts';

export interface PdfJob {
  id: number;
  doc: IssuedDocument;
}
export interface PdfResult {
  id: number;
  xml: string;
  pdf: Uint8Array;
}

parentPort?.on('message', async (jobs: PdfJob[]) => {
  const out: PdfResult[] = [];
  for (const job of jobs) {
    const xml = facturxXml(job.doc);
    const pdf = await renderInvoicePdf(job.doc, xml, job.doc.seller.brandName);
    out.push({ id: job.id, xml, pdf: new Uint8Array(pdf) });
  }
  parentPort!.postMessage(out);
});
