import type { FastifyPluginAsync } from 'fastify';
import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import { API_ERRORS, errorBody, uploadResponse } from '@atelier/contract';
import { HttpError } from '../../lib/http-errors.ts';
import type { Config } from '../../config.ts';
import type { MediaService } from './service.ts';
import { MAX_UPLOAD_BYTES } from './images.ts';
import { imageParser, receiveImage } from './receive.ts';
import { contentTypeOf, DiskStore, IMMUTABLE, UPLOAD_NAME } from './store.ts';

/** What this area's routes use, handed to them by name (never the whole set of services). */
export interface MediaDeps {
  config: Config;
  media: MediaService;
}

/**
 * GET /uploads/<name>: the pipeline's files, immutable (content-hash names never change).
 * From DATA_DIR/uploads as static files; from the bucket through the server; or a redirect to
 * MEDIA_PUBLIC_URL (a CDN in front of the bucket). Only names the pipeline makes are looked up.
 */
export const uploadServing: FastifyPluginAsync<MediaDeps> = async (app, services) => {
  const store = services.media.files;
  const cdn = services.config.MEDIA_PUBLIC_URL?.replace(/\/+$/, '');
  if (store instanceof DiskStore && !cdn) {
    fs.mkdirSync(store.dir, { recursive: true });
    await app.register(fastifyStatic, {
      root: store.dir,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      dotfiles: 'deny',
      allowedPath: (pathName) => UPLOAD_NAME.test(pathName.slice(1)),
      setHeaders(reply) {
        reply.header('cache-control', IMMUTABLE);
      },
    });
    return;
  }
  app.get('/uploads/:name', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const { name } = request.params as { name: string };
    if (!UPLOAD_NAME.test(name)) throw new HttpError(404, API_ERRORS.notFound);
    if (cdn) return reply.code(302).header('cache-control', 'public, max-age=86400').redirect(`${cdn}/${name}`);
    const file = await store.open(name);
    if (!file) throw new HttpError(404, API_ERRORS.notFound);
    reply.header('content-type', contentTypeOf(name)).header('cache-control', IMMUTABLE);
    if (file.etag) {
      reply.header('etag', file.etag);
      if (request.headers['if-none-match'] === file.etag) {
        file.body.destroy();
        return reply.code(304).send();
      }
    }
    if (file.length !== undefined) reply.header('content-length', String(file.length));
    return reply.send(file.body);
  });
};

/** POST /api/admin/uploads (inside the admin scope): multipart field `image` → `{ url }`. */
export const adminUploadRoutes: FastifyPluginAsync<MediaDeps> = async (app, services) => {
  await imageParser(app);
  app.post(
    '/uploads',
    {
      config: { access: 'admin' },
      bodyLimit: MAX_UPLOAD_BYTES + 1024 * 1024,
      schema: {
        tags: ['admin'],
        summary: 'Upload an image (multipart field "image"); returns its URL',
        consumes: ['multipart/form-data'],
        response: { 201: uploadResponse, 400: errorBody, 413: errorBody, 415: errorBody },
      },
    },
    async (request, reply) => reply.code(201).send({ url: await receiveImage(request, services) }),
  );
};
