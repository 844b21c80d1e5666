import { COMPANY_MESSAGES, type CompanyDetails, type CompanySummary, type CompanyView } from '@atelier/contract';
import { sql, type Kysely } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { mapPage, readPage, type Page, type PageRequest } from '../../lib/paging.ts';
import { searchTerms } from '../../lib/search.ts';
import type { CompanyDoors } from './doors.ts';
import type { CompanyPeople } from './people.ts';
import { readUsers } from '../../read-models/users.ts';

/** How a company's details are read (the companies service's, handed in). */
type DetailsReader = { company(companyId: number, db: Kysely<Database>): Promise<CompanyDetails> };

/**
 * The owner's companies (issue 46): a page at a time by name, searched by name, e-mail, SIRET or a door's
 * town; one company with its details, people and doors (what the webhooks `company.*` carry too).
 */
export class CompanyDirectory {
  private readonly db: Db;
  private readonly companies: DetailsReader;
  private readonly people: CompanyPeople;
  private readonly doors: CompanyDoors;

  constructor(db: Db, companies: DetailsReader, people: CompanyPeople, doors: CompanyDoors) {
    this.db = db;
    this.companies = companies;
    this.people = people;
    this.doors = doors;
  }

  /** A company is a retailer's founding account (its people have `company_id`). */
  private base(db: Kysely<Database> = this.db) {
    return db
      .selectFrom(readUsers().as('u'))
      .leftJoin('company_details as c', 'c.user_id', 'u.id')
      .where('u.role', '=', 'retailer')
      .where('u.company_id', 'is', null);
  }

  async exists(companyId: number, db: Kysely<Database> = this.db): Promise<boolean> {
    return (await this.base(db).select('u.id').where('u.id', '=', companyId).executeTakeFirst()) !== undefined;
  }

  async list(filter: { q?: string | undefined }, paging: PageRequest = {}): Promise<Page<CompanySummary>> {
    const name = sql<string>`lower(coalesce(c.company_name, u.email))`;
    let query = this.base().select(['u.id', 'u.email', 'u.created_at', 'c.company_name', 'c.billing_town', 'c.delivery_town', name.as('sort_name')]);
    for (const term of searchTerms(filter.q)) {
      const like = `%${term}%`;
      const folded = (column: string) => sql<string>`lower(${sql.ref(column)})`;
      query = query.where((eb) =>
        eb.or([
          eb(folded('c.company_name'), 'like', like),
          eb(folded('u.email'), 'like', like),
          eb('c.siret', 'like', `${term}%`),
          eb(folded('c.billing_town'), 'like', like),
          eb(
            'u.id',
            'in',
            eb
              .selectFrom('retailer_doors as d')
              .select('d.retailer_id')
              .where(sql<boolean>`lower(d.town) like ${like}`)
              .where('d.removed_at', 'is', null),
          ),
          eb(
            'u.id',
            'in',
            eb
              .selectFrom(readUsers().as('p'))
              .select('p.company_id')
              .where(sql<boolean>`lower(p.email) like ${like}`)
              .where('p.company_id', 'is not', null),
          ),
        ]),
      );
    }
    const page = await readPage(query, { sort: name, id: 'u.id', sortOf: (r) => r.sort_name, idOf: (r) => r.id, direction: 'asc' }, paging);
    return mapPage(page, async (rows) => {
      if (rows.length === 0) return [];
      const ids = rows.map((r) => r.id);
      const [people, doors] = await Promise.all([
        this.db
          .selectFrom(readUsers().as('users'))
          .select((eb) => [sql<number>`coalesce(company_id, id)`.as('company'), eb.fn.countAll<number>().as('n')])
          .where('role', '=', 'retailer')
          .where('disabled_at', 'is', null)
          .where((eb) => eb.or([eb('id', 'in', ids), eb('company_id', 'in', ids)]))
          .groupBy(sql`coalesce(company_id, id)`)
          .execute(),
        this.db
          .selectFrom('retailer_doors')
          .select((eb) => ['retailer_id', eb.fn.countAll<number>().as('n')])
          .where('retailer_id', 'in', ids)
          .where('removed_at', 'is', null)
          .groupBy('retailer_id')
          .execute(),
      ]);
      return rows.map((r) => ({
        id: r.id,
        name: r.company_name || r.email,
        email: r.email,
        town: r.delivery_town ?? r.billing_town ?? null,
        people: Number(people.find((p) => Number(p.company) === r.id)?.n ?? 0),
        doors: Number(doors.find((d) => d.retailer_id === r.id)?.n ?? 0),
        createdAt: r.created_at,
      }));
    });
  }

  /** One company as the owner sees it (404 when the id is not a company's). */
  async view(companyId: number, db: Kysely<Database> = this.db): Promise<CompanyView> {
    const row = await this.base(db).select(['u.id', 'u.email']).where('u.id', '=', companyId).executeTakeFirst();
    if (!row) throw new HttpError(404, COMPANY_MESSAGES.companyNotFound);
    const [details, people, doors] = [await this.companies.company(companyId, db), await this.people.list(companyId, db), await this.doors.list(companyId, db)];
    return { id: row.id, email: row.email, details, people, doors };
  }
}
