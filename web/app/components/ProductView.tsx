import { Suspense, lazy, useEffect, useState } from 'react';
import { useRouteLoaderData } from 'react-router';
import { useTranslation } from '../i18n/react.tsx';
import { breadcrumbs, jsonLd, type RootData } from '../lib/meta.ts';
import { useSession } from '../lib/session.tsx';
import { ProductCard, type ProductCardData, type ProductPageData } from './CollectionGrid.tsx';
import { ResponsiveImage } from './ResponsiveImage.tsx';
import { productLd } from '../lib/product-ld.ts';
import loadTradePanel from 'virtual:chunk:components/TradePanel.tsx';

// Trade details and the order grid: signed-in users only, after the page has loaded, so visitors
// never download their code.
// Its own chunk, loaded without Vite's preload helper (lazy-chunks.ts): none on the product page.
const TradePanel = lazy(() => (loadTradePanel() as Promise<typeof import('./TradePanel.tsx')>).then((m) => ({ default: m.TradePanel })));

/** The colour's pictures: the one shown, and a thumbnail for each when there are several. */
function Gallery({
  images,
  shown,
  onShow,
  title,
  colour,
}: {
  images: string[];
  shown: number;
  onShow: (index: number) => void;
  title: string;
  colour: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="product__gallery">
      {images[shown] && (
        <div className="product__main-image">
          <ResponsiveImage
            url={images[shown]}
            alt={t('product.imageAlt', { title, colour, index: shown + 1, count: images.length })}
            sizes="(min-width: 60rem) 55vw, 100vw"
            priority
          />
        </div>
      )}
      {images.length > 1 && (
        <ul className="product__thumbs" aria-label={t('product.thumbnails')}>
          {images.map((url, index) => (
            <li key={url}>
              <button
                type="button"
                className="product__thumb"
                aria-pressed={index === shown}
                aria-label={t('product.showImage', { index: index + 1, count: images.length })}
                onClick={() => onShow(index)}
              >
                <ResponsiveImage url={url} alt="" sizes="96px" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * §2 product page, ready state: gallery, texts, colour variants, trade panel for signed-in
 * users, similar products. `preview`: the owner's look at a draft (no structured data, no trade panel).
 */
export function ProductView({
  product,
  similar,
  preview = false,
  codes = {},
}: {
  product: ProductPageData;
  similar: ProductCardData[];
  preview?: boolean;
  /** Each colour's EAN-13s when the owner publishes them (ADR 0033), by variant id. */
  codes?: Record<number, string[]> | undefined;
}) {
  const { t } = useTranslation();
  const [variantIndex, setVariantIndex] = useState(0);
  const [imageIndex, setImageIndex] = useState(0);
  const { user } = useSession();

  // A different product (client navigation) starts from its first variant and image.
  useEffect(() => {
    setVariantIndex(0);
    setImageIndex(0);
  }, [product.id]);

  const variant = product.variants[Math.min(variantIndex, product.variants.length - 1)];
  const images = variant?.images ?? [];
  // §2: the gallery index resets when it goes out of range.
  const safeImage = imageIndex < images.length ? imageIndex : 0;

  const base = useRouteLoaderData<RootData>('root')?.brand.publicUrl ?? '';
  const structured = productLd(product, base, codes);

  const trail = breadcrumbs(base, [
    [t('pages.home'), '/'],
    [t('pages.collection'), '/collection'],
    [product.title, `/collection/${product.id}`],
  ]);
  return (
    <article className="page product">
      {!preview && <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd([structured, trail]) }} />}
      {/* The gallery and the details side by side: the details stay in view beside the pictures, never over what follows. */}
      <div className="product__top">
        <Gallery images={images} shown={safeImage} onShow={setImageIndex} title={product.title} colour={variant?.colorName ?? ''} />
        <div className="product__details">
          <h1 className="page-title product__title">{product.title}</h1>
          {product.mantra && <p className="product__mantra">{product.mantra}</p>}
          <p className="product__description">{product.description}</p>
          {product.variants.length > 0 && (
            <fieldset className="product__variants">
              <legend>{t('product.colours')}</legend>
              <div className="variant-buttons">
                {product.variants.map((v, index) => (
                  <button
                    key={v.id}
                    type="button"
                    className="variant-button"
                    aria-pressed={index === variantIndex}
                    onClick={() => {
                      setVariantIndex(index);
                      // §2: changing variant resets the gallery to its first image.
                      setImageIndex(0);
                    }}
                  >
                    <span className="swatch" style={{ background: v.colorCode ?? 'transparent' }} aria-hidden="true" />
                    {v.colorName}
                  </button>
                ))}
              </div>
            </fieldset>
          )}
          {user && !preview && (
            <Suspense fallback={null}>
              <TradePanel productId={product.id} variantId={variant?.id} />
            </Suspense>
          )}
        </div>
      </div>
      {similar.length > 0 && (
        <section className="product__similar" aria-labelledby="similar-title">
          <h2 id="similar-title" className="section-title">
            {t('product.similar')}
          </h2>
          <ul className="product-grid product-grid--small">
            {similar.map((p) => (
              <ProductCard key={p.id} product={p} />
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
