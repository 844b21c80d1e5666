import {
  COMPANY_MESSAGES,
  COMPANY_PEOPLE_MAX,
  SET_PASSWORD_TOKEN_TTL_MS,
  type CompanyPerson,
  type CompanyRole,
  type personInvite,
  type personUpdate,
} from '@atelier/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import { publicBrand } from '../../config.ts';
import type { Db, Dialect } from '../../db/index.ts';
import { nowIso } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { logActivity, type Actor } from '../activity/service.ts';
import type { AuthService } from '../auth/service.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { personInvitationMail } from '../mail/templates.ts';
import { changeAccount, insertAccount } from '../users/accounts.ts';
import { revokeSessions } from '../auth/sessions.ts';
import { readUsers } from '../../read-models/users.ts';

type PasswordLinks = Pick<AuthService, 'createPasswordToken' | 'passwordLink'>;

/** The accounts of a company: its founding account (whose id is the company's) and the people it invited. */
export function peopleOf(db: Kysely<Database>, companyId: number) {
  return db
    .selectFrom(readUsers().as('users'))
    .where('role', '=', 'retailer')
    .where('disabled_at', 'is', null)
    .where((eb) => eb.or([eb('id', '=', companyId), eb('company_id', '=', companyId)]));
}

/**
 * Where a company's mail goes (issue 46): an order's news to the person who placed it while they belong
 * to the company; invoices and reminders to its first accounts person; else, and once a placer is
 * removed, to its first admin (the founding account first). Null when nobody is left to write to.
 */
export async function companyMailbox(
  db: Kysely<Database>,
  companyId: number,
  purpose: 'orders' | 'invoices',
  placedBy: number | null = null,
): Promise<string | null> {
  const people = await peopleOf(db, companyId).select(['id', 'email', 'company_role']).orderBy('id').execute();
  const placer = purpose === 'orders' && placedBy !== null ? people.find((p) => p.id === placedBy) : undefined;
  const accounts = purpose === 'invoices' ? people.find((p) => p.company_role === 'accounts') : undefined;
  const admin = people.find((p) => p.company_role === null || p.company_role === 'admin');
  return (placer ?? accounts ?? admin)?.email ?? null;
}

/**
 * A company's people (issue 46): a company admin, or the owner from the shop's page, invites a colleague
 * by e-mail (an account of the role `retailer` in the company, a set-password link by mail), changes
 * their role or doors, removes them (no sign-in, every session ended; what they ordered stays). A company
 * keeps one admin at least: the company's row is held while that is checked, so two admins removing each
 * other at once end with one of them.
 */
export class CompanyPeople {
  private readonly db: Db;
  private readonly dialect: Dialect;
  private readonly config: Config;
  private readonly auth: PasswordLinks;
  private readonly kick: () => void;
  /** What a webhook says of the company after a change (the owner's view of it). */
  /** Records `company.updated` in the change's transaction, with the company as the owner's API shows it. */
  private readonly changed: (trx: Kysely<Database>, companyId: number) => Promise<unknown>;

  constructor(
    db: Db,
    dialect: Dialect,
    config: Config,
    auth: PasswordLinks,
    kick: () => void,
    changed: (trx: Kysely<Database>, companyId: number) => Promise<unknown>,
  ) {
    this.db = db;
    this.dialect = dialect;
    this.config = config;
    this.auth = auth;
    this.kick = kick;
    this.changed = changed;
  }

  async list(companyId: number, db: Kysely<Database> = this.db): Promise<CompanyPerson[]> {
    const rows = await peopleOf(db, companyId)
      .select(['id', 'email', 'name', 'company_role', 'password_set', 'created_at'])
      .orderBy('id')
      .limit(COMPANY_PEOPLE_MAX)
      .execute();
    const doors = rows.length
      ? await db
          .selectFrom('door_people as dp')
          .innerJoin('retailer_doors as d', 'd.id', 'dp.door_id')
          .select(['dp.user_id', 'dp.door_id'])
          .where(
            'dp.user_id',
            'in',
            rows.map((r) => r.id),
          )
          .where('d.removed_at', 'is', null)
          .orderBy('dp.door_id')
          .execute()
      : [];
    return rows.map((r) => {
      const role = r.company_role ?? 'admin';
      return {
        id: r.id,
        name: r.name,
        email: r.email,
        role,
        doorIds: role === 'buyer' ? doors.filter((d) => d.user_id === r.id).map((d) => d.door_id) : [],
        active: Number(r.password_set) === 1,
        invitedAt: r.created_at,
        founder: r.id === companyId,
      };
    });
  }

  /**
   * The company's row, held until the transaction ends on PostgreSQL (SQLite runs one write at a time);
   * FOR NO KEY UPDATE, so rows referring to the company (orders, invoices) are still written meanwhile.
   */
  private async hold(trx: Kysely<Database>, companyId: number): Promise<void> {
    const query = trx.selectFrom(readUsers().as('users')).select('id').where('id', '=', companyId);
    await (this.dialect === 'postgres' ? query.forNoKeyUpdate() : query).executeTakeFirstOrThrow();
  }

  private async checkDoors(trx: Kysely<Database>, companyId: number, doorIds: number[]): Promise<void> {
    if (doorIds.length === 0) return;
    const found = await trx
      .selectFrom('retailer_doors')
      .select('id')
      .where('retailer_id', '=', companyId)
      .where('removed_at', 'is', null)
      .where('id', 'in', doorIds)
      .execute();
    if (found.length !== doorIds.length) throw new HttpError(422, COMPANY_MESSAGES.doorsInvalid);
  }

  private async setDoors(trx: Kysely<Database>, personId: number, role: CompanyRole, doorIds: number[]): Promise<void> {
    await trx.deleteFrom('door_people').where('user_id', '=', personId).execute();
    if (role === 'buyer' && doorIds.length)
      await trx
        .insertInto('door_people')
        .values(doorIds.map((door_id) => ({ door_id, user_id: personId })))
        .execute();
  }

  private async companyName(trx: Kysely<Database>, companyId: number): Promise<string> {
    const row = await trx
      .selectFrom(readUsers().as('u'))
      .leftJoin('company_details as c', 'c.user_id', 'u.id')
      .select(['u.email', 'c.company_name'])
      .where('u.id', '=', companyId)
      .executeTakeFirstOrThrow();
    return row.company_name || row.email;
  }

  private async person(trx: Kysely<Database>, companyId: number, personId: number) {
    const row = await peopleOf(trx, companyId).select(['id', 'email', 'name', 'company_role']).where('id', '=', personId).executeTakeFirst();
    if (!row) throw new HttpError(404, COMPANY_MESSAGES.personNotFound);
    return { ...row, role: row.company_role ?? ('admin' as const) };
  }

  /** The admins left if `personId` stopped being one. */
  private async adminsBut(trx: Kysely<Database>, companyId: number, personId: number): Promise<number> {
    const rows = await peopleOf(trx, companyId).select(['id', 'company_role']).where('id', '!=', personId).execute();
    return rows.filter((r) => (r.company_role ?? 'admin') === 'admin').length;
  }

  async invite(companyId: number, input: z.output<typeof personInvite>, actor: Actor): Promise<CompanyPerson> {
    const id = await this.db.transaction().execute(async (trx) => {
      await this.hold(trx, companyId);
      if (await trx.selectFrom(readUsers().as('users')).select('id').where('email', '=', input.email).executeTakeFirst())
        throw new HttpError(409, COMPANY_MESSAGES.emailTaken);
      const count = await peopleOf(trx, companyId)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      if (Number(count.n) >= COMPANY_PEOPLE_MAX) throw new HttpError(409, COMPANY_MESSAGES.tooMany);
      const doorIds = input.doorIds ?? [];
      await this.checkDoors(trx, companyId, doorIds);
      const user = {
        id: await insertAccount(trx, { email: input.email, role: 'retailer', locale: input.locale, companyId, companyRole: input.role, name: input.name }),
      };
      await this.setDoors(trx, user.id, input.role, doorIds);
      const token = await this.auth.createPasswordToken(trx, user.id, 'set', SET_PASSWORD_TOKEN_TTL_MS);
      await enqueueMail(trx, {
        to: input.email,
        dedupeKey: `person-invited:${user.id}`,
        ...personInvitationMail(publicBrand(this.config), input.locale, {
          name: input.name,
          email: input.email,
          company: await this.companyName(trx, companyId),
          role: input.role,
          link: this.auth.passwordLink(token, input.locale),
        }),
      });
      await logActivity(trx, actor, {
        kind: 'company',
        action: 'create',
        subject: `${input.name} <${input.email}>`,
        subjectId: companyId,
        detail: { role: input.role },
      });
      await this.changed(trx, companyId);
      return user.id;
    });
    this.kick();
    return (await this.list(companyId)).find((p) => p.id === id)!;
  }

  async update(companyId: number, personId: number, input: z.output<typeof personUpdate>, actor: Actor): Promise<CompanyPerson> {
    await this.db.transaction().execute(async (trx) => {
      await this.hold(trx, companyId);
      const person = await this.person(trx, companyId, personId);
      const role = input.role ?? person.role;
      if (person.role === 'admin' && role !== 'admin' && (await this.adminsBut(trx, companyId, personId)) === 0)
        throw new HttpError(409, COMPANY_MESSAGES.lastAdmin);
      if (input.doorIds) await this.checkDoors(trx, companyId, input.doorIds);
      await changeAccount(trx, personId, { company_role: role, ...(input.name ? { name: input.name } : {}) });
      if (input.doorIds || role !== 'buyer') {
        const current = (await trx.selectFrom('door_people').select('door_id').where('user_id', '=', personId).execute()).map((r) => r.door_id);
        await this.setDoors(trx, personId, role, input.doorIds ?? current);
      }
      await logActivity(trx, actor, {
        kind: 'company',
        action: 'update',
        subject: `${input.name ?? person.name ?? ''} <${person.email}>`.trim(),
        subjectId: companyId,
        detail: { role },
      });
      await this.changed(trx, companyId);
    });
    return (await this.list(companyId)).find((p) => p.id === personId)!;
  }

  /** Removed: no sign-in, every session ended at once; their orders stay the company's. */
  async remove(companyId: number, personId: number, actor: Actor): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await this.hold(trx, companyId);
      const person = await this.person(trx, companyId, personId);
      if (person.role === 'admin' && (await this.adminsBut(trx, companyId, personId)) === 0) throw new HttpError(409, COMPANY_MESSAGES.lastAdmin);
      const now = nowIso();
      await changeAccount(trx, personId, { disabled_at: now });
      await revokeSessions(trx, personId, now);
      await trx.deleteFrom('door_people').where('user_id', '=', personId).execute();
      await logActivity(trx, actor, { kind: 'company', action: 'delete', subject: `${person.name ?? ''} <${person.email}>`.trim(), subjectId: companyId });
      await this.changed(trx, companyId);
    });
  }
}
