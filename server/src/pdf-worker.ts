// The PDFs the site draws while it serves (issue 56): a parcel's Factur-X invoice and its delivery note,
// drawn in a worker thread (platform/worker-thread.ts) so a shop's request is not kept waiting behind them.
import { parentPort } from 'node:worker_threads';
import type { Brand, Locale, Order, Shipment } from '@atelier/contract';
import type { IssuedDocument } from './modules/invoices/facturx.ts';
import { renderInvoicePdf } from './modules/invoices/pdf.ts';
import { deliveryNotePdf } from './modules/orders/delivery-note.ts';
import { preparePdfs } from './lib/pdf.ts';

// Started ahead of its first task (the owner opened an order: WorkerPool.warm), the thread loads pdfkit and the
// faces and compiles fontkit's code while it waits (lib/pdf.ts); a task that comes first shares the same loads.
preparePdfs().catch(() => {});

const TASKS: Record<string, (...args: never[]) => Promise<Buffer>> = {
  invoice: (doc: IssuedDocument, xml: string, brandName: string) => renderInvoicePdf(doc, xml, brandName),
  deliveryNote: (brand: Brand, order: Order, shipment: Shipment, lang: Locale, gtins?: Record<number, string>) =>
    deliveryNotePdf(brand, order, shipment, lang, gtins),
};

parentPort?.on('message', async ({ id, task, args }: { id: number; task: string; args: never[] }) => {
  try {
    const bytes = await TASKS[task]!(...args);
    const copy = new Uint8Array(bytes);
    parentPort!.postMessage({ id, bytes: copy }, [copy.buffer]);
  } catch (error) {
    parentPort!.postMessage({ id, error: String((error as Error)?.message ?? error) });
  }
});
