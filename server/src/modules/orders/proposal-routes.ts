import {
  PROPOSAL_MESSAGES,
  adminProposalList,
  adminProposalQuery,
  errorBody,
  langQuery,
  proposal,
  proposalInput,
  proposalList,
  proposalSendInput,
  submitResult,
} from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, personOf } from '../../lib/actor.ts';
import { langOf } from '../../lib/locale.ts';
import { idParam } from '../../lib/params.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { PROPOSAL_ACCESS } from './proposals.ts';
import type { OrdersDeps } from './routes.ts';

const idParams = idParam(PROPOSAL_MESSAGES.notFound);
const refusals = { 400: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };

/** `/api/admin/proposals`: the label writes an order for a shop, and lists them (issue 57). */
export const adminProposalRoutes: FastifyPluginAsyncZod<OrdersDeps> = async (app, services) => {
  const tags = ['admin'];
  app.post(
    '/proposals',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Write an order for a shop (its lines as a draft’s, a door, the date it holds until): the shop is mailed, sends or declines it',
        querystring: langQuery,
        body: proposalInput,
        response: { 201: proposal, ...refusals },
      },
    },
    async (request, reply) => reply.code(201).send(await services.orders.proposals.create(request.body, actorOf(request), langOf(request))),
  );
  app.get(
    '/proposals',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'The proposals written, newest first, a page at a time (status: open, sent, declined, expired; q: the shop)',
        querystring: adminProposalQuery,
        response: { 200: adminProposalList, 400: errorBody },
      },
    },
    async (request) => services.orders.proposals.list(request.query, request.query),
  );
  app.get(
    '/proposals/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'One proposal, its lines priced for its shop',
        params: idParams,
        querystring: langQuery,
        response: { 200: proposal, 404: errorBody },
      },
    },
    async (request) => {
      const found = await services.orders.proposals.get(request.params.id, langOf(request));
      if (!found) throw new HttpError(404, PROPOSAL_MESSAGES.notFound);
      return found;
    },
  );
};

/** `/api/account/proposals`: the shop's proposals, open ones first (its accounts person reads them too). */
export const accountProposalRoutes: FastifyPluginAsyncZod<OrdersDeps> = async (app, services) => {
  app.get(
    '/proposals',
    {
      config: { access: 'retailer' },
      schema: {
        tags: ['orders'],
        security: [{ bearer: [] }],
        summary: 'Orders the label wrote for my shop: the open ones first, then the last decided (at most 20)',
        querystring: langQuery,
        response: { 200: proposalList },
      },
    },
    async (request) => ({ data: await services.orders.proposals.mine(await services.orders.scopeFor(...personOf(request)), langOf(request)) }),
  );
};

/** `/api/proposals/:id/send|decline`: the shop sends a proposal as its own order (as proposed or adjusted), or declines it. */
export const proposalRoutes: FastifyPluginAsyncZod<OrdersDeps> = async (app, services) => {
  const tags = ['orders'];
  const security = [{ bearer: [] }];
  app.post(
    '/:id/send',
    {
      config: PROPOSAL_ACCESS,
      schema: {
        tags,
        security,
        summary: 'Send a proposal as my order (items: the lines as adjusted; doorId): checked as a draft’s submit, one order per delivery window',
        params: idParams,
        querystring: langQuery,
        body: proposalSendInput,
        response: { 201: submitResult, ...refusals },
      },
    },
    async (request, reply) => {
      const [personId, company] = personOf(request);
      const scope = await services.orders.scopeFor(personId, company);
      const { order, orders } = await services.orders.proposals.send(request.params.id, personId, scope, request.body, langOf(request));
      return reply.code(201).send({ ...order, orders });
    },
  );
  app.post(
    '/:id/decline',
    {
      config: PROPOSAL_ACCESS,
      schema: { tags, security, summary: 'Decline a proposal', params: idParams, querystring: langQuery, response: { 200: proposal, ...refusals } },
    },
    async (request) => {
      const [personId, company] = personOf(request);
      const scope = await services.orders.scopeFor(personId, company);
      return services.orders.proposals.decline(request.params.id, personId, scope, langOf(request));
    },
  );
};
