import {
  COMPANY_MESSAGES,
  ORDER_MESSAGES,
  PROPOSAL_MESSAGES,
  formatDay,
  formatPrice,
  type AdminProposalList,
  type Locale,
  type Order,
  type Proposal,
  type ProposalInput,
  type ProposalSendInput,
  type ProposalStatus,
} from '@atelier/contract';
import { sql, type Kysely, type Selectable } from 'kysely';
import { publicBrand } from '../../config.ts';
import { nowIso } from '../../db/index.ts';
import type { Database, ProposalsTable } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { mapPage, readPage, type PageRequest } from '../../lib/paging.ts';
import { likePattern, searchTerms, searchText } from '../../lib/search.ts';
import type { OrderScope } from '../companies/scope.ts';
import { companyMailbox } from '../companies/people.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { proposalMail } from '../mail/templates.ts';
import { accountById } from '../users/accounts.ts';
import type { OrdersContext } from './context.ts';
import type { DraftRow, OrderDrafts } from './draft.ts';
import type { OrderRecords } from './records.ts';
import { chooseDoor, type OrderSubmission } from './submit.ts';

/** The shop reads its open proposals and its last decided ones: so many at most. */
const SHOWN = 20;

type Row = Selectable<ProposalsTable>;

/**
 * Proposals (issue 57): the label writes an order for a shop (after a call or a visit); the shop's people
 * see it in their account, may adjust it and send it as their own — checked and made as a submit is, one
 * order per delivery window, ranked when sent — or decline it. Past its date it can no longer be sent.
 */
export class OrderProposals {
  private readonly deps: Pick<OrdersContext, 'db' | 'companies' | 'config' | 'onMailQueued'>;
  private readonly drafts: OrderDrafts;
  private readonly submission: OrderSubmission;
  private readonly records: OrderRecords;

  constructor(
    deps: Pick<OrdersContext, 'db' | 'companies' | 'config' | 'onMailQueued'>,
    parts: { drafts: OrderDrafts; submission: OrderSubmission; records: OrderRecords },
  ) {
    this.deps = deps;
    this.drafts = parts.drafts;
    this.submission = parts.submission;
    this.records = parts.records;
  }

  /** The label writes one: the shop (an accepted one), its door, lines checked as a draft's, the date it holds until; the shop is mailed. */
  async create(input: ProposalInput, actor: Actor, lang: Locale): Promise<Proposal> {
    const db = this.deps.db;
    const shop = await accountById(db, input.companyId);
    if (!shop || shop.role !== 'retailer' || (shop.company_id !== null && shop.company_id !== shop.id))
      throw new HttpError(422, PROPOSAL_MESSAGES.companyUnknown);
    if (input.expiresOn < nowIso().slice(0, 10)) throw new HttpError(422, PROPOSAL_MESSAGES.expiresInvalid);
    const door = input.doorId === undefined ? null : await this.deps.companies.doors.one(shop.id, input.doorId);
    if (input.doorId !== undefined && !door) throw new HttpError(422, PROPOSAL_MESSAGES.doorInvalid);
    const placed = await this.drafts.placeDraftLines(input.items, lang);
    const details = await this.deps.companies.company(shop.id);
    const id = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('proposals')
        .values({
          company_id: shop.id,
          door_id: door?.id ?? null,
          status: 'open',
          expires_on: input.expiresOn,
          message: input.message || null,
          created_by: actor.id,
          created_at: nowIso(),
          decided_at: null,
          decided_by: null,
          order_id: null,
          search_text: searchText(details.companyName, shop.email, door?.name, door?.address.town),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('proposal_lines')
        .values(
          placed.map((p, position) => ({
            proposal_id: row.id,
            position,
            variant_id: p.line.variantId,
            size: p.line.size,
            quantity: p.line.quantity,
            mode: p.placed.mode,
            delivery_id: p.placed.delivery?.id ?? null,
          })),
        )
        .execute();
      const proposal = await this.view(trx, (await this.row(trx, row.id))!, shop.locale);
      await enqueueMail(trx, {
        to: (await companyMailbox(trx, shop.id, 'orders')) ?? shop.email,
        dedupeKey: `proposal:${row.id}:written`,
        ...proposalMail(publicBrand(this.deps.config), shop.locale, {
          pieces: proposal.pieces,
          total: formatPrice(proposal.total, shop.locale, proposal.currency),
          expiresOn: formatDay(proposal.expiresOn, shop.locale),
          message: proposal.message,
          url: `${this.deps.config.PUBLIC_URL}/account/proposals?lang=${shop.locale}`,
        }),
      });
      return row.id;
    });
    this.deps.onMailQueued();
    return this.view(db, (await this.row(db, id))!, lang);
  }

  /** The label's list: newest first, a page at a time, of one status, searched by the shop. */
  async list(filter: { status?: ProposalStatus | undefined; q?: string | undefined }, paging: PageRequest): Promise<AdminProposalList> {
    const today = nowIso().slice(0, 10);
    let query = this.deps.db
      .selectFrom('proposals')
      .selectAll()
      .select(sql<number>`(select count(*) from proposal_lines l where l.proposal_id = proposals.id)`.as('lines'))
      .select(sql<number>`(select coalesce(sum(l.quantity), 0) from proposal_lines l where l.proposal_id = proposals.id)`.as('pieces'));
    if (filter.status === 'expired') query = query.where('status', '=', 'open').where('expires_on', '<', today);
    else if (filter.status === 'open') query = query.where('status', '=', 'open').where('expires_on', '>=', today);
    else if (filter.status) query = query.where('status', '=', filter.status);
    for (const term of searchTerms(filter.q)) query = query.where(sql<boolean>`search_text like ${likePattern(term)} escape '\\'`);
    const page = await readPage(query, { sort: 'proposals.created_at', id: 'proposals.id', sortOf: (r) => r.created_at, idOf: (r) => r.id }, paging);
    return mapPage(page, async (rows) => {
      const [names, orders] = await Promise.all([this.names(rows.map((r) => r.company_id)), this.orderNumbers(rows)]);
      return rows.map((r) => ({
        id: r.id,
        status: statusOf(r, today),
        company: { id: r.company_id, name: names.get(r.company_id) ?? '' },
        expiresOn: r.expires_on,
        createdAt: r.created_at,
        pieces: Number(r.pieces),
        lines: Number(r.lines),
        order: r.order_id === null ? null : { id: r.order_id, number: orders.get(r.order_id) ?? '' },
      }));
    });
  }

  /** One, as the label reads it. */
  async get(id: number, lang: Locale): Promise<Proposal | null> {
    const row = await this.row(this.deps.db, id);
    return row ? this.view(this.deps.db, row, lang) : null;
  }

  /** The shop's: its open proposals first, then the last decided (a buyer: those for their doors, or for none). */
  async mine(scope: OrderScope, lang: Locale): Promise<Proposal[]> {
    let query = this.deps.db.selectFrom('proposals').selectAll().where('company_id', '=', scope.companyId);
    if (scope.doorIds !== null) {
      const doors = scope.doorIds;
      query = query.where((eb) => eb.or([eb('door_id', 'is', null), ...(doors.length ? [eb('door_id', 'in', doors)] : [])]));
    }
    const rows = await query
      .orderBy(sql`case when status = 'open' then 0 else 1 end`)
      .orderBy('id', 'desc')
      .limit(SHOWN)
      .execute();
    return Promise.all(rows.map((r) => this.view(this.deps.db, r, lang)));
  }

  /**
   * The shop sends it as its own, as proposed or adjusted: checked and made as a submit is (its door, the
   * minimum, closed windows, the stock of at-once pieces), ranked now; once only, the company's row held.
   */
  async send(id: number, personId: number, scope: OrderScope, input: ProposalSendInput, lang: Locale): Promise<{ order: Order; orders: Order[] }> {
    const ids = await this.deps.db.transaction().execute(async (trx) => {
      await this.drafts.lockRetailer(trx, scope.companyId);
      const row = await this.open(trx, id, scope);
      const user = await this.drafts.person(trx, personId);
      let rows: DraftRow[];
      if (input.items) {
        const placed = await this.drafts.placeDraftLines(input.items, lang, trx);
        rows = placed.map((p) => ({
          variant_id: p.line.variantId,
          size: p.line.size,
          quantity: p.line.quantity,
          mode: p.placed.mode,
          delivery_id: p.placed.delivery?.id ?? null,
          pack_id: null,
          packs: null,
        }));
      } else rows = await this.lines(trx, id);
      const draft = await this.drafts.price(rows, personId, lang, trx);
      if (draft.priced.length === 0) throw new HttpError(422, PROPOSAL_MESSAGES.linesInvalid);
      const door = await chooseDoor(this.deps.companies, trx, scope.companyId, personId, user.companyRole, input.doorId ?? row.door_id ?? undefined);
      const made = await this.submission.place(trx, {
        userId: scope.companyId,
        personId,
        user,
        door,
        draft,
        key: `proposal-${id}`,
        note: undefined,
        lang,
      });
      const done = await trx
        .updateTable('proposals')
        .set({ status: 'sent', decided_at: nowIso(), decided_by: personId, order_id: made[0]! })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) === 0) throw new HttpError(409, PROPOSAL_MESSAGES.closed);
      return made;
    });
    this.deps.onMailQueued();
    const orders = await Promise.all(ids.map(async (orderId) => (await this.records.get(orderId, lang))!));
    return { order: orders[0]!, orders };
  }

  /** The shop declines it. */
  async decline(id: number, personId: number, scope: OrderScope, lang: Locale): Promise<Proposal> {
    await this.deps.db.transaction().execute(async (trx) => {
      await this.open(trx, id, scope);
      await trx.updateTable('proposals').set({ status: 'declined', decided_at: nowIso(), decided_by: personId }).where('id', '=', id).execute();
    });
    return (await this.get(id, lang))!;
  }

  // —— Reading ——

  /** A proposal of the scope's company still open (409 when decided or past its date, 404 when not the shop's). */
  private async open(trx: Kysely<Database>, id: number, scope: OrderScope): Promise<Row> {
    const row = await this.row(trx, id);
    const doorOk = scope.doorIds === null || row?.door_id === null || (row?.door_id !== undefined && scope.doorIds.includes(row.door_id));
    if (!row || row.company_id !== scope.companyId || !doorOk) throw new HttpError(404, PROPOSAL_MESSAGES.notFound);
    if (row.status !== 'open') throw new HttpError(409, PROPOSAL_MESSAGES.closed);
    if (row.expires_on < nowIso().slice(0, 10)) throw new HttpError(409, PROPOSAL_MESSAGES.expired);
    return row;
  }

  private row(db: Kysely<Database>, id: number) {
    return db.selectFrom('proposals').selectAll().where('id', '=', id).executeTakeFirst();
  }

  private lines(db: Kysely<Database>, id: number): Promise<DraftRow[]> {
    return db
      .selectFrom('proposal_lines')
      .select(['variant_id', 'size', 'quantity', 'mode', 'delivery_id', sql<null>`null`.as('pack_id'), sql<null>`null`.as('packs')])
      .where('proposal_id', '=', id)
      .orderBy('position')
      .execute();
  }

  /** Its lines priced for the shop (its discount, its currency), as its draft would be. */
  private async view(db: Kysely<Database>, row: Row, lang: Locale): Promise<Proposal> {
    const [priced, names, door, orders] = await Promise.all([
      this.drafts.price(await this.lines(db, row.id), row.company_id, lang, db),
      this.names([row.company_id], db),
      row.door_id === null ? null : this.deps.companies.doors.one(row.company_id, row.door_id, db, true),
      this.orderNumbers([row], db),
    ]);
    return {
      id: row.id,
      status: statusOf(row, nowIso().slice(0, 10)),
      company: { id: row.company_id, name: names.get(row.company_id) ?? '' },
      door: door ? { id: door.id, name: door.name, town: door.address.town } : null,
      expiresOn: row.expires_on,
      message: row.message,
      createdAt: row.created_at,
      decidedAt: row.decided_at,
      order: row.order_id === null ? null : { id: row.order_id, number: orders.get(row.order_id) ?? '' },
      lines: priced.lines,
      pieces: priced.pieces,
      total: priced.total,
      ...(priced.discount ? { discount: priced.discount } : {}),
      ...(priced.currency ? { currency: priced.currency } : {}),
    };
  }

  /** The shops' names (their company's, else their e-mail). */
  private async names(companyIds: number[], db: Kysely<Database> = this.deps.db): Promise<Map<number, string>> {
    const names = new Map<number, string>();
    for (const id of new Set(companyIds)) {
      const [details, account] = await Promise.all([this.deps.companies.company(id, db), accountById(db, id)]);
      names.set(id, details.companyName ?? account?.email ?? '');
    }
    return names;
  }

  private async orderNumbers(rows: Row[], db: Kysely<Database> = this.deps.db): Promise<Map<number, string>> {
    const ids = rows.map((r) => r.order_id).filter((v): v is number => v !== null);
    if (ids.length === 0) return new Map();
    const found = await db.selectFrom('orders').select(['id', 'number']).where('id', 'in', ids).execute();
    return new Map(found.map((o) => [o.id, o.number]));
  }
}

/** Open past its date reads as expired. */
function statusOf(row: Row, today: string): ProposalStatus {
  return row.status === 'open' && row.expires_on < today ? 'expired' : row.status;
}

/** What the shop's people may do: its admin and buyers send or decline; its accounts person reads. */
export const PROPOSAL_ACCESS = {
  access: 'retailer',
  refusal: ORDER_MESSAGES.adminsCannotOrder,
  companyRoles: ['admin', 'buyer'],
  companyRefusal: COMPANY_MESSAGES.accountsCannotOrder,
} as const;
