import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminPagesRoutes, type PagesDeps } from './routes.ts';

export type { PagesDeps } from './routes.ts';

/** The texts of the site's pages, as the owner edits them. Registered under /api. */
export const pagesModule: FastifyPluginAsyncZod<PagesDeps> = async (app, deps) => {
  await app.register(adminPagesRoutes, { ...deps, prefix: '/admin' });
};
