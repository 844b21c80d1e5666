import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineArea } from '../../platform/area.ts';
import { adminWholesaleRoutes, wholesaleRoutes, type WholesaleDeps } from './routes.ts';

export type { WholesaleDeps } from './routes.ts';

/** The wholesale terms and the line sheet. Registered under /api. */
export const wholesaleModule: FastifyPluginAsyncZod<WholesaleDeps> = async (app, deps) => {
  await app.register(wholesaleRoutes, { ...deps, prefix: '/wholesale' });
  await app.register(adminWholesaleRoutes, { ...deps, prefix: '/admin' });
};

/** The area as the app mounts it (ADR 0028): the tables it owns and its routes. */
export const wholesaleArea = defineArea<WholesaleDeps>({
  name: 'wholesale',
  tables: ['wholesale_terms', 'wholesale_term_translations'],
  routes: wholesaleModule,
});
