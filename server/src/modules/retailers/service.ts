import { sql } from 'kysely';
import { applicationSearchText, matchesSearch, searchTerms } from '../../lib/search.ts';
import { mapPage, readPage, type Page, type PageRequest } from '../../lib/paging.ts';
import type { Dialect } from '../../db/index.ts';
import type { EventRecorder } from '../../platform/events.ts';
import { logActivity, type Actor } from '../activity/service.ts';
import { SET_PASSWORD_TOKEN_TTL_MS, RETAILER_MESSAGES, type Application, type ApplicationInput, type ApplicationStatus, type Locale } from '@atelier/contract';
import type { Config } from '../../config.ts';
import { publicBrand } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { nowIso } from '../../db/index.ts';
import type { RetailerApplicationsTable } from '../../db/schema.ts';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-errors.ts';
import type { AuthService } from '../auth/service.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { acceptanceMail, applicationNotice } from '../mail/templates.ts';
import type { CompaniesService } from '../companies/service.ts';
import { accountByEmail, accountsByIds, insertAccount, nameIfUnnamed } from '../users/accounts.ts';

type Row = Selectable<RetailerApplicationsTable> & { accepted_by_email: string | null; retailer_email: string | null };

function toApplication(row: Row): Application {
  return {
    id: row.id,
    name: row.name,
    company: row.company,
    email: row.email,
    siret: row.siret,
    phone: row.phone,
    shopType: row.shop_type,
    message: row.message,
    catalogOptIn: row.catalog_opt_in === 1,
    consent: true,
    consentAt: row.consent_at,
    locale: row.locale,
    status: row.status,
    createdAt: row.created_at,
    acceptedAt: row.accepted_at,
    acceptedBy: row.accepted_by_email ? { email: row.accepted_by_email } : null,
    retailerEmail: row.retailer_email,
    catalogSentAt: row.catalog_sent_at,
  };
}

export class RetailersService {
  private readonly dialect: Dialect;
  private readonly db: Db;
  private readonly config: Config;
  private readonly auth: AuthService;
  private readonly onMailQueued: () => void;
  private readonly companies: Pick<CompaniesService, 'seedCompany'>;
  private readonly events: EventRecorder;

  constructor({
    db,
    config,
    auth,
    onMailQueued,
    companies,
    dialect,
    events,
  }: {
    db: Db;
    config: Config;
    auth: AuthService;
    onMailQueued: () => void;
    companies: Pick<CompaniesService, 'seedCompany'>;
    dialect: Dialect;
    /** `stockist.approved`, with the application as the owner's API shows it. */
    events: EventRecorder;
  }) {
    this.db = db;
    this.events = events;
    this.dialect = dialect;
    this.config = config;
    this.auth = auth;
    this.onMailQueued = onMailQueued;
    this.companies = companies;
  }

  /** Told after an application is accepted (its id and the account), once its transaction is committed. */
  private readonly acceptedListeners: Array<(applicationId: number) => Promise<void>> = [];
  onAccepted(listener: (applicationId: number) => Promise<void>): void {
    this.acceptedListeners.push(listener);
  }

  /**
   * A shop met at the showroom, in the caller's transaction: a pending application (or the one it already
   * has), with the brand's notice. Returns its id.
   */
  async applyFromShowroom(
    trx: Kysely<Database>,
    shop: { name: string; email: string; company: string; siret: string | null; phone: string | null; locale: Locale; message: string },
  ): Promise<number> {
    const pending = await trx
      .selectFrom('retailer_applications')
      .select('id')
      .where('email', '=', shop.email)
      .where('status', '=', 'pending')
      .orderBy('id')
      .executeTakeFirst();
    if (pending) return pending.id;
    const now = nowIso();
    const row = await trx
      .insertInto('retailer_applications')
      .values({
        name: shop.name,
        email: shop.email,
        company: shop.company,
        siret: shop.siret,
        phone: shop.phone,
        shop_type: null,
        message: shop.message,
        catalog_opt_in: 0,
        consent_at: now,
        locale: shop.locale,
        status: 'pending',
        created_at: now,
        accepted_at: null,
        accepted_by: null,
        retailer_user_id: null,
        search_text: applicationSearchText(shop),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const input = {
      name: shop.name,
      email: shop.email,
      message: shop.message,
      consent: true as const,
      company: shop.company,
      siret: shop.siret ?? undefined,
      phone: shop.phone ?? undefined,
    };
    await enqueueMail(trx, { to: this.config.BRAND_EMAIL, ...applicationNotice(publicBrand(this.config), input, `${this.config.PUBLIC_URL}/admin/retailers`) });
    return row.id;
  }

  /** The account an accepted application made (null while pending). */
  async accountOf(applicationId: number, db: Kysely<Database> = this.db): Promise<number | null> {
    const row = await db.selectFrom('retailer_applications').select(['retailer_user_id', 'status']).where('id', '=', applicationId).executeTakeFirst();
    return row?.status === 'accepted' ? row.retailer_user_id : null;
  }

  /** Stores a pending application with its consent time and, in the same transaction, the brand's notice. */
  async apply(input: ApplicationInput, locale: Locale): Promise<void> {
    const now = nowIso();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('retailer_applications')
        .values({
          name: input.name,
          email: input.email,
          company: input.company ?? null,
          siret: input.siret ?? null,
          phone: input.phone ?? null,
          shop_type: input.shopType ?? null,
          message: input.message,
          catalog_opt_in: input.catalogOptIn ? 1 : 0,
          consent_at: now,
          locale,
          status: 'pending',
          created_at: now,
          accepted_at: null,
          accepted_by: null,
          retailer_user_id: null,
          search_text: applicationSearchText({ name: input.name, company: input.company ?? null, email: input.email, siret: input.siret ?? null }),
        })
        .execute();
      await enqueueMail(trx, {
        to: this.config.BRAND_EMAIL,
        ...applicationNotice(publicBrand(this.config), input, `${this.config.PUBLIC_URL}/admin/retailers`),
      });
    });
    this.onMailQueued();
  }

  private query(db: Kysely<Database> = this.db) {
    return db.selectFrom('retailer_applications as a').selectAll('a');
  }

  /** The applications with who accepted them and their shops' e-mails (the users area's read model). */
  private async shaped(rows: Array<Selectable<RetailerApplicationsTable>>, db: Kysely<Database> = this.db): Promise<Application[]> {
    const accounts = await accountsByIds(
      db,
      rows.flatMap((r) => [r.accepted_by, r.retailer_user_id].filter((id): id is number => id !== null)),
    );
    const emailOf = (id: number | null) => (id === null ? null : (accounts.get(id)?.email ?? null));
    return rows.map((row) => toApplication({ ...row, accepted_by_email: emailOf(row.accepted_by), retailer_email: emailOf(row.retailer_user_id) }));
  }

  /** A page of applications, newest first; `q` finds name, company, e-mail, SIRET or SIREN. */
  async list(filter: { status?: ApplicationStatus | undefined; q?: string | undefined } = {}, paging: PageRequest = {}): Promise<Page<Application>> {
    let query = this.query();
    if (filter.status) query = query.where('a.status', '=', filter.status);
    const terms = searchTerms(filter.q);
    if (terms.length) query = query.where(matchesSearch(this.dialect, 'retailer_applications', terms, 'a'));
    const page = await readPage(query, { sort: 'a.created_at', id: 'a.id', sortOf: (r) => r.created_at, idOf: (r) => r.id }, paging);
    return mapPage(page, (rows) => this.shaped(rows));
  }

  async get(id: number): Promise<Application | null> {
    const row = await this.query().where('a.id', '=', id).executeTakeFirst();
    return row ? (await this.shaped([row]))[0]! : null;
  }

  /**
   * Pending → accepted, once: the conditional update is the lock, so a double
   * click or two admins create one account and one mail. An existing account
   * with that e-mail is linked (and made a retailer unless it is an admin).
   */
  async accept(id: number, actor: Actor): Promise<Application> {
    const adminId = actor.id;
    const mailed = await this.db.transaction().execute(async (trx) => {
      const now = nowIso();
      const claimed = await trx
        .updateTable('retailer_applications')
        .set({ status: 'accepted', accepted_at: now, accepted_by: adminId })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) {
        const exists = await trx.selectFrom('retailer_applications').select('id').where('id', '=', id).executeTakeFirst();
        if (!exists) throw new HttpError(404, RETAILER_MESSAGES.applicationNotFound);
        return false; // already accepted: nothing more to do
      }
      const app = await trx.selectFrom('retailer_applications').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      let user: { id: number; email: string } | undefined = await accountByEmail(trx, app.email);
      if (!user) user = { id: await insertAccount(trx, { email: app.email, name: app.name, role: 'retailer', locale: app.locale }), email: app.email };
      // The founder is named as the application says (issue 56), unless the account already had a name.
      await nameIfUnnamed(trx, user.id, app.name);
      // The catalogue opt-in is honoured in the welcome mail: a link to sign in and download the
      // line sheet (never the PDF itself, whose prices an address without a password must not get).
      const catalogue = app.catalog_opt_in === 1;
      await trx
        .updateTable('retailer_applications')
        .set({ retailer_user_id: user.id, catalog_sent_at: catalogue ? now : null })
        .where('id', '=', id)
        .execute();
      // The application's company, SIRET and phone start the account's company details (orders show them).
      await this.companies.seedCompany(trx, user.id, { company: app.company, siret: app.siret, phone: app.phone });
      const token = await this.auth.createPasswordToken(trx, user.id, 'set', SET_PASSWORD_TOKEN_TTL_MS);
      const lineSheetUrl = catalogue ? `${this.config.PUBLIC_URL}/account?lang=${app.locale}` : null;
      await enqueueMail(trx, {
        to: app.email,
        dedupeKey: `stockist-accepted:${id}`,
        ...acceptanceMail(publicBrand(this.config), app.locale, app.name, app.email, this.auth.passwordLink(token, app.locale), lineSheetUrl),
      });
      // The API's word for a shop account is still "stockist" in its events (ADR 0013).
      await this.events.record(
        trx,
        'stockist.approved',
        id,
        { applicationId: id },
        async () => (await this.shaped([await this.query(trx).where('a.id', '=', id).executeTakeFirstOrThrow()], trx))[0]!,
      );
      await logActivity(trx, actor, {
        kind: 'application',
        action: 'accept',
        subject: app.company ? `${app.name} (${app.company})` : app.name,
        subjectId: id,
        detail: { email: app.email },
      });
      return true;
    });
    if (mailed) this.onMailQueued();
    if (mailed) for (const listener of this.acceptedListeners) await listener(id);
    return (await this.get(id))!;
  }

  async remove(id: number, actor: Actor): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const app = await trx.selectFrom('retailer_applications').select(['name', 'company', 'status']).where('id', '=', id).executeTakeFirst();
      const result = await trx.deleteFrom('retailer_applications').where('id', '=', id).executeTakeFirst();
      if (!app || Number(result.numDeletedRows) === 0) return false;
      await logActivity(trx, actor, {
        kind: 'application',
        action: 'delete',
        subject: app.company ? `${app.name} (${app.company})` : app.name,
        subjectId: id,
        detail: { status: app.status },
      });
      return true;
    });
  }

  /** How many applications wait for an answer (the owner's home). */
  async pendingCount(): Promise<number> {
    const row = await this.db
      .selectFrom('retailer_applications')
      .select(sql<number>`count(*)`.as('n'))
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('retailer_applications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
