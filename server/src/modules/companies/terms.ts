import {
  COMPANY_MESSAGES,
  CURRENCY_MESSAGES,
  fromCents,
  fromEuros,
  isCurrency,
  termsProblems,
  toCents,
  PRIORITY_DEFAULT,
  type CompanyPriority,
  type CompanyTerms,
  type CompanyTermsInput,
  type Currency,
} from '@atelier/contract';
import { sql } from 'kysely';
import { pricingFor, type Pricing } from '../currencies/pricing.ts';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/index.ts';
import { nowIso } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { logActivity, type Actor } from '../activity/service.ts';
import { holdAccount } from '../users/accounts.ts';
import { readInvoicingSettings } from '../../read-models/seller.ts';
import { readOrders } from '../../read-models/orders.ts';
import { dueOf, readInvoices } from '../../read-models/invoices.ts';
import { readPriceLists } from '../../read-models/currencies.ts';

/** The label's own terms, read where they live (the season's, through wholesale): what a company without its own gets. */
export interface LabelTerms {
  adminTerms(db: Kysely<Database>, seasonId?: number): Promise<{ openingMinimum: number; reorderMinimum: number }>;
}

/** What a shop's prices and minimums take from its terms (null: the season's minimums). */
export interface ShopTerms {
  discount: number;
  openingMinimum: number | null;
  reorderMinimum: number | null;
  /** Another currency than the euro (issue 47). */
  currency?: Currency;
}

/** What a company's prices are made of (issue 47): its currency's pricing, then its discount. */
export interface ShopPricing {
  discount: number;
  pricing: Pricing;
}

/** Payment terms when the label has not filled its invoicing settings yet: 30 days. */
const LABEL_PAYMENT = { paymentDays: 30, endOfMonth: false };

/**
 * A company's terms of its own (issue 47, ADR 0023): payment days (and end of month), a discount on
 * trade prices, opening and reorder minimums; each left empty keeps the label's. The owner sets them on
 * the company's page; the company reads them; ordering, the showroom, the line sheet and invoices apply
 * them (`applied`).
 */
export class CompanyTermsBook {
  private readonly db: Db;
  private readonly label: LabelTerms;
  private readonly exists: (companyId: number, db: Kysely<Database>) => Promise<boolean>;
  /** Records `company.updated` in the change's transaction, with the company as the owner's API shows it. */
  private readonly changed: (trx: Kysely<Database>, companyId: number) => Promise<unknown>;

  constructor(
    db: Db,
    label: LabelTerms,
    exists: (companyId: number, db: Kysely<Database>) => Promise<boolean>,
    changed: (trx: Kysely<Database>, companyId: number) => Promise<unknown>,
  ) {
    this.db = db;
    this.label = label;
    this.exists = exists;
    this.changed = changed;
  }

  /** A company's terms: its own and what applies now (with a season: that season's minimums). */
  async get(companyId: number, db: Kysely<Database> = this.db, seasonId?: number): Promise<CompanyTerms> {
    const [row, settings, minimums] = await Promise.all([
      db.selectFrom('company_terms').selectAll().where('company_id', '=', companyId).executeTakeFirst(),
      db.selectFrom(readInvoicingSettings().as('invoicing_settings')).select('settings').where('id', '=', 1).executeTakeFirst(),
      this.label.adminTerms(db, seasonId),
    ]);
    const seller = settings ? (JSON.parse(settings.settings) as { paymentDays: number; endOfMonth: boolean }) : LABEL_PAYMENT;
    const currency: Currency = row?.currency && isCurrency(row.currency) ? row.currency : 'EUR';
    // The season's minimums are in euros: in another currency, at its price list's rate and rounding.
    const pricing = await pricingFor(db, currency);
    const label = (eurCents: number) =>
      currency === 'EUR' || pricing.rateMicro === null ? fromCents(eurCents) : fromCents(fromEuros(eurCents, pricing.rateMicro, currency, pricing.stepCents));
    const own = {
      paymentDays: row?.payment_days ?? null,
      endOfMonth: row?.end_of_month === null || row?.end_of_month === undefined ? null : row.end_of_month === 1,
      discount: (row?.discount_bp ?? 0) / 100,
      openingMinimum: row?.opening_minimum_cents == null ? null : fromCents(row.opening_minimum_cents),
      reorderMinimum: row?.reorder_minimum_cents == null ? null : fromCents(row.reorder_minimum_cents),
      creditLimit: row?.credit_limit_cents == null ? null : fromCents(row.credit_limit_cents),
      deposit: row?.deposit_pct ?? null,
      depositHold: row?.deposit_hold === 1,
      currency,
    };
    return {
      ...own,
      updatedAt: row?.updated_at ?? null,
      applied: {
        // Days and end of month go together: a company with its own days has its own end of month.
        paymentDays: own.paymentDays ?? seller.paymentDays,
        endOfMonth: own.paymentDays === null ? seller.endOfMonth : (own.endOfMonth ?? false),
        discount: own.discount,
        openingMinimum: own.openingMinimum ?? label(toCents(minimums.openingMinimum)),
        reorderMinimum: own.reorderMinimum ?? label(toCents(minimums.reorderMinimum)),
        creditLimit: own.creditLimit,
        deposit: own.deposit ?? 0,
        depositHold: own.depositHold && (own.deposit ?? 0) > 0,
        currency,
      },
    };
  }

  /** A company's currency pricing and discount (none: the euro, no discount): what its prices are made of. */
  async shopPricing(companyId: number | null, db: Kysely<Database> = this.db): Promise<ShopPricing> {
    if (companyId === null) return { discount: 0, pricing: await pricingFor(db, 'EUR') };
    const row = await db.selectFrom('company_terms').select(['discount_bp', 'currency']).where('company_id', '=', companyId).executeTakeFirst();
    const currency: Currency = row?.currency && isCurrency(row.currency) ? row.currency : 'EUR';
    return { discount: (row?.discount_bp ?? 0) / 100, pricing: await pricingFor(db, currency) };
  }

  /** The deposit a company is asked on a pre-order (percent, 0: none) and whether its parcels wait for it. */
  async depositOf(companyId: number | null, db: Kysely<Database> = this.db): Promise<{ percent: number; hold: boolean }> {
    if (companyId === null) return { percent: 0, hold: false };
    const row = await db.selectFrom('company_terms').select(['deposit_pct', 'deposit_hold']).where('company_id', '=', companyId).executeTakeFirst();
    return { percent: row?.deposit_pct ?? 0, hold: row?.deposit_hold === 1 };
  }

  /** Many companies' discounts and own minimums at once (the showroom's snapshot): only those that have some. */
  async ownMany(companyIds: number[], db: Kysely<Database> = this.db): Promise<Map<number, ShopTerms>> {
    if (companyIds.length === 0) return new Map();
    const rows = await db
      .selectFrom('company_terms')
      .select(['company_id', 'discount_bp', 'opening_minimum_cents', 'reorder_minimum_cents', 'currency'])
      .where('company_id', 'in', companyIds)
      .execute();
    return new Map(
      rows.map((r) => [
        r.company_id,
        {
          discount: r.discount_bp / 100,
          openingMinimum: r.opening_minimum_cents === null ? null : fromCents(r.opening_minimum_cents),
          reorderMinimum: r.reorder_minimum_cents === null ? null : fromCents(r.reorder_minimum_cents),
          ...(r.currency && isCurrency(r.currency) && r.currency !== 'EUR' ? { currency: r.currency } : {}),
        },
      ]),
    );
  }

  /** Each company's turn "by priority" (issue 58): its own, else 3. */
  async priorities(companyIds: number[], db: Kysely<Database> = this.db): Promise<Map<number, number>> {
    const ids = [...new Set(companyIds)];
    const found = new Map<number, number>(ids.map((id) => [id, PRIORITY_DEFAULT]));
    for (let i = 0; i < ids.length; i += 500) {
      const rows = await db
        .selectFrom('company_terms')
        .select(['company_id', 'priority'])
        .where('company_id', 'in', ids.slice(i, i + 500))
        .where('priority', 'is not', null)
        .execute();
      for (const r of rows) found.set(r.company_id, r.priority!);
    }
    return found;
  }

  /** The owner sets a company's priority, 1 (served first) to 5 (last): 404 for no such company; logged. */
  async setPriority(companyId: number, priority: number, actor: Actor): Promise<CompanyPriority> {
    if (!(await this.exists(companyId, this.db))) throw new HttpError(404, COMPANY_MESSAGES.companyNotFound);
    await this.db.transaction().execute(async (trx) => {
      const now = nowIso();
      await trx
        .insertInto('company_terms')
        .values({
          company_id: companyId,
          payment_days: null,
          end_of_month: null,
          discount_bp: 0,
          opening_minimum_cents: null,
          reorder_minimum_cents: null,
          priority,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('company_id').doUpdateSet({ priority, updated_at: now }))
        .execute();
      await logActivity(trx, actor, { kind: 'terms', action: 'change', subject: String(companyId), subjectId: companyId, detail: { priority } });
    });
    return { companyId, priority };
  }

  /** The owner sets a company's terms: 422 naming the field a value cannot be, 404 for no such company; logged, told by `company.updated`. */
  async save(companyId: number, input: CompanyTermsInput, actor: Actor): Promise<CompanyTerms> {
    // Every wrong value with its field (issue 56); the answer's sentence is the first.
    const problems = termsProblems(input);
    if (problems.length) throw new HttpError(422, problems[0]!.message, {}, undefined, { errors: problems });
    if (!(await this.exists(companyId, this.db))) throw new HttpError(404, COMPANY_MESSAGES.companyNotFound);
    await this.db.transaction().execute(async (trx) => {
      if (input.currency !== undefined) await this.mayChangeCurrency(trx, companyId, input.currency);
      const values = {
        payment_days: input.paymentDays,
        end_of_month: input.paymentDays === null || input.endOfMonth === null ? null : input.endOfMonth ? 1 : 0,
        discount_bp: Math.round(input.discount * 100),
        opening_minimum_cents: input.openingMinimum === null ? null : toCents(input.openingMinimum),
        reorder_minimum_cents: input.reorderMinimum === null ? null : toCents(input.reorderMinimum),
        credit_limit_cents: input.creditLimit == null ? null : toCents(input.creditLimit),
        deposit_pct: input.deposit ?? null,
        deposit_hold: input.depositHold ? 1 : 0,
        ...(input.currency === undefined ? {} : { currency: input.currency === 'EUR' ? null : input.currency }),
        updated_at: nowIso(),
      };
      await trx
        .insertInto('company_terms')
        .values({ company_id: companyId, ...values })
        .onConflict((oc) => oc.column('company_id').doUpdateSet(values))
        .execute();
      await logActivity(trx, actor, {
        kind: 'terms',
        action: 'save',
        subject: String(companyId),
        subjectId: companyId,
        detail: {
          ...input,
          creditLimit: input.creditLimit ?? null,
          deposit: input.deposit ?? null,
          depositHold: Number(input.depositHold ?? false),
          currency: input.currency ?? null,
          endOfMonth: input.endOfMonth === null ? null : Number(input.endOfMonth),
        },
      });
      await this.changed(trx, companyId);
    });
    return this.get(companyId);
  }

  /**
   * Whether a company may buy in `currency` now (issue 47): another currency needs its price list, and a
   * change waits until nothing is under way (orders sent, confirmed or partly shipped; invoices unpaid).
   * Checked with the company's row held, as an order is sent: an order cannot slip in between.
   */
  private async mayChangeCurrency(trx: Kysely<Database>, companyId: number, currency: string): Promise<void> {
    const row = await trx.selectFrom('company_terms').select('currency').where('company_id', '=', companyId).executeTakeFirst();
    if ((row?.currency ?? 'EUR') === currency) return;
    if (
      currency !== 'EUR' &&
      !(await trx.selectFrom(readPriceLists().as('price_lists')).select('currency').where('currency', '=', currency).executeTakeFirst())
    )
      throw new HttpError(422, CURRENCY_MESSAGES.priceListMissing);
    await holdAccount(trx, companyId);
    const due = dueOf('i');
    const [open, unpaid] = await Promise.all([
      trx
        .selectFrom(readOrders().as('orders'))
        .select('id')
        .where('company_id', '=', companyId)
        .where('status', 'in', ['submitted', 'confirmed', 'partlyShipped'])
        .limit(1)
        .executeTakeFirst(),
      trx
        .selectFrom(readInvoices().as('i'))
        .select('i.id')
        .where('i.user_id', '=', companyId)
        .where('i.type', '=', 'invoice')
        .where(sql<boolean>`${due} > 0`)
        .limit(1)
        .executeTakeFirst(),
    ]);
    if (open || unpaid) throw new HttpError(409, CURRENCY_MESSAGES.currencyLocked);
  }
}
