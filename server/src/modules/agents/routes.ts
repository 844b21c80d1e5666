import { AGENT_MESSAGES, agent, agentInput, agentList, agentListQuery, agentUpdate, errorBody } from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import { idParam } from '../../lib/params.ts';
import type { AgentsService } from './service.ts';

/** What this area's routes use. */
export interface AgentsDeps {
  agents: AgentsService;
}

const idParams = idParam(AGENT_MESSAGES.agentNotFound);

/** `/api/admin/agents`: the owner's sales agents (inside the admin scope). */
export const agentRoutes: FastifyPluginAsyncZod<AgentsDeps> = async (app, { agents }) => {
  const tags = ['admin'];
  app.get(
    '/agents',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'The sales agents by name, a page at a time (limit, page or cursor), with whether they have chosen a password and when they last signed in',
        querystring: agentListQuery,
        response: { 200: agentList, 400: errorBody },
      },
    },
    async (request) => agents.list(request.query),
  );
  app.post(
    '/agents',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Invite a sales agent: an account of their own and a set-password link by mail',
        body: agentInput,
        response: { 201: agent, 400: errorBody, 409: errorBody },
      },
    },
    async (request, reply) => reply.code(201).send(await agents.invite(request.body, actorOf(request))),
  );
  app.put(
    '/agents/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Rename an agent, change the commission, turn the account off (its sessions end) or on',
        params: idParams,
        body: agentUpdate,
        response: { 200: agent, 400: errorBody, 404: errorBody },
      },
    },
    async (request) => agents.update(request.params.id, request.body, actorOf(request)),
  );
  app.post(
    '/agents/:id/invite',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'Send the invitation again with a new set-password link', params: idParams, response: { 200: agent, 404: errorBody } },
    },
    async (request) => agents.reinvite(request.params.id, actorOf(request)),
  );
};
