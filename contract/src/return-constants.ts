// Returns' words and limits the browser needs too, without zod (issue 45).
/** Returns (issue 45 item 5): a shop sends pieces of a parcel back; the owner accepts or refuses, then receives them. */
export const RETURN_STATUSES = ['requested', 'accepted', 'refused', 'received'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
export const RETURN_REASONS = ['faulty', 'wrongPiece', 'damaged', 'other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
/** Photos per returned line, and their size. */
export const RETURN_PHOTOS_MAX = 3;
export const RETURN_PHOTO_BYTES = 10 * 1024 * 1024;
