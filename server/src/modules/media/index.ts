import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminUploadRoutes, type MediaDeps } from './routes.ts';

export type { MediaDeps } from './routes.ts';

/** Image uploads (the pictures themselves are served by `uploadServing`, outside /api). Registered under /api. */
export const mediaModule: FastifyPluginAsyncZod<MediaDeps> = async (app, deps) => {
  await app.register(adminUploadRoutes, { ...deps, prefix: '/admin' });
};
