import { atShopPrices } from './shop-prices.ts';
import {
  productAnswer,
  productListAnswer,
  PRODUCT_MESSAGES,
  adminProduct,
  adminProductList,
  adminProductQuery,
  errorBody,
  langQuery,
  productListQuery,
  productMoveInput,
  productIdParam,
  productInput,
  productOrderInput,
  publicProduct,
  publicProductList,
  tradeProduct,
  tradeProductList,
} from '@atelier/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import type { CompaniesService } from '../companies/service.ts';
import { langOf } from '../../lib/locale.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { sendJson, PUBLIC_READ } from '../../lib/json-cache.ts';
import type { JsonCache } from '../../lib/json-cache.ts';
import type { CatalogueService } from './service.ts';
import type { SeasonsService } from '../seasons/service.ts';
import { pageHeaders } from '../../lib/paging.ts';

/** Trade fields only for a signed-in retailer or admin; the response then stays private. */
function isTrade(request: FastifyRequest): boolean {
  return request.session !== null;
}

function publicCache(reply: FastifyReply, request: FastifyRequest) {
  reply.header('vary', 'Authorization, Accept-Language, Cookie');
  if (!isTrade(request)) reply.header('cache-control', PUBLIC_READ);
}

const notFound = () => new HttpError(404, PRODUCT_MESSAGES.productNotFound);

/** What this area's routes use, handed to them by name (never the whole set of services). */
export interface CatalogueDeps {
  catalogue: CatalogueService;
  /** `?season=CODE` of the lists. */
  seasons: Pick<SeasonsService, 'idOfCode'>;
  jsonCache: JsonCache;
  /** A shop's discount on trade prices (issue 47). */
  companies: Pick<CompaniesService, 'terms'>;
  /** After a write that changes public content: clears the caches here and tells the other instances. */
  onContentChange(): void;
}

export const catalogueRoutes: FastifyPluginAsyncZod<CatalogueDeps> = async (app, services) => {
  const { catalogue } = services;

  app.get(
    '/products',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalogue'],
        summary: 'The collection, a page at a time (X-Total-Count, Link); price and sizes only with a stockist or admin token',
        querystring: productListQuery,
        response: { 200: productListAnswer, 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      publicCache(reply, request);
      const lang = langOf(request);
      const { q, season, limit, page, cursor } = request.query;
      const filter = { q, seasonId: await services.seasons.idOfCode(season) };
      // Each role's own schema strips what that role may not see: a trade page once, by the answer's schema
      // (its union tries the trade shape first, issue 61: parsing it here too cost a second pass over the page).
      if (isTrade(request)) {
        const shown = await catalogue.tradePage(lang, filter, { limit, page, cursor });
        pageHeaders(reply, request.url, shown);
        const priced = await atShopPrices(request, services.companies, shown.data);
        if (priced !== shown.data || q || cursor) return priced;
        // A shop at the list's own prices (the euro, no discount) gets the bytes every such shop gets, made once.
        const key = `trade-products:${lang}:${filter.seasonId ?? ''}:${page ?? 1}:${limit ?? ''}`;
        return sendJson(reply, (await services.jsonCache.get(key, async () => tradeProductList.parse(shown.data)))!);
      }
      const shown = await catalogue.publicPage(lang, filter, { limit, page, cursor });
      pageHeaders(reply, request.url, shown);
      if (q || cursor) return publicProductList.parse(shown.data);
      // A page of the collection as visitors read it: its bytes kept with their ETag and compressed once.
      const json = await services.jsonCache.get(`products:${lang}:${filter.seasonId ?? ''}:${page ?? 1}:${limit ?? ''}`, async () =>
        publicProductList.parse(shown.data),
      );
      return sendJson(reply, json!);
    },
  );

  app.get(
    '/products/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalogue'],
        summary: 'One product; price and sizes only with a stockist or admin token',
        params: productIdParam,
        querystring: langQuery,
        response: { 200: productAnswer, 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      publicCache(reply, request);
      const lang = langOf(request);
      if (isTrade(request)) {
        const product = await catalogue.getTrade(request.params.id, lang);
        if (!product) throw notFound();
        return tradeProduct.parse((await atShopPrices(request, services.companies, [product]))[0]);
      }
      const json = await services.jsonCache.get(`product:${request.params.id}:${lang}`, async () => {
        const product = await catalogue.getPublic(request.params.id, lang);
        return product && publicProduct.parse(product);
      });
      if (!json) throw notFound();
      return sendJson(reply, json);
    },
  );

  app.get(
    '/products/:id/similar',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalogue'],
        summary: 'Up to 5 other products, the nearest in colour first',
        params: productIdParam,
        querystring: langQuery,
        response: { 200: publicProductList, 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      reply.header('vary', 'Accept-Language, Cookie');
      reply.header('cache-control', PUBLIC_READ);
      const lang = langOf(request);
      const json = await services.jsonCache.get(`similar:${request.params.id}:${lang}`, async () => {
        const products = await catalogue.similar(request.params.id, lang);
        return products && publicProductList.parse(products);
      });
      if (!json) throw notFound();
      return sendJson(reply, json);
    },
  );
};

/** Registered inside the admin scope (one guard for all). */
export const adminCatalogueRoutes: FastifyPluginAsyncZod<CatalogueDeps> = async (app, services) => {
  const { catalogue } = services;
  const adminSchema = { tags: ['admin'], security: [{ bearer: [] }] };

  app.get(
    '/products',
    {
      config: { access: 'admin' },
      schema: {
        ...adminSchema,
        summary: "The products with all their translations, a page at a time in the collection's order (X-Total-Count, Link)",
        querystring: adminProductQuery,
        response: { 200: adminProductList, 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const { q, season, status, limit, page, cursor } = request.query;
      const shown = await catalogue.page('admin', langOf(request), { q, status, seasonId: await services.seasons.idOfCode(season) }, { limit, page, cursor });
      pageHeaders(reply, request.url, shown);
      return shown.data;
    },
  );

  app.get(
    '/products/:id',
    {
      config: { access: 'admin' },
      schema: {
        ...adminSchema,
        summary: 'One product, drafts included (the preview reads it)',
        params: productIdParam,
        querystring: langQuery,
        response: { 200: adminProduct, 400: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const product = await catalogue.getAdmin(request.params.id, langOf(request));
      if (!product) throw notFound();
      return product;
    },
  );

  app.put(
    '/products/order',
    {
      config: { access: 'admin' },
      schema: {
        ...adminSchema,
        summary: "The collection's order: every product id once, first shown first",
        body: productOrderInput,
        response: { 204: z.null(), 400: errorBody },
      },
    },
    async (request, reply) => {
      await catalogue.reorder(request.body.ids, actorOf(request));
      services.onContentChange();
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/products/:id/move',
    {
      config: { access: 'admin' },
      schema: {
        ...adminSchema,
        summary: "Move a product one place up (by -1) or down (by 1) in the collection's order",
        params: productIdParam,
        body: productMoveInput,
        response: { 204: z.null(), 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      if ((await catalogue.move(request.params.id, request.body.by, actorOf(request))) === null) throw notFound();
      services.onContentChange();
      return reply.code(204).send(null);
    },
  );
};

/** `/api/admin`: the owner creates, edits and deletes styles. */
export const adminCatalogueWriteRoutes: FastifyPluginAsyncZod<CatalogueDeps> = async (app, services) => {
  const { catalogue } = services;
  const adminSchema = { tags: ['admin'], security: [{ bearer: [] }] };

  app.post(
    '/products',
    {
      config: { access: 'admin' },
      schema: {
        ...adminSchema,
        summary: 'Create a product',
        querystring: langQuery,
        body: productInput,
        response: { 201: adminProduct, 400: errorBody, 409: errorBody },
      },
    },
    async (request, reply) => {
      const saved = await catalogue.save(request.body, langOf(request), undefined, actorOf(request));
      services.onContentChange();
      return reply.code(201).send(saved!);
    },
  );

  app.put(
    '/products/:id',
    {
      config: { access: 'admin' },
      schema: {
        ...adminSchema,
        summary: 'Replace a product (variant ids kept, positions re-indexed)',
        params: productIdParam,
        querystring: langQuery,
        body: productInput,
        response: { 200: adminProduct, 400: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      const saved = await catalogue.save(request.body, langOf(request), request.params.id, actorOf(request));
      if (!saved) throw notFound();
      services.onContentChange();
      return saved;
    },
  );

  app.delete(
    '/products/:id',
    {
      config: { access: 'admin' },
      schema: { ...adminSchema, summary: 'Delete a product', params: productIdParam, response: { 204: z.null(), 400: errorBody, 404: errorBody } },
    },
    async (request, reply) => {
      if (!(await catalogue.remove(request.params.id, actorOf(request)))) throw notFound();
      services.onContentChange();
      return reply.code(204).send(null);
    },
  );
};
