/** Business constants of the specification (§9) and values shared by server and web. */
export const LOCALES = ['fr', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'fr';

/** The other language: where a text missing in one is looked for. */
export const otherLocale = (locale: Locale): Locale => (locale === LOCALES[0] ? LOCALES[1] : LOCALES[0]);

/** `agent`: the label's sales agents (issue 34): trade prices, stock and the season, never the back-office. */
export const ROLES = ['admin', 'retailer', 'agent'] as const;
export type Role = (typeof ROLES)[number];

export const SIZES = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', 'ONESIZE'] as const;
export type Size = (typeof SIZES)[number];
export const DEFAULT_SIZE: Size = 'S';

export const PASSWORD_MIN_LENGTH = 8;
export const SIMILAR_PRODUCTS_MAX = 5;
export const GALLERY_MAX = 4;
export const MANTRA_DISPLAY_MS = 4000;
export const MANTRA_FADE_MS = 800;
export const TRUST_CAROUSEL_MS = 6500;
export const STORY_CAROUSEL_MS = 6000;
export const CURRENCY = 'EUR';
export const DEFAULT_PICKER_COLOR = '#000000';

/** Browser storage keys (spec §3 "Local persistence"): one key each. */
export const STORAGE_KEYS = {
  token: 'atelier.auth.token',
  user: 'atelier.auth.user',
  language: 'atelier.lang',
} as const;

/** Cookie that mirrors the language preference so the server renders the same language. */
export const LANG_COOKIE = 'lang';

/** Lifetimes. */
export const ACCESS_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const SET_PASSWORD_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Wholesale orders: a quantity per colour and size is 1–999; an order has at most 300 lines. */
export const ORDER_QUANTITY_MAX = 999;
export const ORDER_LINES_MAX = 300;
/** `partlyShipped` (issue 45): some of it has left, the rest is to follow (or is cancelled, and it is `shipped`). */
export const ORDER_STATUSES = ['submitted', 'confirmed', 'partlyShipped', 'shipped', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ACTIVITY_PAGE_SIZE = 50;
