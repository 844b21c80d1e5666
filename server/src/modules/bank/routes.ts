import multipart from '@fastify/multipart';
import {
  BANK_MESSAGES,
  COMPANY_MESSAGES,
  accountDebits,
  bankEntry,
  bankEntryList,
  bankEntryQuery,
  collection,
  collectionInput,
  collectionList,
  csvColumns,
  csvColumnsState,
  errorBody,
  mandate,
  mandateInput,
  mandateList,
  matchInput,
  pageQuery,
  paymentReturn,
  paymentReturnInput,
  statementImport,
  statementList,
} from '@atelier/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, companyOf } from '../../lib/actor.ts';
import { sendAttachment } from '../../lib/download.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { idParam } from '../../lib/params.ts';
import type { DirectDebits } from './debits.ts';
import type { PaymentReturns } from './returns.ts';
import type { BankService } from './service.ts';

export interface BankDepsOfRoutes {
  bank: { statements: BankService; debits: DirectDebits; returns: PaymentReturns };
}

const refusals = { 400: errorBody, 404: errorBody, 409: errorBody, 413: errorBody, 422: errorBody };
/** A CSV whose columns were never chosen answers the header's names to choose from. */
const withColumns = errorBody.extend({ columns: z.array(z.string()).optional() });
const tags = ['admin'];
const admin = { access: 'admin' } as const;
const STATEMENT_BYTES = 20 * 1024 * 1024;

/** The multipart field `file` of a request, whole (413 past `limit`). */
async function fileOf(request: FastifyRequest, tooLarge: string): Promise<{ name: string; bytes: Buffer }> {
  if (!request.isMultipart()) throw new HttpError(400, BANK_MESSAGES.fileMissing);
  const file = await request.file();
  if (!file || file.fieldname !== 'file') throw new HttpError(400, BANK_MESSAGES.fileMissing);
  let bytes: Buffer;
  try {
    bytes = await file.toBuffer();
  } catch {
    throw new HttpError(413, tooLarge);
  }
  if (file.file.truncated) throw new HttpError(413, tooLarge);
  return { name: file.filename || 'statement', bytes };
}

/** `/api/admin/bank/…`: statements imported, their lines matched, the CSV's columns. */
export const statementRoutes: FastifyPluginAsyncZod<BankDepsOfRoutes> = async (app, { bank }) => {
  await app.register(multipart, { limits: { fileSize: STATEMENT_BYTES, files: 1, fields: 2, parts: 3 } });

  app.post(
    '/bank/statements',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Import a bank statement (multipart `file`: camt.053.001.02/.08, or a CSV read by the columns chosen): sure matches recorded as payments',
        consumes: ['multipart/form-data'],
        response: { 201: statementImport, ...refusals, 422: withColumns },
      },
    },
    async (request, reply) => {
      const { name, bytes } = await fileOf(request, BANK_MESSAGES.fileTooLarge);
      return reply.code(201).send(await bank.statements.importStatement(bytes, name, actorOf(request)));
    },
  );
  app.get(
    '/bank/statements',
    {
      config: admin,
      schema: { tags, summary: 'The statements imported, newest first', querystring: pageQuery, response: { 200: statementList, 400: errorBody } },
    },
    async (request) => bank.statements.statements(request.query),
  );
  app.get(
    '/bank/entries',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Statement lines (by status: unmatched, matched, ignored, returned, debit; of a statement), with their payments or, waiting, the invoices they may pay',
        querystring: bankEntryQuery,
        response: { 200: bankEntryList, 400: errorBody },
      },
    },
    async (request) => bank.statements.entries({ status: request.query.status, statement: request.query.statement }, request.query),
  );
  app.post(
    '/bank/entries/:id/match',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Match a waiting line to invoices ({ allocations: [{ invoiceId, amount }] }, part of one too) or set it aside ({ ignore: true })',
        params: idParam(BANK_MESSAGES.entryNotFound),
        body: matchInput,
        response: { 200: bankEntry, ...refusals },
      },
    },
    async (request) => bank.statements.match(request.params.id, request.body, actorOf(request)),
  );
  app.get(
    '/bank/csv-columns',
    { config: admin, schema: { tags, summary: 'The CSV statements’ columns, as chosen', response: { 200: csvColumnsState } } },
    async () => ({ columns: await bank.statements.csvColumns() }),
  );
  app.put(
    '/bank/csv-columns',
    {
      config: admin,
      schema: { tags, summary: 'Choose the CSV statements’ columns (remembered)', body: csvColumns, response: { 200: csvColumnsState, ...refusals } },
    },
    async (request) => ({ columns: await bank.statements.saveCsvColumns(request.body) }),
  );
};

/** `/api/admin/companies/{id}/mandates`, `/api/admin/mandates/…`: SEPA mandates, their signed PDFs. */
export const mandateRoutes: FastifyPluginAsyncZod<BankDepsOfRoutes> = async (app, { bank }) => {
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 2, parts: 3 } });
  const companyParam = idParam(COMPANY_MESSAGES.companyNotFound);
  const mandateParam = idParam(BANK_MESSAGES.mandateNotFound);
  app.get(
    '/companies/:id/mandates',
    { config: admin, schema: { tags, summary: 'A company’s SEPA mandates, newest first', params: companyParam, response: { 200: mandateList, ...refusals } } },
    async (request) => ({ data: await bank.debits.mandates(request.params.id) }),
  );
  app.post(
    '/companies/:id/mandates',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Record a signed SEPA mandate (IBAN checked, BIC, signature day, recurring): its RUM is made; one active a company',
        params: companyParam,
        body: mandateInput,
        response: { 201: mandate, ...refusals },
      },
    },
    async (request, reply) => reply.code(201).send(await bank.debits.createMandate(request.params.id, request.body, actorOf(request))),
  );
  app.post(
    '/mandates/:id/revoke',
    { config: admin, schema: { tags, summary: 'Revoke a mandate (no more debits under it)', params: mandateParam, response: { 200: mandate, ...refusals } } },
    async (request) => bank.debits.revokeMandate(request.params.id, actorOf(request)),
  );
  app.put(
    '/mandates/:id/pdf',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Keep the signed mandate (multipart `file`, a PDF of 10 MB at most)',
        params: mandateParam,
        consumes: ['multipart/form-data'],
        response: { 200: mandate, ...refusals },
      },
    },
    async (request) => {
      const { bytes } = await fileOf(request, BANK_MESSAGES.mandatePdfInvalid);
      return bank.debits.savePdf(request.params.id, bytes);
    },
  );
  app.get(
    '/mandates/:id.pdf',
    { config: admin, schema: { tags, summary: 'The signed mandate kept', params: mandateParam, produces: ['application/pdf'] } },
    async (request, reply) => {
      const found = await bank.debits.pdf(request.params.id);
      if (!found) throw new HttpError(404, BANK_MESSAGES.mandateNotFound);
      return sendAttachment(reply, 'application/pdf', `${found.rum}.pdf`, found.pdf);
    },
  );
};

/** `/api/admin/collections/…`, `/api/admin/payments/{id}/returned`: direct-debit collections, their files, payments that came back. */
export const collectionRoutes: FastifyPluginAsyncZod<BankDepsOfRoutes> = async (app, { bank }) => {
  const collectionParam = idParam(BANK_MESSAGES.collectionNotFound);
  app.post(
    '/collections',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Build a direct-debit collection of the open invoices due by `dueBy` of companies with a mandate (or those named): recorded as paid on the collection day, each shop told',
        body: collectionInput,
        response: { 201: collection, ...refusals },
      },
    },
    async (request, reply) => reply.code(201).send(await bank.debits.createCollection(request.body, actorOf(request))),
  );
  app.get(
    '/collections',
    {
      config: admin,
      schema: { tags, summary: 'The collections built, newest first', querystring: pageQuery, response: { 200: collectionList, 400: errorBody } },
    },
    async (request) => bank.debits.collections(request.query),
  );
  app.get(
    '/collections/:id',
    { config: admin, schema: { tags, summary: 'A collection and its debits', params: collectionParam, response: { 200: collection, ...refusals } } },
    async (request) => {
      const found = await bank.debits.collection(request.params.id);
      if (!found) throw new HttpError(404, BANK_MESSAGES.collectionNotFound);
      return found;
    },
  );
  app.get(
    '/collections/:id/pain.008.xml',
    {
      config: admin,
      schema: {
        tags,
        summary: 'The collection as its pain.008.001.02 file for the bank (checked against its XSD)',
        params: collectionParam,
        produces: ['application/xml'],
      },
    },
    async (request, reply) => {
      const found = await bank.debits.painFile(request.params.id);
      if (!found) throw new HttpError(404, BANK_MESSAGES.collectionNotFound);
      return sendAttachment(reply, 'application/xml; charset=utf-8', found.name, found.xml);
    },
  );
  app.post(
    '/payments/:id/returned',
    {
      config: admin,
      schema: {
        tags,
        summary: 'A payment came back (a returned or rejected debit, a bounced transfer): unmarked, the invoice open again, the owner told',
        params: idParam(BANK_MESSAGES.paymentNotFound),
        body: paymentReturnInput,
        response: { 200: paymentReturn, ...refusals },
      },
    },
    async (request) => bank.returns.returnPayment(request.params.id, request.body.reason, actorOf(request)),
  );
};

/** `/api/account/debits`: the shop's mandate and debits, for its admins and accounts people. */
export const accountBankRoutes: FastifyPluginAsyncZod<BankDepsOfRoutes> = async (app, { bank }) => {
  app.get(
    '/debits',
    {
      config: { access: 'retailer', companyRoles: ['admin', 'accounts'], companyRefusal: COMPANY_MESSAGES.invoicesNotForBuyers },
      schema: {
        tags: ['invoices'],
        security: [{ bearer: [] }],
        summary: 'My shop’s SEPA mandate and direct debits (when, how much, which invoice)',
        response: { 200: accountDebits, 403: errorBody },
      },
    },
    async (request) => bank.debits.account(companyOf(request)),
  );
};
