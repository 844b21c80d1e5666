import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSeasonRoutes, seasonRoutes, type SeasonsDeps } from './routes.ts';

export type { SeasonsDeps } from './routes.ts';

/** Seasons and their delivery windows. Registered under /api. */
export const seasonsModule: FastifyPluginAsyncZod<SeasonsDeps> = async (app, deps) => {
  await app.register(seasonRoutes, { ...deps, prefix: '/wholesale' });
  await app.register(adminSeasonRoutes, { ...deps, prefix: '/admin' });
};
