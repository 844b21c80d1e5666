import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminCatalogueRoutes, adminCatalogueWriteRoutes, catalogueRoutes, type CatalogueDeps } from './routes.ts';

export type { CatalogueDeps } from './routes.ts';

/** The collection: products, their colours and sizes, as visitors, retailers and the owner see them. Registered under /api. */
export const catalogueModule: FastifyPluginAsyncZod<CatalogueDeps> = async (app, deps) => {
  await app.register(catalogueRoutes, deps);
  await app.register(adminCatalogueRoutes, { ...deps, prefix: '/admin' });
  await app.register(adminCatalogueWriteRoutes, { ...deps, prefix: '/admin' });
};
