import { COMPANY_DOORS_MAX, COMPANY_MESSAGES, type CompanyDoor, type PostalAddress, type doorInput } from '@atelier/contract';
import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { nowIso } from '../../db/index.ts';
import type { Database, RetailerDoorsTable } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { logActivity, type Actor } from '../activity/service.ts';

export function toDoor(r: Selectable<RetailerDoorsTable>): CompanyDoor {
  return {
    id: r.id,
    name: r.name,
    address: { line1: r.line1, line2: r.line2 ?? '', postcode: r.postcode, town: r.town, country: r.country },
    phone: r.phone,
    hours: r.hours,
    public: r.public === 1,
  };
}

/**
 * A company's doors (issue 46): the places that receive goods, each with its address, phone and opening
 * hours, on "where to buy" when public (the routes clear the public pages after a change). A removed
 * door stays on the orders that went to it.
 */
export class CompanyDoors {
  private readonly db: Db;
  /** Records `company.updated` in the change's transaction, with the company as the owner's API shows it. */
  private readonly changed: (trx: Kysely<Database>, companyId: number) => Promise<unknown>;

  constructor(db: Db, changed: (trx: Kysely<Database>, companyId: number) => Promise<unknown>) {
    this.db = db;
    this.changed = changed;
  }

  async list(companyId: number, db: Kysely<Database> = this.db): Promise<CompanyDoor[]> {
    const rows = await db
      .selectFrom('retailer_doors')
      .selectAll()
      .where('retailer_id', '=', companyId)
      .where('removed_at', 'is', null)
      .orderBy('id')
      .limit(COMPANY_DOORS_MAX)
      .execute();
    return rows.map(toDoor);
  }

  /** One door of the company (removed ones too when `evenRemoved`: an order keeps its door). */
  async one(companyId: number, doorId: number, db: Kysely<Database> = this.db, evenRemoved = false): Promise<CompanyDoor | null> {
    let query = db.selectFrom('retailer_doors').selectAll().where('retailer_id', '=', companyId).where('id', '=', doorId);
    if (!evenRemoved) query = query.where('removed_at', 'is', null);
    const row = await query.executeTakeFirst();
    return row ? toDoor(row) : null;
  }

  /**
   * The doors a person orders for: every door for an admin, those given to a buyer, none for accounts.
   * `null` means every door (no filter on what they see).
   */
  async doorsOf(personId: number, role: 'admin' | 'buyer' | 'accounts', db: Kysely<Database> = this.db): Promise<number[] | null> {
    if (role !== 'buyer') return null;
    const rows = await db
      .selectFrom('door_people as dp')
      .innerJoin('retailer_doors as d', 'd.id', 'dp.door_id')
      .select('dp.door_id')
      .where('dp.user_id', '=', personId)
      .where('d.removed_at', 'is', null)
      .execute();
    return rows.map((r) => r.door_id);
  }

  /**
   * A company's first door, from the address its details give (delivery, else billing), when it has none:
   * a shop that signs up, or is met at the showroom, starts with one door (not public).
   */
  async ensureFirst(trx: Kysely<Database>, companyId: number, name: string, address: PostalAddress | null | undefined, phone: string | null): Promise<void> {
    if (!address) return;
    const any = await trx.selectFrom('retailer_doors').select('id').where('retailer_id', '=', companyId).where('removed_at', 'is', null).executeTakeFirst();
    if (any) return;
    const now = nowIso();
    await trx
      .insertInto('retailer_doors')
      .values({
        retailer_id: companyId,
        name: name.slice(0, 120),
        line1: address.line1,
        line2: address.line2 || null,
        postcode: address.postcode,
        town: address.town,
        country: address.country,
        phone,
        hours: null,
        public: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }

  private values(input: z.output<typeof doorInput>) {
    return {
      name: input.name,
      line1: input.address.line1,
      line2: input.address.line2 || null,
      postcode: input.address.postcode,
      town: input.address.town,
      country: input.address.country,
      phone: input.phone || null,
      hours: input.hours || null,
      public: input.public ? 1 : 0,
    };
  }

  async create(companyId: number, input: z.output<typeof doorInput>, actor: Actor): Promise<CompanyDoor> {
    const id = await this.db.transaction().execute(async (trx) => {
      const count = await trx
        .selectFrom('retailer_doors')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('retailer_id', '=', companyId)
        .where('removed_at', 'is', null)
        .executeTakeFirstOrThrow();
      if (Number(count.n) >= COMPANY_DOORS_MAX) throw new HttpError(409, COMPANY_MESSAGES.tooMany);
      const now = nowIso();
      const row = await trx
        .insertInto('retailer_doors')
        .values({ retailer_id: companyId, ...this.values(input), created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await logActivity(trx, actor, { kind: 'company', action: 'create', subject: `${input.name}, ${input.address.town}`, subjectId: companyId });
      await this.changed(trx, companyId);
      return row.id;
    });
    return (await this.one(companyId, id))!;
  }

  async update(companyId: number, doorId: number, input: z.output<typeof doorInput>, actor: Actor): Promise<CompanyDoor> {
    await this.db.transaction().execute(async (trx) => {
      const done = await trx
        .updateTable('retailer_doors')
        .set({ ...this.values(input), updated_at: nowIso() })
        .where('id', '=', doorId)
        .where('retailer_id', '=', companyId)
        .where('removed_at', 'is', null)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) throw new HttpError(404, COMPANY_MESSAGES.doorNotFound);
      await logActivity(trx, actor, { kind: 'company', action: 'update', subject: `${input.name}, ${input.address.town}`, subjectId: companyId });
      await this.changed(trx, companyId);
    });
    return (await this.one(companyId, doorId))!;
  }

  /** Removed from what the company orders for and from "where to buy"; the orders that went there keep it. */
  async remove(companyId: number, doorId: number, actor: Actor): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const door = await this.one(companyId, doorId, trx);
      if (!door) throw new HttpError(404, COMPANY_MESSAGES.doorNotFound);
      const others = await trx
        .selectFrom('retailer_doors')
        .select('id')
        .where('retailer_id', '=', companyId)
        .where('removed_at', 'is', null)
        .where('id', '!=', doorId)
        .executeTakeFirst();
      if (!others) throw new HttpError(409, COMPANY_MESSAGES.lastDoor);
      const now = nowIso();
      await trx.updateTable('retailer_doors').set({ removed_at: now, updated_at: now, public: 0 }).where('id', '=', doorId).execute();
      await trx.deleteFrom('door_people').where('door_id', '=', doorId).execute();
      await logActivity(trx, actor, { kind: 'company', action: 'delete', subject: `${door.name}, ${door.address.town}`, subjectId: companyId });
      await this.changed(trx, companyId);
    });
  }
}
