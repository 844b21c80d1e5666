import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authRoutes, type AuthDeps } from './routes.ts';

export type { AuthDeps } from './routes.ts';

/** Signing in with a password, the session behind a token, signing out, the password reset. Registered under /api. */
export const authModule: FastifyPluginAsyncZod<AuthDeps> = async (app, deps) => {
  await app.register(authRoutes, { ...deps, prefix: '/auth' });
};
