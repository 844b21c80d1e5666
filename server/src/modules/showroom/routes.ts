import {
  SHOWROOM_MESSAGES,
  errorBody,
  showroomAnswer,
  showroomOrderInput,
  showroomRefusal,
  showroomSnapshot,
  showroomSnapshotQuery,
  showroomStatus,
} from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { requestLocale } from '../../lib/locale.ts';
import type { ShowroomService } from './service.ts';

/** What this area's routes use. */
export interface ShowroomDeps {
  showroom: ShowroomService;
}

/** The tablet's id for an order: a UUID, or any 8–64 letters, digits and hyphens. */
const KEY = /^[A-Za-z0-9-]{8,64}$/;

/** `/api/showroom/*`: for the owner and her agents only (a stockist 403, anonymous 401). */
export const showroomRoutes: FastifyPluginAsyncZod<ShowroomDeps> = async (app, { showroom }) => {
  const tags = ['showroom'];
  app.get(
    '/snapshot',
    {
      config: { access: 'showroom' },
      schema: {
        tags,
        summary:
          'Everything the showroom tablet needs offline for a season (styles, colours, sizes, prices, stock, windows, packs, terms, stockists); ETag, 304 with If-None-Match',
        querystring: showroomSnapshotQuery,
        response: { 200: showroomSnapshot, 304: z.null().describe('Not modified'), 404: errorBody },
      },
    },
    async (request, reply) => {
      const lang = request.query.lang ?? requestLocale(request);
      const snapshot = await showroom.snapshot(request.query.season, lang);
      const etag = `"${snapshot.version}"`;
      // Private: another account's tablet never gets it from a cache.
      reply.header('etag', etag).header('cache-control', 'private, no-cache').header('vary', 'authorization, accept-language');
      const asked = request.headers['if-none-match'];
      if (typeof asked === 'string' && asked.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) return reply.code(304).send(null);
      return snapshot;
    },
  );
  app.post(
    '/orders',
    {
      config: { access: 'showroom' },
      schema: {
        tags,
        summary: 'Send an order taken at the showroom (Idempotency-Key: its id made on the tablet; a retry answers the first answer)',
        headers: z.object({ 'idempotency-key': z.string().optional() }),
        body: showroomOrderInput,
        response: { 200: showroomAnswer, 201: showroomAnswer, 202: showroomAnswer, 400: errorBody, 409: errorBody, 422: z.union([showroomRefusal, errorBody]) },
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      if (typeof key !== 'string' || !KEY.test(key)) throw new HttpError(400, SHOWROOM_MESSAGES.keyInvalid);
      const { status, answer, replayed } = await showroom.take(key, request.body, actorOf(request), requestLocale(request));
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(status as 200 | 201 | 202).send(answer);
    },
  );
  app.get(
    '/orders/:key',
    {
      config: { access: 'showroom' },
      schema: {
        tags,
        summary: 'Where a showroom order stands by its id (a new shop’s: waiting, made once approved, or refused with reasons)',
        params: z.object({ key: z.string().regex(KEY) }),
        response: { 200: showroomStatus, 404: errorBody },
      },
    },
    async (request) => {
      const found = await showroom.status(request.params.key, actorOf(request));
      if (!found) throw new HttpError(404, SHOWROOM_MESSAGES.orderNotFound);
      return found;
    },
  );
};
