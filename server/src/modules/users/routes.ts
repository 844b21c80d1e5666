import { errorBody, user } from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { UsersService } from './service.ts';

/** What this area's routes use, handed to them by name (never the whole set of services). */
export interface UsersDeps {
  users: UsersService;
}

/** Admin: the accounts that can sign in (registered inside the admin scope). */
export const adminUserRoutes: FastifyPluginAsyncZod<UsersDeps> = async (app, services) => {
  app.get(
    '/users',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Accounts',
        response: { 200: z.object({ data: z.array(user.extend({ id: z.number() })) }), 401: errorBody, 403: errorBody },
      },
    },
    async () => ({ data: await services.users.list() }),
  );
};
