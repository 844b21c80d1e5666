import { actorOf, companyOf } from '../../lib/actor.ts';
import type { CompaniesService } from '../companies/service.ts';
import { lineSheetQuery, WHOLESALE_MESSAGES, adminTerms, errorBody, explicitLocale, langQuery, terms, termsInput, type Locale } from '@atelier/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/http-errors.ts';
import { requestLocale } from '../../lib/locale.ts';
import type { WholesaleService } from './service.ts';

/** `?lang=fr|en`; absent → the caller's language; anything else → French (never another language by a malformed value). */
function sheetLang(request: FastifyRequest): Locale {
  const raw = (request.query as { lang?: string }).lang;
  if (raw === undefined) return requestLocale(request);
  return explicitLocale(raw) ?? 'fr';
}

/** RFC 6266: an ASCII name, and the same name in UTF-8 for clients that read it. */
function attachment(filename: string): string {
  const ascii = filename.replace(/[^A-Za-z0-9._-]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** What this area's routes use, handed to them by name (never the whole set of services). */
export interface WholesaleDeps {
  wholesale: WholesaleService;
  /** A shop's own terms on its line sheet (issue 47). */
  companies: Pick<CompaniesService, 'terms'>;
}

/** Signed-in retailers, agents and admins: the season's terms and the line sheet. */
export const wholesaleRoutes: FastifyPluginAsyncZod<WholesaleDeps> = async (app, services) => {
  const tags = ['wholesale'];
  const security = [{ bearer: [] }];

  app.get(
    '/terms',
    {
      config: { access: 'signed-in' },
      schema: { tags, security, summary: 'The wholesale terms in the asked language', querystring: langQuery, response: { 200: terms, 401: errorBody } },
    },
    async (request) => services.wholesale.terms(sheetLang(request)),
  );

  app.get(
    '/linesheet.pdf',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        security,
        summary: 'A season’s line sheet as a PDF (fr or en; anything else gives fr; ?season=CODE, default the current season)',
        querystring: lineSheetQuery,
        produces: ['application/pdf'],
        response: { 200: z.any().describe('application/pdf'), 401: errorBody, 404: errorBody, 500: errorBody },
      },
    },
    async (request, reply) => {
      const lang = sheetLang(request);
      const user = request.session!.user;
      const companyId = companyOf(request);
      const shop = user.role === 'retailer' ? await services.wholesale.retailerName(companyId) : null;
      const terms = user.role === 'retailer' ? await services.companies.terms.get(companyId) : undefined;
      const own = terms && { ...terms, currency: terms.applied.currency };
      let sheet;
      try {
        sheet = await services.wholesale.lineSheet(lang, shop, request.query.season || undefined, own);
      } catch (err) {
        if (err instanceof HttpError) throw err;
        request.log.error({ err, event: 'linesheet_failed', lang }, 'line sheet render failed');
        throw new HttpError(500, WHOLESALE_MESSAGES.lineSheetFailed);
      }
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', attachment(sheet.filename))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(sheet.pdf);
    },
  );
};

/** Inside the admin scope. */
export const adminWholesaleRoutes: FastifyPluginAsyncZod<WholesaleDeps> = async (app, services) => {
  const tags = ['admin'];
  app.get(
    '/wholesale/terms',
    { config: { access: 'admin' }, schema: { tags, summary: 'The wholesale terms with both languages', response: { 200: adminTerms } } },
    async () => services.wholesale.adminTerms(),
  );
  app.put(
    '/wholesale/terms',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'Replace the wholesale terms (one transaction)', body: termsInput, response: { 200: adminTerms, 400: errorBody } },
    },
    async (request) => services.wholesale.saveTerms(request.body, actorOf(request)),
  );
};
