import { z } from 'zod';

import { LIST_LIMIT_MAX, PAGING_MESSAGES, SEARCH_MAX } from './paging-constants.ts';
export * from './paging-constants.ts';

const whole = (message: string, min: number, max: number) =>
  z
    .string({ error: message })
    .regex(/^\d{1,7}$/, { error: message })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error: message });

/**
 * `?limit=&page=&cursor=&q=` of every list: `limit` rows (default 50, at most 200) of page `page` (from 1),
 * or the rows after `cursor` (the `nextCursor` of the page before: stable while rows are added), matching `q`.
 */
export const pageQuery = z.object({
  limit: whole(PAGING_MESSAGES.limitInvalid, 1, LIST_LIMIT_MAX).optional(),
  page: whole(PAGING_MESSAGES.pageInvalid, 1, 1_000_000).optional(),
  cursor: z
    .string({ error: PAGING_MESSAGES.cursorInvalid })
    .max(300, { error: PAGING_MESSAGES.cursorInvalid })
    .regex(/^[A-Za-z0-9_-]+$/, { error: PAGING_MESSAGES.cursorInvalid })
    .optional(),
  q: z.string({ error: PAGING_MESSAGES.searchInvalid }).max(SEARCH_MAX, { error: PAGING_MESSAGES.searchInvalid }).optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

/** What every page of a list says beside its rows. */
export const pageFields = {
  /** Rows matching the filters and the search, on every page. */
  total: z.number().int(),
  /** The page answered (1 when read by cursor). */
  page: z.number().int(),
  limit: z.number().int(),
  /** Pass it as `cursor` for the rows after these; null on the last page. */
  nextCursor: z.string().nullable(),
};

/** A list's answer: its rows and where they stand. */
export const pageOf = <T extends z.ZodType>(row: T) => z.object({ data: z.array(row), ...pageFields });
