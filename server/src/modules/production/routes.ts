import { cutSheet, errorBody, productionQuery, type CutSheet, type Locale } from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { spreadsheetCsv } from '../../lib/csv.ts';
import { CSV_TYPE, sendAttachment } from '../../lib/download.ts';
import type { Config } from '../../config.ts';
import type { ProductionService } from './service.ts';
import { langOf } from '../../lib/locale.ts';
import { today } from '../../lib/dates.ts';
import { renderCutSheet } from './pdf.ts';

const CSV_HEADER = {
  fr: ['Saison', 'Livraison', 'Référence', 'Style', 'Coloris', 'Code couleur', 'Taille', 'Pièces'],
  en: ['Season', 'Delivery', 'Reference', 'Style', 'Colour', 'Colour code', 'Size', 'Pieces'],
} as const;

/** What this area's routes use, handed to them by name (never the whole set of services). */
export interface ProductionDeps {
  config: Config;
  production: ProductionService;
}

/** One row per style × colour × size, as the JSON counts them. */
export function cutSheetCsv(sheet: CutSheet, lang: Locale): string {
  const rows = sheet.styles.flatMap((style) =>
    style.colors.flatMap((color) =>
      sheet.sizes
        .filter((size) => color.sizes[size])
        .map((size) => [
          sheet.season.code,
          sheet.delivery?.name ?? '',
          style.reference ?? '',
          style.title,
          color.colorName,
          color.colorCode ?? '',
          size,
          color.sizes[size]!,
        ]),
    ),
  );
  return spreadsheetCsv(CSV_HEADER[lang], rows);
}

const fileName = (sheet: CutSheet, ext: string) => `cut-sheet-${sheet.season.code}${sheet.delivery ? `-${sheet.delivery.id}` : ''}-${sheet.status}.${ext}`;

/** Inside the admin scope: the cut sheet (JSON, CSV, PDF). Never in a shared cache. */
export const adminProductionRoutes: FastifyPluginAsyncZod<ProductionDeps> = async (app, services) => {
  const tags = ['admin'];
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  const sheetOf = (query: { season?: string; delivery?: number; status?: 'submitted' | 'confirmed' | 'both' }, lang: Locale) =>
    services.production.cutSheet({ season: query.season, deliveryId: query.delivery, status: query.status }, lang);

  app.get(
    '/production',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'The cut sheet: pre-book pieces per style × colour × size of a season (default: the current one), optionally one delivery, submitted and/or confirmed orders',
        querystring: productionQuery,
        response: { 200: cutSheet, 404: errorBody, 422: errorBody },
      },
    },
    async (request) => sheetOf(request.query, langOf(request)),
  );
  app.get(
    '/production.csv',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'The cut sheet as CSV: one row per style × colour × size', querystring: productionQuery, produces: ['text/csv'] },
    },
    async (request, reply) => {
      const lang = langOf(request);
      const sheet = await sheetOf(request.query, lang);
      return sendAttachment(reply, CSV_TYPE, fileName(sheet, 'csv'), cutSheetCsv(sheet, lang));
    },
  );
  app.get(
    '/production.pdf',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'The cut sheet for the workshop: A4 landscape PDF, one table per style',
        querystring: productionQuery,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const lang = langOf(request);
      const sheet = await sheetOf(request.query, lang);
      const pdf = await renderCutSheet(sheet, lang, services.config.BRAND_NAME, today());
      return sendAttachment(reply, 'application/pdf', fileName(sheet, 'pdf'), pdf);
    },
  );
};
