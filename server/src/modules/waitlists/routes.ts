import {
  WAITLIST_MESSAGES,
  adminWaitlistList,
  adminWaitlistQuery,
  errorBody,
  langQuery,
  offerConfirmInput,
  offerList,
  order,
  waitlistEntry,
  waitlistInput,
  waitlistOffer,
  waitlistList,
  waitlistPieces,
  waitlistPiecesQuery,
} from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companyOf, personOf } from '../../lib/actor.ts';
import { langOf } from '../../lib/locale.ts';
import { idParam } from '../../lib/params.ts';
import { PROPOSAL_ACCESS } from '../orders/proposals.ts';
import type { WaitlistsService } from './service.ts';

export interface WaitlistsDepsOfRoutes {
  waitlists: WaitlistsService;
}

const refusals = { 400: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };
const tags = ['orders'];
const security = [{ bearer: [] }];
/** Its admin and buyers wait and confirm; its accounts person reads (as for proposals). */
const ORDERING = PROPOSAL_ACCESS;

/** `/api/waitlist`: a shop's people join the queue of a sold-out size, or leave it. */
export const waitlistRoutes: FastifyPluginAsyncZod<WaitlistsDepsOfRoutes> = async (app, { waitlists }) => {
  app.post(
    '/',
    {
      config: ORDERING,
      schema: {
        tags,
        security,
        summary: 'Wait for a sold-out at-once size (variantId, size, quantity): offered in turn when pieces come back',
        querystring: langQuery,
        body: waitlistInput,
        response: { 201: waitlistEntry, ...refusals },
      },
    },
    async (request, reply) => {
      const [personId, company] = personOf(request);
      return reply.code(201).send(await waitlists.join(personId, company.id, request.body, langOf(request)));
    },
  );
  app.delete(
    '/:id',
    {
      config: ORDERING,
      schema: {
        tags,
        security,
        summary: 'Leave a wait (an offer held for it is let go to the next shop)',
        params: idParam(WAITLIST_MESSAGES.notFound),
        querystring: langQuery,
        response: { 200: waitlistEntry, ...refusals },
      },
    },
    async (request) => waitlists.leave(request.params.id, companyOf(request), langOf(request)),
  );
};

/** `/api/account/waitlist|offers`: the shop's waits and the offers made to it. */
export const accountWaitlistRoutes: FastifyPluginAsyncZod<WaitlistsDepsOfRoutes> = async (app, { waitlists }) => {
  app.get(
    '/waitlist',
    {
      config: { access: 'retailer' },
      schema: {
        tags,
        security,
        summary: 'My shop’s waits: still waiting or offered first (with their place in line), then the last ended',
        querystring: langQuery,
        response: { 200: waitlistList },
      },
    },
    async (request) => ({ data: await waitlists.mine(companyOf(request), langOf(request)) }),
  );
  app.get(
    '/offers',
    {
      config: { access: 'retailer' },
      schema: {
        tags,
        security,
        summary: 'Pieces held for my shop when they came back: the open offers first (until when), then the last decided',
        querystring: langQuery,
        response: { 200: offerList },
      },
    },
    async (request) => ({ data: await waitlists.offers(companyOf(request), langOf(request)) }),
  );
};

/** `/api/offers/{id}/confirm|decline` */
export const offerRoutes: FastifyPluginAsyncZod<WaitlistsDepsOfRoutes> = async (app, { waitlists }) => {
  const params = idParam(WAITLIST_MESSAGES.offerNotFound);
  app.post(
    '/:id/confirm',
    {
      config: ORDERING,
      schema: {
        tags,
        security,
        summary: 'Confirm an offer while it holds: its pieces become an at-once order (the minimums aside)',
        params,
        querystring: langQuery,
        body: offerConfirmInput,
        response: { 201: order, ...refusals },
      },
    },
    async (request, reply) => {
      const [personId, company] = personOf(request);
      return reply.code(201).send(await waitlists.confirm(request.params.id, personId, company.id, request.body?.doorId, langOf(request)));
    },
  );
  app.post(
    '/:id/decline',
    {
      config: ORDERING,
      schema: {
        tags,
        security,
        summary: 'Let an offer go: its pieces pass to the next shop waiting',
        params,
        querystring: langQuery,
        response: { 200: waitlistOffer, ...refusals },
      },
    },
    async (request) => waitlists.decline(request.params.id, companyOf(request), langOf(request)),
  );
};

/** `/api/admin/waitlists`: who waits for what, in each size's order. */
export const adminWaitlistRoutes: FastifyPluginAsyncZod<WaitlistsDepsOfRoutes> = async (app, { waitlists }) => {
  app.get(
    '/waitlists',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'The waits, oldest first, a page at a time (status: active = waiting or offered; variant; q: the shop)',
        querystring: adminWaitlistQuery,
        response: { 200: adminWaitlistList, 400: errorBody },
      },
    },
    async (request) => waitlists.board.list(request.query, request.query, langOf(request)),
  );
  app.get(
    '/waitlists/pieces',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Per size of these colours (variants=1,2,…), how many shops wait and for how many pieces',
        querystring: waitlistPiecesQuery,
        response: { 200: waitlistPieces, 400: errorBody },
      },
    },
    async (request) => waitlists.board.pieces(request.query.variants),
  );
};
