import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminInvoiceRoutes, adminInvoiceChangeRoutes, adminRetailerInvoicingRoutes, invoiceRoutes, type InvoicesDeps } from './routes.ts';

export type { InvoicesDeps } from './routes.ts';

/** Invoices, credit notes and payments (Factur-X). Registered under /api. */
export const invoicesModule: FastifyPluginAsyncZod<InvoicesDeps> = async (app, deps) => {
  await app.register(invoiceRoutes, { ...deps, prefix: '/invoices' });
  await app.register(adminInvoiceRoutes, { ...deps, prefix: '/admin' });
  await app.register(adminInvoiceChangeRoutes, { ...deps, prefix: '/admin' });
  await app.register(adminRetailerInvoicingRoutes, { ...deps, prefix: '/admin' });
};
