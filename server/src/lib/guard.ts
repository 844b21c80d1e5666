import type { CompanyRole, Role } from '@atelier/contract';
import type { FastifyRequest } from 'fastify';

/** A signed-in request: the account, its token, when it last proved who it is (set by the session hook). */
export interface Session {
  user: { id: number; email: string; role: Role };
  tokenId: number;
  /** When the holder last proved who they are (sign-in or re-authentication). */
  authenticatedAt: string;
  /** An administrator without a second factor while MFA_REQUIRED=admin: the back-office stays shut. */
  mfaMissing: boolean;
  /** A retailer's person: their company (the retailer's id: what orders and invoices point at) and role in it (issue 46). */
  company?: { id: number; role: CompanyRole };
  /** Present when the bearer is an API key (acting for the owner who made it), not a signed-in person. */
  apiKey?: { id: number; access: 'read' | 'write'; /** A shop's key (issue 60): its product feed only. */ feedOnly?: boolean };
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
