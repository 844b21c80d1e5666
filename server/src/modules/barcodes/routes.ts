import {
  assignResult,
  barcodeImportInput,
  barcodeImportResult,
  barcodeLineError,
  barcodeList,
  barcodeListQuery,
  errorBody,
  gs1Input,
  gs1State,
  langQuery,
  tagsQuery,
  orderGtins,
  ORDER_MESSAGES,
  COMPANY_MESSAGES,
} from '@atelier/contract';
import { companyOf } from '../../lib/actor.ts';
import { sendAttachment } from '../../lib/download.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { pathId } from '../../lib/params.ts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { langOf } from '../../lib/locale.ts';
import type { BarcodesService } from './service.ts';

export interface BarcodesDeps {
  barcodes: BarcodesService;
  /** After codes are given: the cached collection (and its line sheet) goes, so shops read them. */
  onContentChange(): void;
}

const tags = ['admin'];
const admin = { access: 'admin' } as const;
/** A refused import names each line and why. */
const refusedLines = errorBody.extend({ lines: z.array(barcodeLineError).optional() });

/** `/api/admin/settings/gs1`, `/api/admin/barcodes…`: the GS1 prefix, codes given in sequence or imported, each size's code. */
export const adminBarcodeRoutes: FastifyPluginAsyncZod<BarcodesDeps> = async (app, { barcodes, onContentChange }) => {
  app.get(
    '/settings/gs1',
    { config: admin, schema: { tags, summary: 'The label’s GS1 company prefix and the codes left under it', response: { 200: gs1State } } },
    async () => barcodes.gs1(),
  );
  app.put(
    '/settings/gs1',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Save the GS1 company prefix (7 to 10 digits) and whether the codes are in the public pages’ structured data',
        body: gs1Input,
        response: { 200: gs1State, 400: errorBody, 422: errorBody },
      },
    },
    async (request) => {
      const saved = await barcodes.setPrefix(request.body.prefix, actorOf(request), request.body.publish);
      // The product pages' structured data carries the codes, or no longer does.
      if (request.body.publish !== undefined) onContentChange();
      return saved;
    },
  );
  app.post(
    '/barcodes/assign',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Give every size without a code the next EAN-13 under the prefix (all or none)',
        response: { 200: assignResult, 422: errorBody },
      },
    },
    async (request) => {
      const given = await barcodes.assign(actorOf(request));
      if (given.assigned) onContentChange();
      return given;
    },
  );
  app.post(
    '/barcodes/import',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Import the codes the label already has: CSV text (reference, colour, size, EAN), each check digit verified; one refused line and nothing is written',
        querystring: langQuery,
        body: barcodeImportInput,
        response: { 200: barcodeImportResult, 400: errorBody, 422: refusedLines },
      },
    },
    async (request) => {
      const imported = await barcodes.importCsv(request.body.csv, actorOf(request), langOf(request));
      if (imported.imported) onContentChange();
      return imported;
    },
  );
  app.get(
    '/barcodes',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Each colour with its sizes’ EAN-13, a page at a time',
        querystring: barcodeListQuery,
        response: { 200: barcodeList, 400: errorBody },
      },
    },
    async (request) => barcodes.list(request.query, langOf(request)),
  );
};

const PDF = 'application/pdf';
/** The tags' PDF, or 404 when the order (or parcel, or the shop's order) is not there. */
const sendTags = (reply: FastifyReply, found: { name: string; pdf: Buffer } | null) => {
  if (!found) throw new HttpError(404, ORDER_MESSAGES.orderNotFound);
  return sendAttachment(reply, PDF, found.name, found.pdf);
};
const orderParams = z.object({ id: pathId(ORDER_MESSAGES.orderNotFound) });
const parcelParams = z.object({ id: pathId(ORDER_MESSAGES.orderNotFound), shipmentId: pathId(ORDER_MESSAGES.orderNotFound) });

/** `/api/admin/orders/{id}/tags.pdf`, `…/shipments/{id}/tags.pdf`: hang tags, one a piece, on an A4 label sheet (`layout`). */
export const adminTagRoutes: FastifyPluginAsyncZod<BarcodesDeps> = async (app, { barcodes }) => {
  app.get(
    '/orders/:id/gtins',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Each line’s EAN-13, for packing the order by scanning its pieces',
        params: orderParams,
        response: { 200: orderGtins, 404: errorBody },
      },
    },
    async (request) => {
      const lines = await barcodes.orderGtins(request.params.id);
      if (!lines) throw new HttpError(404, ORDER_MESSAGES.orderNotFound);
      return { lines };
    },
  );
  app.get(
    '/orders/:id/tags.pdf',
    {
      config: admin,
      schema: {
        tags,
        summary: 'The order’s hang tags: a label a piece (brand, style, colour, size, reference, retail price, EAN-13)',
        params: orderParams,
        querystring: tagsQuery,
        produces: [PDF],
      },
    },
    async (request, reply) => {
      const found = await barcodes.tags({ id: request.params.id }, request.query.layout ?? 'a4-21', langOf(request));
      return sendTags(reply, found);
    },
  );
  app.get(
    '/orders/:id/shipments/:shipmentId/tags.pdf',
    {
      config: admin,
      schema: { tags, summary: 'A parcel’s hang tags, a label a piece it carries', params: parcelParams, querystring: tagsQuery, produces: [PDF] },
    },
    async (request, reply) => {
      const found = await barcodes.tags({ id: request.params.id, shipmentId: request.params.shipmentId }, request.query.layout ?? 'a4-21', langOf(request));
      return sendTags(reply, found);
    },
  );
};

/** `/api/orders/{id}/tags.pdf`: a shop's own order's hang tags (its admin); another shop's order is 404. */
export const shopTagRoutes: FastifyPluginAsyncZod<BarcodesDeps> = async (app, { barcodes }) => {
  app.get(
    '/:id/tags.pdf',
    {
      config: { access: 'retailer', companyRoles: ['admin'], companyRefusal: COMPANY_MESSAGES.invoicesNotForBuyers },
      schema: {
        tags: ['orders'],
        security: [{ bearer: [] }],
        summary: 'My order’s hang tags, a label a piece (another shop’s order is 404)',
        params: orderParams,
        querystring: tagsQuery,
        produces: [PDF],
      },
    },
    async (request, reply) => {
      const found = await barcodes.tags({ id: request.params.id, companyId: companyOf(request) }, request.query.layout ?? 'a4-21', langOf(request));
      return sendTags(reply, found);
    },
  );
};
