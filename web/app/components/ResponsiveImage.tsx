import { preload } from 'react-dom';
import { useMatches } from 'react-router';
import { imageSource, type ImageMeta, type MediaMap } from '@atelier/contract/pure';

/** What the page's loaders found of an image (see lib/media.ts): placeholder, AVIF widths. */
function useImageMeta(url: string): ImageMeta | undefined {
  for (const match of useMatches()) {
    const media = (match.loaderData as { media?: MediaMap } | undefined)?.media;
    if (media?.[url]) return media[url];
  }
  return undefined;
}

/**
 * An image with srcset/sizes from the upload renditions and its intrinsic size
 * (no layout shift), AVIF first where the pipeline made it smaller, and a tiny blurred
 * preview painted behind it (inline, no request) until the picture covers it. The main image
 * of a page is eager with high priority; the rest load lazily.
 */
export function ResponsiveImage({
  url,
  alt,
  sizes,
  priority = false,
  className,
}: {
  url: string;
  alt: string;
  sizes: string;
  priority?: boolean;
  className?: string;
}) {
  const source = imageSource(url, useImageMeta(url));
  // The page's main image is announced in <head>, so the browser fetches it before the
  // scripts and fonts it would otherwise queue behind (it is the LCP element). A browser without
  // AVIF skips a preload of that type and loads the WebP from the <img>.
  if (priority) {
    const set = source.avifSrcSet ?? source.srcSet;
    preload(source.src, {
      as: 'image',
      fetchPriority: 'high',
      ...(source.avifSrcSet ? { type: 'image/avif' } : {}),
      ...(set ? { imageSrcSet: set, imageSizes: sizes } : {}),
    });
  }
  const img = (
    <img
      src={source.src}
      srcSet={source.srcSet}
      sizes={source.srcSet ? sizes : undefined}
      width={source.width ?? 1200}
      height={source.height ?? 1500}
      alt={alt}
      className={className}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : 'auto'}
      style={source.placeholder ? { backgroundImage: `url(${source.placeholder})` } : undefined}
      data-placeholder={source.placeholder ? '' : undefined}
    />
  );
  if (!source.avifSrcSet) return img;
  return (
    <picture>
      <source type="image/avif" srcSet={source.avifSrcSet} sizes={sizes} />
      {img}
    </picture>
  );
}
