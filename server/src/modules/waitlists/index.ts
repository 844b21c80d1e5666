import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineArea } from '../../platform/area.ts';
import { accountWaitlistRoutes, adminWaitlistRoutes, offerRoutes, waitlistRoutes, type WaitlistsDepsOfRoutes } from './routes.ts';

export const WAITLIST_LISTENERS = { offer: 'waitlists.offer' } as const;

const waitlistsModule: FastifyPluginAsyncZod<WaitlistsDepsOfRoutes> = async (app, deps) => {
  await app.register(waitlistRoutes, { ...deps, prefix: '/waitlist' });
  await app.register(accountWaitlistRoutes, { ...deps, prefix: '/account' });
  await app.register(offerRoutes, { ...deps, prefix: '/offers' });
  await app.register(adminWaitlistRoutes, { ...deps, prefix: '/admin' });
};

/**
 * Waitlists (issue 58): the tables it owns, its routes, and its listener — every `stock.changed` (a count, a
 * delivery, a return put back, an order or an offer let go) offers the pieces that came back to the shops
 * waiting for them, in their turn, after the change's commit.
 */
export const waitlistsArea = defineArea<WaitlistsDepsOfRoutes>({
  name: 'waitlists',
  tables: ['waitlist_entries', 'waitlist_offers'],
  routes: waitlistsModule,
  listen: (events, { waitlists }) =>
    events.listen<{ variantIds: number[] }>(
      'stock.changed',
      WAITLIST_LISTENERS.offer,
      async (trx, event) => {
        await waitlists.offerFreed(trx, event.payload.variantIds ?? []);
      },
      // Only while someone waits: a change of stock nobody waits for writes no run.
      { wants: async (trx) => !!(await trx.selectFrom('waitlist_entries').select('id').where('status', '=', 'waiting').limit(1).executeTakeFirst()) },
    ),
});
