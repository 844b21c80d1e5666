import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineArea } from '../../platform/area.ts';
import { agentRoutes, type AgentsDeps } from './routes.ts';

export type { AgentsDeps } from './routes.ts';

/** The label's sales agents. Registered under /api (the routes under /admin). */
export const agentsModule: FastifyPluginAsyncZod<AgentsDeps> = async (app, deps) => {
  await app.register(agentRoutes, { ...deps, prefix: '/admin' });
};

/** The area as the app mounts it (ADR 0028): the tables it owns and its routes. */
export const agentsArea = defineArea<AgentsDeps>({ name: 'agents', tables: ['agents'], routes: agentsModule });
