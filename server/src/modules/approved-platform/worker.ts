import type { Logger } from 'pino';
import { PollingWorker } from '../../lib/polling-worker.ts';
import type { InvoiceSubmissions } from '../invoices/submissions.ts';
import { backoffMs } from '../mail/outbox.ts';
import { PlatformError } from './adapter.ts';
import type { ApprovedPlatformService } from './service.ts';

/**
 * Hands issued documents to the approved platform and follows them (every instance runs it; each
 * submission is claimed by one at a time). Never on the issuing path: a shipment issues its invoice
 * and returns; the document reaches the platform here, retried with backoff (30 s … 6 h, without end:
 * an invoice must reach it) while the platform cannot be reached or answers garbage. What the platform
 * reports changes the document's submission row, never the document.
 */
export class ApprovedPlatformWorker extends PollingWorker {
  private readonly platform: ApprovedPlatformService;
  private readonly submissions: InvoiceSubmissions;
  private readonly log: Logger;
  private readonly followMs: number;

  constructor({
    platform,
    submissions,
    log,
    intervalMs = 30_000,
    followMs = 5 * 60_000,
  }: {
    platform: ApprovedPlatformService;
    submissions: InvoiceSubmissions;
    log: Logger;
    intervalMs?: number;
    followMs?: number;
  }) {
    super('e-invoicing', log, intervalMs);
    this.platform = platform;
    this.submissions = submissions;
    this.log = log;
    this.followMs = followMs;
  }

  protected async drain(): Promise<number> {
    const current = await this.platform.platform();
    if (!current) return 0;
    const { platform, sendCashed } = current;
    await this.submissions.enqueueIssued(current.enabledAt);
    let done = 0;

    for (const id of await this.submissions.due('send', this.followMs)) {
      if (this.isStopped) break;
      const doc = await this.submissions.claim(id);
      if (!doc) continue;
      const attempts = doc.attempts + 1;
      try {
        const { flowId } = await platform.submit(doc);
        await this.submissions.record(id, { status: 'submitted', flowId, reason: null, attempts, nextAttemptAt: null });
        this.log.info({ invoice: doc.number, flowId, attempts }, 'document submitted to the e-invoicing platform');
        done += 1;
      } catch (err) {
        const reason = err instanceof PlatformError ? `${err.kind}: ${err.message}` : String((err as Error).message ?? err);
        if (err instanceof PlatformError && err.final) {
          await this.submissions.record(id, { status: 'rejected', reason: err.message, attempts, nextAttemptAt: null });
        } else {
          await this.submissions.record(id, { reason, attempts, nextAttemptAt: new Date(Date.now() + backoffMs(attempts)).toISOString() });
        }
        this.log.warn(
          { invoice: doc.number, attempts, final: err instanceof PlatformError && err.final, reason: reason.slice(0, 300) },
          'document not taken by the e-invoicing platform',
        );
      }
    }

    for (const id of await this.submissions.due('follow', this.followMs)) {
      if (this.isStopped) break;
      const doc = await this.submissions.claim(id);
      if (!doc?.flowId) {
        if (doc) await this.submissions.release(id);
        continue;
      }
      try {
        const { events, seen } = await platform.follow(doc.flowId, doc.number, doc.seen);
        // The last word counts: a payment after nothing else, a refusal, a rejection.
        const last = events.at(-1);
        await this.submissions.record(id, { seen, checked: true, ...(last ? { status: last.kind, reason: last.reason } : {}) });
        if (last) this.log.info({ invoice: doc.number, status: last.kind }, 'e-invoicing platform status');
        done += events.length;
      } catch (err) {
        await this.submissions.record(id, { checked: true });
        this.log.warn({ invoice: doc.number, reason: String((err as Error).message ?? err).slice(0, 300) }, 'e-invoicing platform status not read');
      }
    }

    if (sendCashed) {
      for (const { id, paidOn, paidCents } of await this.submissions.paidInFull()) {
        if (this.isStopped) break;
        const doc = await this.submissions.claim(id);
        if (!doc?.flowId) {
          if (doc) await this.submissions.release(id);
          continue;
        }
        try {
          await platform.sendCashed({
            flowId: doc.flowId,
            number: doc.number,
            issueDate: doc.issueDate,
            paidOn,
            amountCents: paidCents,
            seller: { siren: doc.seller.siren, name: doc.seller.legalName },
            buyer: { siren: doc.buyer.siren, name: doc.buyer.name },
          });
          await this.submissions.record(id, { status: 'paid', reason: null, cashed: true });
          this.log.info({ invoice: doc.number }, 'Encaissée sent to the e-invoicing platform');
          done += 1;
        } catch (err) {
          await this.submissions.release(id);
          this.log.warn({ invoice: doc.number, reason: String((err as Error).message ?? err).slice(0, 300) }, 'Encaissée not sent');
        }
      }
    }
    return done;
  }
}
