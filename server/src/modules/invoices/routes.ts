import {
  COMPANY_MESSAGES,
  INVOICING_MESSAGES,
  fecQuery,
  remindersState,
  retailerCompany,
  langQuery,
  periodLangQuery,
  API_ERRORS,
  INVOICE_MESSAGES,
  ORDER_MESSAGES,
  companyDetails,
  companyInput,
  creditNoteInput,
  errorBody,
  invoiceDocument,
  invoiceList,
  invoiceListQuery,
  paymentInput,
  remindersInput,
} from '@atelier/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, companyOf } from '../../lib/actor.ts';
import { CSV_TYPE, sendAttachment } from '../../lib/download.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { langOf } from '../../lib/locale.ts';
import type { CompaniesService } from '../companies/service.ts';
import type { UsersService } from '../users/service.ts';
import type { InvoicesService } from './service.ts';
import { idParam, pathId } from '../../lib/params.ts';

const id = pathId;
const idParams = idParam(INVOICE_MESSAGES.invoiceNotFound);
const paymentParam = z.object({ id: id(INVOICE_MESSAGES.invoiceNotFound), paymentId: id(INVOICE_MESSAGES.paymentNotFound) });
const orderParam = z.object({ id: id(ORDER_MESSAGES.orderNotFound) });
const retailerParam = z.object({ id: id(API_ERRORS.notFound) });
const query = langQuery;
const notFound = () => new HttpError(404, INVOICE_MESSAGES.invoiceNotFound);
const PDF_TYPE = 'application/pdf';

/** Invoices and credit notes are private to their retailer and the label: never stored by a cache. */
const noStore = async (_request: FastifyRequest, reply: FastifyReply) => {
  reply.header('cache-control', 'private, no-store');
};

/** What this area's routes use, handed to them by name (never the whole set of services). */
export interface InvoicesDeps {
  invoices: InvoicesService;
  companies: CompaniesService;
  users: UsersService;
}

/** `/api/invoices`: the retailer's own invoices and credit notes (another retailer's are 404). */
/** Invoices, credit notes and payments are for a company's admins and accounts people (issue 46). */
const forAccounts = { companyRoles: ['admin', 'accounts'] as const, companyRefusal: COMPANY_MESSAGES.invoicesNotForBuyers };

export const invoiceRoutes: FastifyPluginAsyncZod<InvoicesDeps> = async (app, services) => {
  app.addHook('onSend', noStore);
  const tags = ['invoices'];
  const security = [{ bearer: [] }];
  /** The company's invoices, for its admins and accounts people (issue 46). */
  const me = companyOf;

  app.get(
    '/',
    {
      config: { access: 'retailer', ...forAccounts },
      schema: {
        tags,
        security,
        summary: 'My invoices and credit notes, newest first, with status and due date, a page at a time (limit, page or cursor; q searches the number)',
        querystring: invoiceListQuery,
        response: { 200: invoiceList, 400: errorBody },
      },
    },
    async (request) => {
      const { status, from, to, q } = request.query;
      return services.invoices.list({ userId: me(request), status, from, to, q }, request.query);
    },
  );
  app.get(
    '/:id.pdf',
    {
      config: { access: 'retailer', ...forAccounts },
      schema: { tags, security, summary: 'One of my invoices as its Factur-X PDF (another stockist’s is 404)', params: idParams, produces: [PDF_TYPE] },
    },
    async (request, reply) => {
      const found = await services.invoices.pdf(request.params.id, me(request));
      if (!found) throw notFound();
      return sendAttachment(reply, PDF_TYPE, `${found.number}.pdf`, found.pdf);
    },
  );
  app.get(
    '/:id',
    {
      config: { access: 'retailer', ...forAccounts },
      schema: {
        tags,
        security,
        summary: 'One of my invoices or credit notes (another stockist’s is 404)',
        params: idParams,
        querystring: query,
        response: { 200: invoiceDocument, 404: errorBody },
      },
    },
    async (request) => (await services.invoices.get(request.params.id, langOf(request), me(request))) ?? Promise.reject(notFound()),
  );
};

/** Inside the admin scope: every document, payments, credit notes, the accountant's exports. */
export const adminInvoiceRoutes: FastifyPluginAsyncZod<InvoicesDeps> = async (app, services) => {
  app.addHook('onSend', noStore);
  const tags = ['admin'];

  app.get(
    '/invoices',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Invoices and credit notes, newest first, a page at a time (limit, page or cursor), optionally of one status, issued within from–to; q searches number and buyer (name, SIREN, VAT, e-mail, town)',
        querystring: invoiceListQuery,
        response: { 200: invoiceList, 400: errorBody },
      },
    },
    async (request) => {
      const { status, from, to, q } = request.query;
      return services.invoices.list({ status, from, to, q }, request.query);
    },
  );
  app.get(
    '/invoices.csv',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'The sales journal of a period: one row per document and VAT rate', querystring: periodLangQuery, produces: ['text/csv'] },
    },
    async (request, reply) =>
      sendAttachment(
        reply,
        CSV_TYPE,
        `sales-journal-${request.query.from}-${request.query.to}.csv`,
        services.invoices.journalCsv(request.query.from, request.query.to, langOf(request)),
      ),
  );
  app.get(
    '/accounting/fec',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'The FEC (fichier des écritures comptables, LPF A47 A-1) of a year: sales and bank journals, 18 tab-separated columns, ISO 8859-15, named <SIREN>FEC<YYYY1231>.txt',
        querystring: fecQuery,
        produces: ['text/plain'],
        response: { 200: z.any().describe('text/plain'), 400: errorBody, 409: errorBody },
      },
    },
    async (request, reply) => {
      const file = await services.invoices.fec(request.query.year);
      if (!file) throw new HttpError(409, INVOICING_MESSAGES.fecNeedsSettings);
      return sendAttachment(reply, 'text/plain; charset=ISO-8859-15', file.name, file.bytes);
    },
  );
  app.get(
    '/invoices.zip',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'The PDFs of a period’s invoices and credit notes in one ZIP', querystring: periodLangQuery, produces: ['application/zip'] },
    },
    async (request, reply) =>
      sendAttachment(
        reply,
        'application/zip',
        `invoices-${request.query.from}-${request.query.to}.zip`,
        services.invoices.zip(request.query.from, request.query.to),
      ),
  );
  app.get(
    '/invoices/:id.pdf',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'One document as its stored Factur-X PDF (the same bytes every time)', params: idParams, produces: [PDF_TYPE] },
    },
    async (request, reply) => {
      const found = await services.invoices.pdf(request.params.id);
      if (!found) throw notFound();
      return sendAttachment(reply, PDF_TYPE, `${found.number}.pdf`, found.pdf);
    },
  );
  app.get(
    '/invoices/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'One invoice or credit note with its lines, VAT, payments and credit notes',
        params: idParams,
        querystring: query,
        response: { 200: invoiceDocument, 404: errorBody },
      },
    },
    async (request) => (await services.invoices.get(request.params.id, langOf(request))) ?? Promise.reject(notFound()),
  );
};

/** `/api/admin`: what the owner changes on a document (payments, credit notes, issuing an order's invoice) and on a retailer's invoicing (company details, reminders). */
export const adminInvoiceChangeRoutes: FastifyPluginAsyncZod<InvoicesDeps> = async (app, services) => {
  app.addHook('onSend', noStore);
  const tags = ['admin'];

  app.post(
    '/invoices/:id/payments',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Record a payment (never more than what is left to pay)',
        params: idParams,
        querystring: query,
        body: paymentInput,
        response: { 200: invoiceDocument, 400: errorBody, 404: errorBody, 422: errorBody },
      },
    },
    async (request) => services.invoices.addPayment(request.params.id, request.body, actorOf(request), langOf(request)),
  );
  app.delete(
    '/invoices/:id/payments/:paymentId',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Remove a mistaken payment (the activity log keeps it)',
        params: paymentParam,
        querystring: query,
        response: { 200: invoiceDocument, 404: errorBody },
      },
    },
    async (request) => services.invoices.removePayment(request.params.id, request.params.paymentId, actorOf(request), langOf(request)),
  );
  app.post(
    '/invoices/:id/credit-notes',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Make a credit note: lines with quantities, or an amount excl. VAT, or neither (what is left of the invoice); never more than what is left',
        params: idParams,
        querystring: query,
        body: creditNoteInput,
        response: { 200: invoiceDocument, 400: errorBody, 404: errorBody, 422: errorBody },
      },
    },
    async (request) => services.invoices.creditNote(request.params.id, request.body, actorOf(request), langOf(request)),
  );
  app.post(
    '/orders/:id/invoice',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Issue the invoice of an order shipped before, or whose details were incomplete',
        params: orderParam,
        querystring: query,
        response: { 200: invoiceDocument, 404: errorBody, 409: errorBody, 422: errorBody },
      },
    },
    async (request) => services.invoices.issueForOrder(request.params.id, actorOf(request), langOf(request)),
  );
};

/** `/api/admin/stockists/:id`: a retailer's company details as its invoices state them, and whether it gets payment reminders. */
export const adminRetailerInvoicingRoutes: FastifyPluginAsyncZod<InvoicesDeps> = async (app, services) => {
  app.addHook('onSend', noStore);
  const tags = ['admin'];
  // The owner completes a retailer's details (what an invoice needs) and turns reminders on or off.
  const retailer = async (userId: number) => {
    const user = await services.users.findById(userId);
    if (!user || user.role !== 'retailer') throw new HttpError(404, API_ERRORS.notFound);
  };

  app.get(
    '/stockists/:id/company',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'A stockist’s company details, with what an invoice still needs and whether reminders are on',
        params: retailerParam,
        response: { 200: retailerCompany, 404: errorBody },
      },
    },
    async (request) => {
      await retailer(request.params.id);
      return { ...(await services.companies.company(request.params.id)), reminders: await services.invoices.remindersEnabled(request.params.id) };
    },
  );
  app.put(
    '/stockists/:id/company',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Complete or correct a stockist’s company details (VAT number checked)',
        params: retailerParam,
        body: companyInput,
        response: { 200: companyDetails, 400: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      await retailer(request.params.id);
      return services.companies.saveCompany(request.params.id, request.body);
    },
  );
  app.put(
    '/stockists/:id/reminders',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Turn a stockist’s payment reminders on or off',
        params: retailerParam,
        body: remindersInput,
        response: { 200: remindersState, 404: errorBody },
      },
    },
    async (request) => {
      await retailer(request.params.id);
      await services.invoices.setReminders(request.params.id, request.body.enabled, actorOf(request));
      return { reminders: request.body.enabled };
    },
  );
};
