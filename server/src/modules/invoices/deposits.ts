import { INVOICE_MESSAGES, PHRASES, depositOf, formatPrice, fromCents, roundToStep, unitOf, type OrderDeposit } from '@atelier/contract';
import { sql, type Kysely } from 'kysely';
import { publicBrand, type Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-errors.ts';
import type { Actor } from '../activity/service.ts';
import { companyMailbox } from '../companies/people.ts';
import type { CompaniesService } from '../companies/service.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { depositInvoiceMail } from '../mail/templates.ts';
import { buyerOf } from './buyer.ts';
import type { IssuedDocument, NewDocument } from './facturx.ts';
import type { InvoiceOrders } from './orders-port.ts';
import { gapsOf, totals, vatFor } from './rules.ts';
import { rateOn } from '../currencies/pricing.ts';
import { readOrders } from '../../read-models/orders.ts';

type Seller = IssuedDocument['seller'];

/** Where an order's deposit invoice stands (amounts incl. VAT, in cents). */
export interface DepositStanding {
  invoiceId: number;
  number: string;
  issueDate: string;
  locale: 'fr' | 'en';
  currency: string;
  percent: number;
  totalCents: number;
  /** Its VAT rate (for an amount credited on it). */
  rate: number;
  paidCents: number;
  creditedCents: number;
  deductedCents: number;
  /** What the shop still owes on it. */
  dueCents: number;
  /** Paid, neither given back nor deducted yet: what the next parcels' invoices take off, and of that the VAT. */
  availableCents: number;
  availableVatCents: number;
  /** Neither credited nor deducted (paid or not): what a cancellation gives back or cancels. */
  leftCents: number;
}

/** An order's deposit invoice and where it stands; null when the order has none. */
export async function depositStanding(db: Kysely<Database>, orderId: number): Promise<DepositStanding | null> {
  const dep = await db
    .selectFrom('invoices')
    .innerJoin(readOrders().as('orders'), 'orders.id', 'invoices.order_id')
    .select([
      'invoices.id',
      'invoices.number',
      'invoices.issue_date',
      'invoices.locale',
      'invoices.currency',
      'invoices.total_incl_cents',
      'invoices.total_vat_cents',
      'invoices.vat_breakdown',
      'orders.deposit_pct',
    ])
    .where('invoices.order_id', '=', orderId)
    .where('invoices.purpose', '=', 'deposit')
    .where('invoices.type', '=', 'invoice')
    .orderBy('invoices.id', 'desc')
    .executeTakeFirst();
  if (!dep) return null;
  const [paid, credited, deducted] = await Promise.all([
    db
      .selectFrom('invoice_payments')
      .select(sql<number>`coalesce(sum(amount_cents), 0)`.as('cents'))
      .where('invoice_id', '=', dep.id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('invoices')
      .select([sql<number>`coalesce(sum(total_incl_cents), 0)`.as('cents'), sql<number>`coalesce(sum(total_vat_cents), 0)`.as('vat')])
      .where('invoice_id', '=', dep.id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('invoices')
      .select([sql<number>`coalesce(sum(prepaid_cents), 0)`.as('cents'), sql<number>`coalesce(sum(prepaid_vat_cents), 0)`.as('vat')])
      .where('deposit_invoice_id', '=', dep.id)
      .executeTakeFirstOrThrow(),
  ]);
  const paidCents = Number(paid.cents);
  const [creditedCents, creditedVat] = [Number(credited.cents), Number(credited.vat)];
  const [deductedCents, deductedVat] = [Number(deducted.cents), Number(deducted.vat)];
  const leftCents = dep.total_incl_cents - creditedCents - deductedCents;
  const leftVat = dep.total_vat_cents - creditedVat - deductedVat;
  const availableCents = Math.max(0, Math.min(paidCents, dep.total_incl_cents - creditedCents) - deductedCents);
  const availableVatCents = leftCents <= 0 ? 0 : availableCents === leftCents ? leftVat : Math.round((availableCents * leftVat) / leftCents);
  return {
    invoiceId: dep.id,
    number: dep.number,
    issueDate: dep.issue_date,
    locale: dep.locale,
    currency: dep.currency,
    percent: dep.deposit_pct ?? 0,
    totalCents: dep.total_incl_cents,
    rate: (JSON.parse(dep.vat_breakdown) as Array<{ rate: number }>)[0]?.rate ?? 0,
    paidCents,
    creditedCents,
    deductedCents,
    dueCents: dep.total_incl_cents - creditedCents - paidCents,
    availableCents,
    availableVatCents,
    leftCents,
  };
}

/** What an order answers of its deposit. */
export function depositAnswer(standing: DepositStanding, hold: boolean): OrderDeposit {
  const status = standing.creditedCents >= standing.totalCents ? 'credited' : standing.dueCents > 0 ? 'due' : 'paid';
  return {
    invoiceId: standing.invoiceId,
    number: standing.number,
    percent: standing.percent,
    amount: fromCents(standing.totalCents),
    paid: fromCents(standing.paidCents),
    due: fromCents(Math.max(0, standing.dueCents)),
    deducted: fromCents(standing.deductedCents),
    status,
    hold: hold && status === 'due',
  };
}

/**
 * The amount excl. VAT whose total incl. VAT is `inclCents` at `rate` (VAT rounded once, as `totals`
 * does); when no amount gives it exactly (20 % skips a cent now and then), the largest that stays under.
 */
export function exclFor(inclCents: number, rate: number, currency = 'EUR'): number {
  const unit = unitOf(currency);
  let excl = roundToStep((inclCents * 100) / (100 + rate), unit);
  const incl = (e: number) => e + roundToStep((e * rate) / 100, unit);
  while (excl > 0 && incl(excl) > inclCents) excl -= unit;
  while (incl(excl + unit) <= inclCents) excl += unit;
  return excl;
}

interface DepositHost {
  db: Kysely<Database>;
  config: Config;
  companies: Pick<CompaniesService, 'company' | 'terms'>;
  seller(db: Kysely<Database>): Promise<Seller | null>;
  issueDay(): string;
  write(trx: Kysely<Database>, input: NewDocument, actor: Actor | null): Promise<number>;
  credit(trx: Kysely<Database>, invoiceId: number, input: { reason: string; amount?: number }, actor: Actor | null): Promise<number>;
  orders: Pick<InvoiceOrders, 'setDepositPercent'>;
}

/**
 * Deposits (issue 47, ADR 0024). Confirming a pre-order of a company asked a deposit issues a deposit
 * invoice (Factur-X 386) for that share of the order, payable on receipt, and mails it; each parcel's
 * invoice then deducts what was paid of it (BT-113), naming it (BT-25). What was not paid when goods
 * leave is credited (the goods are invoiced without it); what is left of it when the rest of an order is
 * cancelled is credited too: a refund when it was paid.
 */
export class InvoiceDeposits {
  private readonly host: DepositHost;

  constructor(host: DepositHost) {
    this.host = host;
  }

  /** In the confirming transaction: the deposit invoice of `percent` of `baseCents` (excl. VAT), mailed with its PDF. 422 when the invoice cannot be made yet. */
  async issue(trx: Kysely<Database>, orderId: number, baseCents: number, percent: number, shipDate: string, actor: Actor | null): Promise<number | null> {
    const order = await trx.selectFrom(readOrders().as('orders')).selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    const amount = depositOf(baseCents, percent, order.currency);
    if (amount <= 0) return null;
    const [seller, company] = await Promise.all([this.host.seller(trx), this.host.companies.company(order.company_id ?? 0, trx)]);
    const gaps = gapsOf(seller !== null, company);
    if (gaps.length) throw new HttpError(422, INVOICE_MESSAGES.waiting, {}, gaps.join(', '), { waiting: gaps });
    const issueDate = this.host.issueDay();
    const locale = order.locale;
    const vat = vatFor(company.billing!.country, company.vatNumber);
    const line = {
      kind: 'amount' as const,
      reference: null,
      product: PHRASES[locale].depositLine(percent, order.number),
      colour: null,
      size: null,
      quantity: 1,
      unitPriceCents: amount,
      totalCents: amount,
      orderLineId: null,
      creditedLineId: null,
    };
    const id = await this.host.write(
      trx,
      {
        type: 'invoice',
        purpose: 'deposit',
        currency: order.currency,
        rateMicro: (await rateOn(trx, order.currency, issueDate)) ?? order.rate_micro,
        issueDate,
        deliveryDate: null,
        // Payable on receipt; it covers the time until the goods are delivered (BG-14).
        dueDate: issueDate,
        period: { start: issueDate, end: shipDate > issueDate ? shipDate : issueDate },
        orderNumber: order.number,
        invoice: null,
        reason: null,
        locale,
        seller: { ...seller!, paymentDays: 0, endOfMonth: false },
        buyer: await buyerOf(trx, order, company),
        vat,
        lines: [line],
        orderId: order.id,
        invoiceId: null,
        userId: order.company_id,
      },
      actor,
    );
    await this.host.orders.setDepositPercent(trx, orderId, percent);
    const written = await trx.selectFrom('invoices').select(['number', 'total_incl_cents', 'pdf']).where('id', '=', id).executeTakeFirstOrThrow();
    const hold = (await this.host.companies.terms.depositOf(order.company_id, trx)).hold;
    const to = (order.company_id === null ? null : await companyMailbox(trx, order.company_id, 'invoices')) ?? order.retailer_email;
    await enqueueMail(trx, {
      to,
      dedupeKey: `invoice:${id}:deposit`,
      ...depositInvoiceMail(publicBrand(this.host.config), locale, {
        number: written.number,
        order: order.number,
        percent,
        amount: formatPrice(fromCents(written.total_incl_cents), locale, order.currency),
        iban: seller!.iban,
        hold,
        url: `${this.host.config.PUBLIC_URL}/account/invoices?lang=${locale}`,
      }),
      attachments: [{ filename: `${written.number}.pdf`, contentType: 'application/pdf', content: Buffer.from(written.pdf) }],
    });
    return id;
  }

  /** What an order answers of its deposit; null without one. */
  async of(orderId: number, companyId: number | null): Promise<OrderDeposit | null> {
    const db = this.host.db;
    const standing = await depositStanding(db, orderId);
    return standing ? depositAnswer(standing, (await this.host.companies.terms.depositOf(companyId, db)).hold) : null;
  }

  /** The deposit a company is asked on a pre-order, and whether its parcels wait for it. */
  asked(companyId: number | null, trx: Kysely<Database>): Promise<{ percent: number; hold: boolean }> {
    return this.host.companies.terms.depositOf(companyId, trx);
  }

  /** Whether an order's parcels must wait: its company holds them until the deposit is paid, and it is not. */
  async holds(trx: Kysely<Database>, orderId: number, companyId: number | null): Promise<boolean> {
    const standing = await depositStanding(trx, orderId);
    if (!standing || standing.dueCents <= 0) return false;
    return (await this.host.companies.terms.depositOf(companyId, trx)).hold;
  }

  /**
   * For a parcel's invoice of `parcelInclCents`: what it deducts of the deposit. What is still unpaid of
   * the deposit is credited first (the goods leave, and are invoiced without it).
   */
  async takeOff(
    trx: Kysely<Database>,
    orderId: number,
    parcelInclCents: number,
    actor: Actor | null,
    /** Only reading (an invoice drawn ahead): `unknown` where taking it off would first credit an unpaid deposit. */
    readOnly = false,
  ): Promise<Pick<NewDocument, 'prepaidCents' | 'prepaidVatCents' | 'depositInvoiceId' | 'deposit'> | null | 'unknown'> {
    let standing = await depositStanding(trx, orderId);
    if (!standing) return null;
    if (standing.dueCents > 0 && standing.leftCents > 0) {
      if (readOnly) return 'unknown';
      const order = await trx.selectFrom(readOrders().as('orders')).select('number').where('id', '=', orderId).executeTakeFirstOrThrow();
      await this.creditLeft(trx, standing, Math.min(standing.dueCents, standing.leftCents), PHRASES[standing.locale].depositUnpaid(order.number), actor);
      standing = (await depositStanding(trx, orderId))!;
    }
    const prepaid = Math.min(standing.availableCents, parcelInclCents);
    if (prepaid <= 0) return null;
    const vat = prepaid === standing.availableCents ? standing.availableVatCents : Math.round((prepaid * standing.availableVatCents) / standing.availableCents);
    return {
      prepaidCents: prepaid,
      prepaidVatCents: vat,
      depositInvoiceId: standing.invoiceId,
      deposit: { number: standing.number, issueDate: standing.issueDate },
    };
  }

  /** An order cancelled (or the rest of it): what is left of its deposit is credited, a refund when it was paid. */
  async release(trx: Kysely<Database>, orderId: number, actor: Actor | null): Promise<number | null> {
    const standing = await depositStanding(trx, orderId);
    if (!standing || standing.leftCents <= 0) return null;
    const order = await trx.selectFrom(readOrders().as('orders')).select('number').where('id', '=', orderId).executeTakeFirstOrThrow();
    return this.creditLeft(trx, standing, standing.leftCents, PHRASES[standing.locale].depositRefund(order.number), actor);
  }

  /** A credit note on the deposit invoice for `cents` incl. VAT: the whole of it as its line when nothing was taken off it yet, else an amount. */
  private async creditLeft(trx: Kysely<Database>, standing: DepositStanding, cents: number, reason: string, actor: Actor | null): Promise<number> {
    if (cents === standing.totalCents && standing.creditedCents === 0) return this.host.credit(trx, standing.invoiceId, { reason }, actor);
    const excl = exclFor(cents, standing.rate, standing.currency);
    return this.host.credit(trx, standing.invoiceId, { reason, amount: fromCents(excl) }, actor);
  }
}

/** What a parcel's invoice totals, to know what of a deposit it can take (the same sum `write` makes). */
export function inclOf(lines: Array<{ totalCents: number }>, vat: Parameters<typeof totals>[1], currency: string): number {
  return totals(lines, vat, currency).totalInclCents;
}
