import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineArea } from '../../platform/area.ts';
import { adminJournalRoutes, adminSectionRoutes, journalRoutes, type JournalDeps } from './routes.ts';

export type { JournalDeps } from './routes.ts';

/** The journal: posts and sections. Registered under /api. */
export const journalModule: FastifyPluginAsyncZod<JournalDeps> = async (app, deps) => {
  await app.register(journalRoutes, deps);
  await app.register(adminJournalRoutes, { ...deps, prefix: '/admin' });
  await app.register(adminSectionRoutes, { ...deps, prefix: '/admin' });
};

/** The area as the app mounts it (ADR 0028): the tables it owns and its routes. */
export const journalArea = defineArea<JournalDeps>({
  name: 'journal',
  tables: ['journal_sections', 'journal_section_translations', 'journal_posts', 'journal_post_translations'],
  routes: journalModule,
});
