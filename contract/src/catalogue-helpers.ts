import { SIZES, type Size } from './constants.ts';

/** §3 Sizes: trim, uppercase, strip non-alphanumerics; unknown ones dropped; order XXS → ONESIZE; no duplicates. */
export function normalizeSizes(values: readonly unknown[]): Size[] {
  const wanted = new Set<Size>();
  for (const value of values) {
    if (typeof value !== 'string') continue;
    const clean = value.trim().toUpperCase().replace(/[^A-Z0-9]/g, '');
    if ((SIZES as readonly string[]).includes(clean)) wanted.add(clean as Size);
  }
  return SIZES.filter((size) => wanted.has(size));
}

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
  width?: number;
  height?: number;
}

/**
 * `/uploads/<hash>-<w>x<h>.webp` is the largest rendition; `-480.webp` and
 * `-960.webp` siblings exist when the original is wider. The URL carries its
 * size so pages can reserve the space (no layout shift).
 */
export function imageSource(url: string): ImageSource {
  const match = /^(\/uploads\/[a-f0-9]{16,64})-(\d+)x(\d+)\.webp$/.exec(url);
  if (!match) return { src: url };
  const [, base, w, h] = match;
  const width = Number(w);
  const height = Number(h);
  const smaller = IMAGE_WIDTHS.filter((size) => size < width);
  const srcSet = [...smaller.map((size) => `${base}-${width}x${height}-${size}.webp ${size}w`), `${url} ${width}w`].join(', ');
  return { src: url, srcSet, width, height };
}

