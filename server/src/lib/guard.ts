import { API_ERRORS, SECURITY_MESSAGES, type Role } from '@atelier/contract';
import { HttpError } from './http-errors.ts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** A signed-in request: the account, its token, when it last proved who it is (set by the session hook). */
export interface Session {
  user: { id: number; email: string; role: Role };
  tokenId: number;
  /** When the holder last proved who they are (sign-in or re-authentication). */
  authenticatedAt: string;
  /** An administrator without a second factor while MFA_REQUIRED=admin: the back-office stays shut. */
  mfaMissing: boolean;
  /** Present when the bearer is an API key (acting for the owner who made it), not a signed-in person. */
  apiKey?: { id: number; access: 'read' | 'write' };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the session hook when the request carries a valid bearer token. */
    session: Session | null;
  }
}

/** `Authorization: Bearer <token>`; anything else is no token. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

/** Route-scope guard: 401 without a valid session, 403 when the role is not among `roles`. */
export function requireRole(...roles: Role[]) {
  return async function guard(request: FastifyRequest, reply: FastifyReply) {
    if (!request.session) {
      return reply.code(401).header('cache-control', 'no-store').send({ error: API_ERRORS.unauthenticated });
    }
    if (!roles.includes(request.session.user.role)) {
      return reply.code(403).header('cache-control', 'no-store').send({ error: API_ERRORS.forbidden });
    }
    // MFA_REQUIRED=admin: the back-office stays shut until the administrator adds a second factor
    // (the account's own routes, open to every role, stay open so they can).
    if (request.session.mfaMissing && !roles.includes('retailer')) {
      reply.header('cache-control', 'no-store');
      throw new HttpError(403, SECURITY_MESSAGES.mfaRequired, {}, undefined, { mfaSetupRequired: true });
    }
  };
}

/**
 * An area's back-office routes: registered under `/admin`, every one behind the administrator's guard
 * (no admin route can be added without it: the guard is on the scope, not on each route).
 */
export function adminScope<Options extends object>(
  routes: FastifyPluginAsync<Options, RawServerDefault, ZodTypeProvider>,
  deps: Options,
): FastifyPluginAsync<Record<never, never>, RawServerDefault, ZodTypeProvider> {
  return async (admin) => {
    admin.addHook('onRequest', requireRole('admin'));
    await admin.register(routes, deps);
  };
}
