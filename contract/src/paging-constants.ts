// What the lists of the API page by (issue 43), without zod: the browser reads them too.

/** A list answers this many rows unless asked for fewer or more (issue 43). */
export const LIST_LIMIT_DEFAULT = 50;
/** …and never more than this many. */
export const LIST_LIMIT_MAX = 200;
/** The longest search the lists accept (characters). */
export const SEARCH_MAX = 100;

export const PAGING_MESSAGES = {
  limitInvalid: 'The limit is a whole number from 1 to 200.',
  pageInvalid: 'The page is a whole number from 1.',
  cursorInvalid: 'This cursor is not one of ours: start again from the first page.',
  searchInvalid: 'A search is 100 characters at most.',
} as const;
