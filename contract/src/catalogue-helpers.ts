/** §3 images: imageUrl then the gallery, blanks removed. */
export function displayImages(imageUrl: string | null | undefined, gallery: readonly (string | null | undefined)[]): string[] {
  return [imageUrl, ...gallery].filter((url): url is string => typeof url === 'string' && url.trim() !== '');
}

/** Euros with at most 2 decimals ↔ integer cents. */
export function toCents(price: number): number {
  return Math.round(price * 100);
}
export function fromCents(cents: number): number {
  return Math.round(cents) / 100;
}

/** Responsive image files written for every upload; pages build srcset from the URL. */
export const IMAGE_WIDTHS = [480, 960, 1600] as const;

export interface ImageSource {
  src: string;
  srcSet?: string;
  /** The same widths in AVIF, where the pipeline found AVIF smaller (see ImageMeta). */
  avifSrcSet?: string;
  width?: number;
  height?: number;
  /** A tiny preview (data: URL) to show until the picture loads. */
  placeholder?: string;
}

/**
 * What the image pipeline recorded of an upload: its placeholder (absent for pictures with
 * transparency) and the widths it also wrote as AVIF. Pages get these from their loader, keyed
 * by the image's URL, so the placeholder travels inline with the page.
 */
export interface ImageMeta {
  placeholder?: string;
  avif?: number[];
}
export type MediaMap = Record<string, ImageMeta>;

const UPLOAD_URL = /^(\/uploads\/[a-f0-9]{16,64})-(\d+)x(\d+)\.webp$/;

/** The content-hash base of an upload's file names (`<hash>-<w>x<h>`), or null for another URL. */
export function uploadBase(url: string): string | null {
  const match = UPLOAD_URL.exec(url);
  return match ? `${match[1]!.slice('/uploads/'.length)}-${match[2]}x${match[3]}` : null;
}

/**
 * `/uploads/<hash>-<w>x<h>.webp` is the largest rendition; `-480.webp` and
 * `-960.webp` siblings exist when the original is wider. The URL carries its
 * size so pages can reserve the space (no layout shift).
 */
export function imageSource(url: string, meta?: ImageMeta): ImageSource {
  const match = UPLOAD_URL.exec(url);
  if (!match) return { src: url };
  const [, base, w, h] = match;
  const width = Number(w);
  const height = Number(h);
  const smaller = IMAGE_WIDTHS.filter((size) => size < width);
  const name = (size: number, ext: string) => (size === width ? `${base}-${width}x${height}.${ext}` : `${base}-${width}x${height}-${size}.${ext}`);
  const srcSet = [...smaller, width].map((size) => `${name(size, 'webp')} ${size}w`).join(', ');
  const avif = (meta?.avif ?? []).filter((size) => size === width || smaller.includes(size as never));
  return {
    src: url,
    srcSet,
    ...(avif.length ? { avifSrcSet: avif.map((size) => `${name(size, 'avif')} ${size}w`).join(', ') } : {}),
    width,
    height,
    ...(meta?.placeholder ? { placeholder: meta.placeholder } : {}),
  };
}
