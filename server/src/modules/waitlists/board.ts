import { type AdminWaitlistList, type Locale, type WaitlistPieces, type WaitlistStatus, type WaitlistSummary } from '@atelier/contract';
import { sql } from 'kysely';
import { mapPage, readPage, type PageRequest } from '../../lib/paging.ts';
import { likePattern, searchTerms } from '../../lib/search.ts';
import { readCompanyDetails } from '../../read-models/companies.ts';
import { accountsByIds } from '../users/accounts.ts';
import { entryViews, type WaitlistsDeps } from './views.ts';

const ACTIVE: WaitlistStatus[] = ['waiting', 'offered'];

/** The owner's view of the waitlists (issue 58): every wait in each size's order, per size, and the home's count. */
export class WaitlistBoard {
  private readonly deps: WaitlistsDeps;

  constructor(deps: WaitlistsDeps) {
    this.deps = deps;
  }

  /** Waits of a status (waiting and offered by default), of one style's colour, or of shops found by name; oldest first, a page at a time. */
  async list(
    filter: { status: 'active' | WaitlistStatus; variant?: number | undefined; q?: string | undefined },
    paging: PageRequest,
    lang: Locale,
  ): Promise<AdminWaitlistList> {
    const { db } = this.deps;
    let query = db.selectFrom('waitlist_entries as w').selectAll('w');
    query = filter.status === 'active' ? query.where('w.status', 'in', ACTIVE) : query.where('w.status', '=', filter.status);
    if (filter.variant !== undefined) query = query.where('w.variant_id', '=', filter.variant);
    const terms = searchTerms(filter.q);
    if (terms.length) {
      query = query.where('w.company_id', 'in', (eb) => {
        let named = eb.selectFrom(readCompanyDetails().as('c')).select('c.user_id');
        for (const term of terms) named = named.where(sql<boolean>`lower(c.company_name) like ${likePattern(term)} escape '\\'`);
        return named;
      });
    }
    const page = await readPage(query, { sort: 'w.created_at', id: 'w.id', sortOf: (r) => r.created_at, idOf: (r) => r.id, direction: 'asc' }, paging);
    return mapPage(page, async (rows) => {
      const [entries, names, offers] = await Promise.all([
        entryViews(this.deps.catalogue, db, rows, lang),
        this.names(rows.map((r) => r.company_id)),
        rows.length
          ? db
              .selectFrom('waitlist_offers')
              .selectAll()
              .where(
                'entry_id',
                'in',
                rows.map((r) => r.id),
              )
              .orderBy('id', 'desc')
              .execute()
          : [],
      ]);
      return rows.map((r, i) => {
        const offer = offers.find((o) => o.entry_id === r.id);
        return {
          ...entries[i]!,
          company: { id: r.company_id, name: names.get(r.company_id) ?? '' },
          offer: offer ? { id: offer.id, quantity: offer.quantity, status: offer.status, expiresAt: offer.expires_at } : null,
        };
      });
    });
  }

  /** Per size of these colours, how many shops wait (or hold an offer) and for how many pieces (the stock screen). */
  async pieces(variantIds: number[]): Promise<WaitlistPieces> {
    if (variantIds.length === 0) return { data: [] };
    const rows = await this.deps.db
      .selectFrom('waitlist_entries')
      .select(['variant_id', 'size', sql<number>`count(distinct company_id)`.as('shops'), sql<number>`sum(quantity)`.as('pieces')])
      .where('variant_id', 'in', [...new Set(variantIds)])
      .where('status', 'in', ACTIVE)
      .groupBy(['variant_id', 'size'])
      .execute();
    return { data: rows.map((r) => ({ variantId: r.variant_id, size: r.size, shops: Number(r.shops), pieces: Number(r.pieces) })) };
  }

  /** "12 shops wait for 7 sizes". */
  async summary(): Promise<WaitlistSummary> {
    const [shops, sizes] = await Promise.all([
      this.deps.db
        .selectFrom('waitlist_entries')
        .select(sql<number>`count(distinct company_id)`.as('n'))
        .where('status', 'in', ACTIVE)
        .executeTakeFirstOrThrow(),
      this.deps.db
        .selectFrom((eb) =>
          eb.selectFrom('waitlist_entries').select(['variant_id', 'size']).where('status', 'in', ACTIVE).groupBy(['variant_id', 'size']).as('p'),
        )
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { shops: Number(shops.n), sizes: Number(sizes.n) };
  }

  /** The shops' names (their company's, else their e-mail). */
  private async names(companyIds: number[]): Promise<Map<number, string>> {
    const ids = [...new Set(companyIds)];
    if (ids.length === 0) return new Map();
    const [details, accounts] = await Promise.all([
      this.deps.db.selectFrom(readCompanyDetails().as('c')).select(['c.user_id', 'c.company_name']).where('c.user_id', 'in', ids).execute(),
      accountsByIds(this.deps.db, ids),
    ]);
    const names = new Map<number, string>();
    for (const id of ids) names.set(id, details.find((d) => d.user_id === id)?.company_name ?? accounts.get(id)?.email ?? '');
    return names;
  }
}
