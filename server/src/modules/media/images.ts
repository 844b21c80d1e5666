import { createHash } from 'node:crypto';
import pLimit from 'p-limit';
import type { Metadata, OutputInfo } from 'sharp';
import { API_ERRORS, IMAGE_WIDTHS } from '@atelier/contract';
import { HttpError } from '../../lib/http-errors.ts';
import type { MediaStore } from './store.ts';

export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;
export const MAX_INPUT_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'avif', 'heif']);
const LARGEST = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;

/** What an upload can be refused for (their sentences are the contract's). */
export const IMAGE_ERRORS = {
  notAnImage: API_ERRORS.notAnImage,
  tooLarge: API_ERRORS.imageTooLarge,
  tooManyPixels: API_ERRORS.imageTooManyPixels,
  missingField: API_ERRORS.imageFieldMissing,
} as const;

// Memory stays bounded however many uploads arrive at once: a 40 MP image decodes to ~160 MB,
// so one is processed at a time (the others wait their turn: a 12 MP photograph takes ~0.6 s), and
// libvips keeps no cache of past operations (every upload is new, a cache would only hold memory).
// Two at a time made a day's work peak at ~590 MB instead of ~465 and keep ~25 MB more (bench/day.ts).
/** sharp (libvips: ~20 MB resident) is loaded by the first image an instance handles, not at start. */
export async function loadSharp() {
  const { default: sharp } = await import('sharp');
  sharp.cache(false);
  // One libvips worker per pipeline: each thread that allocates gets a malloc arena of its own, which
  // keeps what it freed (a soak of uploads held ~1 GB resident with libvips' default of one per core).
  sharp.concurrency(1);
  return sharp;
}
const imageSlots = pLimit(1);

/** What an upload left on disk, for the media table. */
export interface StoredImage {
  url: string;
  /** `<hash>-<width>x<height>`: the base of every file name. */
  name: string;
  width: number;
  height: number;
  placeholder: string | null;
  avifWidths: number[];
}

/**
 * Decodes the bytes (the name and the declared type do not count), refuses
 * what is not a raster image or is too big, auto-orients, drops every
 * metadata block (EXIF, GPS, XMP) and writes WebP renditions under a
 * content-hash name, with an AVIF beside each one that AVIF makes smaller, and a
 * tiny placeholder for the page to show until the picture arrives.
 */
export function storeImage(store: MediaStore, input: Buffer): Promise<StoredImage> {
  return imageSlots(() => processImage(store, input));
}

/**
 * A 16 px wide WebP of the picture, slightly blurred, as a data: URL (about 100 to 250 bytes):
 * stretched over the image's box it reads as a soft preview. None for a picture with
 * transparency, whose preview would show through it once loaded.
 */
async function placeholderOf(image: Buffer): Promise<string | null> {
  const sharp = await loadSharp();
  const tiny = sharp(image).resize({ width: 16 });
  if (!(await tiny.clone().stats()).isOpaque) return null;
  const data = await tiny.blur(0.6).webp({ quality: 45, effort: 4 }).toBuffer();
  return `data:image/webp;base64,${data.toString('base64')}`;
}

async function processImage(store: MediaStore, input: Buffer): Promise<StoredImage> {
  const sharp = await loadSharp();
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

  let largest: { data: Buffer; info: OutputInfo };
  try {
    // failOn 'error' refuses truncated or corrupt files instead of rendering grey. The decoded,
    // oriented, resized pixels are kept raw: every rendition starts from them, decoded once.
    largest = await sharp(input, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: LARGEST, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new HttpError(415, IMAGE_ERRORS.notAnImage);
  }
  const { width, height, channels } = largest.info;
  const pixels = () => sharp(largest.data, { raw: { width, height, channels } });
  const hash = createHash('sha256').update(input).digest('hex').slice(0, 24);
  const name = `${hash}-${width}x${height}`;
  const sizes = [...IMAGE_WIDTHS.filter((size) => size < width), width];

  // One width after the other (its WebP and AVIF together): every width and format at once made an
  // upload's peak, and what glibc kept of it, several times larger.
  const renditions: Array<{ size: number; webp: Buffer; avif: Buffer | null }> = [];
  for (const size of sizes) {
    const scaled = await (size === width ? pixels() : pixels().resize({ width: size })).toBuffer({ resolveWithObject: true });
    const source = () => sharp(scaled.data, { raw: { width: scaled.info.width, height: scaled.info.height, channels: scaled.info.channels } });
    const [webp, avif] = await Promise.all([
      source()
        .webp({ quality: size === width ? 80 : 78, effort: 3 })
        .toBuffer(),
      source().avif({ quality: 50, effort: 2 }).toBuffer(),
    ]);
    renditions.push({ size, webp, avif: avif.length < webp.length ? avif : null });
  }
  const placeholder = await placeholderOf(await pixels().resize({ width: 64 }).png().toBuffer());

  const fileName = (size: number, ext: string) => (size === width ? `${name}.${ext}` : `${name}-${size}.${ext}`);
  const files: Array<[string, Buffer]> = renditions.flatMap(({ size, webp, avif }) => [
    [fileName(size, 'webp'), webp] as [string, Buffer],
    ...(avif ? [[fileName(size, 'avif'), avif] as [string, Buffer]] : []),
  ]);

  // Each file whole or absent; the page that names them is written after (the media row, then the product).
  await Promise.all(files.map(([file, data]) => store.put(file, data)));
  return {
    url: `/uploads/${name}.webp`,
    name,
    width,
    height,
    placeholder,
    avifWidths: renditions.filter((r) => r.avif).map((r) => r.size),
  };
}
