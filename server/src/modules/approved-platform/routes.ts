import {
  errorBody,
  invoiceDocument,
  INVOICE_MESSAGES,
  platformCheck,
  platformSettings,
  platformSettingsInput,
  sirenLookup,
  sirenQuery,
} from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { langOf } from '../../lib/locale.ts';
import { idParam } from '../../lib/params.ts';
import type { InvoicesService } from '../invoices/service.ts';
import type { ApprovedPlatformService } from './service.ts';

/** What this area's routes use. */
export interface ApprovedPlatformDeps {
  approvedPlatform: ApprovedPlatformService;
  invoices: InvoicesService;
}

const idParams = idParam(INVOICE_MESSAGES.invoiceNotFound);

/** Inside the admin scope: the platform's settings, a connection check, the directory, "send again". */
export const approvedPlatformRoutes: FastifyPluginAsyncZod<ApprovedPlatformDeps> = async (app, { approvedPlatform, invoices }) => {
  const tags = ['admin'];
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  app.get(
    '/invoicing/platform',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'The approved e-invoicing platform’s settings (never its secret)', response: { 200: platformSettings } },
    },
    async () => approvedPlatform.settings(),
  );
  app.put(
    '/invoicing/platform',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Turn the platform on or off, with its flow service address and credentials (an empty secret keeps the saved one)',
        body: platformSettingsInput,
        response: { 200: platformSettings, 400: errorBody },
      },
    },
    async (request) => approvedPlatform.save(request.body, actorOf(request)),
  );
  app.post(
    '/invoicing/platform/check',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'Call the platform’s health check with the saved settings', response: { 200: platformCheck, 409: errorBody, 502: errorBody } },
    },
    async () => approvedPlatform.check(),
  );
  app.get(
    '/invoicing/platform/siren',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Look a SIREN up in the platform’s directory',
        querystring: sirenQuery,
        response: { 200: sirenLookup, 400: errorBody, 409: errorBody, 502: errorBody },
      },
    },
    async (request) => approvedPlatform.lookup(request.query.siren),
  );
  app.post(
    '/invoices/:id/platform/resubmit',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Send a document the platform rejected again (the same stored file)',
        params: idParams,
        response: { 200: invoiceDocument, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      await approvedPlatform.resubmit(request.params.id, actorOf(request));
      return (await invoices.get(request.params.id, langOf(request))) ?? Promise.reject(new HttpError(404, INVOICE_MESSAGES.invoiceNotFound));
    },
  );
};
