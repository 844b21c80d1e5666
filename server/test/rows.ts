import { orderSearchText } from '../src/lib/search.ts';

/**
 * A sent order's row as the submit writes it (its company snapshot and search words), for tests and the
 * e2e server that need many orders at given days without sending each through the portal.
 */
export function sentOrderRow(p: {
  number: string;
  userId: number;
  email: string;
  company: string;
  at: string;
  key: string;
  totalCents: number;
  pieces: number;
  references: string[];
  status?: 'submitted' | 'confirmed' | 'shipped' | 'cancelled';
}) {
  return {
    number: p.number,
    company_id: p.userId,
    retailer_email: p.email,
    locale: 'fr' as const,
    status: p.status ?? 'submitted',
    idempotency_key: p.key,
    note: null,
    company: p.company,
    total_cents: p.totalCents,
    pieces: p.pieces,
    ship_date: null,
    carrier: null,
    tracking: null,
    cancel_reason: null,
    created_at: p.at,
    updated_at: p.at,
    season_id: null,
    delivery_id: null,
    search_text: orderSearchText(p.number, p.company, p.email, p.references),
  };
}
