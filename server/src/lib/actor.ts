import type { CompanyRole, Role } from '@atelier/contract';
import type { FastifyRequest } from 'fastify';

/**
 * Who acts: the signed-in account behind a write (an administrator, the label, or a retailer, a shop).
 * The activity log, the orders' history and the invoices all take this one type; null is the system
 * (the demo seed, a scheduled job).
 */
export interface Actor {
  id: number;
  email: string;
  role: Role;
  /** A retailer's person: the company they act for (issue 46). */
  company?: { id: number } | undefined;
}

/** The signed-in account behind a request (the route's guard has made sure there is one). */
export function actorOf(request: FastifyRequest): Actor {
  const { user, company } = request.session!;
  return { id: user.id, email: user.email, role: user.role, ...(company ? { company: { id: company.id } } : {}) };
}

/** The company a signed-in shop's person acts for (issue 46): its id is the retailer's; anyone else, their own account's. */
export function companyOf(request: FastifyRequest): number {
  return request.session!.company?.id ?? request.session!.user.id;
}

/** The person behind a request and their place in a company, as a scope is read from (an account on its own: admin of itself). */
export function personOf(request: FastifyRequest): [personId: number, company: { id: number; role: CompanyRole }] {
  const { user, company } = request.session!;
  return [user.id, company ?? { id: user.id, role: 'admin' }];
}
