import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineArea } from '../../platform/area.ts';
import { listenForRetailers } from './listeners.ts';
import { adminRetailerRoutes, applicationRoutes, type RetailersDeps } from './routes.ts';

export type { RetailersDeps } from './routes.ts';

/** Shops that apply to become retailers, and the owner's answer. Registered under /api. */
export const retailersModule: FastifyPluginAsyncZod<RetailersDeps> = async (app, deps) => {
  await app.register(applicationRoutes, deps);
  await app.register(adminRetailerRoutes, { ...deps, prefix: '/admin' });
};

/** The area as the app mounts it (ADR 0028): the table it owns, its routes and its listener (applications found by their company's details). */
export const retailersArea = defineArea<RetailersDeps>({
  name: 'retailers',
  tables: ['retailer_applications'],
  routes: retailersModule,
  listen: (events) => listenForRetailers(events),
});
