import { actorOf } from '../../lib/actor.ts';
import {
  JOURNAL_MESSAGES,
  adminPost,
  adminSection,
  errorBody,
  explicitLocale,
  langQuery,
  postInput,
  publicJournal,
  publicPostPage,
  sectionInput,
  type Locale,
} from '@atelier/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLocale } from '../../lib/locale.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { sendJson, PUBLIC_READ } from '../../lib/json-cache.ts';
import type { AppServices } from '../../services.ts';

const langOf = (request: FastifyRequest): Locale => explicitLocale((request.query as { lang?: string }).lang) ?? requestLocale(request);
const idParam = z.object({ id: z.string().regex(/^\d{1,10}$/, { error: 'The id must be a number.' }).transform(Number) });
const slugParam = z.object({ slug: z.string().max(120) });

export const journalRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  app.get(
    '/blog',
    { schema: { tags: ['journal'], summary: 'Sections with their published posts', querystring: langQuery, response: { 200: publicJournal } } },
    async (request, reply) => {
      reply.header('vary', 'Accept-Language, Cookie');
      reply.header('cache-control', PUBLIC_READ);
      const lang = langOf(request);
      const json = await services.jsonCache.get(`journal:${lang}`, async () => publicJournal.parse(await services.journal.publicJournal(lang)));
      return sendJson(reply, json!);
    },
  );

  app.get(
    '/blog/posts/:slug',
    {
      schema: {
        tags: ['journal'],
        summary: 'One published post by its slug (a draft is a 404)',
        params: slugParam,
        querystring: langQuery,
        response: { 200: publicPostPage, 404: errorBody },
      },
    },
    async (request, reply) => {
      const lang = langOf(request);
      const json = await services.jsonCache.get(`post:${request.params.slug}:${lang}`, async () => {
        const post = await services.journal.publicPost(request.params.slug, lang);
        return post && publicPostPage.parse(post);
      });
      if (!json) throw new HttpError(404, JOURNAL_MESSAGES.postNotFound);
      reply.header('vary', 'Accept-Language, Cookie');
      reply.header('cache-control', PUBLIC_READ);
      return sendJson(reply, json);
    },
  );
};

/** Inside the admin scope. */
export const adminJournalRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  const { journal } = services;
  const tags = ['admin'];

  app.get('/blog', { schema: { tags, summary: 'Every post, drafts included', querystring: langQuery, response: { 200: z.array(adminPost) } } }, async (request) =>
    journal.adminPosts(langOf(request)),
  );

  app.post(
    '/blog',
    { schema: { tags, summary: 'Create a post', querystring: langQuery, body: postInput, response: { 201: adminPost, 400: errorBody, 409: errorBody } } },
    async (request, reply) => {
      const post = await journal.savePost(request.body, langOf(request), undefined, actorOf(request));
      services.onContentChange();
      return reply.code(201).send(post!);
    },
  );

  app.put(
    '/blog/:id',
    {
      schema: { tags, summary: 'Update a post', params: idParam, querystring: langQuery, body: postInput, response: { 200: adminPost, 400: errorBody, 404: errorBody, 409: errorBody } },
    },
    async (request) => {
      const post = await journal.savePost(request.body, langOf(request), request.params.id, actorOf(request));
      if (!post) throw new HttpError(404, JOURNAL_MESSAGES.postNotFound);
      services.onContentChange();
      return post;
    },
  );

  app.delete('/blog/:id', { schema: { tags, summary: 'Delete a post', params: idParam, response: { 204: z.null(), 404: errorBody } } }, async (request, reply) => {
    if (!(await journal.deletePost(request.params.id, actorOf(request)))) throw new HttpError(404, JOURNAL_MESSAGES.postNotFound);
    services.onContentChange();
    return reply.code(204).send(null);
  });

  app.get(
    '/blog/sections',
    { schema: { tags, summary: 'Sections with their post counts', querystring: langQuery, response: { 200: z.array(adminSection) } } },
    async (request) => journal.adminSections(langOf(request)),
  );

  app.post(
    '/blog/sections',
    { schema: { tags, summary: 'Create a section', querystring: langQuery, body: sectionInput, response: { 201: adminSection, 400: errorBody } } },
    async (request, reply) => {
      const section = await journal.saveSection(request.body, langOf(request), undefined, actorOf(request));
      services.onContentChange();
      return reply.code(201).send(section!);
    },
  );

  app.put(
    '/blog/sections/:id',
    { schema: { tags, summary: 'Update a section', params: idParam, querystring: langQuery, body: sectionInput, response: { 200: adminSection, 400: errorBody, 404: errorBody } } },
    async (request) => {
      const section = await journal.saveSection(request.body, langOf(request), request.params.id, actorOf(request));
      if (!section) throw new HttpError(404, JOURNAL_MESSAGES.sectionNotFound);
      services.onContentChange();
      return section;
    },
  );

  app.delete(
    '/blog/sections/:id',
    { schema: { tags, summary: 'Delete a section and its posts', params: idParam, response: { 204: z.null(), 404: errorBody } } },
    async (request, reply) => {
      if (!(await journal.deleteSection(request.params.id, actorOf(request)))) throw new HttpError(404, JOURNAL_MESSAGES.sectionNotFound);
      services.onContentChange();
      return reply.code(204).send(null);
    },
  );
};
