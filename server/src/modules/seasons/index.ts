import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineArea } from '../../platform/area.ts';
import { adminSeasonRoutes, seasonRoutes, type SeasonsDeps } from './routes.ts';

export type { SeasonsDeps } from './routes.ts';

/** Seasons and their delivery windows. Registered under /api. */
export const seasonsModule: FastifyPluginAsyncZod<SeasonsDeps> = async (app, deps) => {
  await app.register(seasonRoutes, { ...deps, prefix: '/wholesale' });
  await app.register(adminSeasonRoutes, { ...deps, prefix: '/admin' });
};

/** The area as the app mounts it (ADR 0028): the tables it owns and its routes. */
export const seasonsArea = defineArea<SeasonsDeps>({
  name: 'seasons',
  tables: ['seasons', 'season_translations', 'season_deliveries', 'season_delivery_translations', 'product_seasons'],
  routes: seasonsModule,
});
