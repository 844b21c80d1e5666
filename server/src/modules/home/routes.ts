import { adminHome } from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { HomeService } from './service.ts';

/** What this area's routes use, handed to them by name (never the whole set of services). */
export interface HomeDeps {
  home: HomeService;
}

/** Registered inside the admin scope. */
export const adminHomeRoutes: FastifyPluginAsyncZod<HomeDeps> = async (app, { home }) => {
  app.get(
    '/home',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        summary: 'What waits for the owner today: a count for each list her home links to',
        response: { 200: adminHome },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return home.today();
    },
  );
};
