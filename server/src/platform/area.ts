import type { FastifyInstance, FastifyPluginOptions } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DomainEvents } from './events.ts';

/**
 * What an area declares from its own folder (issue 56, item 4; ADR 0028): the tables it owns, its routes
 * and what it does after others' commits. The app mounts each area of the list in `server/src/areas.ts`,
 * handing it the services it names (ADR 0011); nothing else outside the folder knows its routes or
 * listeners, and `server/src/ownership.test.ts` reads its tables from here.
 */
export interface Area<Deps extends FastifyPluginOptions> {
  /** Its folder under `server/src/modules`. */
  name: string;
  /** The tables only its code reads and writes (another area asks its service). */
  tables: readonly string[];
  /** Its routes, registered under /api with the deps it was mounted with. */
  routes?: FastifyPluginAsyncZod<Deps>;
  /** Its listeners (`events.listen`), registered once the services are built. */
  listen?(events: DomainEvents, deps: Deps): void;
}

/** Typed by what it is given: `defineArea<CurrenciesDeps>({ name: 'currencies', tables: [...], routes })`. */
export function defineArea<Deps extends FastifyPluginOptions>(area: Area<Deps>): Area<Deps> {
  return area;
}

/** An area as the app holds it: its name and tables, and what it registers given the app's services. */
export interface MountedArea<Services> {
  name: string;
  tables: readonly string[];
  /** Its routes under /api (nothing when it has none). */
  register(api: FastifyInstance, services: Services): Promise<void>;
  /** Its listeners, once every service is built. */
  listen(events: DomainEvents, services: Services): void;
}

/** An area with the services it is handed by name (ADR 0011): `deps` picks them from the app's. */
export function mountArea<Services, Deps extends FastifyPluginOptions>(area: Area<Deps>, deps: (services: Services) => Deps): MountedArea<Services> {
  return {
    name: area.name,
    tables: area.tables,
    async register(api, services) {
      if (area.routes) await api.register(area.routes, deps(services));
    },
    listen(events, services) {
      area.listen?.(events, deps(services));
    },
  };
}
