import { actorOf } from '../../lib/actor.ts';
import {
  adminPostList,
  adminPostQuery,
  adminSectionList,
  JOURNAL_MESSAGES,
  adminPost,
  adminSection,
  errorBody,
  langQuery,
  postInput,
  publicJournal,
  publicPostPage,
  sectionInput,
} from '@atelier/contract';

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { langOf } from '../../lib/locale.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { sendJson, PUBLIC_READ } from '../../lib/json-cache.ts';
import type { JsonCache } from '../../lib/json-cache.ts';
import type { JournalService } from './service.ts';
import { idParam } from '../../lib/params.ts';
import { pageHeaders } from '../../lib/paging.ts';

const idParams = idParam();
const slugParam = z.object({ slug: z.string().max(120) });

/** What this area's routes use, handed to them by name (never the whole set of services). */
export interface JournalDeps {
  journal: JournalService;
  jsonCache: JsonCache;
  /** After a write that changes public content: clears the caches here and tells the other instances. */
  onContentChange(): void;
}

export const journalRoutes: FastifyPluginAsyncZod<JournalDeps> = async (app, services) => {
  app.get(
    '/blog',
    {
      config: { access: 'public' },
      schema: { tags: ['journal'], summary: 'Sections with their published posts', querystring: langQuery, response: { 200: publicJournal } },
    },
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
      config: { access: 'public' },
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
export const adminJournalRoutes: FastifyPluginAsyncZod<JournalDeps> = async (app, services) => {
  const { journal } = services;
  const tags = ['admin'];

  app.get(
    '/blog',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'The posts, drafts included, a page at a time by creation date (X-Total-Count, Link)',
        querystring: adminPostQuery,
        response: { 200: adminPostList, 400: errorBody },
      },
    },
    async (request, reply) => {
      const { q, section, limit, page, cursor } = request.query;
      const shown = await journal.adminPostsPage(langOf(request), { q, sectionId: section }, { limit, page, cursor });
      pageHeaders(reply, request.url, shown);
      return shown.data;
    },
  );

  app.post(
    '/blog',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'Create a post', querystring: langQuery, body: postInput, response: { 201: adminPost, 400: errorBody, 409: errorBody } },
    },
    async (request, reply) => {
      const post = await journal.savePost(request.body, langOf(request), undefined, actorOf(request));
      services.onContentChange();
      return reply.code(201).send(post!);
    },
  );

  app.put(
    '/blog/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Update a post',
        params: idParams,
        querystring: langQuery,
        body: postInput,
        response: { 200: adminPost, 400: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      const post = await journal.savePost(request.body, langOf(request), request.params.id, actorOf(request));
      if (!post) throw new HttpError(404, JOURNAL_MESSAGES.postNotFound);
      services.onContentChange();
      return post;
    },
  );

  app.delete(
    '/blog/:id',
    { config: { access: 'admin' }, schema: { tags, summary: 'Delete a post', params: idParams, response: { 204: z.null(), 404: errorBody } } },
    async (request, reply) => {
      if (!(await journal.deletePost(request.params.id, actorOf(request)))) throw new HttpError(404, JOURNAL_MESSAGES.postNotFound);
      services.onContentChange();
      return reply.code(204).send(null);
    },
  );
};

/** `/api/admin`: the journal's sections. */
export const adminSectionRoutes: FastifyPluginAsyncZod<JournalDeps> = async (app, services) => {
  const { journal } = services;
  const tags = ['admin'];

  app.get(
    '/blog/sections',
    { config: { access: 'admin' }, schema: { tags, summary: 'Sections with their post counts', querystring: langQuery, response: { 200: adminSectionList } } },
    async (request) => journal.adminSections(langOf(request)),
  );

  app.post(
    '/blog/sections',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'Create a section', querystring: langQuery, body: sectionInput, response: { 201: adminSection, 400: errorBody } },
    },
    async (request, reply) => {
      const section = await journal.saveSection(request.body, langOf(request), undefined, actorOf(request));
      services.onContentChange();
      return reply.code(201).send(section!);
    },
  );

  app.put(
    '/blog/sections/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Update a section',
        params: idParams,
        querystring: langQuery,
        body: sectionInput,
        response: { 200: adminSection, 400: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const section = await journal.saveSection(request.body, langOf(request), request.params.id, actorOf(request));
      if (!section) throw new HttpError(404, JOURNAL_MESSAGES.sectionNotFound);
      services.onContentChange();
      return section;
    },
  );

  app.delete(
    '/blog/sections/:id',
    { config: { access: 'admin' }, schema: { tags, summary: 'Delete a section and its posts', params: idParams, response: { 204: z.null(), 404: errorBody } } },
    async (request, reply) => {
      if (!(await journal.deleteSection(request.params.id, actorOf(request)))) throw new HttpError(404, JOURNAL_MESSAGES.sectionNotFound);
      services.onContentChange();
      return reply.code(204).send(null);
    },
  );
};
