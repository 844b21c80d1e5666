import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineArea } from '../../platform/area.ts';
import { listenForOrders } from './listeners.ts';
import { adminOrderRoutes, adminOrderMoveRoutes, availabilityRoutes, orderRoutes, myOrderRoutes, type OrdersDeps } from './routes.ts';
export type { OrdersDeps } from './routes.ts';
import { adminShipmentRoutes, fulfilmentRoutes } from './fulfilment-routes.ts';
import { adminOrderChangeRoutes, agentOrderChangeRoutes, myOrderChangeRoutes } from './change-routes.ts';
import { accountProposalRoutes, adminProposalRoutes, proposalRoutes } from './proposal-routes.ts';
import { adminAllocationRoutes } from './allocation-routes.ts';
import type { Config } from '../../config.ts';

/** Orders: what a retailer can order of each size, the draft, the submit, and the owner's confirm, ship and cancel, the pick list and bulk shipping. Registered under /api. */
export const ordersModule: FastifyPluginAsyncZod<OrdersDeps & { config: Config }> = async (app, deps) => {
  await app.register(orderRoutes, { ...deps, prefix: '/orders' });
  await app.register(myOrderRoutes, { ...deps, prefix: '/orders' });
  await app.register(myOrderChangeRoutes, { ...deps, prefix: '/orders' });
  await app.register(availabilityRoutes, { ...deps, prefix: '/wholesale' });
  await app.register(adminOrderRoutes, { ...deps, prefix: '/admin' });
  await app.register(adminOrderMoveRoutes, { ...deps, prefix: '/admin' });
  await app.register(adminShipmentRoutes, { ...deps, prefix: '/admin' });
  await app.register(fulfilmentRoutes, { ...deps, prefix: '/admin' });
  await app.register(adminOrderChangeRoutes, { ...deps, prefix: '/admin' });
  await app.register(agentOrderChangeRoutes, { ...deps, prefix: '/showroom' });
  await app.register(adminProposalRoutes, { ...deps, prefix: '/admin' });
  await app.register(accountProposalRoutes, { ...deps, prefix: '/account' });
  await app.register(proposalRoutes, { ...deps, prefix: '/proposals' });
  await app.register(adminAllocationRoutes, { ...deps, prefix: '/admin' });
};

/** The area as the app mounts it (ADR 0028): the tables it owns, its routes and its listener (a parcel's mail). */
export const ordersArea = defineArea<OrdersDeps & { config: Config }>({
  name: 'orders',
  tables: [
    'order_draft_lines',
    'order_counters',
    'orders',
    'order_lines',
    'shipments',
    'shipment_lines',
    'order_events',
    'order_changes',
    'order_change_items',
    'proposals',
    'proposal_lines',
    'allocations',
    'allocation_lines',
  ],
  routes: ordersModule,
  listen: (events, deps) => listenForOrders(events, deps.orders),
});
