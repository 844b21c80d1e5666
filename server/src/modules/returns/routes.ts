import {
  COMPANY_MESSAGES,
  RETURN_MESSAGES,
  RETURN_PHOTO_BYTES,
  errorBody,
  langQuery,
  orderReturns,
  returnAcceptInput,
  returnInput,
  returnList,
  returnListQuery,
  returnReceiveInput,
  returnRecord,
  returnRefuseInput,
  uploadResponse,
} from '@atelier/contract';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, personOf } from '../../lib/actor.ts';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-errors.ts';
import { langOf } from '../../lib/locale.ts';
import { idParam } from '../../lib/params.ts';
import { IMAGE_ERRORS } from '../media/images.ts';
import type { MediaService } from '../media/service.ts';
import type { ReturnsService } from './service.ts';
import type { CompaniesService } from '../companies/service.ts';

/** What this area's routes use, handed to them by name. */
export interface ReturnsDeps {
  returns: ReturnsService;
  media: MediaService;
  companies: Pick<CompaniesService, 'scopeFor'>;
}

const idParams = idParam(RETURN_MESSAGES.returnNotFound);
const notFound = () => new HttpError(404, RETURN_MESSAGES.returnNotFound);
/** The returns a person sees (issue 46): their company's, of their doors for a buyer. */
const scopeOf = (services: ReturnsDeps, request: FastifyRequest) => services.companies.scopeFor(...personOf(request));
const one = { 200: returnRecord, 400: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };

/** The shop's side, under /api: ask to return pieces of a parcel, read its returns, upload their photos. */
export const shopReturnRoutes: FastifyPluginAsyncZod<ReturnsDeps> = async (app, services) => {
  const tags = ['orders'];
  const security = [{ bearer: [] }];
  app.post(
    '/orders/:id/returns',
    {
      config: { access: 'retailer', companyRoles: ['admin', 'buyer'], companyRefusal: COMPANY_MESSAGES.accountsCannotOrder },
      schema: {
        tags,
        security,
        summary: 'Ask to return pieces of one parcel of my order: per line a quantity, a reason, a note and up to 3 photos (issue 45)',
        params: idParam(RETURN_MESSAGES.returnNotFound),
        querystring: langQuery,
        body: returnInput,
        response: { ...one, 201: returnRecord },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await services.returns.request(request.params.id, await scopeOf(services, request), request.body, langOf(request))),
  );
  app.get(
    '/orders/:id/returns',
    {
      config: { access: 'retailer' },
      schema: {
        tags,
        security,
        summary: 'The returns of one of my orders',
        params: idParams,
        querystring: langQuery,
        response: { 200: orderReturns, 404: errorBody },
      },
    },
    async (request) => (await services.returns.ofOrder(request.params.id, langOf(request), await scopeOf(services, request))) ?? Promise.reject(notFound()),
  );
  app.get(
    '/returns/:id',
    {
      config: { access: 'retailer' },
      schema: {
        tags,
        security,
        summary: 'One of my returns (another shop’s is 404)',
        params: idParams,
        querystring: langQuery,
        response: { 200: returnRecord, 404: errorBody },
      },
    },
    async (request) => (await services.returns.get(request.params.id, langOf(request), await scopeOf(services, request))) ?? Promise.reject(notFound()),
  );
  await app.register(photoRoute, services);
};

/** `POST /api/returns/photos`: one photo (multipart field `image`, an image of 10 MB at most) through the image pipeline → `{ url }`. */
const photoRoute: FastifyPluginAsyncZod<ReturnsDeps> = async (app, services) => {
  await app.register(multipart, { limits: { fileSize: RETURN_PHOTO_BYTES, files: 1, fields: 2, parts: 3 } });
  app.post(
    '/returns/photos',
    {
      config: { access: 'retailer' },
      bodyLimit: RETURN_PHOTO_BYTES + 1024 * 1024,
      schema: {
        tags: ['orders'],
        security: [{ bearer: [] }],
        summary: 'Upload a photo for a return (multipart field "image", 10 MB at most); returns its URL',
        consumes: ['multipart/form-data'],
        response: { 201: uploadResponse, 400: errorBody, 413: errorBody, 415: errorBody },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(400, IMAGE_ERRORS.missingField);
      const file = await request.file();
      if (!file || file.fieldname !== 'image') throw new HttpError(400, IMAGE_ERRORS.missingField);
      let buffer: Buffer;
      try {
        buffer = await file.toBuffer();
      } catch {
        throw new HttpError(413, RETURN_MESSAGES.photoTooLarge);
      }
      if (file.file.truncated) throw new HttpError(413, RETURN_MESSAGES.photoTooLarge);
      return reply.code(201).send({ url: await services.media.store(buffer) });
    },
  );
};

/** The owner's side, under /api/admin: the returns, and accepting, refusing and receiving each. */
export const adminReturnRoutes: FastifyPluginAsyncZod<ReturnsDeps> = async (app, services) => {
  const tags = ['admin'];
  app.get(
    '/returns',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Returns, newest first, a page at a time, of one status; q searches number, order and shop',
        querystring: returnListQuery,
        response: { 200: returnList, 400: errorBody },
      },
    },
    async (request) => services.returns.list({ status: request.query.status, q: request.query.q }, request.query),
  );
  app.get(
    '/returns/:id',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'One return', params: idParams, querystring: langQuery, response: { 200: returnRecord, 404: errorBody } },
    },
    async (request) => (await services.returns.get(request.params.id, langOf(request))) ?? Promise.reject(notFound()),
  );
  app.post(
    '/returns/:id/accept',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Accept all that was asked, or part (lines), with instructions for the shop',
        params: idParams,
        querystring: langQuery,
        body: returnAcceptInput,
        response: one,
      },
    },
    async (request) => services.returns.accept(request.params.id, request.body, actorOf(request), langOf(request)),
  );
  app.post(
    '/returns/:id/refuse',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'Refuse, with the reason the shop reads', params: idParams, querystring: langQuery, body: returnRefuseInput, response: one },
    },
    async (request) => services.returns.refuse(request.params.id, request.body.reason, actorOf(request), langOf(request)),
  );
  app.post(
    '/returns/:id/receive',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'What arrived per accepted line and whether it goes back to stock; the credit note is issued at once',
        params: idParams,
        querystring: langQuery,
        body: returnReceiveInput,
        response: one,
      },
    },
    async (request) => services.returns.receive(request.params.id, request.body.lines, actorOf(request), langOf(request)),
  );
};
