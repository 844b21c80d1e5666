import { LIST_LIMIT_DEFAULT, PAGING_MESSAGES } from '@atelier/contract';
import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { HttpError } from './http-errors.ts';

/** What a list was asked for (`?limit=&page=&cursor=`, already checked by the contract's `pageQuery`). */
export interface PageRequest {
  limit?: number | undefined;
  page?: number | undefined;
  cursor?: string | undefined;
}

/** A page of rows and where it stands (the contract's `pageFields`). */
export interface Page<R> {
  data: R[];
  total: number;
  page: number;
  limit: number;
  nextCursor: string | null;
}

type SortKey = string | number;

/** A cursor is the last row's sort key and id, in base64url JSON: opaque to clients, checked when read. */
export function encodeCursor(key: SortKey, id: number): string {
  return Buffer.from(JSON.stringify([key, id])).toString('base64url');
}

export function decodeCursor(cursor: string): [SortKey, number] {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2) {
      const [key, id] = value as [unknown, unknown];
      const keyOk = (typeof key === 'string' && key.length <= 64) || (typeof key === 'number' && Number.isFinite(key));
      if (keyOk && typeof id === 'number' && Number.isSafeInteger(id) && id > 0) return [key as SortKey, id];
    }
  } catch {
    // falls through to the refusal
  }
  throw new HttpError(400, PAGING_MESSAGES.cursorInvalid);
}

/**
 * One page of `query` (its filters and selection made, no order yet), newest first: by `sort` descending,
 * ties by `id` descending (both indexed by the caller's table), or both ascending when `direction` says.
 * With a cursor, the rows after it (a keyset: rows added meanwhile never shift it); else page `page` by
 * offset. The total counts every row the filters keep. `sortOf` reads the sort key of a row (for the
 * next cursor): a column's value, or the value of the expression `sort` is.
 */
export async function readPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  keys: { sort: string | RawBuilder<unknown>; id: string; sortOf: (row: O) => SortKey; idOf: (row: O) => number; direction?: 'asc' | 'desc' },
  request: PageRequest,
): Promise<Page<O>> {
  const limit = request.limit ?? LIST_LIMIT_DEFAULT;
  const direction = keys.direction ?? 'desc';
  const sort = typeof keys.sort === 'string' ? sql.ref(keys.sort) : keys.sort;
  const id = sql.ref(keys.id);
  // Kysely types a builder by its selection; counting and ordering do not depend on it.
  const untyped = query as unknown as SelectQueryBuilder<any, any, any>;
  const counted = untyped.clearSelect().select(sql<number | string>`count(*)`.as('n'));
  let rowsQuery = untyped;
  let page = 1;
  if (request.cursor !== undefined) {
    const [key, lastId] = decodeCursor(request.cursor);
    rowsQuery = rowsQuery.where(sql<boolean>`(${sort}, ${id}) ${sql.raw(direction === 'desc' ? '<' : '>')} (${key}, ${lastId})`);
  } else if (request.page !== undefined) {
    page = request.page;
    rowsQuery = rowsQuery.offset((page - 1) * limit);
  }
  const [countRow, rows] = await Promise.all([
    counted.executeTakeFirst() as Promise<{ n: number | string } | undefined>,
    rowsQuery
      .orderBy(sort, direction)
      .orderBy(id, direction)
      .limit(limit + 1)
      .execute() as Promise<O[]>,
  ]);
  const more = rows.length > limit;
  const data = more ? rows.slice(0, limit) : rows;
  const last = data[data.length - 1];
  return {
    data,
    total: Number(countRow?.n ?? 0),
    page,
    limit,
    nextCursor: more && last !== undefined ? encodeCursor(keys.sortOf(last), keys.idOf(last)) : null,
  };
}

/** The same page with its rows turned into what the API answers. */
export async function mapPage<R, T>(page: Page<R>, shape: (rows: R[]) => T[] | Promise<T[]>): Promise<Page<T>> {
  return { ...page, data: await shape(page.data) };
}

/**
 * Every row of `query` (its filters and selection made, no order yet), `size` at a time, oldest first by
 * `sort` then `id`: what the exports are written from, so that memory holds one batch, never the period.
 * Each batch is read after the one before was used, so a client that goes away stops the reading.
 */
export async function* eachBatch<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  keys: { sort: string; id: string; sortOf: (row: O) => SortKey; idOf: (row: O) => number },
  size = 200,
): AsyncGenerator<O[]> {
  const untyped = query as unknown as SelectQueryBuilder<any, any, any>;
  const sort = sql.ref(keys.sort);
  const id = sql.ref(keys.id);
  let after: [SortKey, number] | null = null;
  for (;;) {
    let next = untyped;
    if (after) next = next.where(sql<boolean>`(${sort}, ${id}) > (${after[0]}, ${after[1]})`);
    const rows = (await next.orderBy(sort, 'asc').orderBy(id, 'asc').limit(size).execute()) as O[];
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < size) return;
    const last = rows[rows.length - 1]!;
    after = [keys.sortOf(last), keys.idOf(last)];
  }
}

/**
 * Where a page of a list answered as a plain array (the spec's `GET /products`, `GET /admin/products`,
 * `GET /admin/blog`) stands, in headers: the total in `X-Total-Count`, the pages around it in `Link`
 * (RFC 8288, the request's own address with another `page`), the next cursor in `X-Next-Cursor`.
 */
export function pageHeaders(reply: { header(name: string, value: string): unknown }, url: string, page: Page<unknown>): void {
  reply.header('x-total-count', String(page.total));
  if (page.nextCursor) reply.header('x-next-cursor', page.nextCursor);
  const at = new URL(url, 'http://local');
  const link = (change: Record<string, string>, rel: string) => {
    const params = new URLSearchParams(at.searchParams);
    params.delete('cursor');
    params.delete('page');
    for (const [key, value] of Object.entries(change)) params.set(key, value);
    return `<${at.pathname}?${params.toString()}>; rel="${rel}"`;
  };
  const links: string[] = [];
  if (at.searchParams.has('cursor')) {
    // Read by cursor: the next rows are the cursor's, and there is no page number to go back to.
    if (page.nextCursor) links.push(link({ cursor: page.nextCursor }, 'next'));
  } else {
    const pages = Math.ceil(page.total / page.limit);
    if (page.page > 1) links.push(link({ page: String(Math.min(page.page - 1, Math.max(pages, 1))) }, 'prev'));
    if (page.page < pages) links.push(link({ page: String(page.page + 1) }, 'next'));
  }
  if (links.length) reply.header('link', links.join(', '));
  reply.header('access-control-expose-headers', 'X-Total-Count, X-Next-Cursor, Link');
}
