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
  RATE_SCALE,
} from '@atelier/contract';
import { sql, type Kysely, type Selectable } from 'kysely';
import { publicBrand, type Config } from '../../config.ts';
import { nowIso, type Db } from '../../db/index.ts';
import type { Database, InvoiceLinesTable } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { logActivity, type Actor } from '../activity/service.ts';
import { today } from '../../lib/dates.ts';
import { type BuyerSnapshot, type IssuedDocument, type NewDocument, type VatTreatment } from './facturx.ts';
import type { renderInvoicePdf } from './pdf.ts';
import {
  composeParcelInvoice,
  drawDocumentAhead,
  documentNumber,
  documentOf,
  drawParcelInvoiceAhead,
  fingerprintOf,
  type DrawnAhead,
  type ParcelInvoiceDeps,
} from './parcel-invoice.ts';
import type { InvoiceOrders } from './orders-port.ts';
import type { CompaniesService } from '../companies/service.ts';
import { gapsOf, totals } from './rules.ts';
import { holdInvoice } from './hold.ts';
import { InvoiceLedger } from './ledger.ts';
import { InvoiceSubmissions } from './submissions.ts';
import { creditsOf, readDocument } from './document.ts';
import { InvoiceDeposits } from './deposits.ts';
import { deletePayment, recordPayment, recordPaymentsIn, unmarkPaymentIn } from './payments.ts';
import type { EventRecorder } from '../../platform/events.ts';
import { readInvoicingSettings } from '../../read-models/seller.ts';
import { readOrders, readShipments } from '../../read-models/orders.ts';

export { dueDate, gapsOf, statusOf, totals, vatFor } from './rules.ts';
export type { NewDocument } from './facturx.ts';

type LineRow = Selectable<InvoiceLinesTable>;
type Seller = IssuedDocument['seller'];
type NewLine = NewDocument['lines'][number];

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
  private readonly companies: Pick<CompaniesService, 'company' | 'terms'>;
  private readonly events: EventRecorder;
  private readonly ledger: InvoiceLedger;
  /** Each document's way through the approved e-invoicing platform (read and written by its worker). */
  readonly submissions: InvoiceSubmissions;
  /** Deposit invoices, what parcels deduct of them, and what a cancellation gives back (issue 47). */
  readonly deposits: InvoiceDeposits;
  private readonly orders: InvoiceOrders;
  /** The day documents are issued on (today; the demo seed issues last season's invoices on their own day). */
  issueDay: () => string = today;
  private readonly drawPdf: typeof renderInvoicePdf;

  constructor(deps: {
    db: Db;
    config: Config;
    dialect: Dialect;
    /** After a commit that queued mail, webhooks or documents for the platform. */
    kick: () => void;
    companies: Pick<CompaniesService, 'company' | 'terms'>;
    /** Records `invoice.issued` for the listeners (the invoice's mail, issue 56). */
    events: EventRecorder;
    /** What invoicing writes of the orders, done by the orders area (`orders/invoice-orders.ts`, ADR 0029). */
    orders: InvoiceOrders;
    /** Draws a document's PDF/A-3 (in a worker thread: the requests do not wait behind it). */
    drawPdf: typeof renderInvoicePdf;
  }) {
    const { db, config, kick, companies, dialect } = deps;
    this.drawPdf = deps.drawPdf;
    this.db = db;
    this.config = config;
    this.kick = kick;
    this.companies = companies;
    this.events = deps.events;
    this.orders = deps.orders;
    this.ledger = new InvoiceLedger(db, config, kick, dialect);
    this.submissions = new InvoiceSubmissions(db);
    this.deposits = new InvoiceDeposits({
      db,
      config,
      companies,
      seller: (trx) => this.seller(trx),
      issueDay: () => this.issueDay(),
      write: this.write,
      drawAhead: (db, input) => drawDocumentAhead(db, input, this.drawPdf),
      credit: (trx, invoiceId, input, actor) => this.creditInTransaction(trx, invoiceId, input, actor),
      orders: deps.orders,
    });
  }

  private async seller(db: Kysely<Database>): Promise<Seller | null> {
    const row = await db.selectFrom(readInvoicingSettings().as('invoicing_settings')).select('settings').where('id', '=', 1).executeTakeFirst();
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

  /**
   * An order's latest invoice (one per shipment, issue 45), or what a shipment's invoice waits for;
   * null for an order nothing of which has left.
   */
  async forOrder(
    orderId: number,
    userId: number,
    status: string,
  ): Promise<{ invoice: { id: number; number: string; status: Exclude<InvoiceStatus, 'credit'> } | null; waiting?: InvoiceGap[] }> {
    const row = await this.db
      .selectFrom('invoices')
      .select(['id'])
      .where('order_id', '=', orderId)
      .where('type', '=', 'invoice')
      // Its goods' invoice: a deposit invoice is the order's `deposit` (issue 47).
      .where('purpose', '=', 'goods')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    const doc = row ? (await this.get(row.id, 'fr'))! : null;
    const invoice = doc ? { id: doc.id, number: doc.number, status: doc.status as Exclude<InvoiceStatus, 'credit'> } : null;
    if (status !== 'shipped' && status !== 'partlyShipped') return { invoice };
    if ((await this.uninvoiced(this.db, orderId)).length === 0) return { invoice };
    return { invoice, waiting: await this.waiting(this.db, userId) };
  }

  /** The shipments of an order that left without their invoice, first sent first. */
  private async uninvoiced(db: Kysely<Database>, orderId: number): Promise<Array<{ id: number; shipped_at: string }>> {
    return db
      .selectFrom(readShipments().as('s'))
      .select(['s.id', 's.shipped_at'])
      .where('s.order_id', '=', orderId)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('invoices as i').select('i.id').whereRef('i.shipment_id', '=', 's.id'))))
      .orderBy('s.seq')
      .execute();
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
    return { number: documentNumber(prefix, year, counter.last), seq: counter.last };
  }

  /** Writes one document (number, lines, totals, snapshots, XML and PDF) in the caller's transaction. */
  readonly write = async (trx: Kysely<Database>, input: NewDocument, actor: Actor | null, drawn?: DrawnAhead | null): Promise<number> => {
    const year = Number(input.issueDate.slice(0, 4));
    const { number, seq } = await this.nextNumber(trx, input.type, year, input.seller);
    const currency = input.currency ?? 'EUR';
    const rateMicro = input.rateMicro ?? RATE_SCALE;
    const { doc, xml } = documentOf(input, number);
    // Drawn ahead for this very number and document: not drawn again while the transaction holds its locks.
    const ahead = drawn && drawn.number === number && drawn.fingerprint === fingerprintOf(doc);
    const pdf = ahead ? drawn.pdf : await this.drawPdf(doc, xml, input.seller.brandName);
    const now = nowIso();
    const inserted = await trx
      .insertInto('invoices')
      .values({
        number,
        type: input.type,
        year,
        seq,
        order_id: input.orderId,
        // One invoice per shipment now (issue 45); `invoiced_order_id` stays on the invoices of orders shipped whole before.
        invoiced_order_id: null,
        shipment_id: input.shipmentId ?? null,
        invoice_id: input.invoiceId,
        purpose: input.purpose ?? 'goods',
        prepaid_cents: input.prepaidCents ?? 0,
        prepaid_vat_cents: input.prepaidVatCents ?? 0,
        deposit_invoice_id: input.depositInvoiceId ?? null,
        currency,
        rate_micro: rateMicro,
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
    // `invoice.issued` (its mail is a listener's) or `credit_note.issued`, with the document as the owner's API gives it.
    const view = () => readDocument(this.submissions, trx, inserted.id, 'fr');
    await this.events.record(trx, input.type === 'invoice' ? 'invoice.issued' : 'credit_note.issued', inserted.id, { invoiceId: inserted.id }, view);
    return inserted.id;
  };

  /**
   * Issues a shipment's invoice inside the caller's transaction (issue 45; parcel-invoice.ts): null (nothing
   * written) when something is missing - the order then says what, and "Issue the invoice" does it later.
   * `drawn`: its PDF drawn before the transaction, used if the invoice gets that number unchanged.
   */
  async issueForShipment(
    trx: Kysely<Database>,
    shipmentId: number,
    actor: Actor | null,
    deliveryDate?: string,
    drawn?: DrawnAhead | null,
  ): Promise<number | null> {
    // The parcel is held while its invoice is looked for and written: the listener after the shipment and a
    // cancellation that needs the invoice at once (issuePending) never both write one (PostgreSQL: its row's lock).
    await this.orders.holdParcel(trx, shipmentId);
    const input = await composeParcelInvoice(this.parcelDeps, trx, shipmentId, actor, deliveryDate, false);
    return input === null || input === 'unknown' ? null : this.write(trx, input, actor, drawn);
  }

  /** A parcel's invoice drawn outside every lock, before the listener's transaction (issue 56). */
  drawAhead(shipmentId: number, actor: Actor | null, deliveryDate?: string): Promise<DrawnAhead | null> {
    return drawParcelInvoiceAhead(this.parcelDeps, this.db, shipmentId, actor, deliveryDate);
  }

  private get parcelDeps(): ParcelInvoiceDeps {
    return { seller: (db) => this.seller(db), companies: this.companies, deposits: this.deposits, issueDay: () => this.issueDay(), drawPdf: this.drawPdf };
  }

  /** In the caller's transaction: its parcels' invoices still to be issued (their listener not run yet), before a cancellation credits them. */
  async issuePending(trx: Kysely<Database>, orderId: number, actor: Actor | null): Promise<void> {
    for (const s of await this.uninvoiced(trx, orderId)) await this.issueForShipment(trx, s.id, actor, this.issueDay());
  }

  /** "Issue the invoice": for each shipment of the order that left without one (its details were incomplete). The last one issued. */
  async issueForOrder(orderId: number, actor: Actor, lang: Locale): Promise<InvoiceDocument> {
    const id = await this.db.transaction().execute(async (trx) => {
      const order = await trx.selectFrom(readOrders().as('orders')).select(['id', 'status', 'company_id']).where('id', '=', orderId).executeTakeFirst();
      if (!order) throw new HttpError(404, INVOICE_MESSAGES.invoiceNotFound);
      if (order.status !== 'shipped' && order.status !== 'partlyShipped') throw new HttpError(409, INVOICE_MESSAGES.notShipped);
      const shipments = await this.uninvoiced(trx, orderId);
      if (shipments.length === 0) throw new HttpError(409, INVOICE_MESSAGES.alreadyInvoiced);
      const gaps = await this.waiting(trx, order.company_id ?? 0);
      if (gaps.length) throw new HttpError(422, INVOICE_MESSAGES.waiting, {}, gaps.join(', '), { waiting: gaps });
      let last = 0;
      for (const s of shipments) last = (await this.issueForShipment(trx, s.id, actor))!;
      return last;
    });
    // Its mail, its webhook and the e-invoicing platform's worker look now.
    this.kick();
    return (await this.get(id, lang))!;
  }

  // —— Credit notes ——

  /** Inside the caller's transaction: a credit note on an invoice (lines, an amount excl. VAT, or what is left). */
  async creditInTransaction(trx: Kysely<Database>, invoiceId: number, input: CreditNoteInput, actor: Actor | null): Promise<number> {
    await holdInvoice(trx, invoiceId);
    const invoice = await trx.selectFrom('invoices').selectAll().where('id', '=', invoiceId).executeTakeFirst();
    if (!invoice) throw new HttpError(404, INVOICE_MESSAGES.invoiceNotFound);
    if (invoice.type !== 'invoice') throw new HttpError(422, INVOICE_MESSAGES.creditOfCreditNote);
    const lines = await trx.selectFrom('invoice_lines').selectAll().where('invoice_id', '=', invoiceId).orderBy('position').execute();
    const credits = await creditsOf(trx, invoiceId);
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
      listPriceCents: line.list_price_cents,
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
    const sum = totals(newLines, vat, invoice.currency);
    if (newLines.length === 0 || sum.totalInclCents <= 0 || sum.totalInclCents > left) throw new HttpError(422, INVOICE_MESSAGES.creditTooHigh);
    const order =
      invoice.order_id === null ? null : await trx.selectFrom(readOrders().as('orders')).select('number').where('id', '=', invoice.order_id).executeTakeFirst();
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
        // The credited invoice's currency, at its rate: the credit note undoes what it said.
        currency: invoice.currency,
        rateMicro: invoice.rate_micro,
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
    const credits = await creditsOf(trx, invoiceId);
    if (invoice.total_incl_cents - credits.totalCents <= 0) return null;
    return this.creditInTransaction(trx, invoiceId, { reason: reason.slice(0, 300) }, actor);
  }

  async creditNote(invoiceId: number, input: CreditNoteInput, actor: Actor, lang: Locale): Promise<InvoiceDocument> {
    const id = await this.db.transaction().execute((trx) => this.creditInTransaction(trx, invoiceId, input, actor));
    // Its mail, its webhook and the e-invoicing platform's worker look now.
    this.kick();
    return (await this.get(id, lang))!;
  }

  // —— Payments (payments.ts) ——

  async addPayment(invoiceId: number, input: PaymentInput, actor: Actor, lang: Locale): Promise<InvoiceDocument> {
    await recordPayment(this.db, this.events, this.submissions, invoiceId, input, actor, lang);
    this.kick();
    return (await this.get(invoiceId, lang))!;
  }

  /** Payments the bank area records and unmarks in its own transactions (issue 59: statements, direct debits, returns). */
  readonly bankPayments = {
    record: (trx: Kysely<Database>, payments: Parameters<typeof recordPaymentsIn>[3], actor: Actor | null) =>
      recordPaymentsIn(trx, this.events, this.submissions, payments, actor),
    unmark: (trx: Kysely<Database>, paymentId: number, reason: string, actor: Actor | null) => unmarkPaymentIn(trx, paymentId, reason, actor),
  };

  /** A mistaken payment is removed; the activity log keeps what it was. */
  async removePayment(invoiceId: number, paymentId: number, actor: Actor, lang: Locale): Promise<InvoiceDocument> {
    await deletePayment(this.db, invoiceId, paymentId, actor);
    return (await this.get(invoiceId, lang))!;
  }

  /** One document; with `userId`, only that retailer's (another's is simply not found). */
  get(id: number, lang: Locale, userId?: number): Promise<InvoiceDocument | null> {
    return readDocument(this.submissions, this.db, id, lang, userId);
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
