import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactRoutes, type ContactDeps } from './routes.ts';

export type { ContactDeps } from './routes.ts';

/** The contact form. Registered under /api. */
export const contactModule: FastifyPluginAsyncZod<ContactDeps> = async (app, deps) => {
  await app.register(contactRoutes, deps);
};
