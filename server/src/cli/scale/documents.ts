// seed:scale, the documents: the invoices of the shipped orders of the last years, credit notes on some,
// payments on most. Each document is built as the invoices service builds it (numbers per type and year
// in the order of their days, VAT by buyer, totals, due date), its XML and PDF made in worker threads.
import os from 'node:os';
import { documentNumber } from '../../modules/invoices/ahead.ts';
import { Worker } from 'node:worker_threads';
import { PHRASES, type InvoicingSettingsInput } from '@atelier/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { BuyerSnapshot, IssuedDocument } from '../../modules/invoices/facturx.ts';
import { dueDate, totals, vatFor } from '../../modules/invoices/rules.ts';
import { breakdownJson, invoiceLineRow } from '../../modules/invoices/rows.ts';
import { invoiceSearchText } from '../../lib/search.ts';
import { addDays, insertMany, type Ids, type OrderRow, type Plan } from './history.ts';
import type { Random } from './words.ts';
import type { PdfJob, PdfResult } from './pdf-worker.ts';

type Seller = IssuedDocument['seller'];

interface Doc {
  id: number;
  orderId: number;
  userId: number;
  invoiceId: number | null;
  doc: IssuedDocument;
  lines: Array<{ id: number; orderLineId: number | null; creditedLineId: number | null }>;
}

/** Renders documents' XML and PDF on every core, a batch at a time, handing each batch back as it is done. */
async function render(docs: Doc[], onBatch: (done: Array<Doc & PdfResult>) => Promise<void>, progress: (n: number) => void): Promise<void> {
  const byId = new Map(docs.map((d) => [d.id, d]));
  const queue = [...docs];
  const count = Math.max(1, Math.min(os.availableParallelism(), 4));
  const workers = Array.from({ length: count }, () => new Worker(new URL('./pdf-worker.ts', import.meta.url)));
  let done = 0;
  let writing = Promise.resolve();
  try {
    await Promise.all(
      workers.map(async (worker) => {
        for (;;) {
          const batch = queue.splice(0, 40);
          if (batch.length === 0) return;
          const results = await new Promise<PdfResult[]>((resolve, reject) => {
            const fail = (error: Error) => reject(error);
            worker.once('error', fail);
            worker.once('message', (answer: PdfResult[]) => {
              worker.off('error', fail);
              resolve(answer);
            });
            worker.postMessage(batch.map((d): PdfJob => ({ id: d.id, doc: d.doc })));
          });
          // Rows are written in the order batches come back, one batch at a time.
          writing = writing.then(() => onBatch(results.map((r) => ({ ...byId.get(r.id)!, ...r }))));
          await writing;
          done += results.length;
          progress(done);
        }
      }),
    );
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

async function writeDocs(db: Kysely<Database>, ids: Ids, done: Array<Doc & PdfResult>) {
  const invoices: object[] = [];
  const lines: object[] = [];
  const events: object[] = [];
  for (const d of done) {
    const { doc } = d;
    const created = `${doc.issueDate}T10:00:00.000Z`;
    invoices.push({
      id: d.id,
      number: doc.number,
      type: doc.type,
      year: Number(doc.issueDate.slice(0, 4)),
      seq: Number(doc.number.slice(doc.number.lastIndexOf('-') + 1)),
      order_id: d.orderId,
      invoiced_order_id: doc.type === 'invoice' ? d.orderId : null,
      invoice_id: d.invoiceId,
      user_id: d.userId,
      locale: doc.locale,
      issue_date: doc.issueDate,
      delivery_date: doc.deliveryDate,
      due_date: doc.dueDate,
      reason: doc.reason,
      seller: JSON.stringify(doc.seller),
      buyer: JSON.stringify(doc.buyer),
      vat_breakdown: breakdownJson(doc),
      total_excl_cents: doc.totalExclCents,
      total_vat_cents: doc.totalVatCents,
      total_incl_cents: doc.totalInclCents,
      xml: d.xml,
      pdf: Buffer.from(d.pdf),
      created_at: created,
      search_text: invoiceSearchText(doc.number, JSON.stringify(doc.buyer)),
    });
    for (const [i, l] of doc.lines.entries()) {
      const ref = d.lines[i]!;
      lines.push({ id: ref.id, ...invoiceLineRow(d.id, i + 1, l, ref, doc.vat) });
    }
    events.push({ id: ids.take('invoice_events'), invoice_id: d.id, kind: 'issued', created_at: created, delivered_at: created });
  }
  await db.transaction().execute(async (trx) => {
    await insertMany(trx, 'invoices', invoices as never);
    await insertMany(trx, 'invoice_lines', lines as never);
    await insertMany(trx, 'invoice_events', events as never);
  });
}

function buyerOf(order: OrderRow): BuyerSnapshot {
  const company = JSON.parse(order.shop.company) as { companyName: string; siren: string | null; vatNumber: string | null; billing: BuyerSnapshot['address'] };
  return {
    name: company.companyName,
    address: company.billing,
    deliveryAddress: null,
    siren: company.siren,
    vatNumber: company.vatNumber,
    email: order.shop.email,
  };
}

export interface Issued {
  invoices: Array<{ id: number; number: string; orderId: number; issueDate: string; dueDate: string; totalInclCents: number; creditedCents: number }>;
  creditNotes: number;
}

/**
 * The newest shipped orders' invoices (`plan.invoices` of them, issued on their ship day), then credit
 * notes on `plan.creditNotes` of them (a returned piece or two, 2 to 6 weeks later).
 */
export async function writeDocuments(
  db: Kysely<Database>,
  ids: Ids,
  rnd: Random,
  plan: Plan,
  orders: OrderRow[],
  settings: InvoicingSettingsInput,
  brand: { name: string; email: string },
  log: (line: string) => void,
): Promise<Issued> {
  const { accounts: _accounts, ...rest } = settings as InvoicingSettingsInput & { accounts?: unknown };
  const seller = { ...rest, brandName: brand.name, email: brand.email } as Seller;
  const shipped = orders.filter((o) => o.shippedOn).sort((a, b) => (a.shippedOn! < b.shippedOn! ? -1 : a.shippedOn! > b.shippedOn! ? 1 : a.id - b.id));
  const chosen = shipped.slice(-plan.invoices);
  const counters = new Map<string, number>();
  const number = (type: 'invoice' | 'creditNote', day: string) => {
    const key = `${type}:${day.slice(0, 4)}`;
    const next = (counters.get(key) ?? 0) + 1;
    counters.set(key, next);
    return documentNumber(type === 'invoice' ? seller.invoicePrefix : seller.creditNotePrefix, Number(day.slice(0, 4)), next);
  };
  const docs: Doc[] = [];
  for (const order of chosen) {
    const locale = order.shop.locale;
    const buyer = buyerOf(order);
    const vat = vatFor(buyer.address.country, buyer.vatNumber);
    const lines: IssuedDocument['lines'] = order.lines.map((l) => ({
      kind: 'goods',
      reference: l.reference,
      product: l.titles[locale],
      colour: l.colour[locale],
      size: l.size,
      quantity: l.quantity,
      unitPriceCents: l.unitPriceCents,
      totalCents: l.unitPriceCents * l.quantity,
    }));
    const refs: Doc['lines'] = order.lines.map((l) => ({ id: ids.take('invoice_lines'), orderLineId: l.id, creditedLineId: null }));
    if (order.shippingCents) {
      lines.push({
        kind: 'shipping',
        reference: null,
        product: PHRASES[locale].shipping,
        colour: null,
        size: null,
        quantity: 1,
        unitPriceCents: order.shippingCents,
        totalCents: order.shippingCents,
      });
      refs.push({ id: ids.take('invoice_lines'), orderLineId: null, creditedLineId: null });
    }
    const issueDate = order.shippedOn!;
    const doc: IssuedDocument = {
      number: number('invoice', issueDate),
      type: 'invoice',
      issueDate,
      deliveryDate: issueDate,
      dueDate: dueDate(issueDate, seller),
      orderNumber: order.number,
      invoice: null,
      reason: null,
      locale,
      seller,
      buyer,
      vat,
      lines,
      ...totals(lines, vat),
    };
    docs.push({ id: ids.take('invoices'), orderId: order.id, userId: order.userId, invoiceId: null, doc, lines: refs });
  }
  // Credit notes: numbered in the order of their own days, after every invoice they credit.
  const credited = new Map<number, number>();
  const notes: Doc[] = [];
  const targets = [...docs].sort(() => rnd.next() - 0.5).slice(0, plan.creditNotes);
  const noteDays = targets
    .map((t) => ({ t, day: addDays(t.doc.issueDate, rnd.int(14, 42)) }))
    .sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : a.t.id - b.t.id));
  for (const { t, day } of noteDays) {
    const goods = t.doc.lines.map((l, i) => ({ l, i })).filter(({ l }) => l.kind === 'goods');
    const picked = goods.sort(() => rnd.next() - 0.5).slice(0, rnd.int(1, 2));
    const lines = picked.map(({ l }) => {
      const quantity = rnd.int(1, l.quantity);
      return { ...l, quantity, totalCents: l.unitPriceCents * quantity };
    });
    const refs = picked.map(({ i }) => ({ id: ids.take('invoice_lines'), orderLineId: t.lines[i]!.orderLineId, creditedLineId: t.lines[i]!.id }));
    const doc: IssuedDocument = {
      number: number('creditNote', day),
      type: 'creditNote',
      issueDate: day,
      deliveryDate: t.doc.deliveryDate,
      dueDate: null,
      orderNumber: t.doc.orderNumber,
      invoice: { number: t.doc.number, issueDate: t.doc.issueDate },
      reason: { fr: 'Pièce retournée (défaut de couture)', en: 'Returned piece (faulty seam)' }[t.doc.locale],
      locale: t.doc.locale,
      seller,
      buyer: t.doc.buyer,
      vat: t.doc.vat,
      lines,
      ...totals(lines, t.doc.vat),
    };
    credited.set(t.id, (credited.get(t.id) ?? 0) + doc.totalInclCents);
    notes.push({ id: ids.take('invoices'), orderId: t.orderId, userId: t.userId, invoiceId: t.id, doc, lines: refs });
  }
  const started = Date.now();
  const total = docs.length + notes.length;
  let shown = 0;
  const progress = (before: number) => (n: number) => {
    if (before + n - shown >= 1000 || before + n === total) {
      shown = before + n;
      log(`  documents: ${shown} / ${total} (${Math.round((Date.now() - started) / 1000)} s)`);
    }
  };
  // Batches come back in any order: every invoice is written before the credit notes that name it.
  await render(docs, (done) => writeDocs(db, ids, done), progress(0));
  await render(notes, (done) => writeDocs(db, ids, done), progress(docs.length));
  await db.transaction().execute(async (trx) => {
    for (const [key, last] of counters) {
      const [kind, year] = key.split(':') as ['invoice' | 'creditNote', string];
      await trx
        .insertInto('invoice_counters')
        .values({ kind, year: Number(year), last })
        .onConflict((oc) => oc.columns(['kind', 'year']).doUpdateSet({ last }))
        .execute();
    }
  });
  return {
    invoices: docs.map((d) => ({
      id: d.id,
      number: d.doc.number,
      orderId: d.orderId,
      issueDate: d.doc.issueDate,
      dueDate: d.doc.dueDate!,
      totalInclCents: d.doc.totalInclCents,
      creditedCents: credited.get(d.id) ?? 0,
    })),
    creditNotes: notes.length,
  };
}

/** Payments: the oldest invoices paid by transfer around their due day (a few in two halves), the newest left to pay. */
export async function writePayments(db: Kysely<Database>, ids: Ids, rnd: Random, plan: Plan, issued: Issued, adminId: number | null): Promise<number> {
  const rows: object[] = [];
  let count = 0;
  for (const invoice of issued.invoices) {
    if (count >= plan.payments) break;
    const due = invoice.totalInclCents - invoice.creditedCents;
    if (due <= 0) continue;
    const paidOn = addDays(invoice.dueDate, rnd.int(-20, 10));
    const halves = rnd.chance(0.05) && count + 2 <= plan.payments ? [Math.floor(due / 2), due - Math.floor(due / 2)] : [due];
    for (const [i, cents] of halves.entries()) {
      const day = addDays(paidOn, i * 20);
      rows.push({
        id: ids.take('invoice_payments'),
        invoice_id: invoice.id,
        paid_on: day,
        amount_cents: cents,
        method: 'transfer',
        reference: `VIR ${invoice.number}`,
        recorded_at: `${day}T16:00:00.000Z`,
        recorded_by: adminId,
      });
      count += 1;
    }
  }
  await db.transaction().execute((trx) => insertMany(trx, 'invoice_payments', rows as never));
  return count;
}
