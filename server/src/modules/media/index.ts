import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineArea } from '../../platform/area.ts';
import { adminUploadRoutes, type MediaDeps } from './routes.ts';

export type { MediaDeps } from './routes.ts';

/** Image uploads (the pictures themselves are served by `uploadServing`, outside /api). Registered under /api. */
export const mediaModule: FastifyPluginAsyncZod<MediaDeps> = async (app, deps) => {
  await app.register(adminUploadRoutes, { ...deps, prefix: '/admin' });
};

/** The area as the app mounts it (ADR 0028): the tables it owns and its routes. */
export const mediaArea = defineArea<MediaDeps>({ name: 'media', tables: ['media'], routes: mediaModule });
