import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { HttpError } from '../../lib/http-errors.ts';
import { IMAGE_ERRORS, MAX_UPLOAD_BYTES } from './images.ts';
import type { MediaService } from './service.ts';

/* Taking an image from a request: what the owner's uploads and a retailer's logo (directory) share. */

/** The multipart field `image` of a request, through the image pipeline: its public URL. */
export async function receiveImage(request: FastifyRequest, services: { media: MediaService }): Promise<string> {
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
