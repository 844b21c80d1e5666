import { z } from 'zod';
import { ORDER_QUANTITY_MAX } from './constants.ts';
import { defineMessages } from './messages.ts';
import { langQuery } from './query.ts';
import { isRealDay } from './wholesale.ts';

/**
 * Short production shared out (issue 58): a delivery window's pieces on the shelf, against what its
 * confirmed pre-orders still ask, given out by a rule the owner picks, cell by cell changeable, then
 * applied in one transaction (each line's pieces held on the shelf for it until it ships).
 */
export const ALLOCATION_RULES = ['arrival', 'proportion', 'priority'] as const;
export type AllocationRule = (typeof ALLOCATION_RULES)[number];
/** What becomes of what a line does not get: it follows (at the date said) or is cancelled when the rest ships. */
export const ALLOCATION_RESTS = ['follow', 'cancel'] as const;
export type AllocationRest = (typeof ALLOCATION_RESTS)[number];
/** A company's turn "by priority": 1 first … 5 last; one never set counts as 3. */
export const PRIORITY_MIN = 1;
export const PRIORITY_MAX = 5;
export const PRIORITY_DEFAULT = 3;

export const ALLOCATION_MESSAGES = defineMessages('allocation', {
  deliveryUnknown: { en: 'This delivery window does not exist.', fr: 'Cette livraison n’existe pas.', field: '/delivery' },
  ruleInvalid: {
    en: 'Choose how to share: arrival, proportion or priority.',
    fr: 'Choisissez comment répartir : arrival (ordre d’arrivée), proportion ou priority (priorité).',
    field: '/rule',
  },
  linesInvalid: {
    en: 'List each line once, with a quantity from 0 to 999.',
    fr: 'Indiquez chaque ligne une fois, avec une quantité de 0 à 999.',
    field: '/lines',
  },
  lineUnknown: {
    en: 'This line is not a confirmed pre-order of this delivery waiting for pieces:',
    fr: 'Cette ligne n’est pas une précommande confirmée de cette livraison qui attend des pièces :',
    field: '/lines',
  },
  moreThanAsked: {
    en: 'A line cannot get more than it still asks:',
    fr: 'Une ligne ne peut pas recevoir plus que ce qu’elle demande encore :',
    field: '/lines',
  },
  notMultiple: {
    en: 'A line gets whole packs or multiples of its style, as it was ordered:',
    fr: 'Une ligne reçoit des lots entiers ou des multiples de son modèle, comme elle a été commandée :',
    field: '/lines',
  },
  moreThanShelf: {
    en: 'More pieces are given than the shelf holds:',
    fr: 'Plus de pièces sont attribuées que le stock n’en contient :',
    field: '/lines',
  },
  stale: {
    en: 'Stock or orders changed since this allocation was computed: compute it again.',
    fr: 'Le stock ou les commandes ont changé depuis le calcul de cette répartition : recalculez-la.',
  },
  nothing: {
    en: 'This allocation gives no piece: give at least one, or leave it.',
    fr: 'Cette répartition n’attribue aucune pièce : attribuez-en au moins une, ou laissez-la.',
    field: '/lines',
  },
  followDateInvalid: {
    en: 'Give the date the rest follows: a real date (YYYY-MM-DD).',
    fr: 'Indiquez la date à laquelle le reste suit : une vraie date (AAAA-MM-JJ).',
    field: '/followDate',
  },
  nothingAllocated: {
    en: 'No piece is allocated to this pre-order yet: share out its window’s pieces first (Trade > Allocation).',
    fr: 'Aucune pièce n’est encore attribuée à cette précommande : répartissez d’abord les pièces de sa livraison (Commerce > Répartition).',
  },
  priorityInvalid: {
    en: 'Give a priority from 1 (served first) to 5 (served last).',
    fr: 'Indiquez une priorité de 1 (servie en premier) à 5 (servie en dernier).',
    field: '/priority',
  },
});

/** `GET /api/admin/allocations/proposal?delivery=&rule=` */
export const allocationQuery = z.intersection(
  z.object({
    delivery: z.coerce.number({ error: ALLOCATION_MESSAGES.deliveryUnknown }).int({ error: ALLOCATION_MESSAGES.deliveryUnknown }).positive({
      error: ALLOCATION_MESSAGES.deliveryUnknown,
    }),
    rule: z.enum(ALLOCATION_RULES, { error: ALLOCATION_MESSAGES.ruleInvalid }).default('arrival'),
    /** Only the pieces whose reference, style or colour holds these words (the whole window when absent). */
    q: z.string().max(100).optional(),
  }),
  langQuery,
);

/** One pre-order's line of a piece: what it still asks, what the rule gives it, in steps of its pack or multiple. */
export const allocationLine = z.object({
  orderId: z.number(),
  orderNumber: z.string(),
  lineId: z.number(),
  company: z.object({ id: z.number().nullable(), name: z.string() }),
  priority: z.number(),
  /** When the order was sent (its turn by arrival). */
  sentAt: z.string(),
  asked: z.number(),
  gets: z.number(),
  /** The line gets pieces in steps of so many (its pack's pieces of this size, or its style's multiple). */
  step: z.number(),
});
export type AllocationLine = z.infer<typeof allocationLine>;

/** A piece (style × colour × size): the shelf, what the window's pre-orders ask, and per line what each gets. */
export const allocationSize = z.object({
  variantId: z.number(),
  reference: z.string().nullable(),
  productTitle: z.string(),
  colorName: z.string(),
  size: z.string(),
  shelf: z.number(),
  asked: z.number(),
  gets: z.number(),
  short: z.number(),
  lines: z.array(allocationLine),
});
export type AllocationSize = z.infer<typeof allocationSize>;

export const allocationProposal = z
  .object({
    delivery: z.object({ id: z.number(), name: z.string(), seasonName: z.string() }),
    rule: z.enum(ALLOCATION_RULES),
    /** The stock and lines it was computed on: applying it answers 409 when they changed since. */
    basis: z.string(),
    sizes: z.array(allocationSize),
    orders: z.number(),
    asked: z.number(),
    shelf: z.number(),
    gets: z.number(),
  })
  .meta({ id: 'AllocationProposal' });
export type AllocationProposal = z.infer<typeof allocationProposal>;

/** `POST /api/admin/allocations`: the lines as the owner left them, on the basis they were computed on. */
export const allocationInput = z
  .object({
    delivery: z.number({ error: ALLOCATION_MESSAGES.deliveryUnknown }).int().positive({ error: ALLOCATION_MESSAGES.deliveryUnknown }),
    basis: z.string().min(1).max(128),
    rule: z.enum(ALLOCATION_RULES, { error: ALLOCATION_MESSAGES.ruleInvalid }).default('arrival'),
    lines: z
      .array(
        z.object({
          lineId: z.number().int().positive(),
          quantity: z.number({ error: ALLOCATION_MESSAGES.linesInvalid }).int().min(0).max(ORDER_QUANTITY_MAX),
        }),
        { error: ALLOCATION_MESSAGES.linesInvalid },
      )
      .min(1, ALLOCATION_MESSAGES.linesInvalid)
      .max(20_000, ALLOCATION_MESSAGES.linesInvalid)
      .refine((lines) => new Set(lines.map((l) => l.lineId)).size === lines.length, { error: ALLOCATION_MESSAGES.linesInvalid }),
    /** What a line does not get: it follows (at `followDate`, when given), or is cancelled once the rest has shipped. */
    rest: z.enum(ALLOCATION_RESTS).default('follow'),
    followDate: z
      .string({ error: ALLOCATION_MESSAGES.followDateInvalid })
      .trim()
      .refine(isRealDay, { error: ALLOCATION_MESSAGES.followDateInvalid })
      .optional(),
  })
  .meta({ id: 'AllocationInput' });
export type AllocationInput = z.input<typeof allocationInput>;
/** An allocation as the server applies it (its defaults filled). */
export type AllocationApply = z.output<typeof allocationInput>;

export const allocationResult = z
  .object({
    id: z.number(),
    delivery: z.number(),
    rule: z.enum(ALLOCATION_RULES),
    rest: z.enum(ALLOCATION_RESTS),
    followDate: z.string().nullable(),
    pieces: z.number(),
    orders: z.array(z.object({ id: z.number(), number: z.string(), gets: z.number(), short: z.number() })),
    createdAt: z.string(),
  })
  .meta({ id: 'AllocationResult' });
export type AllocationResult = z.infer<typeof allocationResult>;

/** `PUT /api/admin/companies/{id}/priority` */
export const priorityInput = z.object({
  priority: z
    .number({ error: ALLOCATION_MESSAGES.priorityInvalid })
    .int({ error: ALLOCATION_MESSAGES.priorityInvalid })
    .min(PRIORITY_MIN, { error: ALLOCATION_MESSAGES.priorityInvalid })
    .max(PRIORITY_MAX, { error: ALLOCATION_MESSAGES.priorityInvalid }),
});
export const companyPriority = z.object({ companyId: z.number(), priority: z.number() }).meta({ id: 'CompanyPriority' });
export type CompanyPriority = z.infer<typeof companyPriority>;
