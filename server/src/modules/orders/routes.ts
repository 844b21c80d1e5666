import {
  PRODUCT_MESSAGES,
  langQuery,
  periodLangQuery,
  adminOrderQuery,
  myOrderQuery,
  shipBody,
  submitBody,
  availability,
  productIdParam,
  COMPANY_MESSAGES,
  ORDER_MESSAGES,
  SEASON_MESSAGES,
  cancelInput,
  confirmInput,
  reviewDecision,
  draft,
  draftInput,
  errorBody,
  order,
  orderList,
  reorderResult,
  submitResult,
  type Locale,
  PHRASES,
} from '@atelier/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { spreadsheetCsv, spreadsheetCsvStream } from '../../lib/csv.ts';
import { CSV_TYPE, sendAttachment } from '../../lib/download.ts';
import { z } from 'zod';
import { HttpError } from '../../lib/http-errors.ts';
import { langOf } from '../../lib/locale.ts';
import { actorOf, personOf } from '../../lib/actor.ts';
import type { SeasonsService } from '../seasons/service.ts';
import type { OrdersService } from './service.ts';
import type { ExportedOrder } from './export.ts';
import { idParam, pathId } from '../../lib/params.ts';

const idParams = idParam(ORDER_MESSAGES.orderNotFound);
/** An order and one of its parcels. */
const parcelParams = z.object({ id: pathId(ORDER_MESSAGES.orderNotFound), shipmentId: pathId(ORDER_MESSAGES.orderNotFound) });
const PDF_TYPE = 'application/pdf';
/** Ordering is for a company's admins and buyers; its accounts people see without ordering (issue 46). */
const ordering = { companyRoles: ['admin', 'buyer'] as const, companyRefusal: COMPANY_MESSAGES.accountsCannotOrder };
const notFound = () => new HttpError(404, ORDER_MESSAGES.orderNotFound);
const query = langQuery;

/** What this area's routes use, handed to them by name (never the whole set of services). */
export interface OrdersDeps {
  orders: OrdersService;
  seasons: SeasonsService;
}

/** `/api/orders`: the retailer's draft and orders. */
export const orderRoutes: FastifyPluginAsyncZod<OrdersDeps> = async (app, services) => {
  const tags = ['orders'];
  const security = [{ bearer: [] }];
  // The draft is the person's own (each buyer has theirs); the orders it makes are the company's.
  const me = (request: FastifyRequest) => request.session!.user.id;

  app.get(
    '/draft',
    {
      config: { access: 'retailer', refusal: ORDER_MESSAGES.adminsCannotOrder, ...ordering },
      schema: { tags, security, summary: 'The draft order, priced today, with the minimum to reach', querystring: query, response: { 200: draft } },
    },
    async (request) => services.orders.publicDraft(me(request), langOf(request)),
  );

  app.put(
    '/draft',
    {
      config: { access: 'retailer', refusal: ORDER_MESSAGES.adminsCannotOrder, ...ordering },
      schema: {
        tags,
        security,
        summary: 'Replace the draft order',
        querystring: query,
        body: draftInput,
        response: { 200: draft, 400: errorBody, 422: errorBody },
      },
    },
    async (request) => services.orders.replaceDraft(me(request), request.body.lines, langOf(request)),
  );

  app.post(
    '/draft/submit',
    {
      config: { access: 'retailer', refusal: ORDER_MESSAGES.adminsCannotOrder, ...ordering },
      schema: {
        tags,
        security,
        summary: 'Send the draft as an order (Idempotency-Key header: a retry answers the same order)',
        querystring: query,
        headers: z.object({ 'idempotency-key': z.string().optional() }),
        body: submitBody,
        response: { 200: submitResult, 201: submitResult, 400: errorBody, 403: errorBody, 422: errorBody },
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      if (typeof key !== 'string' || !/^[\x21-\x7e]{8,200}$/.test(key)) throw new HttpError(400, ORDER_MESSAGES.idempotencyKeyRequired);
      const { order: placed, orders, created } = await services.orders.submit(me(request), key, request.body, langOf(request));
      return reply.code(created ? 201 : 200).send({ ...placed, orders });
    },
  );
};

/** `/api/orders`: the retailer's orders, each cancelled or ordered again. */
export const myOrderRoutes: FastifyPluginAsyncZod<OrdersDeps> = async (app, services) => {
  const tags = ['orders'];
  const security = [{ bearer: [] }];
  const me = (request: FastifyRequest) => request.session!.user.id;
  /** The company's orders; a buyer's doors' only (issue 46). */
  const scope = (request: FastifyRequest) => services.orders.scopeFor(...personOf(request));
  /** The order, if the person may see it (another company's, or another door's for a buyer: 404). */
  const mine = async (request: FastifyRequest, id: number) => {
    if (!(await services.orders.get(id, langOf(request), await scope(request)))) throw notFound();
  };

  app.get(
    '/',
    {
      config: { access: 'retailer', refusal: ORDER_MESSAGES.adminsCannotOrder },
      schema: {
        tags,
        security,
        summary: 'My orders, newest first, a page at a time (limit, page or cursor; q searches number and references)',
        querystring: myOrderQuery,
        response: { 200: orderList, 400: errorBody },
      },
    },
    async (request) => {
      const { companyId, doorIds } = await scope(request);
      const { q, door, person } = request.query;
      return services.orders.listForShop({ userId: companyId, doorIds, q, doorId: door, placedBy: person }, request.query, langOf(request));
    },
  );

  app.get(
    '/:id',
    {
      config: { access: 'retailer', refusal: ORDER_MESSAGES.adminsCannotOrder },
      schema: {
        tags,
        security,
        summary: 'One of my orders (another stockist’s is 404)',
        params: idParams,
        querystring: query,
        response: { 200: order, 404: errorBody },
      },
    },
    async (request) => (await services.orders.forShop(request.params.id, langOf(request), await scope(request))) ?? Promise.reject(notFound()),
  );
  app.get(
    '/:id/shipments/:shipmentId/delivery-note.pdf',
    {
      config: { access: 'retailer', refusal: ORDER_MESSAGES.adminsCannotOrder },
      schema: {
        tags,
        security,
        summary: 'The delivery note of one of my parcels, as a PDF (another stockist’s is 404)',
        params: parcelParams,
        produces: [PDF_TYPE],
      },
    },
    async (request, reply) => {
      const found = await services.orders.deliveryNote(request.params.id, request.params.shipmentId, await scope(request));
      if (!found) throw notFound();
      return sendAttachment(reply, PDF_TYPE, `${found.number}.pdf`, found.pdf);
    },
  );

  app.post(
    '/:id/cancel',
    {
      config: { access: 'retailer', refusal: ORDER_MESSAGES.adminsCannotOrder, ...ordering },
      schema: {
        tags,
        security,
        summary: 'Cancel my order while it is not confirmed',
        params: idParams,
        querystring: query,
        response: { 200: order, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      await mine(request, request.params.id);
      return services.orders.cancel(request.params.id, PHRASES[langOf(request)].cancelledByRetailer, actorOf(request), langOf(request));
    },
  );

  app.post(
    '/:id/reorder',
    {
      config: { access: 'retailer', refusal: ORDER_MESSAGES.adminsCannotOrder, ...ordering },
      schema: {
        tags,
        security,
        summary: 'Copy an order’s lines into the draft at today’s prices',
        params: idParams,
        querystring: query,
        response: { 200: reorderResult, 404: errorBody },
      },
    },
    async (request) => services.orders.reorder(request.params.id, me(request), langOf(request), await scope(request)),
  );
};

const CSV_HEADER = {
  fr: [
    'Commande',
    'Date',
    'Statut',
    'Boutique',
    'E-mail',
    'SIRET',
    'TVA',
    'Référence',
    'Produit',
    'Coloris',
    'Taille',
    'Quantité',
    'Prix unitaire HT',
    'Total HT',
    'Expédition prévue',
    'Devise',
  ],
  en: [
    'Order',
    'Date',
    'Status',
    'Shop',
    'E-mail',
    'SIRET',
    'VAT',
    'Reference',
    'Product',
    'Colour',
    'Size',
    'Quantity',
    'Unit price excl. VAT',
    'Total excl. VAT',
    'Ship date',
    'Currency',
  ],
} as const;

/** An order's rows of the CSV: one per colour × size. */
function orderCsvRows(o: ExportedOrder): Array<Array<string | number>> {
  return o.lines.map((l) => [
    o.number,
    o.createdAt.slice(0, 10),
    o.status,
    o.shop.company.companyName ?? '',
    o.shop.email,
    o.shop.company.siret ?? '',
    o.shop.company.vatNumber ?? '',
    l.reference ?? '',
    l.productTitle,
    l.colorName,
    l.size,
    l.quantity,
    l.unitPrice.toFixed(2),
    l.total.toFixed(2),
    o.shipDate ?? '',
    o.currency ?? 'EUR',
  ]);
}

/** One row per colour × size, UTF-8 with a BOM and a header row (spreadsheets open it as it is). */
export function ordersCsv(orders: ExportedOrder[], lang: Locale): string {
  return spreadsheetCsv(CSV_HEADER[lang], orders.flatMap(orderCsvRows));
}

/** The same file for a period, written while the orders are read (a batch at a time). */
async function* orderCsvBatches(batches: AsyncIterable<ExportedOrder[]>) {
  for await (const orders of batches) yield orders.flatMap(orderCsvRows);
}

/** Inside the admin scope. */
export const adminOrderRoutes: FastifyPluginAsyncZod<OrdersDeps> = async (app, services) => {
  const tags = ['admin'];

  app.get(
    '/orders',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Orders, newest first, a page at a time (limit, page or cursor), optionally of one status, one season by its code, one delivery window, one channel or agent, or held in review (review=pending); q searches number, shop, town, e-mail, SIRET and style references',
        querystring: adminOrderQuery,
        response: { 200: orderList, 400: errorBody, 404: errorBody, 422: errorBody },
      },
    },
    async (request) => {
      const seasonId = await services.seasons.idOfCode(request.query.season);
      if (request.query.delivery !== undefined) {
        const delivery = await services.seasons.delivery(request.query.delivery);
        if (!delivery) throw new HttpError(404, SEASON_MESSAGES.deliveryNotFound);
        if (seasonId !== undefined && delivery.seasonId !== seasonId) throw new HttpError(422, SEASON_MESSAGES.deliveryOtherSeason);
      }
      const { status, delivery, channel, agent, review, q } = request.query;
      return services.orders.list({ status, seasonId, deliveryId: delivery, channel, takenBy: agent, review, q }, request.query, langOf(request));
    },
  );

  app.get(
    '/orders.csv',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'Every order of a period as CSV (one row per colour and size)', querystring: periodLangQuery, produces: ['text/csv'] },
    },
    async (request, reply) => {
      const lang = langOf(request);
      const batches = services.orders.exportBatches({ from: request.query.from, to: request.query.to }, lang);
      return sendAttachment(
        reply,
        CSV_TYPE,
        `orders-${request.query.from}-${request.query.to}.csv`,
        spreadsheetCsvStream(CSV_HEADER[lang], orderCsvBatches(batches)),
      );
    },
  );

  app.get(
    '/orders/:id.csv',
    { config: { access: 'admin' }, schema: { tags, summary: 'One order as CSV', params: idParams, querystring: query, produces: ['text/csv'] } },
    async (request, reply) => {
      const lang = langOf(request);
      const found = await services.orders.get(request.params.id, lang);
      if (!found) throw notFound();
      return sendAttachment(reply, CSV_TYPE, `order-${found.number}.csv`, ordersCsv([found], lang));
    },
  );
};

/** `/api/admin`: one order, and the owner's confirm, ship and cancel. */
export const adminOrderMoveRoutes: FastifyPluginAsyncZod<OrdersDeps> = async (app, services) => {
  const tags = ['admin'];

  app.get(
    '/orders/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'One order with the shop’s details and its history',
        params: idParams,
        querystring: query,
        response: { 200: order, 404: errorBody },
      },
    },
    async (request) => (await services.orders.forOwner(request.params.id, langOf(request))) ?? Promise.reject(notFound()),
  );

  const move = { 200: order, 400: errorBody, 404: errorBody, 409: errorBody };
  app.post(
    '/orders/:id/confirm',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Confirm with a ship date (quantities may change, lines may go)',
        params: idParams,
        querystring: query,
        body: confirmInput,
        response: move,
      },
    },
    async (request) => services.orders.confirm(request.params.id, request.body, actorOf(request), langOf(request)),
  );
  app.post(
    '/orders/:id/review',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'An order held in review (credit control): accept it (it goes on, to confirm) or refuse it (cancelled, the reason mailed)',
        params: idParams,
        querystring: query,
        body: reviewDecision,
        response: move,
      },
    },
    async (request) => services.orders.review(request.params.id, request.body, actorOf(request), langOf(request)),
  );
  app.post(
    '/orders/:id/ship',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'Mark shipped (optional carrier and tracking)', params: idParams, querystring: query, body: shipBody, response: move },
    },
    async (request) => services.orders.ship(request.params.id, request.body ?? {}, actorOf(request), langOf(request)),
  );
  app.post(
    '/orders/:id/cancel',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'Cancel with a reason shown to the stockist', params: idParams, querystring: query, body: cancelInput, response: move },
    },
    async (request) => services.orders.cancel(request.params.id, request.body.reason, actorOf(request), langOf(request)),
  );
};

/** `/api/wholesale/availability/{productId}`: what a retailer can order of each size today. */
export const availabilityRoutes: FastifyPluginAsyncZod<OrdersDeps> = async (app, services) => {
  app.get(
    '/availability/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['wholesale'],
        security: [{ bearer: [] }],
        summary: 'Per colour and size: in stock (how many), pre-order (which delivery), incoming (from when) or sold out',
        params: productIdParam,
        querystring: langQuery,
        response: { 200: availability, 401: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const found = await services.orders.availabilityFor(request.params.id, langOf(request));
      if (!found) throw new HttpError(404, PRODUCT_MESSAGES.productNotFound);
      reply.header('cache-control', 'private, no-store');
      return found;
    },
  );
};
