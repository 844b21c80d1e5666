import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminScope } from '../../lib/guard.ts';
import { adminJournalRoutes, journalRoutes, type JournalDeps } from './routes.ts';

export type { JournalDeps } from './routes.ts';

/** The journal: posts and sections. Registered under /api. */
export const journalModule: FastifyPluginAsyncZod<JournalDeps> = async (app, deps) => {
  await app.register(journalRoutes, deps);
  await app.register(adminScope(adminJournalRoutes, deps), { prefix: '/admin' });
};
