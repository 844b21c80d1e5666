import { RATE_SCALE, fromCents, toEuros, type Currency, type InvoiceDocument, type Locale, type PaymentMethod } from '@atelier/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database, InvoiceLinesTable, InvoicesTable } from '../../db/schema.ts';
import { today } from '../../lib/dates.ts';
import type { BuyerSnapshot, IssuedDocument } from './facturx.ts';
import { statusOf } from './rules.ts';
import type { InvoiceSubmissions } from './submissions.ts';
import { readOrders } from '../../read-models/orders.ts';
import { readMailOutbox } from '../../read-models/mail.ts';
import { readRetailerDoors } from '../../read-models/companies.ts';

type InvoiceRow = Selectable<InvoicesTable>;
type LineRow = Selectable<InvoiceLinesTable>;
type Seller = IssuedDocument['seller'];

// Reading a document as the API answers it: its lines, payments, credit notes, reminders and, for the owner, the platform's state.

/** What is already credited per invoice line, and in all (incl. VAT). */
export async function creditsOf(db: Kysely<Database>, invoiceId: number) {
  const notes = await db
    .selectFrom('invoices')
    .select(['id', 'number', 'issue_date', 'total_incl_cents'])
    .where('invoice_id', '=', invoiceId)
    .orderBy('id')
    .execute();
  const lines = notes.length
    ? await db
        .selectFrom('invoice_lines')
        .select(['invoice_id', 'credited_line_id', 'quantity', 'kind'])
        .where(
          'invoice_id',
          'in',
          notes.map((n) => n.id),
        )
        .execute()
    : [];
  const perLine = new Map<number, number>();
  let byAmount = false;
  for (const l of lines) {
    if (l.credited_line_id !== null) perLine.set(l.credited_line_id, (perLine.get(l.credited_line_id) ?? 0) + l.quantity);
    else byAmount = true;
  }
  return { notes, perLine, byAmount, totalCents: notes.reduce((s, n) => s + n.total_incl_cents, 0) };
}

/** A document in another currency than the euro (issue 47): its code, and its VAT in euros at the rate of its day. */
function currencyOf(row: InvoiceRow): Pick<InvoiceDocument, 'currency' | 'vatInEuros'> {
  if (row.currency === 'EUR') return {};
  return {
    currency: row.currency as Currency,
    vatInEuros: { rate: row.rate_micro / RATE_SCALE, vat: fromCents(toEuros(row.total_vat_cents, row.rate_micro)) },
  };
}

function shapeDocument(
  row: InvoiceRow,
  lines: LineRow[],
  payments: Array<{ id: number; paid_on: string; amount_cents: number; method: string; reference: string | null; recorded_at: string }>,
  credits: Awaited<ReturnType<typeof creditsOf>>,
  related: {
    invoiceNumber: string | null;
    orderNumber: string | null;
    door: InvoiceDocument['door'];
    reminders: number[];
    deposit: { id: number; number: string } | null;
  },
  day: string,
): InvoiceDocument {
  const seller = JSON.parse(row.seller) as Seller;
  const buyer = JSON.parse(row.buyer) as BuyerSnapshot;
  const breakdown = JSON.parse(row.vat_breakdown) as Array<{
    category: 'S' | 'K' | 'G';
    rate: number;
    baseCents: number;
    vatCents: number;
    exemption: string | null;
  }>;
  const paidCents = payments.reduce((s, p) => s + p.amount_cents, 0);
  const creditedCents = row.type === 'invoice' ? credits.totalCents : 0;
  const dueCents = row.type === 'invoice' ? row.total_incl_cents - creditedCents - paidCents - row.prepaid_cents : 0;
  return {
    id: row.id,
    number: row.number,
    type: row.type,
    issueDate: row.issue_date,
    deliveryDate: row.delivery_date,
    dueDate: row.due_date,
    orderId: row.order_id,
    orderNumber: related.orderNumber,
    door: related.door ?? null,
    invoiceId: row.invoice_id,
    invoiceNumber: related.invoiceNumber,
    reason: row.reason,
    language: row.locale,
    buyer: {
      name: buyer.name,
      address: buyer.address,
      deliveryAddress: buyer.deliveryAddress,
      siren: buyer.siren,
      vatNumber: buyer.vatNumber,
      email: buyer.email,
    },
    seller: { legalName: seller.legalName, vatNumber: seller.vatNumber, siren: seller.siren },
    lines: lines.map((l) => ({
      id: l.id,
      kind: l.kind,
      reference: l.reference,
      product: l.product,
      colour: l.colour,
      size: l.size,
      quantity: l.quantity,
      unitPrice: fromCents(l.unit_price_cents),
      ...(l.list_price_cents === null ? {} : { listPrice: fromCents(l.list_price_cents) }),
      vatCategory: l.vat_category,
      vatRate: Number(l.vat_rate),
      total: fromCents(l.total_cents),
      creditedLineId: l.credited_line_id,
      credited: credits.perLine.get(l.id) ?? 0,
    })),
    vatBreakdown: breakdown.map((b) => ({
      category: b.category,
      rate: b.rate,
      base: fromCents(b.baseCents),
      vat: fromCents(b.vatCents),
      exemption: b.exemption,
    })),
    totalExclVat: fromCents(row.total_excl_cents),
    totalVat: fromCents(row.total_vat_cents),
    totalInclVat: fromCents(row.total_incl_cents),
    credited: fromCents(creditedCents),
    paid: fromCents(paidCents),
    purpose: row.purpose,
    prepaid: fromCents(row.prepaid_cents),
    ...currencyOf(row),
    depositInvoice: related.deposit,
    due: fromCents(dueCents),
    status: statusOf(row.type, dueCents, paidCents, row.due_date, day, creditedCents, row.prepaid_cents),
    payments: payments.map((p) => ({
      id: p.id,
      date: p.paid_on,
      amount: fromCents(p.amount_cents),
      method: p.method as PaymentMethod,
      reference: p.reference,
      recordedAt: p.recorded_at,
    })),
    creditNotes:
      row.type === 'invoice'
        ? credits.notes.map((n) => ({ id: n.id, number: n.number, issueDate: n.issue_date, totalInclVat: fromCents(n.total_incl_cents) }))
        : [],
    remindersSent: related.reminders,
  };
}

export async function readDocument(
  submissions: InvoiceSubmissions,
  db: Kysely<Database>,
  id: number,
  _lang: Locale,
  userId?: number,
): Promise<InvoiceDocument | null> {
  const row = await db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || (userId !== undefined && row.user_id !== userId)) return null;
  const [lines, payments, credits, order, invoice, reminders, deposit] = await Promise.all([
    db.selectFrom('invoice_lines').selectAll().where('invoice_id', '=', id).orderBy('position').execute(),
    db
      .selectFrom('invoice_payments')
      .select(['id', 'paid_on', 'amount_cents', 'method', 'reference', 'recorded_at'])
      .where('invoice_id', '=', id)
      .orderBy('paid_on')
      .orderBy('id')
      .execute(),
    creditsOf(db, id),
    row.order_id === null
      ? undefined
      : db
          .selectFrom(readOrders().as('orders'))
          .leftJoin(readRetailerDoors().as('retailer_doors'), 'retailer_doors.id', 'orders.door_id')
          .select(['orders.number', 'retailer_doors.id as door_id', 'retailer_doors.name as door_name', 'retailer_doors.town as door_town'])
          .where('orders.id', '=', row.order_id)
          .executeTakeFirst(),
    row.invoice_id === null ? undefined : db.selectFrom('invoices').select('number').where('id', '=', row.invoice_id).executeTakeFirst(),
    db.selectFrom(readMailOutbox().as('mail_outbox')).select('dedupe_key').where('dedupe_key', 'like', `invoice:${id}:reminder:%`).execute(),
    row.deposit_invoice_id === null
      ? undefined
      : db.selectFrom('invoices').select(['id', 'number']).where('id', '=', row.deposit_invoice_id).executeTakeFirst(),
  ]);
  const doc = shapeDocument(
    row,
    lines,
    payments,
    credits,
    {
      orderNumber: order?.number ?? null,
      door: order?.door_id ? { id: order.door_id, name: order.door_name!, town: order.door_town! } : null,
      invoiceNumber: invoice?.number ?? null,
      reminders: reminders.map((r) => Number(r.dedupe_key!.split(':')[3])).sort((a, b) => a - b),
      deposit: deposit ?? null,
    },
    today(),
  );
  // The owner sees where it stands with the platform; a retailer's answer is the document alone.
  if (userId !== undefined) return doc;
  return { ...doc, platform: (await submissions.statesOf(db, [id])).get(id) ?? null };
}
