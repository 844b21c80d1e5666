import type { Db } from '../../db/index.ts';
import { normaliseEmail } from '../users/service.ts';
import { accountByEmail, eraseAccount } from '../users/accounts.ts';
import { applicationsOf, eraseApplications } from '../retailers/personal-data.ts';
import { eraseMessages, messagesFrom, purgeMessages } from '../contact/personal-data.ts';
import { eraseMailTo, mailsTo } from '../mail/personal-data.ts';
import { companyDetailsOf } from '../companies/personal-data.ts';
import { listingOf } from '../listings/personal-data.ts';
import { countOrdersFrom, ordersPlacedFrom } from '../orders/personal-data.ts';

export interface PersonalData {
  email: string;
  exportedAt: string;
  account: { email: string; role: string; createdAt: string } | null;
  stockistApplications: Array<Record<string, unknown>>;
  contactMessages: Array<{ name: string; email: string; message: string; createdAt: string }>;
  mails: Array<{ subject: string; status: string; createdAt: string; sentAt: string | null }>;
  companyDetails: Record<string, unknown> | null;
  /** The shop's listing on /where-to-buy (public only while opted in and not hidden). */
  shopListing: Record<string, unknown> | null;
  orders: Array<{ number: string; status: string; createdAt: string; total: number; company: unknown; note: string | null }>;
}

/** GDPR access and erasure for one e-mail address, across every table that holds personal data. */
export class PrivacyService {
  private readonly db: Db;
  constructor({ db }: { db: Db }) {
    this.db = db;
  }

  async export(emailInput: string): Promise<PersonalData> {
    const email = normaliseEmail(emailInput);
    // Each owner reads its own rows (ADR 0029).
    const user = await accountByEmail(this.db, email);
    const [applications, messages, mails, company, orders, listing] = await Promise.all([
      applicationsOf(this.db, email),
      messagesFrom(this.db, email),
      mailsTo(this.db, email),
      user ? companyDetailsOf(this.db, user.id) : undefined,
      ordersPlacedFrom(this.db, email),
      user ? listingOf(this.db, user.id) : undefined,
    ]);
    return {
      email,
      exportedAt: new Date().toISOString(),
      account: user ? { email: user.email, role: user.role, createdAt: user.created_at } : null,
      stockistApplications: applications.map(({ id: _id, accepted_by: _a, retailer_user_id: _r, ...rest }) => rest),
      contactMessages: messages.map((m) => ({ name: m.name, email: m.email, message: m.message, createdAt: m.created_at })),
      mails: mails.map((m) => ({ subject: m.subject, status: m.status, createdAt: m.created_at, sentAt: m.sent_at })),
      companyDetails: company ? (({ user_id: _u, ...rest }) => rest)(company) : null,
      shopListing: listing ? (({ user_id: _u, id: _i, ...rest }) => ({ ...rest, listed: rest.listed === 1, hidden: rest.hidden === 1 }))(listing) : null,
      orders: orders.map((o) => ({
        number: o.number,
        status: o.status,
        createdAt: o.created_at,
        total: o.total_cents / 100,
        company: JSON.parse(o.company) as unknown,
        note: o.note,
      })),
    };
  }

  /** Deletes everything tied to the address in one transaction; returns how many rows went. */
  async erase(emailInput: string): Promise<Record<string, number>> {
    const email = normaliseEmail(emailInput);
    return this.db.transaction().execute(async (trx) => {
      // Each owner erases its own rows (ADR 0029).
      return {
        stockistApplications: await eraseApplications(trx, email),
        contactMessages: await eraseMessages(trx, email),
        mails: await eraseMailTo(trx, email),
        // Tokens, reset links, company details, the draft and the shop's listing go with the account
        // (foreign keys cascade).
        // Placed orders stay: invoicing records are kept 10 years (French commercial code, L123-22);
        // they are detached from the account.
        accounts: await eraseAccount(trx, email),
        ordersKept: await countOrdersFrom(trx, email),
      };
    });
  }

  /** Contact messages older than `days` are deleted (the privacy page promises one year). */
  async purgeContactMessages(days: number, now = Date.now()): Promise<number> {
    return purgeMessages(this.db, new Date(now - days * 24 * 60 * 60 * 1000).toISOString());
  }
}
