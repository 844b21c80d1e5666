import { randomBytes } from 'node:crypto';
import {
  BANK_MESSAGES,
  COMPANY_MESSAGES,
  formatDay,
  formatPrice,
  fromCents,
  maskIban,
  type AccountDebits,
  type Collection,
  type CollectionInput,
  type Locale,
  type Mandate,
  type MandateInput,
} from '@atelier/contract';
import type { Kysely, Selectable } from 'kysely';
import { publicBrand, type Config } from '../../config.ts';
import { nowIso, type Db } from '../../db/index.ts';
import type { Database, SepaMandatesTable } from '../../db/schema.ts';
import { chunks } from '../../lib/chunks.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { today } from '../../lib/dates.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { mapPage, readPage, type PageRequest } from '../../lib/paging.ts';
import { readCompanyDetails } from '../../read-models/companies.ts';
import { dueOf, readInvoices } from '../../read-models/invoices.ts';
import { readInvoicingSettings } from '../../read-models/seller.ts';
import { readUsers } from '../../read-models/users.ts';
import { logActivity, type Actor } from '../activity/service.ts';
import { companyMailbox } from '../companies/people.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { debitNoticeMail } from '../mail/templates.ts';
import { painXml, type PainCreditor } from './pain.ts';
import type { InvoicePayments } from './port.ts';
import { schemaErrors } from './statement-file.ts';

type Trx = Kysely<Database>;
type MandateRow = Selectable<SepaMandatesTable>;

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * SEPA direct debits (CORE, issue 59): a mandate per company (one active at a time), and collections — the
 * open invoices due by a day of the companies with a mandate, each recorded as paid on the day the bank
 * collects it, each shop told beforehand by mail, the whole as a pain.008 file for the bank.
 */
export class DirectDebits {
  private readonly deps: { db: Db; config: Config; payments: InvoicePayments; kick: () => void };
  constructor(deps: { db: Db; config: Config; payments: InvoicePayments; kick: () => void }) {
    this.deps = deps;
  }

  // —— Mandates ——

  async mandates(companyId: number): Promise<Mandate[]> {
    await this.company(this.deps.db, companyId);
    const rows = await this.deps.db.selectFrom('sepa_mandates').selectAll().where('company_id', '=', companyId).orderBy('id', 'desc').limit(50).execute();
    return this.views(rows);
  }

  async createMandate(companyId: number, input: MandateInput, actor: Actor): Promise<Mandate> {
    if (input.signedOn > today()) throw new HttpError(422, BANK_MESSAGES.mandateInvalid);
    // Two at once: the partial unique index lets one be active, the other is told which (409).
    const row = await this.insertMandate(companyId, input, actor).catch(async (error: unknown) => {
      if (!isUniqueViolation(error)) throw error;
      const active = await this.deps.db
        .selectFrom('sepa_mandates')
        .select('rum')
        .where('company_id', '=', companyId)
        .where('status', '=', 'active')
        .executeTakeFirst();
      throw new HttpError(409, BANK_MESSAGES.mandateActive, {}, `${active?.rum ?? ''}.`);
    });
    return (await this.views([row]))[0]!;
  }

  private insertMandate(companyId: number, input: MandateInput, actor: Actor) {
    return this.deps.db.transaction().execute(async (trx) => {
      await this.company(trx, companyId);
      const active = await trx.selectFrom('sepa_mandates').select('rum').where('company_id', '=', companyId).where('status', '=', 'active').executeTakeFirst();
      if (active) throw new HttpError(409, BANK_MESSAGES.mandateActive, {}, `${active.rum}.`);
      const count = await trx
        .selectFrom('sepa_mandates')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('company_id', '=', companyId)
        .executeTakeFirstOrThrow();
      const rum = `RUM-${String(companyId).padStart(6, '0')}-${String(Number(count.n) + 1).padStart(2, '0')}`;
      const inserted = await trx
        .insertInto('sepa_mandates')
        .values({
          company_id: companyId,
          rum,
          iban: input.iban,
          bic: input.bic,
          signed_on: input.signedOn,
          recurring: input.recurring ? 1 : 0,
          notice_days: input.noticeDays,
          status: 'active',
          first_collected_on: null,
          pdf: null,
          created_at: nowIso(),
          created_by: actor.id,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await logActivity(trx, actor, { kind: 'company', action: 'sign', subject: rum, subjectId: companyId, detail: { iban: maskIban(input.iban) } });
      return inserted;
    });
  }

  async revokeMandate(mandateId: number, actor: Actor): Promise<Mandate> {
    const row = await this.deps.db.transaction().execute(async (trx) => {
      const found = await trx.selectFrom('sepa_mandates').selectAll().where('id', '=', mandateId).executeTakeFirst();
      if (!found) throw new HttpError(404, BANK_MESSAGES.mandateNotFound);
      await trx.updateTable('sepa_mandates').set({ status: 'revoked' }).where('id', '=', mandateId).execute();
      await logActivity(trx, actor, { kind: 'company', action: 'revoke', subject: found.rum, subjectId: found.company_id });
      return { ...found, status: 'revoked' as const };
    });
    return (await this.views([row]))[0]!;
  }

  /** The signed mandate kept (a PDF), as invoices are. */
  async savePdf(mandateId: number, pdf: Buffer): Promise<Mandate> {
    if (pdf.length === 0 || pdf.length > 10 * 1024 * 1024 || pdf.subarray(0, 5).toString('latin1') !== '%PDF-')
      throw new HttpError(422, BANK_MESSAGES.mandatePdfInvalid);
    const updated = await this.deps.db.updateTable('sepa_mandates').set({ pdf }).where('id', '=', mandateId).returningAll().executeTakeFirst();
    if (!updated) throw new HttpError(404, BANK_MESSAGES.mandateNotFound);
    return (await this.views([updated]))[0]!;
  }

  async pdf(mandateId: number): Promise<{ rum: string; pdf: Buffer } | null> {
    const row = await this.deps.db.selectFrom('sepa_mandates').select(['rum', 'pdf']).where('id', '=', mandateId).executeTakeFirst();
    return row?.pdf ? { rum: row.rum, pdf: Buffer.from(row.pdf) } : null;
  }

  private async company(db: Trx, companyId: number): Promise<string> {
    const row = await db
      .selectFrom(readUsers().as('u'))
      .leftJoin(readCompanyDetails().as('c'), 'c.user_id', 'u.id')
      .select(['u.id', 'u.name', 'c.company_name'])
      .where('u.id', '=', companyId)
      .where('u.role', '=', 'retailer')
      .executeTakeFirst();
    if (!row) throw new HttpError(404, COMPANY_MESSAGES.companyNotFound);
    return row.company_name ?? row.name ?? '';
  }

  private async views(rows: MandateRow[]): Promise<Mandate[]> {
    const names = await this.names(rows.map((r) => r.company_id));
    return rows.map((r) => ({
      id: r.id,
      companyId: r.company_id,
      company: names.get(r.company_id) ?? '',
      rum: r.rum,
      iban: r.iban,
      bic: r.bic,
      signedOn: r.signed_on,
      recurring: r.recurring === 1,
      noticeDays: r.notice_days,
      status: r.status,
      firstCollectedOn: r.first_collected_on,
      hasPdf: r.pdf !== null,
      createdAt: r.created_at,
    }));
  }

  private async names(ids: number[]): Promise<Map<number, string>> {
    const names = new Map<number, string>();
    for (const slice of chunks([...new Set(ids)])) {
      const rows = await this.deps.db
        .selectFrom(readUsers().as('u'))
        .leftJoin(readCompanyDetails().as('c'), 'c.user_id', 'u.id')
        .select(['u.id', 'u.name', 'c.company_name'])
        .where('u.id', 'in', slice)
        .execute();
      for (const r of rows) names.set(r.id, r.company_name ?? r.name ?? '');
    }
    return names;
  }

  // —— Collections ——

  async createCollection(input: CollectionInput, actor: Actor): Promise<Collection> {
    const creditor = await this.creditor(this.deps.db);
    const id = await this.deps.db.transaction().execute(async (trx) => {
      const picked = await this.collectable(trx, input);
      const day = today();
      const notice = Math.max(...picked.map((p) => p.mandate.notice_days));
      const collectOn = [input.dueBy, addDays(day, notice)].sort().at(-1)!;
      const messageId = `DD-${day.replaceAll('-', '')}-${randomBytes(3).toString('hex').toUpperCase()}`;
      const total = picked.reduce((s, p) => s + p.dueCents, 0);
      const collection = await trx
        .insertInto('debit_collections')
        .values({
          message_id: messageId,
          due_by: input.dueBy,
          collect_on: collectOn,
          invoices: picked.length,
          total_cents: total,
          created_at: nowIso(),
          created_by: actor.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const payments = await this.deps.payments.record(
        trx,
        picked.map((p, i) => ({
          invoiceId: p.invoiceId,
          cents: p.dueCents,
          date: collectOn,
          method: 'directDebit' as const,
          reference: `${messageId}-${i + 1}`,
        })),
        actor,
      );
      for (const slice of chunks(
        picked.map((p, i) => ({ p, i })),
        200,
      )) {
        await trx
          .insertInto('debit_items')
          .values(
            slice.map(({ p, i }) => ({
              collection_id: collection.id,
              invoice_id: p.invoiceId,
              company_id: p.companyId,
              mandate_id: p.mandate.id,
              sequence: sequenceOf(p.mandate),
              amount_cents: p.dueCents,
              end_to_end: `${messageId}-${i + 1}`,
              payment_id: payments[i]!.id,
              status: 'collected' as const,
              return_reason: null,
            })),
          )
          .execute();
      }
      const mandates = [...new Map(picked.map((p) => [p.mandate.id, p.mandate])).values()];
      for (const m of mandates) {
        if (m.first_collected_on === null || m.recurring === 0)
          await trx
            .updateTable('sepa_mandates')
            .set({ first_collected_on: m.first_collected_on ?? collectOn, status: m.recurring === 0 ? 'used' : m.status })
            .where('id', '=', m.id)
            .execute();
      }
      await this.notify(trx, picked, collectOn, creditor.creditorId);
      await logActivity(trx, actor, {
        kind: 'invoicing',
        action: 'create',
        subject: messageId,
        subjectId: collection.id,
        detail: { invoices: picked.length, total: fromCents(total) },
      });
      return collection.id;
    });
    this.deps.kick();
    return (await this.collection(id))!;
  }

  /** The invoices a collection takes: those named (each checked), or every open one due by the day of a company with an active mandate. */
  private async collectable(trx: Trx, input: CollectionInput) {
    let query = trx
      .selectFrom(readInvoices().as('i'))
      .select(['i.id', 'i.number', 'i.user_id', 'i.due_date', 'i.currency', 'i.locale', dueOf('i').as('due')])
      .where('i.type', '=', 'invoice');
    query = input.invoiceIds
      ? query.where('i.id', 'in', input.invoiceIds)
      : query.where('i.due_date', '<=', input.dueBy).where(dueOf('i'), '>', 0).where('i.currency', '=', 'EUR');
    const rows = await query.orderBy('i.due_date').orderBy('i.id').limit(5000).execute();
    const companies = [...new Set(rows.map((r) => r.user_id ?? 0))];
    const mandates = new Map<number, MandateRow>();
    for (const slice of chunks(companies)) {
      for (const m of await trx.selectFrom('sepa_mandates').selectAll().where('company_id', 'in', slice).where('status', '=', 'active').execute())
        mandates.set(m.company_id, m);
    }
    const taken = new Set<number>();
    for (const slice of chunks(rows.map((r) => r.id))) {
      for (const d of await trx.selectFrom('debit_items').select('invoice_id').where('invoice_id', 'in', slice).where('status', '=', 'collected').execute())
        taken.add(d.invoice_id);
    }
    if (input.invoiceIds) {
      for (const wanted of input.invoiceIds) {
        const r = rows.find((x) => x.id === wanted);
        if (!r) throw new HttpError(422, BANK_MESSAGES.invoiceUnknown, {}, String(wanted));
        if (Number(r.due) <= 0) throw new HttpError(422, BANK_MESSAGES.invoiceSettled, {}, `${r.number}.`);
        if (r.currency !== 'EUR') throw new HttpError(422, BANK_MESSAGES.invoiceNotEuro, {}, `${r.number}.`);
        if (r.due_date === null || r.due_date > input.dueBy) throw new HttpError(422, BANK_MESSAGES.invoiceNotDue, {}, `${r.number}.`);
        if (!mandates.has(r.user_id ?? 0)) throw new HttpError(422, BANK_MESSAGES.invoiceNoMandate, {}, `${r.number}.`);
        if (taken.has(r.id)) throw new HttpError(409, BANK_MESSAGES.invoiceCollected, {}, `${r.number}.`);
      }
    }
    const oneOff = new Set<number>();
    const picked = rows
      .filter((r) => mandates.has(r.user_id ?? 0) && !taken.has(r.id))
      // A one-off mandate debits once: its company's first invoice only.
      .filter((r) => mandates.get(r.user_id!)!.recurring === 1 || (!oneOff.has(r.user_id!) && oneOff.add(r.user_id!)))
      .map((r) => ({
        invoiceId: r.id,
        number: r.number,
        companyId: r.user_id!,
        dueCents: Number(r.due),
        locale: r.locale,
        mandate: mandates.get(r.user_id!)!,
      }));
    if (picked.length === 0) throw new HttpError(422, BANK_MESSAGES.nothingToCollect);
    return picked;
  }

  /** Each shop told of its debit (amount, day, mandate), in its invoices' language, by the outbox. */
  private async notify(trx: Trx, picked: Awaited<ReturnType<DirectDebits['collectable']>>, collectOn: string, creditorId: string) {
    const byCompany = new Map<number, typeof picked>();
    for (const p of picked) byCompany.set(p.companyId, [...(byCompany.get(p.companyId) ?? []), p]);
    for (const [companyId, list] of byCompany) {
      const to = await companyMailbox(trx, companyId, 'invoices');
      if (!to) continue;
      const locale = list[0]!.locale as Locale;
      const mandate = list[0]!.mandate;
      await enqueueMail(trx, {
        to,
        dedupeKey: `debit-notice:${list[0]!.invoiceId}:${collectOn}`,
        ...debitNoticeMail(publicBrand(this.deps.config), locale, {
          amount: formatPrice(fromCents(list.reduce((s, p) => s + p.dueCents, 0)), locale),
          collectOn: formatDay(collectOn, locale),
          rum: mandate.rum,
          iban: maskIban(mandate.iban),
          creditorId,
          invoices: list.map((p) => p.number),
        }),
      });
    }
  }

  private async creditor(db: Trx): Promise<PainCreditor> {
    const row = await db.selectFrom(readInvoicingSettings().as('s')).select('s.settings').executeTakeFirst();
    const settings = row ? (JSON.parse(row.settings) as { legalName: string; iban: string; bic: string; creditorId?: string | null }) : null;
    if (!settings?.creditorId) throw new HttpError(422, BANK_MESSAGES.creditorMissing);
    return { name: settings.legalName, iban: settings.iban, bic: settings.bic, creditorId: settings.creditorId };
  }

  async collections(paging: PageRequest) {
    const page = await readPage(
      this.deps.db.selectFrom('debit_collections').selectAll(),
      { sort: 'debit_collections.created_at', id: 'debit_collections.id', sortOf: (r) => r.created_at, idOf: (r) => r.id },
      paging,
    );
    return mapPage(page, (rows) =>
      rows.map(({ id, message_id, due_by, collect_on, invoices, total_cents, created_at }) => ({
        id,
        messageId: message_id,
        dueBy: due_by,
        collectOn: collect_on,
        invoices,
        total: fromCents(total_cents),
        createdAt: created_at,
      })),
    );
  }

  async collection(id: number): Promise<Collection | null> {
    const c = await this.deps.db.selectFrom('debit_collections').selectAll().where('id', '=', id).executeTakeFirst();
    if (!c) return null;
    const items = await this.items(this.deps.db, [id]);
    return {
      id: c.id,
      messageId: c.message_id,
      dueBy: c.due_by,
      collectOn: c.collect_on,
      invoices: c.invoices,
      total: fromCents(c.total_cents),
      createdAt: c.created_at,
      items,
    };
  }

  private async items(db: Trx, collectionIds: number[]) {
    const query = db
      .selectFrom('debit_items as d')
      .innerJoin('sepa_mandates as m', 'm.id', 'd.mandate_id')
      .innerJoin(readInvoices().as('i'), 'i.id', 'd.invoice_id')
      .select([
        'd.id',
        'd.invoice_id',
        'i.number',
        'd.company_id',
        'm.rum',
        'd.sequence',
        'd.amount_cents',
        'd.end_to_end',
        'd.payment_id',
        'd.status',
        'd.return_reason',
      ])
      .where('d.collection_id', 'in', collectionIds)
      .orderBy('d.id');
    const rows = await query.limit(5000).execute();
    const names = await this.names(rows.map((r) => r.company_id));
    return rows.map((r) => ({
      id: r.id,
      invoiceId: r.invoice_id,
      number: r.number,
      company: names.get(r.company_id) ?? '',
      rum: r.rum,
      sequence: r.sequence,
      amount: fromCents(r.amount_cents),
      endToEndId: r.end_to_end,
      paymentId: r.payment_id,
      status: r.status,
      returnReason: r.return_reason,
    }));
  }

  /** The collection's pain.008.001.02, checked against its XSD before the owner uploads it. */
  async painFile(id: number): Promise<{ name: string; xml: string } | null> {
    const c = await this.deps.db.selectFrom('debit_collections').selectAll().where('id', '=', id).executeTakeFirst();
    if (!c) return null;
    const creditor = await this.creditor(this.deps.db);
    const rows = await this.deps.db
      .selectFrom('debit_items as d')
      .innerJoin('sepa_mandates as m', 'm.id', 'd.mandate_id')
      .innerJoin(readInvoices().as('i'), 'i.id', 'd.invoice_id')
      .select(['d.end_to_end', 'd.amount_cents', 'd.sequence', 'd.company_id', 'm.rum', 'm.signed_on', 'm.bic', 'm.iban', 'i.number'])
      .where('d.collection_id', '=', id)
      .orderBy('d.id')
      .execute();
    const names = await this.names(rows.map((r) => r.company_id));
    const xml = painXml({
      messageId: c.message_id,
      createdAt: c.created_at,
      collectOn: c.collect_on,
      creditor,
      debits: rows.map((r) => ({
        endToEnd: r.end_to_end,
        cents: r.amount_cents,
        sequence: r.sequence,
        rum: r.rum,
        signedOn: r.signed_on,
        bic: r.bic,
        debtor: names.get(r.company_id) ?? '',
        iban: r.iban,
        remittance: `${r.number}`,
      })),
    });
    const errors = await schemaErrors(xml, 'pain.008.001.02');
    if (errors.length) throw new Error(`pain.008 of collection ${id} fails its XSD: ${errors.join('; ')}`);
    return { name: `${c.message_id}.xml`, xml };
  }

  /** What the shop reads: its mandate and its debits (issue 59). */
  async account(companyId: number): Promise<AccountDebits> {
    const m = await this.deps.db.selectFrom('sepa_mandates').selectAll().where('company_id', '=', companyId).orderBy('id', 'desc').executeTakeFirst();
    const debits = await this.deps.db
      .selectFrom('debit_items as d')
      .innerJoin('debit_collections as c', 'c.id', 'd.collection_id')
      .innerJoin('sepa_mandates as m', 'm.id', 'd.mandate_id')
      .innerJoin(readInvoices().as('i'), 'i.id', 'd.invoice_id')
      .select(['d.invoice_id', 'i.number', 'd.amount_cents', 'c.collect_on', 'm.rum', 'd.status'])
      .where('d.company_id', '=', companyId)
      .orderBy('c.collect_on', 'desc')
      .orderBy('d.id', 'desc')
      .limit(100)
      .execute();
    return {
      mandate: m ? { rum: m.rum, iban: m.iban, bic: m.bic, signedOn: m.signed_on, recurring: m.recurring === 1, status: m.status } : null,
      debits: debits.map((d) => ({
        invoiceId: d.invoice_id,
        number: d.number,
        amount: fromCents(d.amount_cents),
        collectOn: d.collect_on,
        rum: d.rum,
        status: d.status,
      })),
    };
  }
}

/** FRST for a mandate's first debit, RCUR after, OOFF for a one-off mandate. */
const sequenceOf = (m: MandateRow): 'FRST' | 'RCUR' | 'OOFF' => (m.recurring === 0 ? 'OOFF' : m.first_collected_on === null ? 'FRST' : 'RCUR');
