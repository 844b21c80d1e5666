import {
  COMPANY_MESSAGES,
  ORDER_CHANGE_MESSAGES,
  ORDER_MESSAGES,
  adminOrderChangeInput,
  errorBody,
  langQuery,
  order,
  orderChange,
  orderChangeDecisionInput,
  orderChangeInput,
  orderChangeList,
  orderChangeListQuery,
} from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, personOf } from '../../lib/actor.ts';
import { langOf } from '../../lib/locale.ts';
import { idParam, pathId } from '../../lib/params.ts';
import type { OrdersDeps } from './routes.ts';

const idParams = idParam(ORDER_MESSAGES.orderNotFound);
/** An order and one of its changes. */
const changeParams = z.object({ id: pathId(ORDER_MESSAGES.orderNotFound), changeId: pathId(ORDER_CHANGE_MESSAGES.changeNotFound) });
const refusals = { 400: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };

/** `/api/orders/:id/changes`: the shop asks a change of its sent order, or takes it back (issue 57). */
export const myOrderChangeRoutes: FastifyPluginAsyncZod<OrdersDeps> = async (app, services) => {
  const tags = ['orders'];
  const security = [{ bearer: [] }];
  // Its admin, or the buyer of that door; its accounts person reads without ordering (issue 46).
  const access = {
    access: 'retailer',
    refusal: ORDER_MESSAGES.adminsCannotOrder,
    companyRoles: ['admin', 'buyer'],
    companyRefusal: COMPANY_MESSAGES.accountsCannotOrder,
  } as const;

  app.post(
    '/:id/changes',
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'Ask a change of my sent order, line by line (a new quantity, 0 removing the line, or a piece added): pending until the label decides',
        params: idParams,
        querystring: langQuery,
        body: orderChangeInput,
        response: { 201: orderChange, ...refusals },
      },
    },
    async (request, reply) => {
      const [personId, company] = personOf(request);
      const scope = await services.orders.scopeFor(personId, company);
      return reply.code(201).send(await services.orders.changes.request(request.params.id, scope, personId, request.body, langOf(request)));
    },
  );

  app.delete(
    '/:id/changes/:changeId',
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'Take back my change while it waits',
        params: changeParams,
        querystring: langQuery,
        response: { 200: orderChange, ...refusals },
      },
    },
    async (request) => {
      const scope = await services.orders.scopeFor(...personOf(request));
      return services.orders.changes.withdraw(request.params.id, request.params.changeId, scope, langOf(request));
    },
  );
};

/** `/api/admin/order-changes` and `/api/admin/orders/:id/changes`: the label's list, decisions and own changes (issue 57). */
export const adminOrderChangeRoutes: FastifyPluginAsyncZod<OrdersDeps> = async (app, services) => {
  const tags = ['admin'];

  app.get(
    '/order-changes',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'The changes shops asked, newest first, a page at a time (status, q: order number or shop)',
        querystring: orderChangeListQuery,
        response: { 200: orderChangeList, 400: errorBody },
      },
    },
    async (request) => services.orders.changes.list(request.query, request.query),
  );

  app.post(
    '/orders/:id/changes/:changeId/decision',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Decide a change: the lines accepted (their places, 0 first) make the next revision; the others are refused with the reason',
        params: changeParams,
        querystring: langQuery,
        body: orderChangeDecisionInput,
        response: { 200: order, ...refusals },
      },
    },
    async (request) => services.orders.changes.decide(request.params.id, request.params.changeId, request.body, actorOf(request), langOf(request)),
  );

  app.post(
    '/orders/:id/changes',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Change an order directly (apply: true): checked as a shop’s change, a revision at once, the shop told',
        params: idParams,
        querystring: langQuery,
        body: adminOrderChangeInput,
        response: { 200: order, ...refusals },
      },
    },
    async (request) => services.orders.changes.change(request.params.id, request.body, actorOf(request), langOf(request)),
  );
};

/** `/api/showroom/orders/:id/changes`: a sales agent changes an order they took at the showroom (the owner: any), as the label does (issue 57). */
export const agentOrderChangeRoutes: FastifyPluginAsyncZod<OrdersDeps> = async (app, services) => {
  app.post(
    '/orders/:id/changes',
    {
      config: { access: 'showroom' },
      schema: {
        tags: ['showroom'],
        summary:
          'Change an order taken at the showroom (apply: true): checked as a shop’s change, a revision at once, the shop told; an agent, only the orders they took',
        params: idParams,
        querystring: langQuery,
        body: adminOrderChangeInput,
        response: { 200: order, 403: errorBody, ...refusals },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const only = actor.role === 'agent' ? { takenBy: actor.id } : undefined;
      return services.orders.changes.change(request.params.id, request.body, actor, langOf(request), only);
    },
  );
};
