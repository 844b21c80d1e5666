import { adminPage, errorBody, pageParam, pageSaveInput } from '@atelier/contract';
import { actorOf } from '../../lib/actor.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PagesService } from './service.ts';

/** What this area's routes use, handed to them by name (never the whole set of services). */
export interface PagesDeps {
  /** After a write that changes public content: clears the caches here and tells the other instances. */
  onContentChange(): void;
  pages: PagesService;
}

/** Registered inside the admin scope: the owner's page texts. */
export const adminPagesRoutes: FastifyPluginAsyncZod<PagesDeps> = async (app, services) => {
  const schema = { tags: ['admin'], security: [{ bearer: [] }] };
  app.get(
    '/pages/:page',
    {
      config: { access: 'admin' },
      schema: {
        ...schema,
        summary: "A page's texts in both languages (home, story, faq or retailers) with the version to send back",
        params: pageParam,
        response: { 200: adminPage, 400: errorBody },
      },
    },
    async (request) => services.pages.admin(request.params.page),
  );
  app.put(
    '/pages/:page',
    {
      config: { access: 'admin' },
      schema: {
        ...schema,
        summary: "Save a page's texts; 409 when someone saved it since the version given",
        params: pageParam,
        body: pageSaveInput,
        response: { 200: adminPage, 400: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      const saved = await services.pages.save(request.params.page, request.body.version, request.body.content, actorOf(request));
      services.onContentChange();
      return saved;
    },
  );
};
