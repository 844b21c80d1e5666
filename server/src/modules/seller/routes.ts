import { errorBody, invoicingSettings, invoicingSettingsInput } from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import type { SellerService } from './service.ts';

/** What this area's routes use, handed to them by name (never the whole set of services). */
export interface SellerDeps {
  seller: SellerService;
}

/** Inside the admin scope: the label's legal identity for its invoices. */
export const adminSellerRoutes: FastifyPluginAsyncZod<SellerDeps> = async (app, services) => {
  const tags = ['admin'];
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  app.get(
    '/invoicing/settings',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'The label’s legal identity on its invoices (configured: false before the first save)', response: { 200: invoicingSettings } },
    },
    async () => services.seller.settings(),
  );
  app.put(
    '/invoicing/settings',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Save the legal identity: SIREN and SIRET (Luhn), VAT number, IBAN (mod 97), number prefixes, payment terms, penalties, discount',
        body: invoicingSettingsInput,
        response: { 200: invoicingSettings, 400: errorBody },
      },
    },
    async (request) => services.seller.saveSettings(request.body, actorOf(request)),
  );
};
