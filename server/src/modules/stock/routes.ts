import {
  stockSaved,
  stockImportInput,
  langQuery,
  SEASON_MESSAGES,
  errorBody,
  seasonQuery,
  stockQuery,
  stockImportResult,
  stockInput,
  stockList,
  type StockRow,
} from '@atelier/contract';
import { spreadsheetCsvStream } from '../../lib/csv.ts';
import { CSV_TYPE, sendAttachment } from '../../lib/download.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import { HttpError } from '../../lib/http-errors.ts';
import type { SeasonsService } from '../seasons/service.ts';
import type { StockService } from './service.ts';
import { langOf } from '../../lib/locale.ts';

const CSV_HEADER = {
  fr: ['Référence', 'Coloris', 'Taille', 'En stock', 'Réservé', 'Disponible', 'À venir', 'EAN'],
  en: ['Reference', 'Colour', 'Size', 'On hand', 'Reserved', 'Available', 'Incoming', 'EAN'],
} as const;

/** What this area's routes use, handed to them by name (never the whole set of services). */
export interface StockDeps {
  seasons: SeasonsService;
  stock: StockService;
  /** After stock changes: what is cached of the line sheet and the availability goes. */
  onStockChange(): void;
}

/** The stock file's rows of some styles: the first four columns are what an import reads back. */
export function stockCsvRows(rows: StockRow[]): Array<Array<string | number>> {
  return rows.flatMap((r) =>
    r.cells.map((c) => [
      r.reference ?? '',
      r.colorName,
      c.size,
      c.onHand ?? '',
      c.reserved,
      c.available ?? '',
      c.incoming.map((i) => `${i.quantity}@${i.availableFrom}`).join(' '),
      c.gtin ?? '',
    ]),
  );
}

/** Inside the admin scope: the stock grid, its CSV, and the import. */
export const adminStockRoutes: FastifyPluginAsyncZod<StockDeps> = async (app, services) => {
  const tags = ['admin'];
  app.get(
    '/stock',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'A page of styles’ stock per colour and size (on hand, reserved, available, incoming), of one season’s styles when asked, found by reference or title',
        querystring: stockQuery,
        response: { 200: stockList, 400: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const { season, q, product, limit, page, cursor } = request.query;
      return services.stock.page(langOf(request), { seasonId: await services.seasons.idOfCode(season), q, productId: product }, { limit, page, cursor });
    },
  );
  app.get(
    '/stock.csv',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'The stock as CSV (reference, colour, size, on hand, reserved, available, incoming), written while it is read',
        querystring: seasonQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const lang = langOf(request);
      const seasonId = await services.seasons.idOfCode(request.query.season);
      const batches = (async function* () {
        for await (const rows of services.stock.batches(lang, { seasonId })) yield stockCsvRows(rows);
      })();
      return sendAttachment(
        reply,
        CSV_TYPE,
        `stock${request.query.season ? `-${request.query.season.toUpperCase().replace(/[^A-Z0-9-]/g, '')}` : ''}.csv`,
        spreadsheetCsvStream(CSV_HEADER[lang], batches),
      );
    },
  );
  app.put(
    '/stock',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Set on-hand counts (empty: not sold from stock) and incoming quantities, in one transaction',
        body: stockInput,
        response: { 200: stockSaved, 400: errorBody, 422: errorBody },
      },
    },
    async (request) => {
      const changed = await services.stock.save(request.body.items, actorOf(request));
      services.onStockChange();
      return { changed };
    },
  );
  app.post(
    '/stock/import',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Read a stock CSV (style reference, colour, size, on hand): a preview, or with confirm every line in one transaction',
        querystring: langQuery,
        body: stockImportInput,
        response: { 200: stockImportResult, 400: errorBody, 413: errorBody, 422: errorBody },
      },
    },
    async (request) => {
      if (!request.body.csv.trim()) throw new HttpError(422, SEASON_MESSAGES.importEmpty);
      const result = await services.stock.importCsv(request.body.csv, request.body.confirm === true, actorOf(request), langOf(request));
      if (result.confirmed) services.onStockChange();
      return result;
    },
  );
};
