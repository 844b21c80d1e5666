import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineArea } from '../../platform/area.ts';
import { adminUserRoutes, type UsersDeps } from './routes.ts';

export type { UsersDeps } from './routes.ts';

/** The accounts, as the owner manages them. Registered under /api. */
export const usersModule: FastifyPluginAsyncZod<UsersDeps> = async (app, deps) => {
  await app.register(adminUserRoutes, { ...deps, prefix: '/admin' });
};

/** The area as the app mounts it (ADR 0028): the tables it owns and its routes. */
export const usersArea = defineArea<UsersDeps>({ name: 'users', tables: ['users'], routes: usersModule });
