import { z } from 'zod';
import { API_ERRORS } from './errors.ts';
import { pageOf, pageQuery } from './paging.ts';

import { ACTIVITY_ACTIONS, ACTIVITY_KINDS } from './vocabulary.ts';

export const activityEntry = z
  .object({
    id: z.number(),
    at: z.string(),
    /** The administrator's e-mail as it was then (kept when the account is gone). */
    by: z.string().nullable(),
    kind: z.enum(ACTIVITY_KINDS),
    action: z.enum(ACTIVITY_ACTIONS),
    /** What was written to: a product, post, page… by its name or number at the time. */
    subject: z.string(),
    subjectId: z.string().nullable(),
    /** Before and after, where a value changed (a price: { from, to } in euros). */
    detail: z.record(z.string(), z.union([z.string(), z.number(), z.null()])).nullable(),
  })
  .meta({ id: 'ActivityEntry' });
export type ActivityEntry = z.infer<typeof activityEntry>;

/** A page of the log: `pageSize` is `limit` under its first name (kept for the clients that read it). */
export const activityPage = pageOf(activityEntry).extend({ pageSize: z.number() }).meta({ id: 'ActivityPage' });
export type ActivityPage = z.infer<typeof activityPage>;

export const activityQuery = pageQuery.omit({ q: true }).extend({
  kind: z.enum(ACTIVITY_KINDS, { error: API_ERRORS.activityKindUnknown }).optional(),
  page: z
    .string()
    .regex(/^\d{1,6}$/, { error: API_ERRORS.pageInvalid })
    .transform(Number)
    .refine((n) => n >= 1, { error: API_ERRORS.pageInvalid })
    .optional(),
});
