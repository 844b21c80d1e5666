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
import type { DrawnAhead } from './ahead.ts';
import type { InvoiceOrders } from './orders-port.ts';
import { gapsOf, totals, vatFor } from './rules.ts';
import { rateOn } from '../currencies/pricing.ts';
import { readOrders } from '../../read-models/orders.ts';

type Seller = IssuedDocument['seller'];
/** The order's columns a deposit invoice reads. */
type DepositOrder = Awaited<ReturnType<ReturnType<typeof readOrders>['executeTakeFirstOrThrow']>>;

/** One deposit invoice of an order: what is left of it (neither credited nor deducted), incl. and excl. VAT. */
export interface DepositPart {
  id: number;
  number: string;
  issueDate: string;
  totalCents: number;
  creditedCents: number;
  leftCents: number;
  leftExclCents: number;
}

/**
 * Where an order's deposit stands (amounts incl. VAT, in cents), over all its deposit invoices: the first
 * one at confirmation, and a complementary one for each change that made the order bigger (issue 57).
 */
export interface DepositStanding {
  /** The first deposit invoice (the order's answer names it). */
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
  /** What was invoiced as deposit excl. VAT, less what was credited: what the order's deposit is now. */
  netExclCents: number;
  /** Each deposit invoice, first issued first; what was deducted counts against the first ones first. */
  parts: DepositPart[];
}

/** An order's deposit invoices and where they stand together; null when the order has none. */
export async function depositStanding(db: Kysely<Database>, orderId: number): Promise<DepositStanding | null> {
  const deps = await db
    .selectFrom('invoices')
    .innerJoin(readOrders().as('orders'), 'orders.id', 'invoices.order_id')
    .select([
      'invoices.id',
      'invoices.number',
      'invoices.issue_date',
      'invoices.locale',
      'invoices.currency',
      'invoices.total_incl_cents',
      'invoices.total_excl_cents',
      'invoices.total_vat_cents',
      'invoices.vat_breakdown',
      'orders.deposit_pct',
    ])
    .where('invoices.order_id', '=', orderId)
    .where('invoices.purpose', '=', 'deposit')
    .where('invoices.type', '=', 'invoice')
    .orderBy('invoices.id')
    .execute();
  const first = deps[0];
  if (!first) return null;
  const ids = deps.map((d) => d.id);
  const [paid, credits, deducted] = await Promise.all([
    db
      .selectFrom('invoice_payments')
      .select(sql<number>`coalesce(sum(amount_cents), 0)`.as('cents'))
      .where('invoice_id', 'in', ids)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('invoices')
      .select([
        'invoice_id',
        sql<number>`coalesce(sum(total_incl_cents), 0)`.as('cents'),
        sql<number>`coalesce(sum(total_excl_cents), 0)`.as('excl'),
        sql<number>`coalesce(sum(total_vat_cents), 0)`.as('vat'),
      ])
      .where('invoice_id', 'in', ids)
      .groupBy('invoice_id')
      .execute(),
    db
      .selectFrom('invoices')
      .select([sql<number>`coalesce(sum(prepaid_cents), 0)`.as('cents'), sql<number>`coalesce(sum(prepaid_vat_cents), 0)`.as('vat')])
      .where('deposit_invoice_id', 'in', ids)
      .executeTakeFirstOrThrow(),
  ]);
  const creditOf = new Map(credits.map((c) => [c.invoice_id, { cents: Number(c.cents), excl: Number(c.excl), vat: Number(c.vat) }]));
  const sum = (f: (d: (typeof deps)[number]) => number) => deps.reduce((n, d) => n + f(d), 0);
  const totalCents = sum((d) => d.total_incl_cents);
  const totalVat = sum((d) => d.total_vat_cents);
  const creditedCents = sum((d) => creditOf.get(d.id)?.cents ?? 0);
  const creditedVat = sum((d) => creditOf.get(d.id)?.vat ?? 0);
  const paidCents = Number(paid.cents);
  const [deductedCents, deductedVat] = [Number(deducted.cents), Number(deducted.vat)];
  const leftCents = totalCents - creditedCents - deductedCents;
  const leftVat = totalVat - creditedVat - deductedVat;
  const availableCents = Math.max(0, Math.min(paidCents, totalCents - creditedCents) - deductedCents);
  const availableVatCents = leftCents <= 0 ? 0 : availableCents === leftCents ? leftVat : Math.round((availableCents * leftVat) / leftCents);
  // What parcels took off counts against the first invoices first.
  let toDeduct = deductedCents;
  let toDeductExcl = deductedCents - deductedVat;
  const parts = deps.map((d) => {
    const credit = creditOf.get(d.id);
    const open = d.total_incl_cents - (credit?.cents ?? 0);
    const openExcl = d.total_excl_cents - (credit?.excl ?? 0);
    const taken = Math.min(open, toDeduct);
    const takenExcl = Math.min(openExcl, toDeductExcl);
    toDeduct -= taken;
    toDeductExcl -= takenExcl;
    return {
      id: d.id,
      number: d.number,
      issueDate: d.issue_date,
      totalCents: d.total_incl_cents,
      creditedCents: credit?.cents ?? 0,
      leftCents: open - taken,
      leftExclCents: openExcl - takenExcl,
    };
  });
  return {
    invoiceId: first.id,
    number: first.number,
    issueDate: first.issue_date,
    locale: first.locale,
    currency: first.currency,
    percent: first.deposit_pct ?? 0,
    totalCents,
    rate: (JSON.parse(first.vat_breakdown) as Array<{ rate: number }>)[0]?.rate ?? 0,
    paidCents,
    creditedCents,
    deductedCents,
    dueCents: totalCents - creditedCents - paidCents,
    availableCents,
    availableVatCents,
    leftCents,
    netExclCents: sum((d) => d.total_excl_cents - (creditOf.get(d.id)?.excl ?? 0)),
    parts,
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
  write(trx: Kysely<Database>, input: NewDocument, actor: Actor | null, drawn?: DrawnAhead | null): Promise<number>;
  /** A document's PDF drawn outside every lock, for the number it is expected to get. */
  drawAhead(db: Kysely<Database>, input: NewDocument): Promise<DrawnAhead>;
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

  /**
   * In the confirming transaction: the deposit invoice of `percent` of `baseCents` (excl. VAT), mailed with its
   * PDF (`drawn`: drawn before the transaction, used when the invoice is the one expected). 422 when the
   * invoice cannot be made yet.
   */
  async issue(
    trx: Kysely<Database>,
    orderId: number,
    baseCents: number,
    percent: number,
    shipDate: string,
    actor: Actor | null,
    drawn?: DrawnAhead | null,
  ): Promise<number | null> {
    const order = await trx.selectFrom(readOrders().as('orders')).selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    const amount = depositOf(baseCents, percent, order.currency);
    if (amount <= 0) return null;
    const id = await this.write(trx, order, amount, PHRASES[order.locale].depositLine(percent, order.number), shipDate, actor, drawn);
    await this.host.orders.setDepositPercent(trx, orderId, percent);
    await this.mail(trx, order, id, percent);
    return id;
  }

  /**
   * The deposit invoice confirming this order would issue, its PDF drawn now, outside every lock (issue 56: the
   * confirmation's transaction then only writes it). Null when the order asks none, or it cannot be made yet.
   */
  async drawAhead(orderId: number, shipDate: string): Promise<DrawnAhead | null> {
    const db = this.host.db;
    const order = await db.selectFrom(readOrders().as('orders')).selectAll().where('id', '=', orderId).executeTakeFirst();
    if (!order || order.mode !== 'preBook' || order.status !== 'submitted') return null;
    const { percent } = await this.asked(order.company_id, db);
    const amount = percent > 0 ? depositOf(order.total_cents, percent, order.currency) : 0;
    if (amount <= 0) return null;
    const input = await this.compose(db, order, amount, PHRASES[order.locale].depositLine(percent, order.number), shipDate).catch(() => null);
    return input ? this.host.drawAhead(db, input) : null;
  }

  /**
   * A deposit order changed (issue 57), in the change's transaction: its deposit follows its new total. Bigger,
   * a complementary deposit invoice for the difference (mailed with its PDF); smaller, a credit note on the
   * deposit for it (on what is left of it: what parcels already took off stays taken). Nothing when equal.
   */
  async adjust(trx: Kysely<Database>, orderId: number, actor: Actor | null): Promise<number | null> {
    const order = await trx.selectFrom(readOrders().as('orders')).selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    const percent = order.deposit_pct ?? 0;
    const standing = percent > 0 ? await depositStanding(trx, orderId) : null;
    if (!standing) return null;
    const difference = depositOf(order.total_cents, percent, order.currency) - standing.netExclCents;
    const words = PHRASES[order.locale];
    if (difference > 0) {
      const line = words.depositComplement(percent, order.number, order.revision);
      const id = await this.write(trx, order, difference, line, order.ship_date ?? this.host.issueDay(), actor);
      await this.mail(trx, order, id, percent);
      return id;
    }
    if (difference < 0) return this.creditExcl(trx, standing, -difference, words.depositReduced(order.number, order.revision), actor);
    return null;
  }

  /** A deposit invoice of `amount` excl. VAT for an order, payable on receipt, up to its delivery (BG-14). */
  private async write(
    trx: Kysely<Database>,
    order: DepositOrder,
    amount: number,
    text: string,
    shipDate: string,
    actor: Actor | null,
    drawn?: DrawnAhead | null,
  ): Promise<number> {
    return this.host.write(trx, await this.compose(trx, order, amount, text, shipDate), actor, drawn);
  }

  /** The deposit invoice as it would be written: 422 when the label's or the company's details are missing. */
  private async compose(trx: Kysely<Database>, order: DepositOrder, amount: number, text: string, shipDate: string): Promise<NewDocument> {
    const [seller, company] = await Promise.all([this.host.seller(trx), this.host.companies.company(order.company_id ?? 0, trx)]);
    const gaps = gapsOf(seller !== null, company);
    if (gaps.length) throw new HttpError(422, INVOICE_MESSAGES.waiting, {}, gaps.join(', '), { waiting: gaps });
    const issueDate = this.host.issueDay();
    const line = {
      kind: 'amount' as const,
      reference: null,
      product: text,
      colour: null,
      size: null,
      quantity: 1,
      unitPriceCents: amount,
      totalCents: amount,
      orderLineId: null,
      creditedLineId: null,
    };
    return {
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
      locale: order.locale,
      seller: { ...seller!, paymentDays: 0, endOfMonth: false },
      buyer: await buyerOf(trx, order, company),
      vat: vatFor(company.billing!.country, company.vatNumber),
      lines: [line],
      orderId: order.id,
      invoiceId: null,
      userId: order.company_id,
    };
  }

  /** The deposit invoice's mail, with its PDF, to the company's accounts person. */
  private async mail(trx: Kysely<Database>, order: DepositOrder, id: number, percent: number): Promise<void> {
    const written = await trx.selectFrom('invoices').select(['number', 'total_incl_cents', 'pdf']).where('id', '=', id).executeTakeFirstOrThrow();
    const hold = (await this.host.companies.terms.depositOf(order.company_id, trx)).hold;
    const to = (order.company_id === null ? null : await companyMailbox(trx, order.company_id, 'invoices')) ?? order.retailer_email;
    const seller = await this.host.seller(trx);
    await enqueueMail(trx, {
      to,
      dedupeKey: `invoice:${id}:deposit`,
      ...depositInvoiceMail(publicBrand(this.host.config), order.locale, {
        number: written.number,
        order: order.number,
        percent,
        amount: formatPrice(fromCents(written.total_incl_cents), order.locale, order.currency),
        iban: seller!.iban,
        hold,
        url: `${this.host.config.PUBLIC_URL}/account/invoices?lang=${order.locale}`,
      }),
      attachments: [{ filename: `${written.number}.pdf`, contentType: 'application/pdf', content: Buffer.from(written.pdf) }],
    });
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
      deposit: {
        number: standing.number,
        issueDate: standing.issueDate,
        ...(standing.parts.length > 1 ? { others: standing.parts.slice(1).map((p) => ({ number: p.number, issueDate: p.issueDate })) } : {}),
      },
    };
  }

  /** An order cancelled (or the rest of it): what is left of its deposit is credited, a refund when it was paid. */
  async release(trx: Kysely<Database>, orderId: number, actor: Actor | null): Promise<number | null> {
    const standing = await depositStanding(trx, orderId);
    if (!standing || standing.leftCents <= 0) return null;
    const order = await trx.selectFrom(readOrders().as('orders')).select('number').where('id', '=', orderId).executeTakeFirstOrThrow();
    return this.creditLeft(trx, standing, standing.leftCents, PHRASES[standing.locale].depositRefund(order.number), actor);
  }

  /**
   * Credit notes on the deposit for `cents` incl. VAT, on its invoices newest first, each for what is left
   * of it: the whole invoice as its line when nothing was taken off it yet, else an amount. The last note's id.
   */
  private async creditLeft(trx: Kysely<Database>, standing: DepositStanding, cents: number, reason: string, actor: Actor | null): Promise<number> {
    return this.creditParts(
      trx,
      standing,
      cents,
      reason,
      actor,
      (p) => p.leftCents,
      (take) => exclFor(take, standing.rate, standing.currency),
    );
  }

  /** The same for an amount excl. VAT (a smaller order's deposit: issue 57). */
  private creditExcl(trx: Kysely<Database>, standing: DepositStanding, exclCents: number, reason: string, actor: Actor | null): Promise<number> {
    return this.creditParts(
      trx,
      standing,
      exclCents,
      reason,
      actor,
      (p) => p.leftExclCents,
      (take) => take,
    );
  }

  private async creditParts(
    trx: Kysely<Database>,
    standing: DepositStanding,
    amount: number,
    reason: string,
    actor: Actor | null,
    leftOf: (part: DepositPart) => number,
    exclOf: (take: number) => number,
  ): Promise<number> {
    let rest = amount;
    let last = 0;
    for (const part of [...standing.parts].reverse()) {
      const take = Math.min(rest, leftOf(part));
      if (take <= 0) continue;
      const whole = part.creditedCents === 0 && part.leftCents === part.totalCents && take === leftOf(part);
      last = await this.host.credit(trx, part.id, whole ? { reason } : { reason, amount: fromCents(exclOf(take)) }, actor);
      rest -= take;
      if (rest <= 0) break;
    }
    return last;
  }
}

/** What a parcel's invoice totals, to know what of a deposit it can take (the same sum `write` makes). */
export function inclOf(lines: Array<{ totalCents: number }>, vat: Parameters<typeof totals>[1], currency: string): number {
  return totals(lines, vat, currency).totalInclCents;
}
