import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineArea } from '../../platform/area.ts';
import { adminCatalogueRoutes, adminCatalogueWriteRoutes, catalogueRoutes } from './routes.ts';
import { feedRoutes, type FeedDeps } from './feed-routes.ts';

export type { CatalogueDeps } from './routes.ts';
export type { FeedDeps } from './feed-routes.ts';

/** The collection: products, their colours and sizes, as visitors, retailers and the owner see them. Registered under /api. */
export const catalogueModule: FastifyPluginAsyncZod<FeedDeps> = async (app, deps) => {
  await app.register(catalogueRoutes, deps);
  await app.register(adminCatalogueRoutes, { ...deps, prefix: '/admin' });
  await app.register(adminCatalogueWriteRoutes, { ...deps, prefix: '/admin' });
  await app.register(feedRoutes, { ...deps, prefix: '/feed' });
};

/** The area as the app mounts it (ADR 0028): the tables it owns and its routes. */
export const catalogueArea = defineArea<FeedDeps>({
  name: 'catalogue',
  tables: ['products', 'product_packs', 'product_translations', 'variants', 'variant_translations'],
  routes: catalogueModule,
});
