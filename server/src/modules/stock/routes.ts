import { stockSaved, stockImportInput, langQuery, SEASON_MESSAGES, errorBody, seasonQuery, stockImportResult, stockInput, stockList, type Locale, type StockRow } from '@atelier/contract';
import { spreadsheetCsv } from '../../lib/csv.ts';
import { CSV_TYPE, sendAttachment } from '../../lib/download.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import { HttpError } from '../../lib/http-errors.ts';
import type { SeasonsService } from '../seasons/service.ts';
import type { StockService } from './service.ts';
import { langOf } from '../../lib/locale.ts';

const CSV_HEADER = {
  fr: ['Référence', 'Coloris', 'Taille', 'En stock', 'Réservé', 'Disponible', 'À venir'],
  en: ['Reference', 'Colour', 'Size', 'On hand', 'Reserved', 'Available', 'Incoming'],
} as const;

/** What this area's routes use, handed to them by name (never the whole set of services). */
export interface StockDeps {
  seasons: SeasonsService;
  stock: StockService;
  /** After stock changes: what is cached of the line sheet and the availability goes. */
  onStockChange(): void;
}

/** The stock file: the first four columns are what an import reads back. */
export function stockCsv(rows: StockRow[], lang: Locale): string {
  const body = rows.flatMap((r) =>
    r.cells.map((c) => [
      r.reference ?? '',
      r.colorName,
      c.size,
      c.onHand ?? '',
      c.reserved,
      c.available ?? '',
      c.incoming.map((i) => `${i.quantity}@${i.availableFrom}`).join(' '),
    ]),
  );
  return spreadsheetCsv(CSV_HEADER[lang], body);
}

/** Inside the admin scope: the stock grid, its CSV, and the import. */
export const adminStockRoutes: FastifyPluginAsyncZod<StockDeps> = async (app, services) => {
  const tags = ['admin'];
  app.get(
    '/stock',
    { schema: { tags, summary: 'Every variant’s stock per size (on hand, reserved, available, incoming), of one season’s styles when asked', querystring: seasonQuery, response: { 200: stockList, 404: errorBody } } },
    async (request) => ({ data: await services.stock.list(langOf(request), { seasonId: await services.seasons.idOfCode(request.query.season) }) }),
  );
  app.get(
    '/stock.csv',
    { schema: { tags, summary: 'The stock as CSV (reference, colour, size, on hand, reserved, available, incoming)', querystring: seasonQuery, produces: ['text/csv'] } },
    async (request, reply) => {
      const lang = langOf(request);
      const seasonId = await services.seasons.idOfCode(request.query.season);
      const rows = await services.stock.list(lang, { seasonId });
      return sendAttachment(reply, CSV_TYPE, `stock${request.query.season ? `-${request.query.season.toUpperCase().replace(/[^A-Z0-9-]/g, '')}` : ''}.csv`, stockCsv(rows, lang));
    },
  );
  app.put(
    '/stock',
    { schema: { tags, summary: 'Set on-hand counts (empty: not sold from stock) and incoming quantities, in one transaction', body: stockInput, response: { 200: stockSaved, 400: errorBody, 422: errorBody } } },
    async (request) => {
      const changed = await services.stock.save(request.body.items, actorOf(request));
      services.onStockChange();
      return { changed };
    },
  );
  app.post(
    '/stock/import',
    {
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
