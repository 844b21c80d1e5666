import { SEASON_MESSAGES, adminSeason, adminSeasonList, errorBody, langQuery, seasonInput, seasonList } from '@atelier/contract';

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';

import { langOf } from '../../lib/locale.ts';
import type { SeasonsService } from './service.ts';
import { idParam } from '../../lib/params.ts';

const idParams = idParam(SEASON_MESSAGES.seasonNotFound);

/** What this area's routes use, handed to them by name (never the whole set of services). */
export interface SeasonsDeps {
  /** After a write that changes public content: clears the caches here and tells the other instances. */
  onContentChange(): void;
  seasons: SeasonsService;
}

/** `/api/wholesale/seasons`: open and upcoming seasons for signed-in retailers (and the owner). */
export const seasonRoutes: FastifyPluginAsyncZod<SeasonsDeps> = async (app, services) => {
  app.get(
    '/seasons',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['wholesale'],
        security: [{ bearer: [] }],
        summary: 'Open and upcoming seasons with their order window, delivery windows and terms, in the asked language',
        querystring: langQuery,
        response: { 200: seasonList, 401: errorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { data: await services.seasons.forRetailers(langOf(request)) };
    },
  );
};

/** Inside the admin scope: the seasons, their windows and terms. */
export const adminSeasonRoutes: FastifyPluginAsyncZod<SeasonsDeps> = async (app, services) => {
  const tags = ['admin'];
  const changed = () => services.onContentChange();
  app.get(
    '/seasons',
    { config: { access: 'admin' }, schema: { tags, summary: 'Every season, the latest first', response: { 200: adminSeasonList } } },
    async () => ({
      data: await services.seasons.list(),
    }),
  );
  app.post(
    '/seasons',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Create a season (the first one ever takes every product)',
        body: seasonInput,
        response: { 201: adminSeason, 400: errorBody, 409: errorBody },
      },
    },
    async (request, reply) => {
      const saved = await services.seasons.save(request.body, undefined, actorOf(request));
      changed();
      return reply.code(201).send(saved);
    },
  );
  app.put(
    '/seasons/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Replace a season (a delivery window that orders use cannot be removed)',
        params: idParams,
        body: seasonInput,
        response: { 200: adminSeason, 400: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      const saved = await services.seasons.save(request.body, request.params.id, actorOf(request));
      changed();
      return saved;
    },
  );
  app.delete(
    '/seasons/:id',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'Delete a season without orders', params: idParams, response: { 204: z.null(), 404: errorBody, 409: errorBody } },
    },
    async (request, reply) => {
      await services.seasons.remove(request.params.id, actorOf(request));
      changed();
      return reply.code(204).send(null);
    },
  );
};
