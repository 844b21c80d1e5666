import { errorBody, salesFigures, salesQuery } from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { langOf } from '../../lib/locale.ts';
import type { SalesService } from './service.ts';

/** What the sales screen uses. */
export interface SalesDeps {
  sales: SalesService;
}

/** Inside the admin scope: the season at a glance. Never in a shared cache. */
export const adminSalesRoutes: FastifyPluginAsyncZod<SalesDeps> = async (app, services) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  app.get(
    '/sales',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'The season at a glance: totals against the previous season of the same kind, and the figures behind every chart',
        querystring: salesQuery,
        response: { 200: salesFigures, 404: errorBody },
      },
    },
    async (request) => services.sales.figures(request.query.season, langOf(request)),
  );
};
