import {
  COMPANY_MESSAGES,
  companyDetails,
  companyDoor,
  companyDoorList,
  companyInput,
  companyPerson,
  companyPersonList,
  companyQuery,
  companySummaryList,
  companyView,
  doorInput,
  errorBody,
  personInvite,
  personUpdate,
} from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, companyOf } from '../../lib/actor.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { idParam, pathId } from '../../lib/params.ts';
import type { CompaniesService } from './service.ts';

/** What the company screens use. */
export interface CompaniesDeps {
  companies: CompaniesService;
  /** "Where to buy" shows public doors: its pages are cleared after a door changes. */
  onContentChange(): void;
}

const personParams = idParam(COMPANY_MESSAGES.personNotFound);
const doorParams = idParam(COMPANY_MESSAGES.doorNotFound);
const adminOnly = { companyRoles: ['admin'] as const, companyRefusal: COMPANY_MESSAGES.adminsOnly };
const gone = z.null();

/** `/api/account/company`, `/people`, `/doors`: the signed-in person's company (issue 46). */
export const companyRoutes: FastifyPluginAsyncZod<CompaniesDeps> = async (app, services) => {
  const tags = ['account'];
  const security = [{ bearer: [] }];
  const { companies } = services;
  app.get(
    '/company',
    { config: { access: 'retailer-or-owner' }, schema: { tags, security, summary: 'My company details', response: { 200: companyDetails } } },
    async (request) => companies.company(companyOf(request)),
  );
  app.put(
    '/company',
    {
      config: { access: 'retailer-or-owner', ...adminOnly },
      schema: {
        tags,
        security,
        summary: 'Save my company details (VAT number checked; a company admin)',
        body: companyInput,
        response: { 200: companyDetails, 400: errorBody, 403: errorBody },
      },
    },
    async (request) => companies.saveCompany(companyOf(request), request.body),
  );

  app.get(
    '/people',
    {
      config: { access: 'retailer' },
      schema: { tags, security, summary: 'My company’s people, with their roles and doors', response: { 200: companyPersonList } },
    },
    async (request) => ({ data: await companies.people.list(companyOf(request)) }),
  );
  app.post(
    '/people',
    {
      config: { access: 'retailer', ...adminOnly },
      schema: {
        tags,
        security,
        summary: 'Invite a colleague by e-mail (admin, buyer for some doors, or accounts): a set-password link by mail',
        body: personInvite,
        response: { 201: companyPerson, 400: errorBody, 403: errorBody, 409: errorBody, 422: errorBody },
      },
    },
    async (request, reply) => reply.code(201).send(await companies.people.invite(companyOf(request), request.body, actorOf(request))),
  );
  app.patch(
    '/people/:id',
    {
      config: { access: 'retailer', ...adminOnly },
      schema: {
        tags,
        security,
        summary: 'Change a person’s role, doors or name (the last admin stays one: 409)',
        params: personParams,
        body: personUpdate,
        response: { 200: companyPerson, 400: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 422: errorBody },
      },
    },
    async (request) => companies.people.update(companyOf(request), request.params.id, request.body, actorOf(request)),
  );
  app.delete(
    '/people/:id',
    {
      config: { access: 'retailer', ...adminOnly },
      schema: {
        tags,
        security,
        summary: 'Remove a person: no sign-in, their sessions end; their orders stay (the last admin: 409)',
        params: personParams,
        response: { 204: gone, 403: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request, reply) => {
      await companies.people.remove(companyOf(request), request.params.id, actorOf(request));
      return reply.code(204).send(null);
    },
  );
};

/** `/api/account/doors`: the company's doors. */
export const doorRoutes: FastifyPluginAsyncZod<CompaniesDeps> = async (app, services) => {
  const tags = ['account'];
  const security = [{ bearer: [] }];
  const { companies } = services;
  app.get(
    '/doors',
    {
      config: { access: 'retailer' },
      schema: {
        tags,
        security,
        summary: 'My company’s doors (the places that receive goods; a buyer: the doors they order for)',
        response: { 200: companyDoorList },
      },
    },
    async (request) => {
      // A buyer sees the doors they order for; admins and accounts people every door.
      const all = await companies.doors.list(companyOf(request));
      const { company, user } = request.session!;
      const mine = company ? await companies.doors.doorsOf(user.id, company.role) : null;
      return { data: mine === null ? all : all.filter((d) => mine.includes(d.id)) };
    },
  );
  app.post(
    '/doors',
    {
      config: { access: 'retailer', ...adminOnly },
      schema: {
        tags,
        security,
        summary: 'Add a door: name, address, phone, opening hours, on "where to buy" or not',
        body: doorInput,
        response: { 201: companyDoor, 400: errorBody, 403: errorBody, 409: errorBody },
      },
    },
    async (request, reply) => {
      const door = await companies.doors.create(companyOf(request), request.body, actorOf(request));
      services.onContentChange();
      return reply.code(201).send(door);
    },
  );
  app.put(
    '/doors/:id',
    {
      config: { access: 'retailer', ...adminOnly },
      schema: {
        tags,
        security,
        summary: 'Change a door',
        params: doorParams,
        body: doorInput,
        response: { 200: companyDoor, 400: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const door = await companies.doors.update(companyOf(request), request.params.id, request.body, actorOf(request));
      services.onContentChange();
      return door;
    },
  );
  app.delete(
    '/doors/:id',
    {
      config: { access: 'retailer', ...adminOnly },
      schema: {
        tags,
        security,
        summary: 'Remove a door (its orders keep it; the last door stays: 409)',
        params: doorParams,
        response: { 204: gone, 403: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request, reply) => {
      await companies.doors.remove(companyOf(request), request.params.id, actorOf(request));
      services.onContentChange();
      return reply.code(204).send(null);
    },
  );
};

const companyParams = idParam(COMPANY_MESSAGES.companyNotFound);
const companyPersonParams = z.object({ id: pathId(COMPANY_MESSAGES.companyNotFound), personId: pathId(COMPANY_MESSAGES.personNotFound) });
const companyDoorParams = z.object({ id: pathId(COMPANY_MESSAGES.companyNotFound), doorId: pathId(COMPANY_MESSAGES.doorNotFound) });

/** The id of a company, else 404 (the owner's routes). */
const knownCompany = (companies: CompaniesService) => async (id: number) => {
  if (!(await companies.directory.exists(id))) throw new HttpError(404, COMPANY_MESSAGES.companyNotFound);
  return id;
};

/** `/api/admin/companies`: the owner's companies, their people and doors (issue 46). */
export const adminCompanyRoutes: FastifyPluginAsyncZod<CompaniesDeps> = async (app, services) => {
  const tags = ['admin'];
  const { companies } = services;
  const known = knownCompany(companies);
  app.get(
    '/companies',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'The companies by name, a page at a time (limit, page or cursor; q: name, e-mail of any of its people, SIRET, a door’s town)',
        querystring: companyQuery,
        response: { 200: companySummaryList, 400: errorBody },
      },
    },
    async (request) => companies.directory.list({ q: request.query.q }, request.query),
  );
  app.get(
    '/companies/:id',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'One company: its details, people and doors', params: companyParams, response: { 200: companyView, 404: errorBody } },
    },
    async (request) => companies.directory.view(request.params.id),
  );
  app.post(
    '/companies/:id/people',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Invite a person into a company (a set-password link by mail)',
        params: companyParams,
        body: personInvite,
        response: { 201: companyPerson, 400: errorBody, 404: errorBody, 409: errorBody, 422: errorBody },
      },
    },
    async (request, reply) => reply.code(201).send(await companies.people.invite(await known(request.params.id), request.body, actorOf(request))),
  );
  app.patch(
    '/companies/:id/people/:personId',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Change a person’s role, doors or name',
        params: companyPersonParams,
        body: personUpdate,
        response: { 200: companyPerson, 400: errorBody, 404: errorBody, 409: errorBody, 422: errorBody },
      },
    },
    async (request) => companies.people.update(await known(request.params.id), request.params.personId, request.body, actorOf(request)),
  );
  app.delete(
    '/companies/:id/people/:personId',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'Remove a person from a company', params: companyPersonParams, response: { 204: gone, 404: errorBody, 409: errorBody } },
    },
    async (request, reply) => {
      await companies.people.remove(await known(request.params.id), request.params.personId, actorOf(request));
      return reply.code(204).send(null);
    },
  );
};

/** `/api/admin/companies/{id}/doors`: the owner changes a company's doors. */
export const adminDoorRoutes: FastifyPluginAsyncZod<CompaniesDeps> = async (app, services) => {
  const tags = ['admin'];
  const { companies } = services;
  const known = knownCompany(companies);
  app.post(
    '/companies/:id/doors',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Add a door to a company',
        params: companyParams,
        body: doorInput,
        response: { 201: companyDoor, 400: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request, reply) => {
      const door = await companies.doors.create(await known(request.params.id), request.body, actorOf(request));
      services.onContentChange();
      return reply.code(201).send(door);
    },
  );
  app.put(
    '/companies/:id/doors/:doorId',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Change a company’s door',
        params: companyDoorParams,
        body: doorInput,
        response: { 200: companyDoor, 400: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const door = await companies.doors.update(await known(request.params.id), request.params.doorId, request.body, actorOf(request));
      services.onContentChange();
      return door;
    },
  );
  app.delete(
    '/companies/:id/doors/:doorId',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'Remove a company’s door', params: companyDoorParams, response: { 204: gone, 404: errorBody, 409: errorBody } },
    },
    async (request, reply) => {
      await companies.doors.remove(await known(request.params.id), request.params.doorId, actorOf(request));
      services.onContentChange();
      return reply.code(204).send(null);
    },
  );
};
