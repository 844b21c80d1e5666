import {
  LISTING_MESSAGES,
  normalizeSearch,
  type AccountListing,
  type AdminListing,
  type AdminListingInput,
  type ListingInput,
  type Locale,
  type PublicListing,
  type TrustShop,
  otherLocale,
} from '@atelier/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/index.ts';
import { nowIso } from '../../db/index.ts';
import type { RetailerListingsTable } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { mapPage, readPage, type Page, type PageRequest } from '../../lib/paging.ts';
import { logActivity, type Actor } from '../activity/service.ts';
import { accountsByIds } from '../users/accounts.ts';
import { readCompanyDetails, readRetailerDoors } from '../../read-models/companies.ts';

type Row = Selectable<RetailerListingsTable>;

const pick = (fr: string, en: string, lang: Locale) => {
  const texts = { fr, en };
  return texts[lang] || texts[otherLocale(lang)];
};

function toFields(row: Row) {
  return {
    listed: row.listed === 1,
    name: row.name,
    address: row.address,
    postcode: row.postcode,
    city: row.city,
    country: row.country,
    website: row.website,
    instagram: row.instagram,
    description: { fr: row.description_fr, en: row.description_en },
    logoUrl: row.logo_url,
  };
}

function toColumns(input: ListingInput) {
  return {
    listed: input.listed ? 1 : 0,
    name: input.name,
    address: input.address,
    postcode: input.postcode,
    city: input.city,
    country: input.country,
    website: input.website,
    instagram: input.instagram,
    description_fr: input.description.fr,
    description_en: input.description.en,
    logo_url: input.logoUrl,
  };
}

/**
 * Retailers' public listings (/where-to-buy and the trust carousel). A shop is public only
 * while its retailer has opted in and the owner has not hidden it; nothing else about a
 * retailer ever reaches a visitor.
 */
export class ListingsService {
  private readonly db: Db;
  /** The public list per language; cleared by every listing write (and onContentChange). */
  readonly publicCache = new TtlCache<PublicListing[]>(30_000, 4);

  constructor({ db }: { db: Db }) {
    this.db = db;
  }

  /** The retailer's listing, or an empty one started from their company name. */
  async mine(userId: number): Promise<AccountListing> {
    const row = await this.db.selectFrom('retailer_listings').selectAll().where('user_id', '=', userId).executeTakeFirst();
    if (row) return { ...toFields(row), hidden: row.hidden === 1, updatedAt: row.updated_at };
    const company = await this.db
      .selectFrom(readCompanyDetails().as('company_details'))
      .select('company_name')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return {
      listed: false,
      name: company?.company_name ?? '',
      address: '',
      postcode: '',
      city: '',
      country: 'FR',
      website: '',
      instagram: '',
      description: { fr: '', en: '' },
      logoUrl: null,
      hidden: false,
      updatedAt: null,
    };
  }

  /** The retailer's own save: never touches `hidden` (the owner's hide wins over an opt-in). */
  async saveMine(userId: number, input: ListingInput): Promise<AccountListing> {
    const now = nowIso();
    const values = { ...toColumns(input), updated_at: now };
    await this.db
      .insertInto('retailer_listings')
      .values({ user_id: userId, hidden: 0, created_at: now, ...values })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
      .execute();
    this.publicCache.clear();
    return this.mine(userId);
  }

  private adminRows() {
    return this.db.selectFrom('retailer_listings as l').selectAll('l');
  }

  /** The listings with their shops' e-mails (the users area's read model). */
  private async withEmails(rows: Array<Selectable<RetailerListingsTable>>): Promise<AdminListing[]> {
    const accounts = await accountsByIds(
      this.db,
      rows.map((r) => r.user_id),
    );
    return rows.map((r) => toAdminListing({ ...r, email: accounts.get(r.user_id)?.email ?? '' }));
  }

  private async adminOne(id: number): Promise<AdminListing | null> {
    const r = await this.adminRows().where('l.id', '=', id).executeTakeFirst();
    return r ? (await this.withEmails([r]))[0]! : null;
  }

  /** A page of every listing, listed or not, by town (ties by id): a label's shops run to a few hundred. */
  async adminList(paging: PageRequest): Promise<Page<AdminListing>> {
    const query = this.adminRows();
    const page = await readPage(query, { sort: 'l.city', id: 'l.id', sortOf: (r) => r.city, idOf: (r) => r.id, direction: 'asc' }, paging);
    return mapPage(page, (rows) => this.withEmails(rows));
  }

  /** The owner's edit, with its activity entry, in one transaction. */
  async adminSave(id: number, input: AdminListingInput, actor: Actor): Promise<AdminListing | null> {
    const found = await this.db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('retailer_listings').select(['hidden', 'name']).where('id', '=', id).executeTakeFirst();
      if (!before) return false;
      await trx
        .updateTable('retailer_listings')
        .set({ ...toColumns(input), hidden: input.hidden ? 1 : 0, updated_at: nowIso() })
        .where('id', '=', id)
        .execute();
      const wasHidden = before.hidden === 1;
      const action = wasHidden === input.hidden ? 'update' : input.hidden ? 'hide' : 'show';
      await logActivity(trx, actor, { kind: 'listing', action, subject: input.name || before.name, subjectId: id });
      return true;
    });
    this.publicCache.clear();
    if (!found) return null;
    return this.adminOne(id);
  }

  /** Listed and not hidden, grouped by the page: town, then name. */
  async publicList(lang: Locale): Promise<PublicListing[]> {
    return this.publicCache.get(lang, async () => {
      const rows = await this.db.selectFrom('retailer_listings').selectAll().where('listed', '=', 1).where('hidden', '=', 0).execute();
      // A company's public doors are its places on the page (issue 46); without one, its listing's address.
      const doors = rows.length
        ? await this.db
            .selectFrom(readRetailerDoors().as('retailer_doors'))
            .selectAll()
            .where('public', '=', 1)
            .where('removed_at', 'is', null)
            .where(
              'retailer_id',
              'in',
              rows.map((r) => r.user_id),
            )
            .orderBy('id')
            .execute()
        : [];
      return rows
        .flatMap((r) => {
          const shared = {
            website: r.website || null,
            instagram: r.instagram || null,
            description: pick(r.description_fr, r.description_en, lang),
            logoUrl: r.logo_url,
          };
          const own = doors.filter((d) => d.retailer_id === r.user_id);
          if (own.length === 0) return [{ id: r.id, name: r.name, address: r.address, postcode: r.postcode, city: r.city, country: r.country, ...shared }];
          return own.map((d) => ({
            id: DOOR_ENTRY_OFFSET + d.id,
            name: d.name,
            address: [d.line1, d.line2].filter(Boolean).join(', '),
            postcode: d.postcode,
            city: d.town,
            country: d.country,
            ...shared,
          }));
        })
        .sort((a, b) => a.city.localeCompare(b.city, lang) || a.name.localeCompare(b.name, lang));
    });
  }

  /** A town or a postcode's start (accents, case and spaces do not matter). */
  async search(q: string | undefined, lang: Locale): Promise<PublicListing[]> {
    const all = await this.publicList(lang);
    const wanted = normalizeSearch(q ?? '');
    if (wanted === '') return all;
    const compact = wanted.replace(/ /g, '');
    return all.filter((s) => normalizeSearch(s.city).includes(wanted) || normalizeSearch(s.postcode).replace(/ /g, '').startsWith(compact));
  }

  /** The trust carousel's shops: listed retailers with a description and a logo. */
  async carousel(lang: Locale): Promise<TrustShop[]> {
    return (await this.publicList(lang))
      .filter((s) => s.description !== '' && s.logoUrl)
      .map((s) => ({ id: `shop-${s.id}`, name: s.name, location: s.city, description: s.description, logo: s.logoUrl }));
  }
}

/** A door's entry on "where to buy" is numbered past every listing's (its door's id + 1,000,000,000). */
const DOOR_ENTRY_OFFSET = 1_000_000_000;

/** A listing as the owner sees it: the shop's fields, its account's e-mail, whether she hid it. */
function toAdminListing(r: Selectable<RetailerListingsTable> & { email: string }): AdminListing {
  return { id: r.id, email: r.email, ...toFields(r), hidden: r.hidden === 1, updatedAt: r.updated_at };
}

export const adminsHaveNoListing = () => new HttpError(403, LISTING_MESSAGES.adminsHaveNoListing);
