import { COMPANY_GAPS, addressLine, type CompanyDetails, type CompanyInput, type CompanyRole, type PostalAddress } from '@atelier/contract';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Db, Dialect } from '../../db/index.ts';
import { nowIso } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import type { AuthService } from '../auth/service.ts';
import type { DomainEvents, EventRecorder } from '../../platform/events.ts';
import { CompanyDirectory } from './directory.ts';
import { CompanyDoors } from './doors.ts';
import { CompanyPeople } from './people.ts';
import type { OrderScope } from './scope.ts';
import { CompanyTermsBook, type LabelTerms } from './terms.ts';
import { readUsers } from '../../read-models/users.ts';

type CompanyGap = (typeof COMPANY_GAPS)[number];
export const EMPTY_COMPANY: CompanyDetails = { companyName: null, siret: null, vatNumber: null, billingAddress: null, deliveryAddress: null, phone: null };

/** The company details an order was sent with (empty details if the stored JSON is unreadable). */
export function parseCompany(json: string): CompanyDetails {
  try {
    return { ...EMPTY_COMPANY, ...(JSON.parse(json) as CompanyDetails) };
  } catch {
    return { ...EMPTY_COMPANY };
  }
}

/** What `company.details-saved` carries: the words the company is now found by. */
export interface CompanyDetailsSaved {
  companyId: number;
  words: Array<string | null | undefined>;
}

/**
 * A retailer's company (issue 46: shops as companies): its name, SIRET and VAT number, billing and
 * delivery addresses, phone (orders freeze a copy when sent; invoices read them at issue; an accepted
 * application starts them); its people (`people`) and doors (`doors`); the owner's list of them
 * (`directory`). A company's id is the id of the account it started with (ADR 0022).
 */
export class CompaniesService {
  private readonly db: Db;
  readonly people: CompanyPeople;
  readonly doors: CompanyDoors;
  readonly directory: CompanyDirectory;
  readonly terms: CompanyTermsBook;
  private readonly events: EventRecorder & Pick<DomainEvents, 'settle'>;

  constructor({
    db,
    dialect,
    config,
    auth,
    kick,
    label,
    events,
  }: {
    db: Db;
    dialect: Dialect;
    config: Config;
    auth: Pick<AuthService, 'createPasswordToken' | 'passwordLink'>;
    kick: () => void;
    label: LabelTerms;
    /** `company.details-saved` (the retailers area finds its applications by what the details say), `company.created`, `company.updated`. */
    events: EventRecorder & Pick<DomainEvents, 'settle'>;
  }) {
    this.db = db;
    this.events = events;
    // A change of people, doors or terms is `company.updated`, with the company as the owner's API shows it.
    const changed = (trx: Kysely<Database>, companyId: number) =>
      this.events.record(trx, 'company.updated', companyId, { companyId }, () => this.directory.view(companyId, trx));
    this.people = new CompanyPeople(db, dialect, config, auth, kick, changed);
    this.doors = new CompanyDoors(db, changed);
    this.directory = new CompanyDirectory(db, this, this.people, this.doors);
    this.terms = new CompanyTermsBook(db, label, (companyId, trx) => this.directory.exists(companyId, trx), changed);
  }

  /** What a person of a company sees of its orders and returns (issue 46): every door, or a buyer's doors. */
  async scopeFor(personId: number, company: { id: number; role: CompanyRole }): Promise<OrderScope> {
    return { companyId: company.id, doorIds: await this.doors.doorsOf(personId, company.role) };
  }

  async company(userId: number, db: Kysely<Database> = this.db): Promise<CompanyDetails> {
    const row = await db.selectFrom('company_details').selectAll().where('user_id', '=', userId).executeTakeFirst();
    if (!row) return { ...EMPTY_COMPANY, toComplete: ['companyName', 'billing', 'siren'] };
    const address = (kind: 'billing' | 'delivery'): PostalAddress | null => {
      const line1 = row[`${kind}_line1`];
      if (!line1) return null;
      return {
        line1,
        line2: row[`${kind}_line2`] ?? '',
        postcode: row[`${kind}_postcode`] ?? '',
        town: row[`${kind}_town`] ?? '',
        country: row[`${kind}_country`] ?? '',
      };
    };
    const billing = address('billing');
    const toComplete: CompanyGap[] = [];
    if (!row.company_name) toComplete.push('companyName');
    if (!billing || !billing.postcode || !billing.town || !billing.country || row.to_complete) toComplete.push('billing');
    if ((billing?.country || 'FR') === 'FR' && !row.siren) toComplete.push('siren');
    return {
      companyName: row.company_name,
      siret: row.siret,
      vatNumber: row.vat_number,
      billingAddress: row.billing_address,
      deliveryAddress: row.delivery_address,
      phone: row.phone,
      siren: row.siren,
      billing,
      delivery: address('delivery'),
      toComplete,
    };
  }

  /**
   * Saves the details. Structured addresses, when given, are what counts (their one-line form is
   * written beside them); a one-line address alone goes into line 1, "to complete".
   */
  async saveCompany(userId: number, input: CompanyInput): Promise<CompanyDetails> {
    const structured = (kind: 'billing' | 'delivery', address: PostalAddress | null | undefined, text: string | null) =>
      address
        ? {
            [`${kind}_line1`]: address.line1,
            [`${kind}_line2`]: address.line2 || null,
            [`${kind}_postcode`]: address.postcode,
            [`${kind}_town`]: address.town,
            [`${kind}_country`]: address.country,
          }
        : {
            [`${kind}_line1`]: text ? text.slice(0, 120) : null,
            [`${kind}_line2`]: null,
            [`${kind}_postcode`]: null,
            [`${kind}_town`]: null,
            [`${kind}_country`]: null,
          };
    const values = {
      company_name: input.companyName,
      siret: input.siret,
      siren: input.siret ? input.siret.slice(0, 9) : null,
      vat_number: input.vatNumber,
      billing_address: input.billing ? addressLine(input.billing) : input.billingAddress,
      delivery_address: input.delivery ? addressLine(input.delivery) : input.deliveryAddress,
      phone: input.phone,
      ...structured('billing', input.billing, input.billingAddress),
      ...structured('delivery', input.delivery, input.deliveryAddress),
      // A one-line address (an older screen, or the API without the structured fields) waits to be completed.
      to_complete: (!input.billing && input.billingAddress) || (!input.delivery && input.deliveryAddress) ? 1 : 0,
      updated_at: nowIso(),
    };
    const eventId = await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('company_details')
        .values({ user_id: userId, ...values })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
        .execute();
      // The shop is then found by what its details say (issue 43: a shop by its town): the retailers
      // area's listener writes its applications' search words (ADR 0029).
      const saved: CompanyDetailsSaved = { companyId: userId, words: [input.companyName, input.billing?.town, input.delivery?.town, input.siret] };
      const recorded = await this.events.record(trx, 'company.details-saved', userId, saved);
      // A retailer's company (not the owner's own account) starts its first door, and is told about.
      const user = await trx.selectFrom(readUsers().as('users')).select(['email', 'role']).where('id', '=', userId).executeTakeFirst();
      if (user?.role === 'retailer') {
        await this.doors.ensureFirst(trx, userId, input.companyName || user.email, input.delivery ?? input.billing, input.phone);
        await this.events.record(trx, 'company.updated', userId, { companyId: userId }, () => this.directory.view(userId, trx));
      }
      return recorded;
    });
    // What the owner searches right after reads the new words (two seconds at most).
    await this.events.settle([eventId]);
    return this.company(userId);
  }

  /** At accept: the application's company, SIRET and phone become the account's details (what is already there stays). */
  async seedCompany(trx: Kysely<Database>, userId: number, from: { company: string | null; siret: string | null; phone: string | null }): Promise<void> {
    await trx
      .insertInto('company_details')
      .values({
        user_id: userId,
        company_name: from.company,
        siret: from.siret,
        vat_number: null,
        billing_address: null,
        delivery_address: null,
        phone: from.phone,
        updated_at: nowIso(),
      })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    await this.events.record(trx, 'company.created', userId, { companyId: userId }, () => this.directory.view(userId, trx));
  }
}
