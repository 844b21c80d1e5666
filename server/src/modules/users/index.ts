import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminUserRoutes, type UsersDeps } from './routes.ts';

export type { UsersDeps } from './routes.ts';

/** The accounts, as the owner manages them. Registered under /api. */
export const usersModule: FastifyPluginAsyncZod<UsersDeps> = async (app, deps) => {
  await app.register(adminUserRoutes, { ...deps, prefix: '/admin' });
};
