import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminContactRoutes, contactRoutes, type ContactDeps } from './routes.ts';

export type { ContactDeps } from './routes.ts';

/** The contact form, and the owner's inbox of what it received. Registered under /api. */
export const contactModule: FastifyPluginAsyncZod<ContactDeps> = async (app, deps) => {
  await app.register(contactRoutes, deps);
  await app.register(adminContactRoutes, { ...deps, prefix: '/admin' });
};
