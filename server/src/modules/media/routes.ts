import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { errorBody, uploadResponse } from '@atelier/contract';
import { HttpError } from '../../lib/http-errors.ts';
import type { AppServices } from '../../services.ts';
import { IMAGE_ERRORS, MAX_UPLOAD_BYTES } from './images.ts';

export function uploadsDir(services: AppServices): string {
  return services.media.uploadsDir;
}

/** The multipart field `image` of a request, through the image pipeline: its public URL. */
export async function receiveImage(request: FastifyRequest, services: AppServices): Promise<string> {
  if (!request.isMultipart()) throw new HttpError(400, IMAGE_ERRORS.missingField);
  const file = await request.file();
  if (!file || file.fieldname !== 'image') throw new HttpError(400, IMAGE_ERRORS.missingField);
  let buffer: Buffer;
  try {
    buffer = await file.toBuffer();
  } catch {
    throw new HttpError(413, IMAGE_ERRORS.tooLarge);
  }
  if (file.file.truncated) throw new HttpError(413, IMAGE_ERRORS.tooLarge);
  return services.media.store(buffer);
}

/** The multipart parser with the upload limits, for a scope that takes images. */
export const imageParser = (app: FastifyInstance) => app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 } });

/** POST /api/admin/uploads (inside the admin scope): multipart field `image` → `{ url }`. */
export const adminUploadRoutes: FastifyPluginAsync<{ services: AppServices }> = async (app, { services }) => {
  await imageParser(app);
  app.post(
    '/uploads',
    {
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
