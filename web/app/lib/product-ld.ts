import type { ProductPageData } from '../components/CollectionGrid.tsx';

/**
 * The product page's structured data (§2: availability always InStock). When the owner publishes her codes
 * (ADR 0033), the style becomes a `ProductGroup` (a kind of `Product`) whose variants each carry a colour
 * and one EAN-13 (`gtin13`): never a size, a price or a reference, which anonymous visitors do not get.
 */
export function productLd(product: ProductPageData, base: string, codes: Record<number, string[]>) {
  const structured = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    description: product.description,
    image: product.variants
      .flatMap((v) => v.images)
      .slice(0, 6)
      .map((url) => (url.startsWith('http') ? url : `${base}${url}`)),
    color: product.variants.map((v) => v.colorName).join(', '),
    offers: { '@type': 'Offer', availability: 'https://schema.org/InStock' },
  };
  const variants = product.variants.flatMap((v) =>
    (codes[v.id] ?? []).map((gtin13) => ({ '@type': 'Product', name: `${product.title} – ${v.colorName}`, color: v.colorName, gtin13 })),
  );
  if (!variants.length) return structured;
  return { ...structured, '@type': 'ProductGroup', variesBy: ['https://schema.org/color', 'https://schema.org/size'], hasVariant: variants };
}
