import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineArea } from '../../platform/area.ts';
import { adminReturnRoutes, shopReturnRoutes, type ReturnsDeps } from './routes.ts';

export type { ReturnsDeps } from './routes.ts';

/** Returns (issue 45): the shop asks, the owner accepts or refuses, then receives and credits. Registered under /api. */
export const returnsModule: FastifyPluginAsyncZod<ReturnsDeps> = async (app, deps) => {
  await app.register(shopReturnRoutes, deps);
  await app.register(adminReturnRoutes, { ...deps, prefix: '/admin' });
};

/** The area as the app mounts it (ADR 0028): the tables it owns and its routes. */
export const returnsArea = defineArea<ReturnsDeps>({ name: 'returns', tables: ['returns', 'return_lines', 'return_photos'], routes: returnsModule });
