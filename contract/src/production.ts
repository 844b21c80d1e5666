import { defineMessages } from './messages.ts';
import { z } from 'zod';
import { SIZES } from './constants.ts';

/** Every sentence the production and sales API can send. */
export const PRODUCTION_MESSAGES = defineMessages('production', {
  noSeason: { en: 'No season exists yet: create one in Seasons first.', fr: 'Aucune saison n’existe encore : créez-en une dans Saisons.' },
});

const sizeCounts = z.partialRecord(z.enum(SIZES), z.number());

/** `GET /api/admin/production?season=&delivery=&status=`: the query. */
export const productionQuery = z.object({
  season: z.string().max(20).optional(),
  delivery: z.coerce.number().int().positive().optional(),
  /** Which pre-book orders count: submitted, confirmed, or both (default). */
  status: z.enum(['submitted', 'confirmed', 'both']).optional(),
  lang: z.string().max(35).optional(),
});
export type ProductionQuery = z.infer<typeof productionQuery>;

const stockCell = z.object({ onHand: z.number().nullable(), reserved: z.number(), available: z.number().nullable() });

/** The cut sheet: pieces to make per style × colour × size, and the at-once side beside it. */
export const cutSheet = z
  .object({
    season: z.object({ code: z.string(), name: z.string() }),
    delivery: z.object({ id: z.number(), name: z.string(), from: z.string(), to: z.string() }).nullable(),
    status: z.enum(['submitted', 'confirmed', 'both']),
    /** The sizes present, in size order (the columns). */
    sizes: z.array(z.enum(SIZES)),
    styles: z.array(
      z.object({
        productId: z.number().nullable(),
        reference: z.string().nullable(),
        title: z.string(),
        colors: z.array(
          z.object({
            variantId: z.number().nullable(),
            colorName: z.string(),
            colorCode: z.string().nullable(),
            sizes: sizeCounts,
            total: z.number(),
            /** On hand, reserved and available per size, for sizes sold from stock. */
            stock: z.partialRecord(z.enum(SIZES), stockCell),
          }),
        ),
        sizes: sizeCounts,
        total: z.number(),
        /** Share of each size in this style's pieces (sums to 1 when it has pieces). */
        sizeCurve: sizeCounts,
      }),
    ),
    sizeTotals: sizeCounts,
    sizeCurve: sizeCounts,
    total: z.number(),
    orders: z.number(),
  })
  .meta({ id: 'CutSheet' });
export type CutSheet = z.infer<typeof cutSheet>;

const figure = z.object({ value: z.number(), previous: z.number().nullable() });
const named = z.object({ label: z.string(), pieces: z.number(), revenue: z.number() });

/** `GET /api/admin/sales?season=`: the figures behind every chart of the season at a glance. */
export const salesFigures = z
  .object({
    season: z.object({ code: z.string(), name: z.string(), ordersOpen: z.string(), ordersClose: z.string().nullable() }),
    /** The previous season of the same kind (SS26 for SS27), when there is one. */
    previous: z.object({ code: z.string(), name: z.string() }).nullable(),
    /** `shipped`: pieces of it that left in parcels; `returned`: pieces that came back from returns (issue 45). */
    totals: z.object({
      orders: figure,
      stockists: figure,
      newStockists: figure,
      returningStockists: figure,
      pieces: figure,
      revenue: figure,
      shipped: figure,
      returned: figure,
    }),
    /** Pieces ordered per week (Monday) across the order window. */
    weeks: z.array(z.object({ week: z.string(), pieces: z.number(), revenue: z.number() })),
    topStyles: z.array(named.extend({ reference: z.string().nullable() })),
    topColors: z.array(named.extend({ colorCode: z.string().nullable() })),
    sizes: z.array(z.object({ size: z.enum(SIZES), pieces: z.number(), share: z.number() })),
    byStockist: z.array(named.extend({ orders: z.number() })),
    byCountry: z.array(named),
    byTown: z.array(named.extend({ country: z.string() })),
    /** At-once sell-through per style: sold ÷ (sold + left), where left is on hand less what orders hold. */
    sellThrough: z.array(z.object({ reference: z.string().nullable(), label: z.string(), sold: z.number(), left: z.number(), rate: z.number() })),
    /**
     * Short production and waitlists per style (issue 58): pieces its allocations gave, what the latest one of
     * each line could not give, and how many waitlist offers of it became orders.
     */
    shortfall: z
      .array(z.object({ reference: z.string().nullable(), label: z.string(), allocated: z.number(), short: z.number(), offersOrdered: z.number() }))
      .optional(),
  })
  .meta({ id: 'SalesFigures' });
export type SalesFigures = z.infer<typeof salesFigures>;
export const salesQuery = z.object({ season: z.string().max(20).optional(), lang: z.string().max(35).optional() });
