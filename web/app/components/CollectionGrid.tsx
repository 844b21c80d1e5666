import { useTranslation } from '../i18n/react.tsx';
import { Link } from 'react-router';
import type { PublicProduct, PublicVariant } from '@atelier/contract';
import { ResponsiveImage } from './ResponsiveImage.tsx';
import { Swatches } from './Swatches.tsx';

/**
 * What a card shows of a product: its title, its colours, and the first picture of its first
 * colour. Grids get only this (lib/collection.ts: productCard), not every text and picture of every product:
 * the page data the browser parses before hydrating, and the placeholders it carries, are a
 * fraction of the whole.
 */
export interface ProductCardData {
  id: number;
  title: string;
  variants: Array<Pick<PublicVariant, 'id' | 'colorName' | 'colorCode' | 'images'>>;
}

/** What a product page shows of its product (the list's `imageUrl` and `imageGallery` repeat `images`). */
export type ProductPageData = Omit<PublicProduct, 'variants'> & { variants: Array<Omit<PublicVariant, 'imageUrl' | 'imageGallery' | 'position'>> };

/** A page of the collection: where it stands (issue 43), beside its cards. */
export interface CollectionPaging {
  total: number;
  page: number;
  limit: number;
  season: string | null;
  seasons: Array<{ code: string; name: string }>;
}
export type CollectionState =
  { status: 'loading' } | { status: 'error'; message: string } | ({ status: 'ready'; products: ProductCardData[] } & Partial<CollectionPaging>);

export function ProductCard({ product, priority = false, headingLevel = 3 }: { product: ProductCardData; priority?: boolean; headingLevel?: 2 | 3 }) {
  const image = product.variants[0]?.images[0];
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <li className="product-card">
      <Link to={`/collection/${product.id}`} className="product-card__link">
        <div className="product-card__image">
          {image ? (
            <ResponsiveImage url={image} alt="" sizes="(min-width: 60rem) 30vw, (min-width: 36rem) 45vw, 46vw" priority={priority} />
          ) : (
            <div className="product-card__placeholder" aria-hidden="true" />
          )}
        </div>
        <Heading className="product-card__title">{product.title}</Heading>
      </Link>
      <Swatches variants={product.variants} />
    </li>
  );
}

/** §2 collection grid with its four states: loading, error, empty, list. */
export function CollectionGrid({ state, headingLevel = 3, eagerFirst = 0 }: { state: CollectionState; headingLevel?: 2 | 3; eagerFirst?: number }) {
  const { t } = useTranslation();
  if (state.status === 'loading') {
    return (
      <p className="status-line" role="status">
        {t('collection.loading')}
      </p>
    );
  }
  if (state.status === 'error') {
    return (
      <p className="form-message form-message--error" role="alert">
        {state.message}
      </p>
    );
  }
  if (state.products.length === 0) return <p className="status-line">{t('collection.empty')}</p>;
  return (
    <ul className="product-grid">
      {state.products.map((product, index) => (
        <ProductCard key={product.id} product={product} priority={index < eagerFirst} headingLevel={headingLevel} />
      ))}
    </ul>
  );
}
