import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminScope } from '../../lib/guard.ts';
import { adminUserRoutes, type UsersDeps } from './routes.ts';

export type { UsersDeps } from './routes.ts';

/** The accounts, as the owner manages them. Registered under /api. */
export const usersModule: FastifyPluginAsyncZod<UsersDeps> = async (app, deps) => {
  await app.register(adminScope(adminUserRoutes, deps), { prefix: '/admin' });
};
