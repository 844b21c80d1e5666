import {
  API_ERRORS,
  ORDER_MESSAGES,
  SEASON_MESSAGES,
  cancelInput,
  companyDetails,
  companyInput,
  confirmInput,
  draft,
  draftInput,
  errorBody,
  explicitLocale,
  order,
  orderList,
  orderStatusQuery,
  periodQuery,
  reorderResult,
  shipInput,
  submitInput,
  submitResult,
  type Locale,
  type Order,
} from '@atelier/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { spreadsheetCsv } from '../../lib/csv.ts';
import { CSV_TYPE, sendAttachment } from '../../lib/download.ts';
import { z } from 'zod';
import { HttpError } from '../../lib/http-errors.ts';
import { requestLocale } from '../../lib/locale.ts';
import type { AppServices } from '../../services.ts';
import { requireRole } from '../auth/guard.ts';
import { seasonParam } from '../seasons/routes.ts';

const idParam = z.object({ id: z.string().regex(/^\d{1,10}$/, { error: ORDER_MESSAGES.orderNotFound }).transform(Number) });
const langOf = (request: FastifyRequest): Locale => explicitLocale((request.query as { lang?: string } | undefined)?.lang) ?? requestLocale(request);
const notFound = () => new HttpError(404, ORDER_MESSAGES.orderNotFound);
const query = z.object({ lang: z.string().max(35).optional() });

/** Only stockists order: an admin gets 403 with the reason, anonymous 401 (as every signed-in route). */
async function stockistsOnly(request: FastifyRequest, reply: FastifyReply) {
  if (!request.session) return reply.code(401).header('cache-control', 'no-store').send({ error: API_ERRORS.unauthenticated });
  if (request.session.user.role !== 'retailer') return reply.code(403).header('cache-control', 'no-store').send({ error: ORDER_MESSAGES.adminsCannotOrder });
}

/** `/api/orders`: the stockist's draft and orders. */
export const orderRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  app.addHook('onRequest', stockistsOnly);
  const tags = ['orders'];
  const security = [{ bearer: [] }];
  const me = (request: FastifyRequest) => request.session!.user.id;

  app.get('/draft', { schema: { tags, security, summary: 'The draft order, priced today, with the minimum to reach', querystring: query, response: { 200: draft } } }, async (request) =>
    services.orders.publicDraft(me(request), langOf(request)),
  );

  app.put(
    '/draft',
    { schema: { tags, security, summary: 'Replace the draft order', querystring: query, body: draftInput, response: { 200: draft, 400: errorBody, 422: errorBody } } },
    async (request) => services.orders.replaceDraft(me(request), request.body.lines, langOf(request)),
  );

  app.post(
    '/draft/submit',
    {
      schema: {
        tags,
        security,
        summary: 'Send the draft as an order (Idempotency-Key header: a retry answers the same order)',
        querystring: query,
        headers: z.object({ 'idempotency-key': z.string().optional() }),
        body: submitInput.nullish(),
        response: { 200: submitResult, 201: submitResult, 400: errorBody, 422: errorBody },
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      if (typeof key !== 'string' || !/^[\x21-\x7e]{8,200}$/.test(key)) throw new HttpError(400, ORDER_MESSAGES.idempotencyKeyRequired);
      const { order: placed, orders, created } = await services.orders.submit(me(request), key, request.body?.note, langOf(request));
      return reply.code(created ? 201 : 200).send({ ...placed, orders });
    },
  );

  app.get('/', { schema: { tags, security, summary: 'My orders, newest first', querystring: query, response: { 200: orderList } } }, async (request) => ({
    data: await services.orders.list({ userId: me(request) }, langOf(request)),
  }));

  app.get(
    '/:id',
    { schema: { tags, security, summary: 'One of my orders (another stockist’s is 404)', params: idParam, querystring: query, response: { 200: order, 404: errorBody } } },
    async (request) => (await services.orders.get(request.params.id, langOf(request), me(request))) ?? Promise.reject(notFound()),
  );

  app.post(
    '/:id/cancel',
    {
      schema: { tags, security, summary: 'Cancel my order while it is not confirmed', params: idParam, querystring: query, response: { 200: order, 404: errorBody, 409: errorBody } },
    },
    async (request) =>
      services.orders.cancel(request.params.id, langOf(request) === 'en' ? 'Cancelled by the stockist' : 'Annulée par le revendeur', { role: 'stockist', userId: me(request) }, langOf(request)),
  );

  app.post(
    '/:id/reorder',
    {
      schema: { tags, security, summary: 'Copy an order’s lines into the draft at today’s prices', params: idParam, querystring: query, response: { 200: reorderResult, 404: errorBody } },
    },
    async (request) => services.orders.reorder(request.params.id, me(request), langOf(request)),
  );
};

/** `/api/account/company`: the stockist's company details (shown on each order). */
export const companyRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  app.addHook('onRequest', requireRole('retailer', 'admin'));
  const tags = ['account'];
  const security = [{ bearer: [] }];
  app.get('/company', { schema: { tags, security, summary: 'My company details', response: { 200: companyDetails } } }, async (request) =>
    services.orders.company(request.session!.user.id),
  );
  app.put(
    '/company',
    { schema: { tags, security, summary: 'Save my company details (VAT number checked)', body: companyInput, response: { 200: companyDetails, 400: errorBody } } },
    async (request) => services.orders.saveCompany(request.session!.user.id, request.body),
  );
};

const CSV_HEADER = {
  fr: ['Commande', 'Date', 'Statut', 'Boutique', 'E-mail', 'SIRET', 'TVA', 'Référence', 'Produit', 'Coloris', 'Taille', 'Quantité', 'Prix unitaire HT', 'Total HT', 'Expédition prévue'],
  en: ['Order', 'Date', 'Status', 'Shop', 'E-mail', 'SIRET', 'VAT', 'Reference', 'Product', 'Colour', 'Size', 'Quantity', 'Unit price excl. VAT', 'Total excl. VAT', 'Ship date'],
} as const;

/** One row per colour × size, UTF-8 with a BOM and a header row (spreadsheets open it as it is). */
export function ordersCsv(orders: Order[], lang: Locale): string {
  const rows = orders.flatMap((o) =>
    o.lines.map((l) => [
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
    ]),
  );
  return spreadsheetCsv(CSV_HEADER[lang], rows);
}

/** Inside the admin scope. */
export const adminOrderRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  const tags = ['admin'];
  const brand = (request: FastifyRequest) => ({ role: 'brand' as const, userId: request.session!.user.id, email: request.session!.user.email });

  app.get(
    '/orders',
    {
      schema: {
        tags,
        summary: 'Orders, newest first (optionally of one status, one season by its code, one delivery window)',
        querystring: z.intersection(orderStatusQuery, query),
        response: { 200: orderList, 404: errorBody, 422: errorBody },
      },
    },
    async (request) => {
      const seasonId = await seasonParam(services, request.query.season);
      if (request.query.delivery !== undefined) {
        const delivery = await services.seasons.delivery(request.query.delivery);
        if (!delivery) throw new HttpError(404, SEASON_MESSAGES.deliveryNotFound);
        if (seasonId !== undefined && delivery.seasonId !== seasonId) throw new HttpError(422, SEASON_MESSAGES.deliveryOtherSeason);
      }
      return { data: await services.orders.list({ status: request.query.status, seasonId, deliveryId: request.query.delivery }, langOf(request)) };
    },
  );

  app.get(
    '/orders.csv',
    { schema: { tags, summary: 'Every order of a period as CSV (one row per colour and size)', querystring: z.intersection(periodQuery, query), produces: ['text/csv'] } },
    async (request, reply) => {
      const lang = langOf(request);
      const orders = await services.orders.listFull({ from: request.query.from, to: request.query.to }, lang);
      return sendAttachment(reply, CSV_TYPE, `orders-${request.query.from}-${request.query.to}.csv`, ordersCsv(orders, lang));
    },
  );

  app.get(
    '/orders/:id.csv',
    { schema: { tags, summary: 'One order as CSV', params: idParam, querystring: query, produces: ['text/csv'] } },
    async (request, reply) => {
      const lang = langOf(request);
      const found = await services.orders.get(request.params.id, lang);
      if (!found) throw notFound();
      return sendAttachment(reply, CSV_TYPE, `order-${found.number}.csv`, ordersCsv([found], lang));
    },
  );

  app.get(
    '/orders/:id',
    { schema: { tags, summary: 'One order with the shop’s details and its history', params: idParam, querystring: query, response: { 200: order, 404: errorBody } } },
    async (request) => (await services.orders.get(request.params.id, langOf(request))) ?? Promise.reject(notFound()),
  );

  const move = { 200: order, 400: errorBody, 404: errorBody, 409: errorBody };
  app.post(
    '/orders/:id/confirm',
    { schema: { tags, summary: 'Confirm with a ship date (quantities may change, lines may go)', params: idParam, querystring: query, body: confirmInput, response: move } },
    async (request) => services.orders.confirm(request.params.id, request.body, brand(request), langOf(request)),
  );
  app.post(
    '/orders/:id/ship',
    { schema: { tags, summary: 'Mark shipped (optional carrier and tracking)', params: idParam, querystring: query, body: shipInput.nullish(), response: move } },
    async (request) => services.orders.ship(request.params.id, request.body ?? {}, brand(request), langOf(request)),
  );
  app.post(
    '/orders/:id/cancel',
    { schema: { tags, summary: 'Cancel with a reason shown to the stockist', params: idParam, querystring: query, body: cancelInput, response: move } },
    async (request) => services.orders.cancel(request.params.id, request.body.reason, brand(request), langOf(request)),
  );
};
