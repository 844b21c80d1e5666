import { preload } from 'react-dom';
import { imageSource } from '@atelier/contract/pure';

/**
 * An image with srcset/sizes from the upload renditions and its intrinsic size
 * (no layout shift). The main image of a page is eager with high priority;
 * the rest load lazily.
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
  const source = imageSource(url);
  // The page's main image is announced in <head>, so the browser fetches it before the
  // scripts and fonts it would otherwise queue behind (it is the LCP element).
  if (priority) {
    preload(source.src, { as: 'image', fetchPriority: 'high', ...(source.srcSet ? { imageSrcSet: source.srcSet, imageSizes: sizes } : {}) });
  }
  return (
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
    />
  );
}
