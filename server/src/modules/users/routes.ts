import { errorBody, user } from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppServices } from '../../services.ts';

/** Admin: the accounts that can sign in (registered inside the admin scope). */
export const adminUserRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  app.get(
    '/users',
    { schema: { tags: ['admin'], summary: 'Accounts', response: { 200: z.object({ data: z.array(user.extend({ id: z.number() })) }), 401: errorBody, 403: errorBody } } },
    async () => ({ data: await services.users.list() }),
  );
};
