import { allocationInput, allocationProposal, allocationQuery, allocationResult, errorBody, langQuery } from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import { langOf } from '../../lib/locale.ts';
import type { OrdersDeps } from './routes.ts';

/** `/api/admin/allocations`: a delivery window's short production shared out among its pre-orders (issue 58). */
export const adminAllocationRoutes: FastifyPluginAsyncZod<OrdersDeps> = async (app, services) => {
  const tags = ['admin'];
  app.get(
    '/allocations/proposal',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'A window’s pieces on the shelf against what its confirmed pre-orders still ask, shared by a rule (arrival, proportion, priority), of the pieces matching `q` (reference, style, colour): per size the shelf and the asked, per line what it gets; `basis` is the stock it was computed on',
        querystring: allocationQuery,
        response: { 200: allocationProposal, 400: errorBody, 422: errorBody },
      },
    },
    async (request) => services.orders.allocation.proposal(request.query.delivery, request.query.rule, langOf(request), request.query.q),
  );
  app.post(
    '/allocations',
    {
      config: { access: 'admin' },
      // A window of a thousand pre-orders is some five thousand lines (40 bytes each).
      bodyLimit: 2 * 1024 * 1024,
      schema: {
        tags,
        summary:
          'Apply an allocation as the owner left it: each line’s pieces held on the shelf for it, in one transaction (409 when stock or the lines changed since `basis`); the shops are mailed what comes, what follows and what is cancelled',
        querystring: langQuery,
        body: allocationInput,
        response: { 201: allocationResult, 400: errorBody, 409: errorBody, 422: errorBody },
      },
    },
    async (request, reply) => reply.code(201).send(await services.orders.allocation.apply(request.body, actorOf(request), langOf(request))),
  );
};
