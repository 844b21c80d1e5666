import { activityPage, activityQuery, errorBody } from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ActivityService } from './service.ts';

/** What this area's routes use, handed to them by name (never the whole set of services). */
export interface ActivityDeps {
  activity: ActivityService;
}

/** Registered inside the admin scope. Read only: entries are written by the writes themselves. */
export const adminActivityRoutes: FastifyPluginAsyncZod<ActivityDeps> = async (app, services) => {
  app.get(
    '/activity',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        summary: 'The back-office activity log, newest first (50 a page unless limit says, at most 200; page or cursor), optionally one kind',
        querystring: activityQuery,
        response: { 200: activityPage, 400: errorBody },
      },
    },
    async (request) => services.activity.list(request.query.kind, request.query),
  );
};
