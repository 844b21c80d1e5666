import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { agentRoutes, type AgentsDeps } from './routes.ts';

export type { AgentsDeps } from './routes.ts';

/** The label's sales agents. Registered under /api (the routes under /admin). */
export const agentsModule: FastifyPluginAsyncZod<AgentsDeps> = async (app, deps) => {
  await app.register(agentRoutes, { ...deps, prefix: '/admin' });
};
