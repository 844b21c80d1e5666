import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminJournalRoutes, adminSectionRoutes, journalRoutes, type JournalDeps } from './routes.ts';

export type { JournalDeps } from './routes.ts';

/** The journal: posts and sections. Registered under /api. */
export const journalModule: FastifyPluginAsyncZod<JournalDeps> = async (app, deps) => {
  await app.register(journalRoutes, deps);
  await app.register(adminJournalRoutes, { ...deps, prefix: '/admin' });
  await app.register(adminSectionRoutes, { ...deps, prefix: '/admin' });
};
