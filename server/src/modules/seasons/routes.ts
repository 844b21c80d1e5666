import { SEASON_MESSAGES, adminSeason, adminSeasonList, errorBody, explicitLocale, langQuery, seasonInput, seasonList, type Locale } from '@atelier/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { requestLocale } from '../../lib/locale.ts';
import type { AppServices } from '../../services.ts';
import { requireRole } from '../auth/guard.ts';

const idParam = z.object({ id: z.string().regex(/^\d{1,10}$/, { error: SEASON_MESSAGES.seasonNotFound }).transform(Number) });
export const langOf = (request: FastifyRequest): Locale => explicitLocale((request.query as { lang?: string } | undefined)?.lang) ?? requestLocale(request);

/** `/api/wholesale/seasons`: open and upcoming seasons for signed-in stockists (and the owner). */
export const seasonRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  app.addHook('onRequest', requireRole('retailer', 'admin'));
  app.get(
    '/seasons',
    {
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
      return { data: await services.seasons.forStockists(langOf(request)) };
    },
  );
};

/** Inside the admin scope: the seasons, their windows and terms. */
export const adminSeasonRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  const tags = ['admin'];
  const changed = () => services.onContentChange();
  app.get('/seasons', { schema: { tags, summary: 'Every season, the latest first', response: { 200: adminSeasonList } } }, async () => ({ data: await services.seasons.list() }));
  app.post(
    '/seasons',
    { schema: { tags, summary: 'Create a season (the first one ever takes every product)', body: seasonInput, response: { 201: adminSeason, 400: errorBody, 409: errorBody } } },
    async (request, reply) => {
      const saved = await services.seasons.save(request.body, undefined, actorOf(request));
      changed();
      return reply.code(201).send(saved);
    },
  );
  app.put(
    '/seasons/:id',
    {
      schema: {
        tags,
        summary: 'Replace a season (a delivery window that orders use cannot be removed)',
        params: idParam,
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
    { schema: { tags, summary: 'Delete a season without orders', params: idParam, response: { 204: z.null(), 404: errorBody, 409: errorBody } } },
    async (request, reply) => {
      await services.seasons.remove(request.params.id, actorOf(request));
      changed();
      return reply.code(204).send(null);
    },
  );
};

/** `?season=CODE` → the season's id; unknown → 404; absent → undefined. */
export async function seasonParam(services: AppServices, code: string | undefined): Promise<number | undefined> {
  if (code === undefined || code === '') return undefined;
  const season = await services.seasons.byCode(code);
  if (!season) throw new HttpError(404, SEASON_MESSAGES.seasonUnknown);
  return season.id;
}
