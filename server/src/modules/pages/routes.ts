import { adminPage, errorBody, pageParam, pageSaveInput } from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppServices } from '../../services.ts';

/** Registered inside the admin scope: the owner's page texts. */
export const adminPagesRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  const schema = { tags: ['admin'], security: [{ bearer: [] }] };
  app.get(
    '/pages/:page',
    {
      schema: {
        ...schema,
        summary: 'A page\'s texts in both languages (home, story, faq or retailers) with the version to send back',
        params: pageParam,
        response: { 200: adminPage, 400: errorBody },
      },
    },
    async (request) => services.pages.admin(request.params.page),
  );
  app.put(
    '/pages/:page',
    {
      schema: {
        ...schema,
        summary: 'Save a page\'s texts; 409 when someone saved it since the version given',
        params: pageParam,
        body: pageSaveInput,
        response: { 200: adminPage, 400: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      const { user } = request.session!;
      const saved = await services.pages.save(request.params.page, request.body.version, request.body.content, { id: user.id, email: user.email });
      services.onContentChange();
      return saved;
    },
  );
};
