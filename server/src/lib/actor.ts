import type { FastifyRequest } from 'fastify';
import type { Actor } from '../modules/activity/service.ts';

/** The signed-in administrator behind a back-office write, for the activity log. */
export function actorOf(request: FastifyRequest): Actor {
  const { user } = request.session!;
  return { id: user.id, email: user.email };
}
