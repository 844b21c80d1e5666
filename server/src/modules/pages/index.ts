import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineArea } from '../../platform/area.ts';
import { adminPagesRoutes, type PagesDeps } from './routes.ts';

export type { PagesDeps } from './routes.ts';

/** The texts of the site's pages, as the owner edits them. Registered under /api. */
export const pagesModule: FastifyPluginAsyncZod<PagesDeps> = async (app, deps) => {
  await app.register(adminPagesRoutes, { ...deps, prefix: '/admin' });
};

/** The area as the app mounts it (ADR 0028): the tables it owns and its routes. */
export const pagesArea = defineArea<PagesDeps>({ name: 'pages', tables: ['page_texts'], routes: pagesModule });
