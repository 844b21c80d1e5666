import { defineMessages } from './messages.ts';
// What the lists of the API page by (issue 43), without zod: the browser reads them too.

/** A list answers this many rows unless asked for fewer or more (issue 43). */
export const LIST_LIMIT_DEFAULT = 50;
/** …and never more than this many. */
export const LIST_LIMIT_MAX = 200;
/** The longest search the lists accept (characters). */
export const SEARCH_MAX = 100;

export const PAGING_MESSAGES = defineMessages('paging', {
  limitInvalid: { en: 'The limit is a whole number from 1 to 200.', fr: 'La limite est un nombre entier de 1 à 200.' },
  pageInvalid: { en: 'The page is a whole number from 1.', fr: 'La page est un nombre entier à partir de 1.' },
  cursorInvalid: {
    en: 'This cursor is not one of ours: start again from the first page.',
    fr: 'Ce curseur n’est pas l’un des nôtres : repartez de la première page.',
  },
  searchInvalid: { en: 'A search is 100 characters at most.', fr: 'Une recherche compte 100 caractères au plus.' },
});
