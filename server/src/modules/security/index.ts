import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineArea } from '../../platform/area.ts';
import { accountSecurityRoutes, accountFactorRoutes, signInStepRoutes, passkeySignInRoutes, type SecurityDeps } from './routes.ts';

export type { SecurityDeps } from './routes.ts';

/** The second step of signing in (authenticator codes, recovery codes, passkeys) and the account's security screen. Registered under /api. */
export const securityModule: FastifyPluginAsyncZod<SecurityDeps> = async (app, deps) => {
  await app.register(signInStepRoutes, { ...deps, prefix: '/auth' });
  await app.register(passkeySignInRoutes, { ...deps, prefix: '/auth' });
  await app.register(accountSecurityRoutes, { ...deps, prefix: '/account' });
  await app.register(accountFactorRoutes, { ...deps, prefix: '/account' });
};

/** The area as the app mounts it (ADR 0028): the tables it owns and its routes. */
export const securityArea = defineArea<SecurityDeps>({
  name: 'security',
  tables: ['passkeys', 'totp_factors', 'recovery_codes', 'auth_challenges'],
  routes: securityModule,
});
