import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import pLimit from 'p-limit';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { IMAGE_WIDTHS } from '@atelier/contract';
import { HttpError } from '../../lib/http-errors.ts';

export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;
export const MAX_INPUT_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'avif', 'heif']);
const LARGEST = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;

export const IMAGE_ERRORS = {
  notAnImage: 'This file is not an image we accept (JPEG, PNG, WebP or AVIF).',
  tooLarge: 'The image is too large (15 MB at most).',
  tooManyPixels: 'The image has too many pixels (40 megapixels at most).',
  missingField: 'Send the image in the field "image".',
} as const;

// Memory stays bounded however many uploads arrive at once: a 40 MP image decodes to ~160 MB,
// so at most two are processed at a time (the others wait their turn), and libvips keeps no
// cache of past operations (every upload is new, a cache would only hold memory).
sharp.cache(false);
const imageSlots = pLimit(2);

/**
 * Decodes the bytes (the name and the declared type do not count), refuses
 * what is not a raster image or is too big, auto-orients, drops every
 * metadata block (EXIF, GPS, XMP) and writes WebP renditions under a
 * content-hash name. Returns the public URL of the largest rendition.
 */
export function storeImage(uploadsDir: string, input: Buffer): Promise<string> {
  return imageSlots(() => processImage(uploadsDir, input));
}

async function processImage(uploadsDir: string, input: Buffer): Promise<string> {
  if (input.length === 0) throw new HttpError(400, IMAGE_ERRORS.notAnImage);
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new HttpError(415, IMAGE_ERRORS.notAnImage);
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format) || !metadata.width || !metadata.height) {
    throw new HttpError(415, IMAGE_ERRORS.notAnImage);
  }
  if (metadata.width * metadata.height > MAX_INPUT_PIXELS) throw new HttpError(413, IMAGE_ERRORS.tooManyPixels);

  let oriented: { data: Buffer; info: OutputInfo };
  try {
    // failOn 'error' refuses truncated or corrupt files instead of rendering grey.
    oriented = await sharp(input, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: LARGEST, withoutEnlargement: true })
      .webp({ quality: 80, effort: 3 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new HttpError(415, IMAGE_ERRORS.notAnImage);
  }
  const { width, height } = oriented.info;
  const hash = createHash('sha256').update(input).digest('hex').slice(0, 24);
  const base = `${hash}-${width}x${height}`;
  const files: Array<[string, Buffer]> = [[`${base}.webp`, oriented.data]];
  for (const size of IMAGE_WIDTHS) {
    if (size >= width) continue;
    files.push([`${base}-${size}.webp`, await sharp(oriented.data).resize({ width: size }).webp({ quality: 78, effort: 3 }).toBuffer()]);
  }

  await fs.mkdir(uploadsDir, { recursive: true });
  const written: string[] = [];
  try {
    for (const [name, data] of files) {
      const target = path.join(uploadsDir, name);
      const temp = `${target}.${process.pid}.${Date.now()}.tmp`;
      await fs.writeFile(temp, data);
      written.push(temp);
      await fs.rename(temp, target);
      written.pop();
    }
  } catch (err) {
    await Promise.all(written.map((file) => fs.rm(file, { force: true })));
    throw err;
  }
  return `/uploads/${base}.webp`;
}
