import { INVOICE_MESSAGES, EINVOICING_MESSAGES, type InvoicePlatform, type PlatformStatus } from '@atelier/contract';
import { sql, type Kysely } from 'kysely';
import { nowIso, type Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { logActivity, type Actor } from '../activity/service.ts';
import type { BuyerSnapshot, IssuedDocument } from './facturx.ts';

type Seller = IssuedDocument['seller'];

const LOCK_MS = 2 * 60 * 1000;

/** One document as the platform gets it: the stored Factur-X PDF, never rebuilt. */
export interface DocumentForPlatform {
  submissionId: number;
  invoiceId: number;
  number: string;
  type: 'invoice' | 'creditNote';
  issueDate: string;
  pdf: Buffer;
  totalInclCents: number;
  seller: Pick<Seller, 'siren' | 'legalName'>;
  buyer: Pick<BuyerSnapshot, 'siren' | 'name'>;
  flowId: string | null;
  attempts: number;
  seen: string[];
}

/**
 * Each document's way through the approved platform (issue 35), kept by the invoices area beside the
 * document and never in it: what the platform says changes this row only. The platform's worker
 * (einvoicing area) takes documents from here, and writes back what it learns.
 */
export class InvoiceSubmissions {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /** The platform state of these documents (only those the platform was given). */
  async statesOf(db: Kysely<Database>, invoiceIds: number[]): Promise<Map<number, InvoicePlatform>> {
    if (invoiceIds.length === 0) return new Map();
    const rows = await db
      .selectFrom('invoice_submissions')
      .select(['invoice_id', 'status', 'reason', 'flow_id', 'updated_at'])
      .where('invoice_id', 'in', invoiceIds)
      .execute();
    return new Map(rows.map((r) => [r.invoice_id, { status: r.status, reason: r.reason, flowId: r.flow_id, updatedAt: r.updated_at }]));
  }

  /**
   * Documents issued since the platform was turned on enter its queue (each once; their issue wrote an
   * `invoice_events` row in its own transaction). Documents issued before are never sent.
   */
  async enqueueIssued(since: string): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const events = await trx
        .selectFrom('invoice_events')
        .select(['id', 'invoice_id'])
        .where('kind', '=', 'issued')
        .where('delivered_at', 'is', null)
        .where('created_at', '>=', since)
        .orderBy('id')
        .limit(100)
        .execute();
      const now = nowIso();
      for (const event of events) {
        await trx
          .insertInto('invoice_submissions')
          .values({
            invoice_id: event.invoice_id,
            status: 'pending',
            flow_id: null,
            reason: null,
            attempts: 0,
            next_attempt_at: now,
            locked_until: null,
            submitted_at: null,
            cashed_at: null,
            seen: '[]',
            checked_at: null,
            created_at: now,
            updated_at: now,
          })
          .onConflict((oc) => oc.column('invoice_id').doNothing())
          .execute();
        await trx.updateTable('invoice_events').set({ delivered_at: now }).where('id', '=', event.id).execute();
      }
      return events.length;
    });
  }

  /** Submissions whose next step is due: `pending` ones to send, `submitted` ones to follow (every `followMs`). */
  async due(kind: 'send' | 'follow', followMs: number, limit = 20): Promise<number[]> {
    const now = nowIso();
    let query = this.db
      .selectFrom('invoice_submissions')
      .select('id')
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]));
    query =
      kind === 'send'
        ? query.where('status', '=', 'pending').where('next_attempt_at', '<=', now)
        : query
            .where('status', '=', 'submitted')
            .where((eb) => eb.or([eb('checked_at', 'is', null), eb('checked_at', '<', new Date(Date.now() - followMs).toISOString())]));
    return (await query.orderBy('id').limit(limit).execute()).map((r) => r.id);
  }

  /** One instance at a time works on a submission: its row is the lock. */
  async claim(id: number): Promise<DocumentForPlatform | null> {
    const now = nowIso();
    const claimed = await this.db
      .updateTable('invoice_submissions')
      .set({ locked_until: new Date(Date.now() + LOCK_MS).toISOString() })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return null;
    const row = await this.db
      .selectFrom('invoice_submissions as s')
      .innerJoin('invoices as i', 'i.id', 's.invoice_id')
      .select([
        's.id',
        's.invoice_id',
        's.flow_id',
        's.attempts',
        's.seen',
        'i.number',
        'i.type',
        'i.issue_date',
        'i.pdf',
        'i.total_incl_cents',
        'i.seller',
        'i.buyer',
      ])
      .where('s.id', '=', id)
      .executeTakeFirstOrThrow();
    const seller = JSON.parse(row.seller) as Seller;
    const buyer = JSON.parse(row.buyer) as BuyerSnapshot;
    return {
      submissionId: row.id,
      invoiceId: row.invoice_id,
      number: row.number,
      type: row.type,
      issueDate: row.issue_date,
      pdf: Buffer.from(row.pdf),
      totalInclCents: row.total_incl_cents,
      seller: { siren: seller.siren, legalName: seller.legalName },
      buyer: { siren: buyer.siren, name: buyer.name },
      flowId: row.flow_id,
      attempts: row.attempts,
      seen: JSON.parse(row.seen) as string[],
    };
  }

  /** What the worker learnt; the lock is let go with it. */
  async record(
    id: number,
    change: {
      status?: PlatformStatus;
      flowId?: string;
      reason?: string | null;
      attempts?: number;
      nextAttemptAt?: string | null;
      seen?: string[];
      checked?: boolean;
      cashed?: boolean;
    },
  ): Promise<void> {
    const now = nowIso();
    await this.db
      .updateTable('invoice_submissions')
      .set({
        locked_until: null,
        updated_at: now,
        ...(change.status ? { status: change.status } : {}),
        ...(change.status === 'submitted' && change.flowId ? { flow_id: change.flowId, submitted_at: now } : {}),
        ...(change.reason !== undefined ? { reason: change.reason?.slice(0, 1000) ?? null } : {}),
        ...(change.attempts !== undefined ? { attempts: change.attempts } : {}),
        ...(change.nextAttemptAt !== undefined ? { next_attempt_at: change.nextAttemptAt } : {}),
        ...(change.seen ? { seen: JSON.stringify(change.seen) } : {}),
        ...(change.checked ? { checked_at: now } : {}),
        ...(change.cashed ? { cashed_at: now } : {}),
      })
      .where('id', '=', id)
      .execute();
  }

  /** Lets go of a claim without a change (the platform was turned off meanwhile). */
  async release(id: number): Promise<void> {
    await this.db.updateTable('invoice_submissions').set({ locked_until: null }).where('id', '=', id).execute();
  }

  /** Submitted invoices now paid in full whose "Encaissée" is not sent yet. */
  async paidInFull(limit = 20): Promise<Array<{ id: number; paidOn: string; paidCents: number }>> {
    const rows = await this.db
      .selectFrom('invoice_submissions as s')
      .innerJoin('invoices as i', 'i.id', 's.invoice_id')
      .select([
        's.id',
        'i.total_incl_cents',
        'i.prepaid_cents',
        (eb) =>
          eb
            .selectFrom('invoice_payments')
            .select(sql<number>`coalesce(sum(amount_cents), 0)`.as('n'))
            .whereRef('invoice_payments.invoice_id', '=', 'i.id')
            .as('paid'),
        (eb) =>
          eb
            .selectFrom('invoice_payments')
            .select(sql<string>`max(paid_on)`.as('d'))
            .whereRef('invoice_payments.invoice_id', '=', 'i.id')
            .as('paid_on'),
        (eb) =>
          eb
            .selectFrom('invoices as c')
            .select(sql<number>`coalesce(sum(total_incl_cents), 0)`.as('n'))
            .whereRef('c.invoice_id', '=', 'i.id')
            .as('credited'),
      ])
      .where('s.status', '=', 'submitted')
      .where('s.cashed_at', 'is', null)
      .where('i.type', '=', 'invoice')
      .where((eb) => eb.or([eb('s.locked_until', 'is', null), eb('s.locked_until', '<', nowIso())]))
      .orderBy('s.id')
      .limit(200)
      .execute();
    return rows
      .filter((r) => Number(r.paid) > 0 && r.total_incl_cents - r.prepaid_cents - Number(r.credited) - Number(r.paid) <= 0)
      .slice(0, limit)
      .map((r) => ({ id: r.id, paidOn: String(r.paid_on), paidCents: Number(r.paid) }));
  }

  /**
   * "Send again" after a rejection (or a submission the platform could not take): the same stored
   * document goes back in the queue, as new. The document itself is never changed.
   */
  async resubmit(invoiceId: number, actor: Actor): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('invoice_submissions as s')
        .innerJoin('invoices as i', 'i.id', 's.invoice_id')
        .select(['s.id', 's.status', 's.attempts', 's.reason', 'i.number'])
        .where('s.invoice_id', '=', invoiceId)
        .executeTakeFirst();
      if (!row) {
        const exists = await trx.selectFrom('invoices').select('id').where('id', '=', invoiceId).executeTakeFirst();
        if (!exists) throw new HttpError(404, INVOICE_MESSAGES.invoiceNotFound);
        throw new HttpError(409, EINVOICING_MESSAGES.notRejected);
      }
      const stuck = row.status === 'pending' && row.attempts > 0;
      if (row.status !== 'rejected' && !stuck) throw new HttpError(409, EINVOICING_MESSAGES.notRejected);
      const now = nowIso();
      await trx
        .updateTable('invoice_submissions')
        .set({
          status: 'pending',
          flow_id: null,
          reason: null,
          attempts: 0,
          next_attempt_at: now,
          locked_until: null,
          seen: '[]',
          checked_at: null,
          updated_at: now,
        })
        .where('id', '=', row.id)
        .execute();
      await logActivity(trx, actor, {
        kind: 'invoice',
        action: 'publish',
        subject: row.number,
        subjectId: invoiceId,
        detail: { platform: 'resubmit', reason: row.reason },
      });
    });
  }
}
