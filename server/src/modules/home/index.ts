import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineArea } from '../../platform/area.ts';
import { adminHomeRoutes, type HomeDeps } from './routes.ts';

export type { HomeDeps } from './routes.ts';

/** The owner's home. Registered under /api. */
export const homeModule: FastifyPluginAsyncZod<HomeDeps> = async (app, deps) => {
  await app.register(adminHomeRoutes, { ...deps, prefix: '/admin' });
};

/** The area as the app mounts it (ADR 0028): the tables it owns and its routes. */
export const homeArea = defineArea<HomeDeps>({ name: 'home', tables: [], routes: homeModule });
