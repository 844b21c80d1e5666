/**
 * So many ids or rows a query (an `in (…)` list, a multi-row insert): bound parameters stay well within
 * what SQLite (32,766) and PostgreSQL (65,535) take, with rows of up to ten columns.
 */
export const QUERY_CHUNK = 500;

/** The items in slices of `size` (the last may be shorter), in their order. */
export function* chunks<T>(items: readonly T[], size = QUERY_CHUNK): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}
