import { productAnswer, productListAnswer,
  PRODUCT_MESSAGES,
  adminProduct,
  adminProductList,
  errorBody,
  langQuery,
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
import { langOf } from '../../lib/locale.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { sendJson, PUBLIC_READ } from '../../lib/json-cache.ts';
import type { JsonCache } from '../../lib/json-cache.ts';
import type { CatalogueService } from './service.ts';

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
  jsonCache: JsonCache;
  /** After a write that changes public content: clears the caches here and tells the other instances. */
  onContentChange(): void;
}

export const catalogueRoutes: FastifyPluginAsyncZod<CatalogueDeps> = async (app, services) => {
  const { catalogue } = services;

  app.get(
    '/products',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'The collection; price and sizes only with a stockist or admin token',
        querystring: langQuery,
        response: { 200: productListAnswer },
      },
    },
    async (request, reply) => {
      publicCache(reply, request);
      const lang = langOf(request);
      // Each role's own schema strips what that role may not see.
      if (isTrade(request)) return tradeProductList.parse(await catalogue.listTrade(lang));
      const json = await services.jsonCache.get(`products:${lang}`, async () => publicProductList.parse(await catalogue.listPublic(lang)));
      return sendJson(reply, json!);
    },
  );

  app.get(
    '/products/:id',
    {
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
        return tradeProduct.parse(product);
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
    { schema: { ...adminSchema, summary: 'Every product with all its translations', querystring: langQuery, response: { 200: adminProductList } } },
    async (request) => catalogue.listAdmin(langOf(request)),
  );

  app.get(
    '/products/:id',
    {
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
      schema: {
        ...adminSchema,
        summary: 'The collection\'s order: every product id once, first shown first',
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
    '/products',
    { schema: { ...adminSchema, summary: 'Create a product', querystring: langQuery, body: productInput, response: { 201: adminProduct, 400: errorBody, 409: errorBody } } },
    async (request, reply) => {
      const saved = await catalogue.save(request.body, langOf(request), undefined, actorOf(request));
      services.onContentChange();
      return reply.code(201).send(saved!);
    },
  );

  app.put(
    '/products/:id',
    {
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
    { schema: { ...adminSchema, summary: 'Delete a product', params: productIdParam, response: { 204: z.null(), 400: errorBody, 404: errorBody } } },
    async (request, reply) => {
      if (!(await catalogue.remove(request.params.id, actorOf(request)))) throw notFound();
      services.onContentChange();
      return reply.code(204).send(null);
    },
  );
};
