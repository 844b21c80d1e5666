import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { nowIso, type Db } from '../../db/index.ts';
import type { MailContent } from './templates.ts';
import { PollingWorker } from '../../lib/polling-worker.ts';

export interface QueuedMail extends MailContent {
  to: string;
  /** When set, a second enqueue with the same key is ignored (idempotent causes). */
  dedupeKey?: string;
  /** Files sent with it (kept in the outbox row, so a retry sends the same bytes). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

function parseAttachments(json: string | null): MailAttachment[] {
  if (!json) return [];
  return (JSON.parse(json) as Array<{ filename: string; contentType: string; content: string }>).map((a) => ({
    ...a,
    content: Buffer.from(a.content, 'base64'),
  }));
}

const MAX_ATTEMPTS = 10;
const LOCK_MS = 2 * 60 * 1000;

/** Backoff after the n-th failed attempt: 30 s, 1 min, 2 min… capped at 6 h. */
export function backoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60 * 1000);
}

/**
 * Writes the mail in the caller's transaction: it exists if and only if the
 * action that caused it was committed.
 */
export async function enqueueMail(trx: Kysely<Database>, mail: QueuedMail): Promise<void> {
  const now = nowIso();
  await trx
    .insertInto('mail_outbox')
    .values({
      dedupe_key: mail.dedupeKey ?? null,
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      status: 'pending',
      attempts: 0,
      next_attempt_at: now,
      locked_until: null,
      last_error: null,
      sent_at: null,
      created_at: now,
      attachments: mail.attachments?.length
        ? JSON.stringify(mail.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content.toString('base64') })))
        : null,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute();
}

export interface MailTransport {
  send(mail: { id: number; from: string; to: string; subject: string; text: string; html: string; attachments?: MailAttachment[] }): Promise<void>;
  close?(): void;
}

/**
 * One Message-ID per outbox row and content: if a crash makes the worker send a row again,
 * mail servers and clients recognise the second copy as the same message.
 */
export function messageIdOf(mail: { id: number; from: string; to: string; subject: string; text: string }): string {
  const domain = /@([^>\s]+)/.exec(mail.from)?.[1] ?? 'localhost';
  const digest = createHash('sha256').update(`${mail.id}\n${mail.to}\n${mail.subject}\n${mail.text}`).digest('hex').slice(0, 20);
  return `<outbox-${mail.id}-${digest}@${domain}>`;
}

// nodemailer is loaded by the first mail, not at start: an instance that sends none does not keep it in memory.
const nodemailer = () => import('nodemailer').then((m) => m.default);

/** SMTP through nodemailer. */
export function smtpTransport(url: string): MailTransport {
  let transporter: Promise<Transporter> | null = null;
  const open = () => (transporter ??= nodemailer().then((n) => n.createTransport(url)));
  return {
    async send(mail) {
      await (
        await open()
      ).sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: messageIdOf(mail),
        attachments: mail.attachments,
      });
    },
    close: () => void transporter?.then((t) => t.close()),
  };
}

/** Without SMTP: each mail becomes an .eml file under DATA_DIR/outbox, so the site works offline. */
export function fileTransport(dir: string): MailTransport {
  let builder: Promise<Transporter> | null = null;
  const open = () => (builder ??= nodemailer().then((n) => n.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })));
  return {
    async send(mail) {
      const info = await (
        await open()
      ).sendMail({ from: mail.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, attachments: mail.attachments });
      await fs.mkdir(dir, { recursive: true });
      const file = path.join(dir, `${String(mail.id).padStart(6, '0')}.eml`);
      await fs.writeFile(`${file}.tmp`, info.message as Buffer);
      await fs.rename(`${file}.tmp`, file);
    },
  };
}

/**
 * Sends due rows. A row is claimed with a conditional update (the lock is the
 * row itself), so several instances can run workers on one database without
 * sending a row twice while it is being sent.
 */
export class OutboxWorker extends PollingWorker {
  private readonly db: Db;
  private readonly transport: MailTransport;
  private readonly from: string;
  private readonly log: Logger;

  constructor({ db, transport, from, log, intervalMs = 2000 }: { db: Db; transport: MailTransport; from: string; log: Logger; intervalMs?: number }) {
    super('mail outbox', log, intervalMs);
    this.db = db;
    this.transport = transport;
    this.from = from;
    this.log = log;
  }

  override async stop(): Promise<void> {
    await super.stop();
    this.transport.close?.();
  }

  protected async drain(): Promise<number> {
    const now = nowIso();
    const due = await this.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .orderBy('id')
      .limit(20)
      .execute();
    let sent = 0;
    for (const row of due) {
      if (this.isStopped) break;
      const claimedUntil = new Date(Date.now() + LOCK_MS).toISOString();
      const claim = await this.db
        .updateTable('mail_outbox')
        .set({ locked_until: claimedUntil })
        .where('id', '=', row.id)
        .where('status', '=', 'pending')
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', nowIso())]))
        .executeTakeFirst();
      if (Number(claim.numUpdatedRows) !== 1) continue;
      try {
        await this.transport.send({
          id: row.id,
          from: this.from,
          to: row.to_address,
          subject: row.subject,
          text: row.text_body,
          html: row.html_body,
          attachments: parseAttachments(row.attachments),
        });
        await this.db
          .updateTable('mail_outbox')
          .set({ status: 'sent', sent_at: nowIso(), attempts: row.attempts + 1, locked_until: null, last_error: null })
          .where('id', '=', row.id)
          .execute();
        sent += 1;
        this.log.info({ mailId: row.id, to: row.to_address, subject: row.subject }, 'mail sent');
      } catch (err) {
        const attempts = row.attempts + 1;
        const failed = attempts >= MAX_ATTEMPTS;
        await this.db
          .updateTable('mail_outbox')
          .set({
            attempts,
            status: failed ? 'failed' : 'pending',
            next_attempt_at: new Date(Date.now() + backoffMs(attempts)).toISOString(),
            locked_until: null,
            last_error: String((err as Error).message ?? err).slice(0, 1000),
          })
          .where('id', '=', row.id)
          .execute();
        this.log.warn({ mailId: row.id, to: row.to_address, attempts, failed, err: (err as Error).message }, 'mail not sent');
      }
    }
    return sent;
  }
}
