import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineArea } from '../../platform/area.ts';
import { adminContactRoutes, contactRoutes, type ContactDeps } from './routes.ts';

export type { ContactDeps } from './routes.ts';

/** The contact form, and the owner's inbox of what it received. Registered under /api. */
export const contactModule: FastifyPluginAsyncZod<ContactDeps> = async (app, deps) => {
  await app.register(contactRoutes, deps);
  await app.register(adminContactRoutes, { ...deps, prefix: '/admin' });
};

/** The area as the app mounts it (ADR 0028): the tables it owns and its routes. */
export const contactArea = defineArea<ContactDeps>({ name: 'contact', tables: ['contact_messages'], routes: contactModule });
