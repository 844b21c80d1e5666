import { invoiceSearchText } from '../../lib/search.ts';
import { breakdownJson, invoiceLineRow } from './rows.ts';
import type { Dialect } from '../../db/index.ts';
import {
  INVOICE_MESSAGES,
  fromCents,
  type CreditNoteInput,
  type InvoiceDocument,
  type InvoiceGap,
  type InvoiceStatus,
  type InvoicingSettingsInput,
  type Locale,
  type PaymentInput,
  type PaymentMethod,
} from '@atelier/contract';
import { sql, type Kysely, type Selectable } from 'kysely';
import { publicBrand, type Config } from '../../config.ts';
import { nowIso, type Db } from '../../db/index.ts';
import type { Database, InvoiceLinesTable, InvoicesTable } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { parseTexts, pick } from '../../lib/texts.ts';
import { emitWebhook } from '../webhooks/events.ts';
import { logActivity, type Actor } from '../activity/service.ts';
import { today } from '../../lib/dates.ts';
import { facturxXml, type BuyerSnapshot, type IssuedDocument, type VatTreatment } from './facturx.ts';
import { renderInvoicePdf } from './pdf.ts';
import type { CompaniesService } from '../companies/service.ts';
import { dueDate, gapsOf, statusOf, totals, vatFor } from './rules.ts';
import { holdInvoice } from './hold.ts';
import { InvoiceLedger } from './ledger.ts';
import { InvoiceSubmissions } from './submissions.ts';

export { dueDate, gapsOf, statusOf, totals, vatFor } from './rules.ts';

type InvoiceRow = Selectable<InvoicesTable>;
type LineRow = Selectable<InvoiceLinesTable>;
type Seller = IssuedDocument['seller'];
type NewLine = IssuedDocument['lines'][number] & { orderLineId: number | null; creditedLineId: number | null };

/**
 * Invoices, credit notes and payments (issue 24). A document is issued inside the transaction
 * that ships its order (or by "Issue the invoice"): its number comes from one counter per type
 * and year in that same transaction, so numbers never skip or repeat; its PDF/A-3 with the
 * Factur-X XML is made then and stored, and nothing afterwards changes or deletes it.
 */
export class InvoicesService {
  private readonly db: Db;
  private readonly config: Config;
  private readonly kick: () => void;
  private readonly companies: Pick<CompaniesService, 'company'>;
  private readonly ledger: InvoiceLedger;
  /** Each document's way through the approved e-invoicing platform (read and written by its worker). */
  readonly submissions: InvoiceSubmissions;
  /** The day documents are issued on (today; the demo seed issues last season's invoices on their own day). */
  issueDay: () => string = today;

  constructor(db: Db, config: Config, kick: () => void, companies: Pick<CompaniesService, 'company'>, dialect: Dialect = 'sqlite') {
    this.db = db;
    this.config = config;
    this.kick = kick;
    this.companies = companies;
    this.ledger = new InvoiceLedger(db, config, kick, dialect);
    this.submissions = new InvoiceSubmissions(db);
  }

  private async seller(db: Kysely<Database>): Promise<Seller | null> {
    const row = await db.selectFrom('invoicing_settings').select('settings').where('id', '=', 1).executeTakeFirst();
    if (!row) return null;
    const brand = publicBrand(this.config);
    const { accounts: _accounts, ...settings } = JSON.parse(row.settings) as InvoicingSettingsInput; // the FEC's, not the invoice's
    return { ...settings, brandName: brand.name, email: this.config.BRAND_EMAIL } as Seller;
  }

  /** What a shipped order's invoice waits for (empty: it can be issued). */
  async waiting(db: Kysely<Database>, userId: number): Promise<InvoiceGap[]> {
    const [seller, company] = await Promise.all([this.seller(db), this.companies.company(userId, db)]);
    return gapsOf(seller !== null, company);
  }

  /** An order's invoice, or what it waits for; null for an order not shipped. */
  async forOrder(
    orderId: number,
    userId: number,
    status: string,
  ): Promise<{ invoice: { id: number; number: string; status: Exclude<InvoiceStatus, 'credit'> } | null; waiting?: InvoiceGap[] }> {
    const row = await this.db.selectFrom('invoices').select(['id']).where('invoiced_order_id', '=', orderId).executeTakeFirst();
    if (row) {
      const doc = (await this.get(row.id, 'fr'))!;
      return { invoice: { id: doc.id, number: doc.number, status: doc.status as Exclude<InvoiceStatus, 'credit'> } };
    }
    if (status !== 'shipped') return { invoice: null };
    return { invoice: null, waiting: await this.waiting(this.db, userId) };
  }

  // —— Issuing ——

  /** The next number of a series, inside the caller's transaction (rolled back with it: no gap). */
  private async nextNumber(trx: Kysely<Database>, type: 'invoice' | 'creditNote', year: number, seller: Seller): Promise<{ number: string; seq: number }> {
    const counter = await trx
      .insertInto('invoice_counters')
      .values({ kind: type, year, last: 1 })
      .onConflict((oc) => oc.columns(['kind', 'year']).doUpdateSet({ last: sql<number>`invoice_counters.last + 1` }))
      .returning('last')
      .executeTakeFirstOrThrow();
    const prefix = type === 'invoice' ? seller.invoicePrefix : seller.creditNotePrefix;
    return { number: `${prefix}${year}-${String(counter.last).padStart(5, '0')}`, seq: counter.last };
  }

  /** Writes one document (number, lines, totals, snapshots, XML and PDF) in the caller's transaction. */
  private async write(
    trx: Kysely<Database>,
    input: Omit<IssuedDocument, 'number' | 'breakdown' | 'totalExclCents' | 'totalVatCents' | 'totalInclCents' | 'lines'> & {
      lines: NewLine[];
      orderId: number | null;
      invoiceId: number | null;
      userId: number | null;
    },
    actor: Actor | null,
  ): Promise<number> {
    const year = Number(input.issueDate.slice(0, 4));
    const { number, seq } = await this.nextNumber(trx, input.type, year, input.seller);
    const doc: IssuedDocument = { ...input, number, ...totals(input.lines, input.vat) };
    const xml = facturxXml(doc);
    const pdf = await renderInvoicePdf(doc, xml, input.seller.brandName);
    const now = nowIso();
    const inserted = await trx
      .insertInto('invoices')
      .values({
        number,
        type: input.type,
        year,
        seq,
        order_id: input.orderId,
        invoiced_order_id: input.type === 'invoice' ? input.orderId : null,
        invoice_id: input.invoiceId,
        user_id: input.userId,
        locale: input.locale,
        issue_date: input.issueDate,
        delivery_date: input.deliveryDate,
        due_date: input.dueDate,
        reason: input.reason,
        seller: JSON.stringify(input.seller),
        buyer: JSON.stringify(input.buyer),
        vat_breakdown: breakdownJson(doc),
        total_excl_cents: doc.totalExclCents,
        total_vat_cents: doc.totalVatCents,
        total_incl_cents: doc.totalInclCents,
        xml,
        pdf,
        created_at: now,
        search_text: invoiceSearchText(number, JSON.stringify(input.buyer)),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (input.lines.length) {
      await trx
        .insertInto('invoice_lines')
        .values(input.lines.map((l, i) => invoiceLineRow(inserted.id, i + 1, l, l, input.vat)))
        .execute();
    }
    await trx.insertInto('invoice_events').values({ invoice_id: inserted.id, kind: 'issued', created_at: now, delivered_at: null }).execute();
    await logActivity(trx, actor, {
      kind: 'invoice',
      action: input.type === 'invoice' ? 'issue' : 'credit',
      subject: number,
      subjectId: inserted.id,
      detail: { order: input.orderNumber, total: fromCents(doc.totalInclCents) },
    });
    await emitWebhook(trx, input.type === 'invoice' ? 'invoice.issued' : 'credit_note.issued', () => this.document(trx, inserted.id, 'fr'));
    return inserted.id;
  }

  /**
   * Issues a shipped order's invoice inside the caller's transaction. Returns null (nothing
   * written) when something is missing: the order then says what, and "Issue the invoice" does it later.
   */
  async issueInTransaction(trx: Kysely<Database>, orderId: number, actor: Actor | null, deliveryDate?: string): Promise<number | null> {
    const order = await trx.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
    if (!order) throw new HttpError(404, INVOICE_MESSAGES.invoiceNotFound);
    const seller = await this.seller(trx);
    const company = await this.companies.company(order.user_id ?? 0, trx);
    if (gapsOf(seller !== null, company).length) return null;
    const existing = await trx.selectFrom('invoices').select('id').where('invoiced_order_id', '=', orderId).executeTakeFirst();
    if (existing) return null;
    const issueDate = this.issueDay();
    const shipped =
      deliveryDate ??
      (
        await trx
          .selectFrom('order_events')
          .select('at')
          .where('order_id', '=', orderId)
          .where('status', '=', 'shipped')
          .orderBy('at', 'desc')
          .executeTakeFirst()
      )?.at.slice(0, 10) ??
      issueDate;
    const lines = await trx.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).where('quantity', '>', 0).orderBy('position').execute();
    const locale = order.locale;
    const billing = company.billing!;
    const buyer: BuyerSnapshot = {
      name: company.companyName!,
      address: billing,
      deliveryAddress: company.delivery ?? null,
      siren: company.siren ?? null,
      vatNumber: company.vatNumber,
      email: order.retailer_email,
    };
    const vat = vatFor(billing.country, company.vatNumber);
    const docLines: NewLine[] = lines.map((l) => ({
      kind: 'goods',
      reference: l.reference,
      product: pick(parseTexts(l.product_title), locale),
      colour: pick(parseTexts(l.color_name), locale) || null,
      size: l.size,
      quantity: l.quantity,
      unitPriceCents: l.unit_price_cents,
      totalCents: l.unit_price_cents * l.quantity,
      orderLineId: l.id,
      creditedLineId: null,
    }));
    if (order.shipping_cents) {
      docLines.push({
        kind: 'shipping',
        reference: null,
        product: locale === 'fr' ? 'Frais de port' : 'Shipping',
        colour: null,
        size: null,
        quantity: 1,
        unitPriceCents: order.shipping_cents,
        totalCents: order.shipping_cents,
        orderLineId: null,
        creditedLineId: null,
      });
    }
    return this.write(
      trx,
      {
        type: 'invoice',
        issueDate,
        deliveryDate: shipped,
        dueDate: dueDate(issueDate, seller!),
        orderNumber: order.number,
        invoice: null,
        reason: null,
        locale,
        seller: seller!,
        buyer,
        vat,
        lines: docLines,
        orderId,
        invoiceId: null,
        userId: order.user_id,
      },
      actor,
    );
  }

  /** "Issue the invoice" for an order shipped before, or whose details were incomplete. */
  async issueForOrder(orderId: number, actor: Actor, lang: Locale): Promise<InvoiceDocument> {
    const id = await this.db.transaction().execute(async (trx) => {
      const order = await trx.selectFrom('orders').select(['id', 'status', 'user_id']).where('id', '=', orderId).executeTakeFirst();
      if (!order) throw new HttpError(404, INVOICE_MESSAGES.invoiceNotFound);
      if (order.status !== 'shipped') throw new HttpError(409, INVOICE_MESSAGES.notShipped);
      if (await trx.selectFrom('invoices').select('id').where('invoiced_order_id', '=', orderId).executeTakeFirst())
        throw new HttpError(409, INVOICE_MESSAGES.alreadyInvoiced);
      const gaps = await this.waiting(trx, order.user_id ?? 0);
      if (gaps.length) throw new HttpError(422, INVOICE_MESSAGES.waiting, {}, gaps.join(', '), { waiting: gaps });
      return (await this.issueInTransaction(trx, orderId, actor))!;
    });
    // Its mail, its webhook and the e-invoicing platform's worker look now.
    this.kick();
    return (await this.get(id, lang))!;
  }

  // —— Credit notes ——

  /** What is already credited per invoice line, and in all (incl. VAT). */
  private async credits(db: Kysely<Database>, invoiceId: number) {
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

  /** Inside the caller's transaction: a credit note on an invoice (lines, an amount excl. VAT, or what is left). */
  async creditInTransaction(trx: Kysely<Database>, invoiceId: number, input: CreditNoteInput, actor: Actor | null): Promise<number> {
    await holdInvoice(trx, invoiceId);
    const invoice = await trx.selectFrom('invoices').selectAll().where('id', '=', invoiceId).executeTakeFirst();
    if (!invoice) throw new HttpError(404, INVOICE_MESSAGES.invoiceNotFound);
    if (invoice.type !== 'invoice') throw new HttpError(422, INVOICE_MESSAGES.creditOfCreditNote);
    const lines = await trx.selectFrom('invoice_lines').selectAll().where('invoice_id', '=', invoiceId).orderBy('position').execute();
    const credits = await this.credits(trx, invoiceId);
    const seller = JSON.parse(invoice.seller) as Seller;
    const breakdown = JSON.parse(invoice.vat_breakdown) as Array<{
      category: VatTreatment['category'];
      rate: number;
      exemption: string | null;
      exemptionCode: VatTreatment['exemptionCode'];
    }>;
    const vat: VatTreatment = {
      category: breakdown[0]!.category,
      rate: breakdown[0]!.rate,
      exemption: breakdown[0]!.exemption,
      exemptionCode: breakdown[0]!.exemptionCode,
    };
    const left = invoice.total_incl_cents - credits.totalCents;
    const asLine = (line: LineRow, quantity: number): NewLine => ({
      kind: line.kind,
      reference: line.reference,
      product: line.product,
      colour: line.colour,
      size: line.size,
      quantity,
      unitPriceCents: line.unit_price_cents,
      totalCents: line.unit_price_cents * quantity,
      orderLineId: line.order_line_id,
      creditedLineId: line.id,
    });
    const amountLine = (cents: number): NewLine => ({
      kind: 'amount',
      reference: null,
      product: input.reason,
      colour: null,
      size: null,
      quantity: 1,
      unitPriceCents: cents,
      totalCents: cents,
      orderLineId: null,
      creditedLineId: null,
    });
    let newLines: NewLine[];
    if (input.lines) {
      const byId = new Map(lines.map((l) => [l.id, l]));
      const wanted = new Map<number, number>();
      for (const l of input.lines) wanted.set(l.lineId, (wanted.get(l.lineId) ?? 0) + l.quantity);
      newLines = [];
      for (const [lineId, quantity] of wanted) {
        const line = byId.get(lineId);
        if (!line) throw new HttpError(422, INVOICE_MESSAGES.creditLineUnknown);
        if (quantity > line.quantity - (credits.perLine.get(lineId) ?? 0)) throw new HttpError(422, INVOICE_MESSAGES.creditTooHigh);
        newLines.push(asLine(line, quantity));
      }
    } else if (input.amount !== undefined) {
      newLines = [amountLine(Math.round(input.amount * 100))];
    } else if (!credits.byAmount) {
      // The whole invoice: every line with what is left of it.
      newLines = lines.map((l) => asLine(l, l.quantity - (credits.perLine.get(l.id) ?? 0))).filter((l) => l.quantity > 0);
    } else {
      // Amounts were credited before: what is left, as one amount excl. VAT.
      newLines = [amountLine(Math.round((left * 100) / (100 + vat.rate)))];
    }
    const sum = totals(newLines, vat);
    if (newLines.length === 0 || sum.totalInclCents <= 0 || sum.totalInclCents > left) throw new HttpError(422, INVOICE_MESSAGES.creditTooHigh);
    const order = invoice.order_id === null ? null : await trx.selectFrom('orders').select('number').where('id', '=', invoice.order_id).executeTakeFirst();
    return this.write(
      trx,
      {
        type: 'creditNote',
        issueDate: this.issueDay(),
        // The supply it corrects (BT-72): EN 16931 asks it of an intra-EU credit note as of its invoice (BR-IC-11).
        deliveryDate: invoice.delivery_date,
        dueDate: null,
        orderNumber: order?.number ?? null,
        invoice: { number: invoice.number, issueDate: invoice.issue_date },
        reason: input.reason,
        locale: invoice.locale,
        seller,
        buyer: JSON.parse(invoice.buyer) as BuyerSnapshot,
        vat,
        lines: newLines,
        orderId: invoice.order_id,
        invoiceId,
        userId: invoice.user_id,
      },
      actor,
    );
  }

  /** Cancelling an invoiced order: what is left on its invoice is credited (nothing when all is already). */
  async creditRest(trx: Kysely<Database>, invoiceId: number, reason: string, actor: Actor | null): Promise<number | null> {
    const invoice = await trx.selectFrom('invoices').select('total_incl_cents').where('id', '=', invoiceId).executeTakeFirstOrThrow();
    const credits = await this.credits(trx, invoiceId);
    if (invoice.total_incl_cents - credits.totalCents <= 0) return null;
    return this.creditInTransaction(trx, invoiceId, { reason: reason.slice(0, 300) }, actor);
  }

  async creditNote(invoiceId: number, input: CreditNoteInput, actor: Actor, lang: Locale): Promise<InvoiceDocument> {
    const id = await this.db.transaction().execute((trx) => this.creditInTransaction(trx, invoiceId, input, actor));
    // Its mail, its webhook and the e-invoicing platform's worker look now.
    this.kick();
    return (await this.get(id, lang))!;
  }

  // —— Payments ——

  async addPayment(invoiceId: number, input: PaymentInput, actor: Actor, lang: Locale): Promise<InvoiceDocument> {
    await this.db.transaction().execute(async (trx) => {
      await holdInvoice(trx, invoiceId);
      const doc = await this.document(trx, invoiceId, lang);
      if (!doc) throw new HttpError(404, INVOICE_MESSAGES.invoiceNotFound);
      if (doc.type !== 'invoice') throw new HttpError(422, INVOICE_MESSAGES.paymentOnCreditNote);
      const cents = Math.round(input.amount * 100);
      if (cents > Math.round(doc.due * 100)) throw new HttpError(422, INVOICE_MESSAGES.paymentTooHigh);
      const inserted = await trx
        .insertInto('invoice_payments')
        .values({
          invoice_id: invoiceId,
          paid_on: input.date,
          amount_cents: cents,
          method: input.method,
          reference: input.reference || null,
          recorded_at: nowIso(),
          recorded_by: actor.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await logActivity(trx, actor, {
        kind: 'invoice',
        action: 'pay',
        subject: doc.number,
        subjectId: invoiceId,
        detail: { payment: inserted.id, amount: input.amount, date: input.date, method: input.method, reference: input.reference ?? null },
      });
      await emitWebhook(trx, 'payment.recorded', async () => {
        const invoice = (await this.document(trx, invoiceId, 'fr'))!;
        return { payment: invoice.payments.find((p) => p.id === inserted.id), invoice };
      });
    });
    this.kick();
    return (await this.get(invoiceId, lang))!;
  }

  /** A mistaken payment is removed; the activity log keeps what it was. */
  async removePayment(invoiceId: number, paymentId: number, actor: Actor, lang: Locale): Promise<InvoiceDocument> {
    await this.db.transaction().execute(async (trx) => {
      const payment = await trx.selectFrom('invoice_payments').selectAll().where('id', '=', paymentId).where('invoice_id', '=', invoiceId).executeTakeFirst();
      if (!payment) throw new HttpError(404, INVOICE_MESSAGES.paymentNotFound);
      const invoice = await trx.selectFrom('invoices').select('number').where('id', '=', invoiceId).executeTakeFirstOrThrow();
      await trx.deleteFrom('invoice_payments').where('id', '=', paymentId).execute();
      await logActivity(trx, actor, {
        kind: 'invoice',
        action: 'unpay',
        subject: invoice.number,
        subjectId: invoiceId,
        detail: { payment: paymentId, amount: fromCents(payment.amount_cents), date: payment.paid_on, method: payment.method, reference: payment.reference },
      });
    });
    return (await this.get(invoiceId, lang))!;
  }

  // —— Reading ——

  private shape(
    row: InvoiceRow,
    lines: LineRow[],
    payments: Array<{ id: number; paid_on: string; amount_cents: number; method: string; reference: string | null; recorded_at: string }>,
    credits: Awaited<ReturnType<InvoicesService['credits']>>,
    related: { invoiceNumber: string | null; orderNumber: string | null; reminders: number[] },
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
    const dueCents = row.type === 'invoice' ? row.total_incl_cents - creditedCents - paidCents : 0;
    return {
      id: row.id,
      number: row.number,
      type: row.type,
      issueDate: row.issue_date,
      deliveryDate: row.delivery_date,
      dueDate: row.due_date,
      orderId: row.order_id,
      orderNumber: related.orderNumber,
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
      due: fromCents(dueCents),
      status: statusOf(row.type, dueCents, paidCents, row.due_date, day),
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

  private async document(db: Kysely<Database>, id: number, _lang: Locale, userId?: number): Promise<InvoiceDocument | null> {
    const row = await db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row || (userId !== undefined && row.user_id !== userId)) return null;
    const [lines, payments, credits, order, invoice, reminders] = await Promise.all([
      db.selectFrom('invoice_lines').selectAll().where('invoice_id', '=', id).orderBy('position').execute(),
      db
        .selectFrom('invoice_payments')
        .select(['id', 'paid_on', 'amount_cents', 'method', 'reference', 'recorded_at'])
        .where('invoice_id', '=', id)
        .orderBy('paid_on')
        .orderBy('id')
        .execute(),
      this.credits(db, id),
      row.order_id === null ? undefined : db.selectFrom('orders').select('number').where('id', '=', row.order_id).executeTakeFirst(),
      row.invoice_id === null ? undefined : db.selectFrom('invoices').select('number').where('id', '=', row.invoice_id).executeTakeFirst(),
      db.selectFrom('mail_outbox').select('dedupe_key').where('dedupe_key', 'like', `invoice:${id}:reminder:%`).execute(),
    ]);
    const doc = this.shape(
      row,
      lines,
      payments,
      credits,
      {
        orderNumber: order?.number ?? null,
        invoiceNumber: invoice?.number ?? null,
        reminders: reminders.map((r) => Number(r.dedupe_key!.split(':')[3])).sort((a, b) => a - b),
      },
      today(),
    );
    // The owner sees where it stands with the platform; a retailer's answer is the document alone.
    if (userId !== undefined) return doc;
    return { ...doc, platform: (await this.submissions.statesOf(db, [id])).get(id) ?? null };
  }

  /** One document; with `userId`, only that retailer's (another's is simply not found). */
  get(id: number, lang: Locale, userId?: number): Promise<InvoiceDocument | null> {
    return this.document(this.db, id, lang, userId);
  }

  // The ledger: lists, the sales journal, the FEC, the stored PDFs (one, or a period's ZIP) and the payment reminders (ledger.ts).
  list: InvoiceLedger['list'] = async (filter, paging, day) => {
    const page = await this.ledger.list(filter, paging, day);
    if (filter.userId !== undefined) return page;
    const states = await this.submissions.statesOf(
      this.db,
      page.data.map((d) => d.id),
    );
    return { ...page, data: page.data.map((d) => ({ ...d, platform: states.get(d.id) ?? null })) };
  };
  homeCounts: InvoiceLedger['homeCounts'] = (...args) => this.ledger.homeCounts(...args);
  journalCsv: InvoiceLedger['journalCsv'] = (...args) => this.ledger.journalCsv(...args);
  pdf: InvoiceLedger['pdf'] = (...args) => this.ledger.pdf(...args);
  zip: InvoiceLedger['zip'] = (...args) => this.ledger.zip(...args);
  fec: InvoiceLedger['fec'] = (...args) => this.ledger.fec(...args);
  sendReminders: InvoiceLedger['sendReminders'] = (...args) => this.ledger.sendReminders(...args);
  setReminders: InvoiceLedger['setReminders'] = (...args) => this.ledger.setReminders(...args);
  remindersEnabled: InvoiceLedger['remindersEnabled'] = (...args) => this.ledger.remindersEnabled(...args);
}
