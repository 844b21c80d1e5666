import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../../../test/smtp.ts';
import { OutboxWorker, backoffMs, enqueueMail, fileTransport, smtpTransport, type MailTransport } from './outbox.ts';

const mail = (to: string, dedupeKey?: string) => ({ to, subject: 'Sujet é', text: 'Bonjour', html: '<p>Bonjour</p>', dedupeKey });

describe.each(DIALECTS)('mail outbox on %s', (dialect) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(dialect);
  });
  afterAll(async () => t.close());

  it('retries a failing transport with backoff, records the error, then sends exactly once', async () => {
    const db = t.services.database.db;
    let failures = 2;
    const delivered: string[] = [];
    const flaky: MailTransport = {
      async send(m) {
        if (failures > 0) {
          failures -= 1;
          throw new Error('421 try again later');
        }
        delivered.push(m.to);
      },
    };
    await db.transaction().execute((trx) => enqueueMail(trx, mail('retry@example.com')));
    const worker = new OutboxWorker({ db, transport: flaky, from: 'Shop <shop@example.com>', log: pino({ level: 'silent' }) });
    expect(await worker.runOnce()).toBe(0);
    let row = await db.selectFrom('mail_outbox').selectAll().where('to_address', '=', 'retry@example.com').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_error: '421 try again later' });
    expect(Date.parse(row.next_attempt_at)).toBeGreaterThan(Date.now() + 20_000);
    // Not due yet: nothing happens.
    expect(await worker.runOnce()).toBe(0);
    expect(delivered).toEqual([]);
    for (let i = 0; i < 2; i += 1) {
      await db
        .updateTable('mail_outbox')
        .set({ next_attempt_at: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', row.id)
        .execute();
      await worker.runOnce();
    }
    row = await db.selectFrom('mail_outbox').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
    expect(delivered).toEqual(['retry@example.com']);
    await db
      .updateTable('mail_outbox')
      .set({ next_attempt_at: new Date(0).toISOString() })
      .where('id', '=', row.id)
      .execute();
    await worker.runOnce();
    expect(delivered).toEqual(['retry@example.com']);
  });

  it('never sends a row twice when two workers run at the same time', async () => {
    const db = t.services.database.db;
    for (let i = 0; i < 10; i += 1) await db.transaction().execute((trx) => enqueueMail(trx, mail(`both${i}@example.com`)));
    const delivered: string[] = [];
    const slow: MailTransport = {
      async send(m) {
        await new Promise((r) => setTimeout(r, 5));
        delivered.push(m.to);
      },
    };
    const a = new OutboxWorker({ db, transport: slow, from: 'x <x@example.com>', log: pino({ level: 'silent' }) });
    const b = new OutboxWorker({ db, transport: slow, from: 'x <x@example.com>', log: pino({ level: 'silent' }) });
    await Promise.all([a.runOnce(), b.runOnce()]);
    const mine = delivered.filter((to) => to.startsWith('both'));
    expect(mine.sort()).toEqual(Array.from({ length: 10 }, (_, i) => `both${i}@example.com`).sort());
  });

  it('ignores a second mail with the same dedupe key', async () => {
    const db = t.services.database.db;
    await db.transaction().execute((trx) => enqueueMail(trx, mail('dedupe@example.com', 'k-1')));
    await db.transaction().execute((trx) => enqueueMail(trx, mail('dedupe@example.com', 'k-1')));
    const rows = await db.selectFrom('mail_outbox').select('id').where('to_address', '=', 'dedupe@example.com').execute();
    expect(rows).toHaveLength(1);
  });

  it('a mail queued in a rolled-back transaction does not exist', async () => {
    const db = t.services.database.db;
    await expect(
      db.transaction().execute(async (trx) => {
        await enqueueMail(trx, mail('rollback@example.com'));
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await db.selectFrom('mail_outbox').select('id').where('to_address', '=', 'rollback@example.com').execute()).toEqual([]);
  });
});

describe('transports', () => {
  it('backs off exponentially, capped at 6 hours', () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(backoffMs(30)).toBe(6 * 60 * 60 * 1000);
  });

  it('writes multipart text + HTML .eml files without SMTP', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
    await fileTransport(dir).send({ id: 7, from: 'Shop <shop@example.com>', to: 'a@example.com', subject: 'Été', text: 'Bonjour', html: '<p>Bonjour</p>' });
    const raw = fs.readFileSync(path.join(dir, '000007.eml'), 'utf8');
    expect(raw).toMatch(/^To: a@example\.com$/m);
    expect(raw).toContain('multipart/alternative');
    expect(raw).toContain('text/plain');
    expect(raw).toContain('text/html');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  describe('through a real SMTP server', () => {
    let smtp: SmtpCatcher;
    let received: string[] = [];
    beforeAll(async () => {
      smtp = await startSmtpCatcher();
      received = smtp.received;
    });
    afterAll(async () => smtp.stop());

    it('delivers the mail and it reads back with both parts', async () => {
      const transport = smtpTransport(smtp.url);
      await transport.send({
        id: 1,
        from: 'Shop <shop@example.com>',
        to: 'buyer@example.com',
        subject: 'Votre compte',
        text: 'Texte brut',
        html: '<p>HTML</p>',
      });
      transport.close?.();
      expect(received).toHaveLength(1);
      expect(received[0]).toMatch(/^To: buyer@example\.com/m);
      expect(received[0]).toMatch(/^Subject: Votre compte/m);
      expect(received[0]).toContain('Texte brut');
      expect(received[0]).toContain('<p>HTML</p>');
    });

    it('gives a row sent twice (after a crash) the same Message-ID, and another row another one', async () => {
      const transport = smtpTransport(smtp.url);
      const row = { id: 7, from: 'Shop <shop@example.com>', to: 'buyer@example.com', subject: 'Votre compte', text: 'Texte brut', html: '<p>HTML</p>' };
      await transport.send(row);
      await transport.send(row);
      await transport.send({ ...row, id: 8 });
      transport.close?.();
      const ids = received.slice(-3).map((m) => /^Message-ID: (.+)$/im.exec(m)?.[1]?.trim());
      expect(ids[0]).toMatch(/^<outbox-7-[0-9a-f]{20}@example\.com>$/);
      expect(ids[1]).toBe(ids[0]);
      expect(ids[2]).not.toBe(ids[0]);
    });
  });
});
