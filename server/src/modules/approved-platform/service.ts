import { EINVOICING_MESSAGES, platformSettingsInput, type PlatformSettings } from '@atelier/contract';
import type { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { nowIso } from '../../db/index.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { refuseInside, type OutboundPolicy } from '../../lib/outbound.ts';
import { logActivity, type Actor } from '../activity/service.ts';
import type { InvoicesService } from '../invoices/service.ts';
import { PlatformError, type EInvoicingPlatform } from './adapter.ts';
import { XpZ12013Platform } from './xpz12013.ts';

type Input = z.output<typeof platformSettingsInput>;

/** The sentence for a call that did not work, and its HTTP status (502: the platform, not the site). */
export function platformFailure(err: unknown): HttpError {
  if (!(err instanceof PlatformError)) return new HttpError(502, EINVOICING_MESSAGES.unreachable, {}, String((err as Error)?.message ?? err).slice(0, 300));
  const message =
    err.kind === 'credentials'
      ? EINVOICING_MESSAGES.refusedCredentials
      : err.kind === 'garbage'
        ? EINVOICING_MESSAGES.garbage
        : EINVOICING_MESSAGES.unreachable;
  return new HttpError(502, message, {}, err.message.slice(0, 300));
}

/**
 * The approved e-invoicing platform (issue 35): its settings in `/admin/invoicing` (off by default;
 * the secret is kept for the calls and never shown again), the adapter they make, a connection check,
 * a directory look-up, and "send again" after a rejection. Documents go through the worker (worker.ts).
 */
export class ApprovedPlatformService {
  private readonly db: Db;
  private readonly invoices: Pick<InvoicesService, 'submissions'>;
  private readonly policy: OutboundPolicy;
  private readonly kick: () => void;
  private adapter: { key: string; platform: EInvoicingPlatform } | null = null;

  constructor({ db, invoices, policy, kick }: { db: Db; invoices: Pick<InvoicesService, 'submissions'>; policy: OutboundPolicy; kick: () => void }) {
    this.db = db;
    this.invoices = invoices;
    this.policy = policy;
    this.kick = kick;
  }

  private row() {
    return this.db.selectFrom('einvoicing_platform').selectAll().where('id', '=', 1).executeTakeFirst();
  }

  async settings(): Promise<PlatformSettings> {
    const row = await this.row();
    if (!row) return { enabled: false, url: '', tokenUrl: '', clientId: '', secretSet: false, sendCashed: true, enabledAt: null };
    return {
      enabled: row.enabled === 1,
      url: row.url,
      tokenUrl: row.token_url,
      clientId: row.client_id,
      secretSet: row.secret !== '',
      sendCashed: row.send_cashed === 1,
      enabledAt: row.enabled_at,
    };
  }

  async save(input: Input, actor: Actor): Promise<PlatformSettings> {
    // The same rule as the webhooks': never an address inside the network.
    for (const url of [input.url, input.tokenUrl]) if (url) await refuseInside(url, this.policy);
    await this.db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('einvoicing_platform').selectAll().where('id', '=', 1).executeTakeFirst();
      const secret = input.secret ? input.secret : (before?.secret ?? '');
      if (input.enabled && (!secret || (input.tokenUrl && !input.clientId))) throw new HttpError(400, EINVOICING_MESSAGES.credentialsNeeded);
      const now = nowIso();
      // Documents issued from the moment it is turned on are submitted; none from before.
      const enabledAt = input.enabled ? (before?.enabled === 1 ? before.enabled_at : now) : (before?.enabled_at ?? null);
      const values = {
        enabled: input.enabled ? 1 : 0,
        url: input.url,
        token_url: input.tokenUrl,
        client_id: input.clientId,
        secret,
        send_cashed: input.sendCashed ? 1 : 0,
        enabled_at: enabledAt,
        updated_at: now,
        updated_by: actor.id,
      };
      await trx
        .insertInto('einvoicing_platform')
        .values({ id: 1, ...values })
        .onConflict((oc) => oc.column('id').doUpdateSet(values))
        .execute();
      await logActivity(trx, actor, {
        kind: 'invoicing',
        action: 'save',
        subject: input.url ? new URL(input.url).host : 'platform',
        detail: { platform: input.enabled ? 'on' : 'off', secretChanged: input.secret ? 'yes' : 'no' },
      });
    });
    this.adapter = null;
    this.kick();
    return this.settings();
  }

  /** The adapter of the saved settings, or null while the platform is off. */
  async platform(): Promise<{ platform: EInvoicingPlatform; sendCashed: boolean; enabledAt: string } | null> {
    const row = await this.row();
    if (!row || row.enabled !== 1 || !row.enabled_at) return null;
    const key = `${row.updated_at}`;
    // One adapter per saved settings: its OAuth token is reused until it expires.
    if (this.adapter?.key !== key)
      this.adapter = {
        key,
        platform: new XpZ12013Platform({ url: row.url, tokenUrl: row.token_url, clientId: row.client_id, secret: row.secret }, this.policy),
      };
    return { platform: this.adapter.platform, sendCashed: row.send_cashed === 1, enabledAt: row.enabled_at };
  }

  private async on(): Promise<EInvoicingPlatform> {
    const current = await this.platform();
    if (!current) throw new HttpError(409, EINVOICING_MESSAGES.off);
    return current.platform;
  }

  async check(): Promise<{ message: string }> {
    const platform = await this.on();
    try {
      await platform.check();
    } catch (err) {
      throw platformFailure(err);
    }
    return { message: EINVOICING_MESSAGES.checked };
  }

  async lookup(siren: string): Promise<{ siren: string; found: boolean; name: string | null }> {
    const platform = await this.on();
    try {
      return { siren, ...(await platform.lookup(siren)) };
    } catch (err) {
      throw platformFailure(err);
    }
  }

  async resubmit(invoiceId: number, actor: Actor): Promise<void> {
    await this.on();
    await this.invoices.submissions.resubmit(invoiceId, actor);
    this.kick();
  }
}
