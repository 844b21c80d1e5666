import { API_ERRORS, COMPANY_MESSAGES, SECURITY_MESSAGES, type CompanyRole, type Role } from '@atelier/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from './http-errors.ts';

/**
 * Who may call a route, declared on the route itself (`config: { access: 'admin' }`, ADR 0017):
 * - `public`: anyone, signed in or not;
 * - `signed-in`: any account (the owner, a retailer, an agent);
 * - `retailer`: a retailer's own things (invoices, orders); the owner and agents are refused;
 * - `retailer-or-owner`: a retailer, or the owner acting on the back-office (company details, listing);
 * - `showroom`: the owner and her sales agents (the tablet);
 * - `admin`: the owner's back-office (every route under `/api/admin` declares it, or the server does not start).
 */
export type Access = 'public' | 'signed-in' | 'retailer' | 'retailer-or-owner' | 'showroom' | 'admin';

export const ACCESS_ROLES: Record<Exclude<Access, 'public'>, readonly Role[]> = {
  'signed-in': ['admin', 'retailer', 'agent'],
  retailer: ['retailer'],
  'retailer-or-owner': ['retailer', 'admin'],
  showroom: ['admin', 'agent'],
  admin: ['admin'],
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route (lib/access.ts). Every `/api` route declares it. */
    access?: Access;
    /** The sentence a signed-in caller of another role gets with its 403 (the spec's, where it has one). */
    refusal?: string;
    /** A retailer's people this route is for (issue 46: admin, buyer, accounts); absent: all of them. */
    companyRoles?: readonly CompanyRole[];
    /** The sentence a person of another role in their company gets with its 403. */
    companyRefusal?: string;
  }
}

/** The guard of one rule: 401 without a valid session, 403 (with `refusal`) when the role is not among the rule's. */
export function guardFor(
  access: Exclude<Access, 'public'>,
  refusal: string = API_ERRORS.forbidden,
  company: { roles?: readonly CompanyRole[] | undefined; refusal?: string | undefined } = {},
): onRequestHookHandler {
  const roles = ACCESS_ROLES[access];
  return async function guard(request: FastifyRequest, reply: FastifyReply) {
    if (!request.session) {
      return reply.code(401).header('cache-control', 'no-store').send({ error: API_ERRORS.unauthenticated });
    }
    if (!roles.includes(request.session.user.role)) {
      return reply.code(403).header('cache-control', 'no-store').send({ error: refusal });
    }
    // A retailer's person whose role in the company this route is not for (an accounts person ordering).
    if (company.roles && request.session.company && !company.roles.includes(request.session.company.role)) {
      return reply
        .code(403)
        .header('cache-control', 'no-store')
        .send({ error: company.refusal ?? COMPANY_MESSAGES.adminsOnly });
    }
    // MFA_REQUIRED=admin: the back-office stays shut until the administrator adds a second factor
    // (the routes every role may call stay open, so that they can).
    if (request.session.mfaMissing && !roles.includes('retailer')) {
      reply.header('cache-control', 'no-store');
      throw new HttpError(403, SECURITY_MESSAGES.mfaRequired, {}, undefined, { mfaSetupRequired: true });
    }
  };
}

/** The rule a route declared; outside `/api` (the site's pages and files, robots, sitemap, uploads) a route is public unless it says otherwise. */
export function accessOf(route: Pick<RouteOptions, 'url' | 'config'>): Access | undefined {
  const declared = (route.config as { access?: Access } | undefined)?.access;
  return declared ?? (route.url.startsWith('/api/') ? undefined : 'public');
}

/**
 * Puts each route's guard in front of it, from the rule it declares. A route under `/api` without a
 * rule, or under `/api/admin` with another rule than `admin`, stops the server at start-up: no route
 * can be added without deciding who may call it.
 */
export const accessControl = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRoute', (route) => {
      const access = accessOf(route);
      const name = `${[route.method].flat().join(',')} ${route.url}`;
      if (!access) throw new Error(`${name} declares no access (config.access, lib/access.ts)`);
      if (route.url.startsWith('/api/admin/') && access !== 'admin') throw new Error(`${name} is under /api/admin but declares access '${access}'`);
      if (access === 'public') return;
      const config = route.config as { refusal?: string; companyRoles?: readonly CompanyRole[]; companyRefusal?: string } | undefined;
      const guard = guardFor(access, config?.refusal, { roles: config?.companyRoles, refusal: config?.companyRefusal });
      route.onRequest = [guard, ...[route.onRequest ?? []].flat()];
    });
  },
  { name: 'access-control' },
);
