import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineArea } from '../../platform/area.ts';
import { authRoutes, type AuthDeps } from './routes.ts';

export type { AuthDeps } from './routes.ts';

/** Signing in with a password, the session behind a token, signing out, the password reset. Registered under /api. */
export const authModule: FastifyPluginAsyncZod<AuthDeps> = async (app, deps) => {
  await app.register(authRoutes, { ...deps, prefix: '/auth' });
};

/** The area as the app mounts it (ADR 0028): the tables it owns and its routes. */
export const authArea = defineArea<AuthDeps>({ name: 'auth', tables: ['auth_tokens', 'password_tokens'], routes: authModule });
