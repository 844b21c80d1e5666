import {
  FEC_DEFAULT_ACCOUNTS,
  INVOICE_MESSAGES,
  formatDay,
  formatPrice,
  fromCents,
  type InvoiceStatus,
  type InvoiceSummary,
  type InvoicingSettingsInput,
  type Currency,
  type Locale,
  PHRASES,
} from '@atelier/contract';
import { Zip, ZipPassThrough } from 'fflate';

/** A young-generation collection when the process allows one (`--expose-gc`, as npm start runs it); else nothing. */
const collectYoung = () => (globalThis as { gc?: (options: { type: 'minor' }) => void }).gc?.({ type: 'minor' });
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { Config } from '../../config.ts';
import { publicBrand } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { spreadsheetCsvStream } from '../../lib/csv.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { logActivity, type Actor } from '../activity/service.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { companyMailbox } from '../companies/people.ts';
import { invoiceReminderMail } from '../mail/templates.ts';
import { today } from '../../lib/dates.ts';
import { type BuyerSnapshot, type IssuedDocument } from './facturx.ts';
import { daysBetween, statusOf } from './rules.ts';
import { fecFile, fecLines } from './fec.ts';
import type { Dialect } from '../../db/index.ts';
import { eachBatch, mapPage, readPage, type Page, type PageRequest } from '../../lib/paging.ts';
import { matchesSearch, searchTerms } from '../../lib/search.ts';
import { invoiceRemindersOn, setInvoiceReminders } from '../companies/reminders.ts';
import { accountById } from '../users/accounts.ts';
import { readInvoicingSettings } from '../../read-models/seller.ts';
import { readOrders, readShipments } from '../../read-models/orders.ts';
import { readMailOutbox } from '../../read-models/mail.ts';
import { dueOf } from '../../read-models/invoices.ts';
import { readCompanyDetails, readRetailerDoors } from '../../read-models/companies.ts';

type Seller = IssuedDocument['seller'];

/** What the invoice lists can be narrowed to (`q`: the search box). */
export interface InvoiceFilter {
  userId?: number | undefined;
  status?: InvoiceStatus | undefined;
  from?: string | undefined;
  to?: string | undefined;
  q?: string | undefined;
}

/** Invoices in bulk: the list, the sales journal (CSV), the PDFs of a period (ZIP), and the reminders of overdue ones. */
export class InvoiceLedger {
  private readonly db: Db;
  private readonly config: Config;
  private readonly kick: () => void;
  private readonly dialect: Dialect;

  constructor(db: Db, config: Config, kick: () => void, dialect: Dialect) {
    this.db = db;
    this.dialect = dialect;
    this.config = config;
    this.kick = kick;
  }

  /** The documents a filter, a status on `day` and a search keep, with what was paid and credited on each. */
  private filtered(filter: InvoiceFilter, day: string) {
    const paid = sql<number>`(select coalesce(sum(p.amount_cents), 0) from invoice_payments p where p.invoice_id = invoices.id)`;
    const credited = sql<number>`(select coalesce(sum(c.total_incl_cents), 0) from invoices c where c.invoice_id = invoices.id)`;
    let query = this.db
      .selectFrom('invoices')
      .select([
        'id',
        'number',
        'type',
        'issue_date',
        'due_date',
        'order_id',
        'invoice_id',
        'buyer',
        'total_incl_cents',
        'prepaid_cents',
        'purpose',
        'currency',
        paid.as('paid_cents'),
        credited.as('credited_cents'),
      ]);
    if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
    if (filter.from) query = query.where('issue_date', '>=', filter.from);
    if (filter.to) query = query.where('issue_date', '<=', filter.to);
    const terms = searchTerms(filter.q);
    if (terms.length) query = query.where(matchesSearch(this.dialect, 'invoices', terms));
    if (filter.status) {
      // statusOf (rules.ts) in SQL, so that a status pages like any other filter.
      const due = sql<number>`(invoices.total_incl_cents - invoices.prepaid_cents - ${credited} - ${paid})`;
      const late = sql<boolean>`(invoices.due_date is not null and invoices.due_date < ${day})`;
      query = query.where('type', '=', 'invoice');
      const creditedOnly = sql<boolean>`(${paid} <= 0 and invoices.prepaid_cents <= 0 and ${credited} > 0)`;
      if (filter.status === 'paid') query = query.where(sql<boolean>`${due} <= 0 and not ${creditedOnly}`);
      else if (filter.status === 'credited') query = query.where(sql<boolean>`${due} <= 0 and ${creditedOnly}`);
      // Past its due date first (read from the row or the due-date index), the sums only for those.
      else if (filter.status === 'overdue') query = query.where('due_date', '<', day).where(sql<boolean>`${due} > 0`);
      else {
        const open = sql<boolean>`${due} > 0 and not ${late}`;
        if (filter.status === 'partlyPaid') query = query.where(sql<boolean>`${open} and ${paid} > 0`);
        else if (filter.status === 'partlyCredited') query = query.where(sql<boolean>`${open} and ${paid} <= 0 and ${credited} > 0`);
        else query = query.where(sql<boolean>`${open} and ${paid} <= 0 and ${credited} <= 0`);
      }
    }
    return query;
  }

  /** One page of documents, newest first (by issue day, ties by id), each with its status on `day`. */
  async list(filter: InvoiceFilter, paging: PageRequest = {}, day = today()): Promise<Page<InvoiceSummary>> {
    const page = await readPage(
      this.filtered(filter, day),
      { sort: 'invoices.issue_date', id: 'invoices.id', sortOf: (r) => r.issue_date, idOf: (r) => r.id },
      paging,
    );
    return mapPage(page, (rows) => this.summaries(rows, day));
  }

  /** Every document the filter keeps, oldest first: for the work done in bulk (the journal, the reminders). */
  private async every(filter: InvoiceFilter, day = today()): Promise<InvoiceSummary[]> {
    return this.summaries(await this.filtered(filter, day).orderBy('issue_date').orderBy('id').execute(), day);
  }

  private async summaries(
    rows: Array<{
      id: number;
      number: string;
      type: 'invoice' | 'creditNote';
      issue_date: string;
      due_date: string | null;
      order_id: number | null;
      invoice_id: number | null;
      buyer: string;
      total_incl_cents: number;
      prepaid_cents: number;
      purpose: 'goods' | 'deposit';
      currency: string;
      paid_cents: number;
      credited_cents: number;
    }>,
    day: string,
  ): Promise<InvoiceSummary[]> {
    if (rows.length === 0) return [];
    const orderIds = [...new Set(rows.map((r) => r.order_id).filter((v): v is number => v !== null))];
    const invoiceIds = [...new Set(rows.map((r) => r.invoice_id).filter((v): v is number => v !== null))];
    const [orders, numbers] = await Promise.all([
      orderIds.length
        ? this.db
            .selectFrom(readOrders().as('orders'))
            .leftJoin(readRetailerDoors().as('retailer_doors'), 'retailer_doors.id', 'orders.door_id')
            .select(['orders.id', 'orders.number', 'retailer_doors.id as door_id', 'retailer_doors.name as door_name', 'retailer_doors.town as door_town'])
            .where('orders.id', 'in', orderIds)
            .execute()
        : [],
      invoiceIds.length ? this.db.selectFrom('invoices').select(['id', 'number']).where('id', 'in', invoiceIds).execute() : [],
    ]);
    const orderNumber = new Map(orders.map((o) => [o.id, o.number]));
    const doorOf = new Map(orders.map((o) => [o.id, o.door_id === null ? null : { id: o.door_id, name: o.door_name!, town: o.door_town! }]));
    const invoiceNumber = new Map(numbers.map((n) => [n.id, n.number]));
    return rows.map((r): InvoiceSummary => {
      const buyer = JSON.parse(r.buyer) as BuyerSnapshot;
      const paidCents = Number(r.paid_cents);
      const dueCents = r.type === 'invoice' ? r.total_incl_cents - r.prepaid_cents - Number(r.credited_cents) - paidCents : 0;
      return {
        id: r.id,
        number: r.number,
        type: r.type,
        issueDate: r.issue_date,
        dueDate: r.due_date,
        orderId: r.order_id,
        orderNumber: r.order_id === null ? null : (orderNumber.get(r.order_id) ?? null),
        invoiceNumber: r.invoice_id === null ? null : (invoiceNumber.get(r.invoice_id) ?? null),
        door: r.order_id === null ? null : (doorOf.get(r.order_id) ?? null),
        ...(r.purpose === 'deposit' ? { purpose: 'deposit' as const } : {}),
        ...(r.currency === 'EUR' ? {} : { currency: r.currency as Currency }),
        buyer: buyer.name,
        country: buyer.address.country,
        totalInclVat: fromCents(r.total_incl_cents),
        paid: fromCents(paidCents),
        due: fromCents(dueCents),
        status: statusOf(r.type, dueCents, paidCents, r.due_date, day, Number(r.credited_cents), r.prepaid_cents),
      };
    });
  }

  /**
   * What waits on the owner's home: invoices overdue on `day` (how many, what is left to pay on them),
   * shipped orders without their invoice since invoicing began (their details missing), and documents the
   * approved platform rejected or refused.
   */
  async homeCounts(day = today()): Promise<{ overdueCount: number; overdueCents: number; waiting: number; platformRejected: number }> {
    // What is left on each invoice past its due day, summed once per invoice (not once per figure).
    const left = this.db
      .selectFrom('invoices')
      .select([dueOf('invoices').as('due'), 'invoices.rate_micro'])
      .where('type', '=', 'invoice')
      .where('due_date', '<', day)
      .as('late');
    // In euros: an invoice in another currency at the rate of its day (issue 47).
    const overdue = await this.db
      .selectFrom(left)
      .select([sql<number>`count(*)`.as('n'), sql<number>`coalesce(sum(cast(late.due as bigint) * 1000000 / late.rate_micro), 0)`.as('cents')])
      .where('late.due', '>', 0)
      .executeTakeFirstOrThrow();
    // Since invoicing began: the first invoice's day (an indexed column; the row's later columns sit behind its PDF).
    const waiting = await this.db
      .selectFrom(readOrders().as('o'))
      .select(sql<number>`count(*)`.as('n'))
      .where('o.status', 'in', ['shipped', 'partlyShipped'])
      .where('o.updated_at', '>=', sql<string>`coalesce((select min(issue_date) from invoices), '')`)
      // A parcel of it left without its invoice (issue 45: one invoice per shipment).
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom(readShipments().as('s'))
            .select('s.id')
            .whereRef('s.order_id', '=', 'o.id')
            .where(({ not: none, exists: any, selectFrom: from }) => none(any(from('invoices as i').select('i.id').whereRef('i.shipment_id', '=', 's.id')))),
        ),
      )
      .executeTakeFirstOrThrow();
    const rejected = await this.db
      .selectFrom('invoice_submissions')
      .select(sql<number>`count(*)`.as('n'))
      .where('status', 'in', ['rejected', 'refused'])
      .executeTakeFirstOrThrow();
    return { overdueCount: Number(overdue.n), overdueCents: Number(overdue.cents), waiting: Number(waiting.n), platformRejected: Number(rejected.n) };
  }

  // —— For the accountant ——

  /** The sales journal: one row per document and VAT rate (credit notes negative), written while read, 500 documents at a time. */
  journalCsv(from: string, to: string, lang: Locale): Readable {
    const words = PHRASES[lang];
    const header = [...words.journalColumns];
    const amount = (cents: number) => (cents / 100).toFixed(2);
    const day = today();
    const query = this.filtered({ from, to }, day).select('vat_breakdown');
    const batches = eachBatch(query, { sort: 'invoices.issue_date', id: 'invoices.id', sortOf: (r) => r.issue_date, idOf: (r) => r.id }, 500);
    const summarise = (batch: Parameters<InvoiceLedger['summaries']>[0]) => this.summaries(batch, day);
    async function* rows() {
      for await (const batch of batches) {
        const summaries = await summarise(batch);
        yield batch.flatMap((r, i) => {
          const buyer = JSON.parse(r.buyer) as BuyerSnapshot;
          const sign = r.type === 'creditNote' ? -1 : 1;
          const summary = summaries[i]!;
          return (JSON.parse(r.vat_breakdown) as Array<{ category: string; rate: number; baseCents: number; vatCents: number }>).map((b) => [
            r.issue_date,
            r.number,
            words.documentKind[r.type === 'creditNote' ? 'creditNote' : r.purpose === 'deposit' ? 'deposit' : 'invoice'],
            buyer.name,
            buyer.vatNumber ?? '',
            buyer.address.country,
            `${b.rate} ${b.category}`,
            amount(sign * b.baseCents),
            amount(sign * b.vatCents),
            amount(sign * (b.baseCents + b.vatCents)),
            r.due_date ?? '',
            r.type === 'invoice' ? summary.paid.toFixed(2) : '',
            r.currency,
          ]);
        });
      }
    }
    return spreadsheetCsvStream(header, rows());
  }

  /** The FEC of `year` (fec.ts), named after the label's SIREN; null before the invoicing settings exist. */
  async fec(year: number): Promise<{ name: string; bytes: Buffer } | null> {
    const row = await this.db.selectFrom(readInvoicingSettings().as('invoicing_settings')).select('settings').where('id', '=', 1).executeTakeFirst();
    if (!row) return null;
    const settings = JSON.parse(row.settings) as InvoicingSettingsInput;
    // Settings saved before an account existed (customer deposits, issue 47) take its default.
    return fecFile(settings.siren, year, await fecLines(this.db, year, { ...FEC_DEFAULT_ACCOUNTS, ...settings.accounts }));
  }

  /** One stored PDF: the same bytes on every download; with `userId`, only that retailer's. */
  async pdf(id: number, userId?: number): Promise<{ number: string; pdf: Buffer } | null> {
    const row = await this.db.selectFrom('invoices').select(['number', 'pdf', 'user_id']).where('id', '=', id).executeTakeFirst();
    if (!row || (userId !== undefined && row.user_id !== userId)) return null;
    return { number: row.number, pdf: Buffer.from(row.pdf) };
  }

  /**
   * The period's PDFs in one ZIP (stored as they are: PDFs are already compressed), written while the
   * PDFs are read, 50 at a time (issue 43): memory holds a batch, never the period.
   */
  zip(from: string, to: string): Readable {
    const query = this.db.selectFrom('invoices').select(['id', 'issue_date', 'number', 'pdf']).where('issue_date', '>=', from).where('issue_date', '<=', to);
    const batches = eachBatch(query, { sort: 'invoices.issue_date', id: 'invoices.id', sortOf: (r) => r.issue_date, idOf: (r) => r.id }, 50);
    async function* chunks() {
      const ready: Uint8Array[] = [];
      let failed: Error | null = null;
      const zip = new Zip((error, data) => {
        if (error) failed = error;
        else ready.push(data);
      });
      for await (const rows of batches) {
        for (const r of rows) {
          const entry = new ZipPassThrough(`${r.number.replace(/[^A-Za-z0-9+\-_]/g, '_')}.pdf`);
          zip.add(entry);
          // The stored bytes as they are (a Buffer is a Uint8Array): no copy.
          entry.push(r.pdf, true);
        }
        if (failed) throw failed;
        while (ready.length) yield ready.shift()!;
        // The batch's PDFs are garbage once sent, outside V8's heap: a young-generation collection frees
        // them now (a millisecond), where V8 alone let ~80 MB of them wait over a ten-year ZIP.
        collectYoung();
      }
      zip.end();
      if (failed) throw failed;
      while (ready.length) yield ready.shift()!;
    }
    return Readable.from(chunks(), { objectMode: false });
  }

  // —— Reminders ——

  /**
   * Mails the retailer on the 1st and the 15th day past an invoice's due date, once each, never for
   * a paid one, in their language, through the outbox (the dedupe key makes each once). Reminders
   * can be turned off per retailer. A run late past day 15 sends the second only.
   */
  async sendReminders(day = today()): Promise<number> {
    const overdue = (await this.every({ status: 'overdue' }, day)).filter(
      (d) => d.type === 'invoice' && d.dueDate !== null && daysBetween(d.dueDate, day) >= 1,
    );
    if (overdue.length === 0) return 0;
    const rows = await this.db
      .selectFrom('invoices')
      .leftJoin(readCompanyDetails().as('company_details'), 'company_details.user_id', 'invoices.user_id')
      .select(['invoices.id', 'invoices.user_id', 'invoices.locale', 'invoices.buyer', 'invoices.seller', 'company_details.invoice_reminders'])
      .where(
        'invoices.id',
        'in',
        overdue.map((d) => d.id),
      )
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    const brand = publicBrand(this.config);
    let queued = 0;
    await this.db.transaction().execute(async (trx) => {
      for (const doc of overdue) {
        const row = byId.get(doc.id);
        if (!row || row.invoice_reminders === 0) continue;
        // The company's accounts person, else its admin (issue 46); a shop erased since: the address on the invoice.
        const to = (row.user_id === null ? null : await companyMailbox(trx, row.user_id, 'invoices')) ?? (JSON.parse(row.buyer) as BuyerSnapshot).email;
        if (!to) continue;
        const stage = daysBetween(doc.dueDate!, day) >= 15 ? 15 : 1;
        const locale = row.locale;
        const seller = JSON.parse(row.seller) as Seller;
        const before = await trx
          .selectFrom(readMailOutbox().as('mail_outbox'))
          .select('id')
          .where('dedupe_key', '=', `invoice:${doc.id}:reminder:${stage}`)
          .executeTakeFirst();
        if (before) continue;
        await enqueueMail(trx, {
          to,
          dedupeKey: `invoice:${doc.id}:reminder:${stage}`,
          ...invoiceReminderMail(brand, locale, {
            number: doc.number,
            dueDate: formatDay(doc.dueDate!, locale),
            due: formatPrice(doc.due, locale, doc.currency),
            stage,
            iban: seller.iban,
            url: `${this.config.PUBLIC_URL}/account/invoices?lang=${locale}`,
          }),
        });
        queued += 1;
      }
    });
    if (queued) this.kick();
    return queued;
  }

  /** The owner turns a retailer's payment reminders on or off. */
  async setReminders(userId: number, enabled: boolean, actor: Actor): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const found = await accountById(trx, userId);
      const user = found?.role === 'retailer' ? found : undefined;
      if (!user) throw new HttpError(404, INVOICE_MESSAGES.invoiceNotFound);
      await setInvoiceReminders(trx, userId, enabled);
      await logActivity(trx, actor, {
        kind: 'invoicing',
        action: 'change',
        subject: user.email,
        subjectId: userId,
        detail: { reminders: enabled ? 'on' : 'off' },
      });
    });
  }

  async remindersEnabled(userId: number): Promise<boolean> {
    return invoiceRemindersOn(this.db, userId);
  }
}
