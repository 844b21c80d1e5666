import { useTranslation } from '../i18n/react.tsx';
import { Link, data } from 'react-router';
import type { Route } from './+types/product';
import type { ProductCardData, ProductPageData } from '../components/CollectionGrid.tsx';
import { ProductView } from '../components/ProductView.tsx';
import { appContext } from '../context.ts';
import { translator } from '../i18n/messages.server.ts';
import { pageMeta } from '../lib/meta.ts';
import { requestLocale } from '../lib/request.ts';
import { productCard, productPage } from '../lib/collection.ts';
import { withMedia } from '../lib/media.ts';

type ProductState =
  | { state: 'ready'; product: ProductPageData; similar: ProductCardData[]; codes?: Record<number, string[]> }
  | { state: 'notFound' }
  | { state: 'error'; message: string };

/** §2 product page states: a non-numeric id is an error, an absent product is not-found. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const lang = requestLocale(request);
  const t = translator(lang);
  if (!/^\d{1,10}$/.test(params.productId)) {
    return data<ProductState>({ state: 'error', message: t('product.error') }, { status: 400 });
  }
  const ctx = context.get(appContext);
  const id = Number(params.productId);
  try {
    const product = await ctx.catalogue.get(id, lang);
    if (!product) return data<ProductState>({ state: 'notFound' }, { status: 404 });
    // §8: a failure of the similar products yields an empty list.
    const similar = await ctx.catalogue.similar(id, lang).catch(() => []);
    const codes = await ctx.codes.published(product.variants.map((v) => v.id));
    return data(await withMedia(ctx, { state: 'ready', product: productPage(product), similar: similar.map(productCard), codes } as ProductState));
  } catch {
    return data<ProductState>({ state: 'error', message: t('product.error') }, { status: 500 });
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) => {
  if (loaderData?.state !== 'ready') {
    return pageMeta(matches, { titleKey: loaderData?.state === 'notFound' ? 'product.notFoundTitle' : 'pages.product', noindex: true });
  }
  const { product } = loaderData;
  return pageMeta(matches, {
    title: product.title,
    description: product.description.slice(0, 160),
    path: `/collection/${params.productId}`,
    image: product.variants[0]?.images[0],
    type: 'product',
  });
};

function StateMessage({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation();
  return (
    <div className="page page--narrow">
      <h1 className="page-title">{title}</h1>
      <p className="lead" role="status">
        {text}
      </p>
      <p>
        <Link to="/">{t('common.backHome')}</Link>
      </p>
    </div>
  );
}

export default function Product({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (loaderData.state === 'notFound') return <StateMessage title={t('product.notFoundTitle')} text={t('product.notFound')} />;
  if (loaderData.state === 'error') return <StateMessage title={t('pages.product')} text={loaderData.message} />;
  return <ProductView product={loaderData.product} similar={loaderData.similar} codes={loaderData.codes} />;
}
