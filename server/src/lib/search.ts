import { sql, type Expression, type SqlBool } from 'kysely';

/**
 * Search (issue 43): each searchable table keeps a `search_text` column, its words folded (lower case,
 * accents removed) when the row is written; a search is folded the same way and matched as substrings.
 * The index behind it: an FTS5 trigram table on SQLite (`<table>_search`, kept by triggers), a
 * `pg_trgm` GIN index on PostgreSQL (migration 021).
 */

/** Lower case, accents removed, spaces collapsed: "Émilie  Café" → "emilie cafe". */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** The folded words of a row, from its parts (missing ones skipped). */
export function searchText(...parts: Array<string | null | undefined>): string {
  return fold(parts.filter((p): p is string => typeof p === 'string' && p.trim() !== '').join(' '));
}

/** The words of a company snapshot (an order's `company` JSON) that a search should find: name, towns, SIRET, VAT. */
export function companyWords(json: string): string[] {
  let company: Record<string, unknown>;
  try {
    company = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return [];
  }
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  const town = (a: unknown) => (a && typeof a === 'object' ? text((a as Record<string, unknown>).town) : null);
  const siret = text(company.siret);
  return [
    text(company.companyName),
    town(company.billing),
    town(company.delivery),
    text(company.billingAddress),
    text(company.deliveryAddress),
    siret,
    siret ? siret.slice(0, 9) : null,
    text(company.vatNumber),
  ].filter((v): v is string => v !== null);
}

// —— What each searchable row is found by (written with the row; migration 021 filled the rows before it) ——

/** What finds an order: its number, the shop's name, towns, SIRET and VAT, its e-mail, the style references in it. */
export function orderSearchText(number: string, company: string, email: string, references: string[]): string {
  return searchText(number, ...companyWords(company), email, ...references);
}

/** What finds an invoice or a credit note: its number, the buyer's name, SIREN, VAT number, e-mail and town. */
export function invoiceSearchText(number: string, buyerJson: string): string {
  let buyer: { name?: string; siren?: string | null; vatNumber?: string | null; email?: string | null; address?: { town?: string } } = {};
  try {
    buyer = JSON.parse(buyerJson) as typeof buyer;
  } catch {
    // a buyer that does not parse is found by its number alone
  }
  return searchText(number, buyer.name, buyer.siren, buyer.vatNumber, buyer.email, buyer.address?.town);
}

/**
 * What finds an application (a shop): its name, company, e-mail, SIRET and its SIREN; once the shop is
 * approved, what its company details say too (the trading name, the towns, the SIRET it completed).
 */
export function applicationSearchText(
  a: { name: string; company: string | null; email: string; siret: string | null },
  details: Array<string | null | undefined> = [],
): string {
  const sirets = [a.siret, ...details.filter((d): d is string => typeof d === 'string' && /^\d{14}$/.test(d))];
  return searchText(
    a.name,
    a.company,
    a.email,
    ...sirets.flatMap((s) => (s ? [s, s.slice(0, 9)] : [])),
    ...details.filter((d) => !(typeof d === 'string' && /^\d{14}$/.test(d))),
  );
}

/** What finds a style: its reference and its title in both languages. */
export function productSearchText(reference: string | null, titles: Array<string | null | undefined>): string {
  return searchText(reference, ...titles);
}

/** What finds a contact message: who wrote (name, e-mail) and the start of what they wrote. */
export function contactSearchText(m: { name: string; email: string; message: string }): string {
  return searchText(m.name, m.email, m.message.slice(0, 1000));
}

/** What finds a journal post: its slug and its title in both languages. */
export function postSearchText(slug: string, titles: Array<string | null | undefined>): string {
  return searchText(slug, ...titles);
}

/** At most this many words of a search are used (each must match). */
const MAX_TERMS = 8;

/** The folded words of a search, each kept once; empty when there is nothing to look for. */
export function searchTerms(q: string | undefined): string[] {
  if (!q) return [];
  return [...new Set(fold(q).split(' ').filter(Boolean))].slice(0, MAX_TERMS);
}

export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The condition "the row of `table` (by its `id`) matches every term". SQLite: terms of three characters
 * or more go through the trigram index as one phrase each; shorter ones scan the folded column.
 * PostgreSQL: `LIKE` on the folded column, which the trigram GIN index serves.
 */
export function matchesSearch(dialect: 'sqlite' | 'postgres', table: string, terms: string[], alias = table): Expression<SqlBool> {
  const column = sql.ref(`${alias}.search_text`);
  const conditions = terms.map((term) => sql<SqlBool>`${column} like ${likePattern(term)} escape '\\'`);
  if (dialect === 'sqlite') {
    const indexed = terms.filter((t) => [...t].length >= 3);
    const scanned = terms.filter((t) => [...t].length < 3);
    const parts: Array<Expression<SqlBool>> = [];
    if (indexed.length) {
      const phrase = indexed.map((t) => `"${t.replace(/"/g, '""')}"`).join(' ');
      parts.push(
        sql<SqlBool>`${sql.ref(`${alias}.id`)} in (select rowid from ${sql.table(`${table}_search`)} where ${sql.table(`${table}_search`)} match ${phrase})`,
      );
    }
    for (const term of scanned) parts.push(sql<SqlBool>`${column} like ${likePattern(term)} escape '\\'`);
    return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
  }
  return sql<SqlBool>`(${sql.join(conditions, sql` and `)})`;
}
