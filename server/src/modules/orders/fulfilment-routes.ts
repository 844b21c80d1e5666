import {
  FULFILMENT_MESSAGES,
  ORDER_MESSAGES,
  bulkShipInput,
  bulkShipResult,
  cancelInput,
  errorBody,
  followDateInput,
  langQuery,
  order,
  pickListQuery,
  shipmentInput,
} from '@atelier/contract';
import { z } from 'zod';
import { idParam, pathId } from '../../lib/params.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicBrand, type Config } from '../../config.ts';
import { actorOf } from '../../lib/actor.ts';
import { today } from '../../lib/dates.ts';
import { CSV_TYPE, sendAttachment } from '../../lib/download.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { langOf } from '../../lib/locale.ts';
import type { SeasonsService } from '../seasons/service.ts';
import type { PickScope } from './fulfilment.ts';
import { pickListCsv, pickListPdf } from './pick-list.ts';
import type { OrdersDeps } from './routes.ts';

const PDF_TYPE = 'application/pdf';
const query = langQuery;
const idParams = idParam(ORDER_MESSAGES.orderNotFound);
/** An order and one of its parcels. */
const parcelParams = z.object({ id: pathId(ORDER_MESSAGES.orderNotFound), shipmentId: pathId(ORDER_MESSAGES.orderNotFound) });
const notFound = () => new HttpError(404, ORDER_MESSAGES.orderNotFound);

/** `/api/admin/orders/pick-list.*` and `/api/admin/orders/ship-bulk`: the stockroom's day (issue 45 item 3). */
export const fulfilmentRoutes: FastifyPluginAsyncZod<OrdersDeps & { config: Config }> = async (app, services) => {
  const tags = ['admin'];
  const scopeOf = async (query: { ids?: number[] | undefined; delivery?: number | undefined }, seasons: SeasonsService): Promise<PickScope> => {
    if (query.ids) return { ids: query.ids };
    if (!(await seasons.delivery(query.delivery!))) throw new HttpError(404, FULFILMENT_MESSAGES.scopeInvalid);
    return { deliveryId: query.delivery! };
  };

  app.get(
    '/orders/pick-list.csv',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'The pick list of orders (ids=4,8,15, at most 200) or of all ready for a delivery window (delivery=ID), as CSV: each piece, its total, its orders',
        querystring: pickListQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const lang = langOf(request);
      const list = await services.orders.pickList(await scopeOf(request.query, services.seasons), lang);
      return sendAttachment(reply, CSV_TYPE, `pick-list-${today()}.csv`, pickListCsv(list, lang));
    },
  );
  app.get(
    '/orders/pick-list.pdf',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'The same pick list as a PDF (A4, the brand’s fonts)', querystring: pickListQuery, produces: [PDF_TYPE] },
    },
    async (request, reply) => {
      const lang = langOf(request);
      const list = await services.orders.pickList(await scopeOf(request.query, services.seasons), lang);
      return sendAttachment(reply, PDF_TYPE, `pick-list-${today()}.pdf`, await pickListPdf(publicBrand(services.config), list, lang, today()));
    },
  );
  app.post(
    '/orders/ship-bulk',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Ship these: one parcel per order of what stock allows, each in its own transaction; per order, its parcel and invoice or why not',
        querystring: query,
        body: bulkShipInput,
        response: { 200: bulkShipResult, 400: errorBody },
      },
    },
    async (request) => services.orders.shipBulk(request.body, actorOf(request), langOf(request)),
  );
};

/** `/api/admin/orders/{id}/…`: a parcel of an order, cancelling the rest, when it follows, a parcel's delivery note (issue 45). */
export const adminShipmentRoutes: FastifyPluginAsyncZod<OrdersDeps> = async (app, services) => {
  const tags = ['admin'];
  const move = { 200: order, 400: errorBody, 404: errorBody, 409: errorBody };
  app.post(
    '/orders/:id/shipments',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Ship a parcel: some of what is left of each line (issue 45); its invoice is issued with it',
        params: idParams,
        querystring: query,
        body: shipmentInput,
        response: { ...move, 422: errorBody },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return services.orders.shipPart(request.params.id, request.body, actorOf(request), langOf(request));
    },
  );
  app.get(
    '/orders/:id/shipments/:shipmentId/delivery-note.pdf',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'A parcel’s delivery note, as a PDF in the shop’s language', params: parcelParams, produces: [PDF_TYPE] },
    },
    async (request, reply) => {
      const found = await services.orders.deliveryNote(request.params.id, request.params.shipmentId);
      if (!found) throw notFound();
      return sendAttachment(reply, PDF_TYPE, `${found.number}.pdf`, found.pdf);
    },
  );
  app.post(
    '/orders/:id/cancel-rest',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Cancel what is left of a partly shipped order (a reason shown to the stockist); it is then shipped',
        params: idParams,
        querystring: query,
        body: cancelInput,
        response: move,
      },
    },
    async (request) => services.orders.cancelRest(request.params.id, request.body.reason, actorOf(request), langOf(request)),
  );
  app.put(
    '/orders/:id/follow-date',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'When the rest of a partly shipped order follows (null: no date)',
        params: idParams,
        querystring: query,
        body: followDateInput,
        response: move,
      },
    },
    async (request) => services.orders.setFollowDate(request.params.id, request.body.followDate, langOf(request)),
  );
};
