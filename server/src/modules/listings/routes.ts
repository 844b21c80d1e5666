import {
  COMPANY_MESSAGES,
  adminListingList,
  adminListingQuery,
  LISTING_MESSAGES,
  accountListing,
  adminListing,
  adminListingInput,
  errorBody,
  explicitLocale,
  listingIdParam,
  listingInput,
  publicListingList,
  listingQuery,
  uploadResponse,
} from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, companyOf } from '../../lib/actor.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { requestLocale } from '../../lib/locale.ts';
import { MAX_UPLOAD_BYTES } from '../media/images.ts';
import { imageParser, receiveImage } from '../media/receive.ts';
import type { MediaService } from '../media/service.ts';
import type { ListingsService } from './service.ts';
import { adminsHaveNoListing } from './service.ts';
import { PUBLIC_READ } from '../../lib/json-cache.ts';

/** What this area's routes use, handed to them by name (never the whole set of services). */
export interface ListingsDeps {
  listings: ListingsService;
  media: MediaService;
  /** After a write that changes public content: clears the caches here and tells the other instances. */
  onContentChange(): void;
}

/** `GET /api/retailers?q=`: the shops that chose to appear, nothing else. */
export const publicListingRoutes: FastifyPluginAsyncZod<ListingsDeps> = async (app, services) => {
  app.get(
    '/stockists',
    {
      config: { access: 'public' },
      schema: {
        tags: ['stockists'],
        summary: 'Listed stockists (opted in, not hidden), by town; q filters by town or postcode',
        querystring: listingQuery,
        response: { 200: publicListingList },
      },
    },
    async (request, reply) => {
      reply.header('vary', 'Accept-Language, Cookie');
      reply.header('cache-control', PUBLIC_READ);
      const lang = explicitLocale(request.query.lang) ?? requestLocale(request);
      return { data: await services.listings.search(request.query.q, lang) };
    },
  );
};

/** `/api/account/listing`: a retailer's own listing (an administrator has none). */
export const accountListingRoutes: FastifyPluginAsyncZod<ListingsDeps> = async (app, services) => {
  app.addHook('preHandler', async (request) => {
    if (request.session!.user.role === 'admin') throw adminsHaveNoListing();
  });
  await imageParser(app);
  const tags = ['account'];
  const security = [{ bearer: [] }];
  app.get(
    '/listing',
    {
      config: { access: 'retailer-or-owner' },
      schema: { tags, security, summary: "My shop's listing on “Where to buy”", response: { 200: accountListing, 403: errorBody } },
    },
    async (request) => services.listings.mine(companyOf(request)),
  );
  app.put(
    '/listing',
    {
      config: { access: 'retailer-or-owner', companyRoles: ['admin'], companyRefusal: COMPANY_MESSAGES.adminsOnly },
      schema: {
        tags,
        security,
        summary: 'Save my listing (opt in or out; the label may still hide it)',
        body: listingInput,
        response: { 200: accountListing, 400: errorBody, 403: errorBody },
      },
    },
    async (request) => {
      const saved = await services.listings.saveMine(companyOf(request), request.body);
      services.onContentChange();
      return saved;
    },
  );
  app.post(
    '/listing/logo',
    {
      config: { access: 'retailer-or-owner', companyRoles: ['admin'], companyRefusal: COMPANY_MESSAGES.adminsOnly },
      bodyLimit: MAX_UPLOAD_BYTES + 1024 * 1024,
      schema: {
        tags,
        security,
        summary: 'Upload my shop\'s logo (multipart field "image"); returns its URL for the listing',
        consumes: ['multipart/form-data'],
        response: { 201: uploadResponse, 400: errorBody, 403: errorBody, 413: errorBody, 415: errorBody },
      },
    },
    async (request, reply) => reply.code(201).send({ url: await receiveImage(request, services) }),
  );
};

/** Registered inside the admin scope: every listing, and the owner's edit or hide. */
export const adminListingRoutes: FastifyPluginAsyncZod<ListingsDeps> = async (app, services) => {
  const schema = { tags: ['admin'], security: [{ bearer: [] }] };
  app.get(
    '/listings',
    {
      config: { access: 'admin' },
      schema: {
        ...schema,
        summary: 'The stockists’ listings, listed or not, a page at a time by town',
        querystring: adminListingQuery,
        response: { 200: adminListingList, 400: errorBody },
      },
    },
    async (request) => services.listings.adminList(request.query),
  );
  app.put(
    '/listings/:id',
    {
      config: { access: 'admin' },
      schema: {
        ...schema,
        summary: "Edit or hide a listing (hidden wins over the stockist's opt-in)",
        params: listingIdParam,
        body: adminListingInput,
        response: { 200: adminListing, 400: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const saved = await services.listings.adminSave(request.params.id, request.body, actorOf(request));
      if (!saved) throw new HttpError(404, LISTING_MESSAGES.listingNotFound);
      services.onContentChange();
      return saved;
    },
  );
};
