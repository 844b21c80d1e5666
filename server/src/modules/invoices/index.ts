import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { defineArea } from '../../platform/area.ts';
import { listenForInvoices } from './listeners.ts';
import { adminInvoiceRoutes, adminInvoiceChangeRoutes, adminRetailerInvoicingRoutes, invoiceRoutes, type InvoicesDeps } from './routes.ts';

export type { InvoicesDeps } from './routes.ts';

/** Invoices, credit notes and payments (Factur-X). Registered under /api. */
export const invoicesModule: FastifyPluginAsyncZod<InvoicesDeps> = async (app, deps) => {
  await app.register(invoiceRoutes, { ...deps, prefix: '/invoices' });
  await app.register(adminInvoiceRoutes, { ...deps, prefix: '/admin' });
  await app.register(adminInvoiceChangeRoutes, { ...deps, prefix: '/admin' });
  await app.register(adminRetailerInvoicingRoutes, { ...deps, prefix: '/admin' });
};

/** The area as the app mounts it (ADR 0028): the tables it owns, its routes and its listeners (a parcel's invoice, its mail). */
export const invoicesArea = defineArea<InvoicesDeps & { config: Config }>({
  name: 'invoices',
  tables: ['invoices', 'invoice_lines', 'invoice_payments', 'invoice_events', 'invoice_counters', 'invoice_submissions'],
  routes: invoicesModule,
  listen: (events, deps) => listenForInvoices(events, deps.invoices, deps.config),
});
