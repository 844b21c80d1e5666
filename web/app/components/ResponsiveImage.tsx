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
